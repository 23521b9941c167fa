#!/usr/bin/env node
// `npm start`: the standalone server from its bundle, dist/server.mjs (build/bundle.ts, `npm run build:code`), so
// that nothing at run time needs a TypeScript loader or any dev dependency (a production install:
// `npm ci --omit=dev` after `npm run build`). When the bundle is missing or older than the sources and the dev
// dependencies are installed (a clone after `npm ci`), it is bundled first (a few seconds); without them, a stale
// bundle is served as built, said in one log line, and a missing one stops the start with what to run.
// The server runs in this process: whoever signals `npm start` (which execs node) signals the server, and once npm is
// gone the server stops (NPM_PID, set by the start script: server/lifecycle.ts stopWithParent).
// npm writes two lines of its own on stdout before this runs (`> name@version start`): for a log that is JSON
// from its first line, run `node server/start.mjs` (what the container runs) or `npm start --silent`.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleState, SERVER_BUNDLE_FILE } from "../build/bundle-state.mjs";

// npm's process id (package.json's start script), for the server alone: not passed on to its workers or children
const npmPid = Number(process.env.NPM_PID) || undefined;
delete process.env.NPM_PID;

const root = fileURLToPath(new URL("..", import.meta.url));
// the server's log format (server/log.ts): one JSON object per line, or for a terminal (LOG_FORMAT=pretty) plain text
const pretty = (process.env.LOG_FORMAT || (process.stdout.isTTY ? "pretty" : "json")) === "pretty";
// a line the output cannot take (a full disk, a closed pipe) is lost, never an uncaught error
process.stdout.on("error", () => {});
const line = (level, message) => {
  const time = new Date().toISOString();
  process.stdout.write(pretty ? `${time} ${level} ${message}\n` : JSON.stringify({ level, time, msg: message }) + "\n");
};

// the server's bundle only: the site's pages the functions' bundles hold do not concern it (it reads public/)
const state = bundleState(root, "server");
if (state !== "current") {
  const tsx = join(root, "node_modules", "tsx", "dist", "loader.mjs");
  const canBundle = existsSync(tsx) && existsSync(join(root, "node_modules", "esbuild"));
  if (canBundle) {
    const started = Date.now();
    try {
      execFileSync(
        process.execPath,
        ["--import", pathToFileURL(tsx).href, join(root, "build", "bundle.ts"), "--quiet"],
        { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
      );
    } catch {
      line("error", "code: bundling the server failed (npm run build:code shows why)");
      process.exit(1);
    }
    line(
      "info",
      `code: ${state === "missing" ? "no bundle yet" : "sources changed"}, bundled in ${((Date.now() - started) / 1000).toFixed(1)} s (npm run build:code)`,
    );
  } else if (state === "stale") {
    line(
      "warn",
      `code: ${SERVER_BUNDLE_FILE} was built from other sources and no dev dependencies are installed to bundle it again (npm ci, then npm run build:code); serving it as built`,
    );
  } else {
    line(
      "error",
      `code: ${SERVER_BUNDLE_FILE} is missing: build first with the dev dependencies installed (npm ci && npm run build), then a production install (npm ci --omit=dev) can run it`,
    );
    process.exit(1);
  }
}

const { main, exitProcess } = await import(pathToFileURL(join(root, SERVER_BUNDLE_FILE)).href);
main({ npmPid }).catch((error) => {
  line("error", `the standalone server could not start: ${error?.message ?? error}`);
  exitProcess(1);
});
