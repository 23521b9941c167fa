/**
 * The floors of docs/architecture.md ("Who imports whom"): a folder imports only from the folders below it. Every
 * import of a tracked source file (static, `export … from` and `import()`) that resolves into the repository is read;
 * the engine's own rule (nothing but itself, by its package name from outside) is test/engine/package-shape.test.ts's.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Each folder and the folders it may import from (docs/architecture.md, floor by floor). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  engine: [],
  contract: ["engine"],
  http: ["contract", "engine"],
  functions: ["http", "contract", "engine"],
  // and two modules of server/ (compress.ts, stored-forms.ts), so that the forms compressed at build time follow the
  // server's own rule and format (docs/architecture.md, "Who imports whom")
  build: ["http", "contract", "engine", "server"],
  server: ["build", "http", "contract", "engine"],
  site: ["build", "http", "contract", "engine"],
  bench: ["server", "site", "build", "http", "contract", "engine", "test"],
};

const SOURCE = /\.(ts|mts|mjs|js|astro)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function trackedSources(): string[] {
  return execFileSync("git", ["ls-files", "-z", "--", ...Object.keys(MAY_IMPORT)], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => SOURCE.test(file) && !file.includes("/dist/"));
}

/**
 * The top-level folder a relative import of `file` lands in; undefined for a package, a file of the root
 * (CHANGELOG.md, which the site reads) or a path outside the repository.
 */
function folderOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(ROOT, resolve(dirname(join(ROOT, file)), specifier));
  if (target.startsWith("..") || !target.includes("/")) return undefined;
  return target.split("/")[0];
}

describe("the floors: no import runs upward", () => {
  const files = trackedSources();

  it("reads the tree (control)", () => {
    expect(files.filter((f) => f.startsWith("http/")).length).toBeGreaterThan(20);
    expect(files).toContain("server/pipeline.ts");
    expect(folderOf("http/v3.ts", "../contract/routes.js")).toBe("contract");
    expect(folderOf("server/dispatch.ts", "../http/pipeline.js")).toBe("http");
  });

  it("every folder imports only from the folders below it", () => {
    const upward: string[] = [];
    for (const file of files) {
      const home = file.split("/")[0];
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [, specifier] of text.matchAll(SPECIFIER)) {
        const folder = folderOf(file, specifier);
        if (folder === undefined || folder === home) continue;
        if (!MAY_IMPORT[home].includes(folder)) upward.push(`${file}: ${specifier} (${home} -> ${folder})`);
      }
    }
    expect(upward).toEqual([]);
  });
});
