/**
 * What `npm start` builds before (or while) the standalone server serves: only what is stale and needed.
 *   - the routing files (`_redirects`, `_headers`): written when their content changed (cheap, in this process;
 *     the standalone server evaluates the same rules itself, netlify dev reads the files);
 *   - the site (Astro): rebuilt in the background when its inputs changed (site/, the engine and the contract it
 *     imports, the lock file, and the current Stockholm year, which the home page renders at build time); the
 *     server answers site pages once it is done and everything else at once;
 *   - the dataset: never here. Without it the functions compute every answer, byte-identical; `npm run build:data`
 *     (about 25 s for all years) adds the files. `datasetIsCurrent()` tells whether the files on disk match the engine.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeRouting } from "../build/routing.js";
import { siteInputsHash, siteIsCurrent, writeSiteStamp } from "../build/site-stamp.js";
import { datasetMatchesEngine } from "./dataset.js";
import type { Log } from "./log.js";

export { SITE_INPUTS, siteInputsHash, siteIsCurrent, siteStampPath } from "../build/site-stamp.js";

export { datasetIsCurrent, datasetMatchesEngine } from "./dataset.js";
export type { Log };

/** Runs an npm script of the project; resolves with its exit code (its output goes to `log`). */
export function runScript(
  root: string,
  script: string,
  log: Log,
  options: { env?: Record<string, string>; args?: string[] } = {},
): Promise<number> {
  const extraEnv = options.env ?? {};
  const args = options.args?.length ? ["--", ...options.args] : [];
  return new Promise((resolveRun) => {
    // a process group of its own, ended with this process: a server told to stop leaves no build running behind it
    const child = spawn("npm", ["run", "--silent", script, ...args], {
      cwd: root,
      env: { ...process.env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const endGroup = () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
    };
    if (child.pid !== undefined) process.once("exit", endGroup);
    const relay = (level: "info" | "warn") => (chunk: Buffer) => {
      for (const line of String(chunk).split("\n"))
        if (line.trim() && !/Unknown user config/.test(line)) log(level, `${script}: ${line}`);
    };
    child.stdout!.on("data", relay("info"));
    child.stderr!.on("data", relay("warn"));
    child.on("error", (error) => {
      log("error", `${script}: ${error.message}`);
      resolveRun(1);
    });
    child.on("exit", (code) => {
      process.off("exit", endGroup);
      resolveRun(code ?? 1);
    });
  });
}

/** Builds the site now (when stale); resolves when public/ holds the current site (or the build failed, logged). */
export async function buildSiteIfStale(root: string, publicDir: string, log: Log): Promise<void> {
  const inputs = siteInputsHash(root);
  if (siteIsCurrent(root, publicDir, inputs)) return;
  if (!existsSync(join(root, "node_modules", "astro"))) {
    log(
      "warn",
      `site: ${existsSync(join(publicDir, "index.html")) ? "public/ holds a site built from other sources" : "public/ holds no site"}, and Astro ` +
        "is not installed to build it (a production install): site pages answer what public/ holds (npm run build:site with the dev dependencies builds it)",
    );
    return;
  }
  const started = Date.now();
  log("info", "site: inputs changed, building (npm run build:site)");
  const code = await runScript(root, "build:site", log);
  if (code !== 0) {
    log("error", `site: build failed (exit ${code}); site pages answer what public/ holds`);
    return;
  }
  writeSiteStamp(root, inputs);
  log("info", `site: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface Prepared {
  /** settles when the site in public/ is current (at once when it already was) */
  siteReady: Promise<void>;
}

/** `npm start`'s build step: routing now, the site in the background, the dataset reported. */
export function prepareStale(options: { root: string; publicDir?: string; log: Log }): Prepared {
  const { root, log } = options;
  const publicDir = options.publicDir ?? join(root, "public");
  try {
    const written = writeRouting(publicDir);
    if (written.length) log("info", `routing: ${written.join(", ")} written`);
  } catch (error) {
    log("error", `routing: ${(error as Error).message}`);
  }
  void datasetMatchesEngine(publicDir).then((current) => {
    if (!current)
      log(
        "info",
        "dataset: none in public/ built by this engine; every answer is computed (npm run build:data adds the static files)",
      );
  });
  const siteReady = buildSiteIfStale(root, publicDir, log).catch((error) =>
    log("error", `site: ${(error as Error).message}`),
  );
  return { siteReady };
}
