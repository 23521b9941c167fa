// The package build (`npm run build -w swedish-calendar`, run by `npm pack`'s prepack): declarations by tsc, one
// module per entry point by esbuild. The entry points are read from package.json (`exports` and `bin`); the code
// they share goes into chunks, so each module exists once (one CalendarError class, one set of year caches) whichever
// entry points a program imports. One file per entry instead of ~20 modules: a fresh process imports it faster.
//
// `node build.mjs --prepare` is package.json's `prepare`: npm runs it when it links the package into the repository's
// node_modules (the root's dependency "swedish-calendar": "file:engine"), before it links the package's bin, so that
// `npx swedish-calendar` works after `npm ci` (npm links no bin whose file does not exist). It builds only where it
// can and must: not under `npm pack` or `npm publish` (prepack builds), not in an install without the dev
// dependencies (`npm ci --omit=dev`: no esbuild or TypeScript, and nothing needs the bin).
// npm runs a linked package's `prepare` even under `--ignore-scripts`, also where only package.json has been copied
// (a container's install layer): package.json's `prepare` runs this file only where it exists.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const prepare = process.argv.includes("--prepare");
if (prepare && (process.env.npm_command === "pack" || process.env.npm_command === "publish")) process.exit(0);
let build;
try {
  ({ build } = await import("esbuild"));
  if (prepare) createRequire(import.meta.url).resolve("typescript/package.json");
} catch (error) {
  if (!prepare) throw error;
  console.log(
    "swedish-calendar: not built (no esbuild or TypeScript: an install without the dev dependencies); `npm run build` in engine/ builds it",
  );
  process.exit(0);
}

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const targets = [
  ...Object.values(pkg.exports).flatMap((target) => (typeof target === "object" ? [target.default] : [])),
  ...Object.values(pkg.bin),
];
/** ./dist/index.js -> { index: "index.ts" } */
const entryPoints = Object.fromEntries(
  targets.map((target) => {
    const name = target.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
    return [name, `${name}.ts`];
  }),
);

rmSync("dist", { recursive: true, force: true });
execFileSync("tsc", ["-p", "tsconfig.build.json", "--emitDeclarationOnly"], {
  stdio: "inherit",
  shell: process.platform === "win32",
});
await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // the CLI's Node built-ins (node:util) stay imports: the library's modules use none (test/engine/package-shape.test.ts)
  external: [...Object.keys(pkg.dependencies ?? {}), "node:*"],
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
});
