// The engine package's entry points by name -> their TypeScript sources, for the bundlers that build the service
// and the site from this repository (Vite: vitest, Astro), as tsconfig.json's `paths` does for tsc and tsx.
// Read from the package's own `exports` map (./dist/X.js -> ./X.ts), so a new entry point needs no edit here;
// test/engine/package-shape.test.ts checks that both tsconfigs' `paths` say the same.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const engineDir = new URL("../engine/", import.meta.url);
const { name, exports } = JSON.parse(readFileSync(new URL("package.json", engineDir), "utf8"));

/** [specifier, absolute source path] for every entry point of the package but its package.json. */
export const ENGINE_ENTRY_POINTS = Object.entries(exports)
  .filter(([subpath]) => subpath !== "./package.json")
  .map(([subpath, target]) => [
    subpath === "." ? name : `${name}/${subpath.slice(2)}`,
    fileURLToPath(new URL(target.default.replace(/^\.\/dist\//, "./").replace(/\.js$/, ".ts"), engineDir)),
  ]);

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export const ENGINE_SOURCES = ENGINE_ENTRY_POINTS.map(([specifier, source]) => ({
  find: new RegExp(`^${escapeRegExp(specifier)}$`),
  replacement: source,
}));
