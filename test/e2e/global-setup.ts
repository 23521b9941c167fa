/**
 * Vitest globalSetup: makes public/ current (routing, site, and the dataset when its manifest does not match the
 * engine), then starts the README's start command (`npm start`, the standalone server) once for every end-to-end
 * test, with RATE_LIMITS=off and ANSWER_SOURCE_HEADER=on (so tests can tell a file answer from a function answer),
 * on PORT 8899 (or the next free port), and stops it at the end. netlify dev is started only by
 * test/e2e/conformance.test.ts, which compares it with this server.
 *
 * How e2e tests get the base URL (use either):
 *   - `inject("e2eBaseUrl")` from vitest (provided here; declared in test/e2e/base-url.ts), or
 *   - `process.env.E2E_BASE_URL` (set here before the test workers start).
 * Helper: `import { e2eBaseUrl } from "./base-url.js"` returns it (undefined when e2e tests are skipped).
 *
 * The server is only started when the run includes e2e tests: with file filters that name no e2e file
 * (`vitest run test/v3`) or with E2E=off it is skipped. E2E_BASE_URL given from outside (an already running
 * standalone server with ANSWER_SOURCE_HEADER=on) is used as is.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleAll } from "../../build/bundle.js";
import { bundleState } from "../../build/bundle-state.mjs";
import { writeRouting } from "../../build/routing.js";
import { buildSiteIfStale, datasetIsCurrent, type Log, runScript } from "../../server/stale.js";
import { choosePort, DATASET_ENTRIES, PUBLIC_DIR, ROOT, type RunningServer, startServer } from "./server.js";

let server: RunningServer | undefined;

function runIncludesE2e(): boolean {
  if (process.env.E2E === "off") return false;
  const argv = process.argv.slice(2);
  // a project's name (`--project integration`) filters no file
  const args = argv.filter(
    (a, i) => !a.startsWith("-") && argv[i - 1] !== "--project" && a !== "run" && !/^\d+$/.test(a),
  );
  // filters are substrings of test file paths; flag values (e.g. --reporter x) may slip in, which only errs towards starting
  return args.length === 0 || args.some((a) => "test/e2e/".includes(a) || a.includes("e2e"));
}

const log: Log = (level, message) => {
  if (level !== "info") console.warn(`[e2e setup] ${message}`);
};

/**
 * public/ as both servers should serve it: the routing files, the site, and a dataset built by this engine; and the
 * bundles `npm start` and netlify dev run (dist/), built once here rather than by each server a test starts.
 */
export async function preparePublic(): Promise<void> {
  writeRouting(PUBLIC_DIR);
  await buildSiteIfStale(ROOT, PUBLIC_DIR, log);
  // after the site: the not-found function holds the site's not-found pages (build/bundle.ts)
  if (bundleState(ROOT) !== "current") await bundleAll();
  if (!(await datasetIsCurrent(PUBLIC_DIR))) {
    // a dataset public/ held (stale: another engine's, another window) is rebuilt and kept; one made from nothing goes at the end
    const existed = DATASET_ENTRIES.some((entry) => existsSync(join(PUBLIC_DIR, entry)));
    const code = await runScript(ROOT, "build:data", log, { args: ["--quiet"] });
    datasetBuiltHere = !existed;
    if (code !== 0) {
      removeBuiltDataset();
      throw new Error(`npm run build:data failed (exit ${code})`);
    }
  }
}

/** Did this run create the dataset (about 1 GB in 268,000 files) where public/ held none? Then it removes it at the end. */
let datasetBuiltHere = false;

/**
 * Leaves public/ as the run found it: a dataset this run created from nothing is removed; one public/ held before the
 * run stays, current or rebuilt.
 */
function removeBuiltDataset(): void {
  if (!datasetBuiltHere) return;
  for (const entry of DATASET_ENTRIES) rmSync(join(PUBLIC_DIR, entry), { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  let baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl && runIncludesE2e()) {
    await preparePublic();
    const port = await choosePort(Number(process.env.E2E_PORT ?? 8899));
    server = await startServer({ kind: "standalone", port, env: { RATE_LIMITS: "off", ANSWER_SOURCE_HEADER: "on" } });
    baseUrl = server.baseUrl;
    process.env.E2E_BASE_URL = baseUrl;
  }
  project.provide("e2eBaseUrl", baseUrl ?? "");
  return async () => {
    await server?.stop();
    removeBuiltDataset();
  };
}
