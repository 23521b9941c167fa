#!/usr/bin/env node
// The README's start command: `netlify dev --offline` serving public/ and functions/ on ${PORT:-8888}.
// Run it through npm (`npm start`) so node_modules/.bin is on PATH: netlify-cli then finds the `deno` binary
// of the devDependency instead of downloading one (which fails offline). See ARCHITECTURE.md.
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
    BROWSER: "none",
  },
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
