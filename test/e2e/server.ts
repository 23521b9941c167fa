/**
 * Starts and stops a real server for end-to-end tests, each in a process group of its own:
 *   - "standalone": the README's start command, `npm start` (server/start.mjs: the server's bundle, which builds the
 *     stale site and routing first), or with `build: false` the server alone (`node server/start.mjs --no-build`);
 *   - "netlify": `netlify dev --offline` (scripts/start.mjs, what `npm run dev:netlify` runs after `npm run build`;
 *     it serves public/ as it is, so build it first: test/e2e/global-setup.ts does).
 * Used by test/e2e/global-setup.ts (one shared standalone server for all e2e files), test/e2e/conformance.test.ts
 * (netlify dev beside it) and tests that need a server of their own (test/e2e/ratelimit.test.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const PUBLIC_DIR = join(ROOT, "public");

/** The publish folder's entries the dataset build writes (build/layout.ts; the site build never does: site/build.ts). */
export const DATASET_ENTRIES = ["v3", "ics", "manifest.json"];

/**
 * A new temp folder holding the site as `npm start` builds it into public/, without the dataset (as a fresh clone's
 * first start leaves it): a standalone server over it computes every dataset answer. The caller removes it.
 */
export function siteWithoutDataset(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of readdirSync(PUBLIC_DIR)) {
    if (DATASET_ENTRIES.includes(entry)) continue;
    cpSync(join(PUBLIC_DIR, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

export type ServerKind = "standalone" | "netlify";

export interface RunningServer {
  kind: ServerKind;
  baseUrl: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** The preferred port when free, else the next free one above it. */
export async function choosePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port near ${preferred}`);
}

export interface StartOptions {
  kind?: ServerKind;
  port: number;
  /** environment changes (undefined removes a variable) */
  env?: Record<string, string | undefined>;
  /** standalone only: false runs the server without `npm start`'s build step */
  build?: boolean;
  timeoutMs?: number;
  /** standalone with `npm start` only: the project copy to run it in (default: this repository) */
  cwd?: string;
}

function command(kind: ServerKind, build: boolean): [string, string[]] {
  if (kind === "netlify") return [process.execPath, [join(ROOT, "scripts", "start.mjs")]];
  // without the build step: the start script itself (the server's bundle, in this process: no runner in between)
  return build ? ["npm", ["start"]] : [process.execPath, [join(ROOT, "server", "start.mjs"), "--no-build"]];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a server with PORT and waits until /health answers 200 and, with WORKERS above 1, until every worker listens
 * (up to `timeoutMs`).
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { port, kind = "standalone", build = true, timeoutMs = kind === "netlify" ? 150_000 : 60_000 } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NETLIFY_TELEMETRY_DISABLED: "1",
    BROWSER: "none",
    PATH: join(ROOT, "node_modules", ".bin") + delimiter + (process.env.PATH ?? ""),
  };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const [file, args] = command(kind, build);
  const child = spawn(file, args, { cwd: options.cwd ?? ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d) => (log = (log + d).slice(-5_000_000)));
  child.stderr!.on("data", (d) => (log = (log + d).slice(-5_000_000)));
  const baseUrl = `http://localhost:${port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid!, "SIGTERM"); // the process group this function started
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 8000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${kind} server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        // with several workers /health answers once the first listens: wait for the primary's line saying all do
        if (Number(env.WORKERS) > 1)
          while (!/\d+ workers, .*ready in/.test(log) && Date.now() < deadline) await sleep(50);
        return { kind, baseUrl, port, child, output: () => log, stop };
      }
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`${kind} server on ${baseUrl} did not answer /health within ${timeoutMs} ms:\n${log}`);
}

/**
 * Runs `node server/start.mjs --no-build` with `env` added to this process's and waits for it to exit (a start that a
 * setting stops): its exit code and the non-empty lines it wrote on stdout and stderr together.
 */
export async function failedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: string[]; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, "server", "start.mjs"), "--no-build"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, lines: output.split("\n").filter((l) => l.trim() !== ""), output };
}
