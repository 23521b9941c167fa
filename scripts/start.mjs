#!/usr/bin/env node
// `npm run dev:netlify` (after `npm run build`): `netlify dev --offline` serving public/ and the bundled functions
// (dist/functions/) on ${PORT:-8888}, for trying the Netlify configuration (the default way to run the service is
// `npm start`, the standalone server). node_modules/.bin goes on PATH so netlify-cli finds the `deno` binary of the
// devDependency instead of downloading one (which fails offline). test/e2e/server.ts starts it too.
import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "node_modules", ".bin");
const port = process.env.PORT || "8888";

const child = spawn(join(bin, "netlify"), ["dev", "--offline", "--port", port, "--no-open"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PATH: bin + delimiter + (process.env.PATH ?? ""),
    NETLIFY_TELEMETRY_DISABLED: "1",
    // the health function finds the dataset's manifest from its working directory, which netlify dev may change
    DATASET_MANIFEST: process.env.DATASET_MANIFEST || join(root, "public", "manifest.json"),
    BROWSER: "none",
  },
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
