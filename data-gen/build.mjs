// The package build (`npm run build -w swedish-calendar`, run by `npm pack`'s prepack): declarations by tsc, one
// module per entry point by esbuild. The entry points are read from package.json (`exports` and `bin`); the code
// they share goes into chunks, so each module exists once (one CalendarError class, one set of year caches) whichever
// entry points a program imports. One file per entry instead of ~20 modules: a fresh process imports it faster.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const targets = [
  ...Object.values(pkg.exports).flatMap((target) => (typeof target === "object" ? [target.default] : [])),
  ...Object.values(pkg.bin),
];
/** ./dist/index.js -> { index: "index.ts" } */
const entryPoints = Object.fromEntries(targets.map((target) => {
  const name = target.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
  return [name, `${name}.ts`];
}));

rmSync("dist", { recursive: true, force: true });
execFileSync("tsc", ["-p", "tsconfig.build.json", "--emitDeclarationOnly"], { stdio: "inherit", shell: process.platform === "win32" });
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
