/**
 * The unit project stays a one-minute loop: no test file `npm run test:unit` runs (vitest.config.ts, project "unit")
 * starts a process, a browser, a build or Redis, or uses the end-to-end server. A scan of the source of each unit test
 * and of the test helpers it imports (relative imports into test/, followed), comments left out:
 *   - no import of a module FORBIDDEN_MODULES names: packages, and modules of this repository whose job is to start
 *     processes, browsers, builds or Redis. Imports of the service's own modules are not followed: they may import
 *     what they use only when configured (server/standalone.ts imports the Redis store, used only with REDIS_URL);
 *   - no use FORBIDDEN_USES names.
 * And the lists: UNIT and NOT_UNIT name files that exist, every file NOT_UNIT keeps out is one the scan refuses (so
 * NOT_UNIT names no file that could come back, and the scan is seen to fail), and vitest.config.ts's projects run
 * the unit files in "unit" and every other test file in "integration", the only project with the global setup.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config, { allTestFiles, NOT_UNIT, UNIT, unitTestFiles } from "../../vitest.config.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** This file names what it looks for, so it is not scanned itself. */
const SELF = "test/structure/unit-project.test.ts";

/** Packages (and their subpaths) and repository modules a unit test must not import, and why. */
const FORBIDDEN_MODULES: Readonly<Record<string, string>> = {
  "node:child_process": "starts processes",
  child_process: "starts processes",
  "playwright-core": "drives a browser",
  "@sparticuz/chromium": "a browser",
  lighthouse: "runs a browser",
  "axe-core": "runs in a browser",
  ioredis: "a Redis client",
  esbuild: "a build (bundling)",
  astro: "a build (the site)",
  "netlify-cli": "netlify build and netlify dev",
  "build/bundle.ts": "a build (esbuild bundles of the functions and the server)",
  "build/browser-bundle.ts": "a build (esbuild bundle of the engine)",
  "build/contract.ts": "runs Optic (a process)",
  "server/stale.ts": "runs npm scripts (the site and dataset builds)",
  "server/start.mjs": "the server's start script",
  "scripts/start.mjs": "starts netlify dev",
  "test/e2e/server.ts": "starts servers as processes",
  "test/e2e/global-setup.ts": "builds public/ and starts the end-to-end server",
  "test/e2e/base-url.ts": "the end-to-end server of the global setup",
  "test/support/redis.ts": "starts a Redis server",
  "test/site/browser.ts": "launches Chromium",
};

/** Uses a unit test must not make, whatever it imports, and why. */
const FORBIDDEN_USES: readonly (readonly [RegExp, string])[] = [
  [/\binject\(\s*["']e2eBaseUrl["']\s*\)|\bE2E_BASE_URL\b/, "the end-to-end server of the global setup"],
  [/\bfork\s*\(/, "forks a process"],
  [/["'`]npm["'`]|\bnpm (?:pack|run|start|ci|install|exec)\b/, "runs npm"],
  [/["'`]git["'`]/, "runs git"],
];

/** The source without comments (block comments, and line comments that follow a space or start a line). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** Module specifiers of the runtime imports: static (not `import type`), re-exports, dynamic, require. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)(?!\s+type\s)[^;"'`]*?["']([^"']+)["']/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

/** A relative specifier as a repository path (".js" standing for ".ts", as TypeScript writes it), if it is a file. */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(ROOT, dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), base.replace(/\.mjs$/, ".mts"), `${base}.ts`];
  const file = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return file && relative(ROOT, file).split(sep).join("/");
}

/** What `file` and the test helpers it imports use that a unit test must not, each with the chain of imports. */
function refusals(file: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const scan = (path: string, chain: string[]) => {
    if (seen.has(path)) return;
    seen.add(path);
    const where = [...chain, path].join(" -> ");
    const source = code(readFileSync(join(ROOT, path), "utf8"));
    for (const specifier of specifiers(source)) {
      if (specifier.startsWith(".")) {
        const target = resolveLocal(path, specifier);
        if (!target) continue;
        if (target in FORBIDDEN_MODULES) found.push(`${where} imports ${target}: ${FORBIDDEN_MODULES[target]}`);
        else if (target.startsWith("test/") && /\.(ts|mts|mjs|js)$/.test(target)) scan(target, [...chain, path]);
        continue;
      }
      const forbidden = Object.keys(FORBIDDEN_MODULES).find((m) => specifier === m || specifier.startsWith(`${m}/`));
      if (forbidden) found.push(`${where} imports ${specifier}: ${FORBIDDEN_MODULES[forbidden]}`);
    }
    if (path !== SELF)
      for (const [pattern, why] of FORBIDDEN_USES) {
        const use = pattern.exec(source);
        if (use) found.push(`${where} uses ${use[0].trim()}: ${why}`);
      }
  };
  scan(file, []);
  return found;
}

const UNIT_FILES = unitTestFiles();

describe("the unit project (npm run test:unit) starts nothing", () => {
  it("holds the unit tests of the engine, the contract, the HTTP core and the server", () => {
    for (const folder of ["test/engine/", "test/contract/", "test/v3/", "test/server/"])
      expect(UNIT_FILES.filter((file) => file.startsWith(folder)).length, folder).toBeGreaterThan(3);
    expect(UNIT_FILES).toContain(SELF);
  });

  it.each(UNIT_FILES)("%s starts no process, browser, build or Redis, and needs no end-to-end server", (file) => {
    expect(refusals(file)).toEqual([]);
  });
});

describe("the unit list (vitest.config.ts: UNIT, NOT_UNIT)", () => {
  it("names files and folders that exist; NOT_UNIT only test files in UNIT's folders", () => {
    for (const entry of UNIT) expect(existsSync(join(ROOT, entry)), entry).toBe(true);
    for (const file of Object.keys(NOT_UNIT)) {
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      expect(
        UNIT.some((entry) => entry.endsWith("/") && file.startsWith(entry)),
        file,
      ).toBe(true);
    }
  });

  it.each(Object.keys(NOT_UNIT))("%s, kept out of the unit project, is one the scan refuses", (file) => {
    expect(refusals(file)).not.toEqual([]);
  });
});

describe("vitest.config.ts: each test file in one project, the global setup only outside the unit project", () => {
  type Project = { test: { name: string; include?: string[]; exclude?: string[]; globalSetup?: string[] } };
  const projects = config.test!.projects as Project[];
  const named = (name: string) => projects.find((p) => p.test.name === name)!;

  it("unit: exactly the unit files, no global setup; integration: all test files but those, the global setup", () => {
    expect(projects.map((p) => p.test.name)).toEqual(["unit", "integration"]);
    expect(named("unit").test.include).toEqual(UNIT_FILES);
    expect(named("unit").test.globalSetup).toBeUndefined();
    expect(config.test!.globalSetup).toBeUndefined();
    expect(named("integration").test.include).toEqual(["test/**/*.test.ts"]);
    expect(named("integration").test.exclude).toEqual(expect.arrayContaining(UNIT_FILES));
    expect(named("integration").test.globalSetup).toEqual(["test/e2e/global-setup.ts"]);
    expect(allTestFiles().filter((file) => !UNIT_FILES.includes(file)).length).toBeGreaterThan(0);
  });
});
