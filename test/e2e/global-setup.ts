/**
 * Vitest globalSetup: starts the README's start command once for every end-to-end test, with RATE_LIMITS=off,
 * on PORT 8899 (or the next free port), and stops it at the end.
 *
 * How e2e tests get the base URL (use either):
 *   - `inject("e2eBaseUrl")` from vitest (provided here; declared in test/e2e/base-url.ts), or
 *   - `process.env.E2E_BASE_URL` (set here before the test workers start).
 * Helper: `import { e2eBaseUrl } from "./base-url.js"` returns it (undefined when e2e tests are skipped).
 *
 * The server is only started when the run includes e2e tests: with file filters that name no e2e file
 * (`vitest run test/v3`) or with E2E=off it is skipped. E2E_BASE_URL given from outside (an already running
 * server) is used as is.
 */
import type { TestProject } from "vitest/node";
import { choosePort, startServer, type RunningServer } from "./server.js";

let server: RunningServer | undefined;

function runIncludesE2e(): boolean {
  if (process.env.E2E === "off") return false;
  const args = process.argv.slice(2).filter((a) => !a.startsWith("-") && a !== "run" && !/^\d+$/.test(a));
  // filters are substrings of test file paths; flag values (e.g. --reporter x) may slip in, which only errs towards starting
  return args.length === 0 || args.some((a) => "test/e2e/".includes(a) || a.includes("e2e"));
}

export default async function setup(project: TestProject) {
  let baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl && runIncludesE2e()) {
    const port = await choosePort(Number(process.env.E2E_PORT ?? 8899));
    server = await startServer({ port, env: { RATE_LIMITS: "off" } });
    baseUrl = server.baseUrl;
    process.env.E2E_BASE_URL = baseUrl;
  }
  project.provide("e2eBaseUrl", baseUrl ?? "");
  return async () => {
    await server?.stop();
  };
}
