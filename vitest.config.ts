import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { ENGINE_SOURCES } from "./build/engine-sources.mjs";

/*
 * Two projects, each test file in exactly one: `npm test` runs both (the unit project first), `npm run test:unit` the
 * unit project alone, the one-minute loop.
 *
 * A unit test runs in the test's own process and nothing else: it starts no process (no server, no `npm`, no `git`,
 * no CLI tool), no browser, no build (Astro, esbuild, `netlify build`, the dataset build into public/), no Redis, and
 * does not use the end-to-end server of the global setup. A server listening on a loopback port in the test's process,
 * or a build step into a temporary folder in it, is a unit test. Every other test file is in the project
 * "integration", which alone has the global setup. A new test file in one of UNIT's folders is a unit test unless
 * NOT_UNIT names it; test/structure/unit-project.test.ts scans each unit test (and the test helpers it imports) for
 * what a unit test must not use, so the loop stays fast as files are added.
 */

/** Folders (ending in "/") whose every test file is a unit test but those of NOT_UNIT, and single unit test files. */
export const UNIT: readonly string[] = [
  "test/engine/",
  "test/contract/",
  "test/v2/",
  "test/v3/",
  "test/feed/",
  "test/server/",
  "test/build/precompress.test.ts",
  "test/build/static-dataset.test.ts",
  "test/docs/function-config.test.ts",
  "test/package/examples.test.ts",
  "test/site/changelog.test.ts",
  "test/site/feed.test.ts",
  "test/structure/unit-project.test.ts",
];

/** Test files in UNIT's folders that are not unit tests, and why (test/structure/unit-project.test.ts checks). */
export const NOT_UNIT: Readonly<Record<string, string>> = {
  "test/engine/package-shape.test.ts": "lists the tracked files with `git ls-files` (a child process)",
  "test/contract/compatibility.test.ts":
    "compares the OpenAPI documents with Optic (a child process, build/contract.ts)",
  "test/contract/generated-client.test.ts":
    "generates the typed client with openapi-typescript's CLI (a child process)",
  "test/contract/lint.test.ts": "lints the OpenAPI document with Spectral and Redocly's CLIs (child processes)",
  "test/contract/literals.test.ts": "lists the tracked files with `git ls-files` (a child process)",
  "test/server/redis-store.test.ts": "starts a Redis server (test/support/redis.ts)",
  "test/server/redis-store-rules.test.ts": "starts a Redis server (test/support/redis.ts)",
};

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** Every test file (test/**\/*.test.ts), as a path from the repository's root with "/", sorted. */
export function allTestFiles(): string[] {
  return readdirSync(join(ROOT, "test"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `test/${file.split(sep).join("/")}`)
    .sort();
}

/** The unit test files: those of UNIT's folders and files but NOT_UNIT's, sorted. */
export function unitTestFiles(): string[] {
  const listed = (file: string) =>
    UNIT.some((entry) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry));
  return allTestFiles().filter((file) => !(file in NOT_UNIT) && listed(file));
}

const UNIT_FILES = unitTestFiles();

/**
 * The command line's `--exclude` patterns: Vitest 3.2 applies them to the root configuration only, not to projects,
 * so each project adds them itself (.ci/run's suites on other Nodes leave files out with them).
 */
const CLI_EXCLUDE = process.argv.flatMap((arg, i, argv) =>
  arg === "--exclude" && argv[i + 1]
    ? [argv[i + 1]!]
    : arg.startsWith("--exclude=")
      ? [arg.slice("--exclude=".length)]
      : [],
);

/** `vitest list`: collecting without isolation (below), Vitest 3.2 leaves some files out of the list, at random. */
const LISTING = process.argv[2] === "list";

export default defineConfig({
  // the engine package by its name, from its TypeScript sources (as tsconfig.json's `paths` map it for tsc and tsx)
  resolve: { alias: ENGINE_SOURCES },
  test: {
    testTimeout: 30_000,
    hookTimeout: 180_000,
    env: { RATE_LIMITS: "off" },
    // the threads pool, which only the unit project uses (the integration project runs in forks): set here, as Vitest
    // reads these for the pool, not per project. No fresh worker per file (loaded modules shared between files: about
    // half the CPU time; these tests leave no state behind, they pass in any order of files), and a thread per core
    // (Vitest's default leaves one core out: one worker on a 2-core machine)
    poolOptions: { threads: { isolate: LISTING, maxThreads: availableParallelism() } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...CLI_EXCLUDE],
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...UNIT_FILES, ...CLI_EXCLUDE],
          // starts the standalone server (`npm start`) once for the end-to-end tests (test/e2e/global-setup.ts)
          globalSetup: ["test/e2e/global-setup.ts"],
          // after the unit tests, not beside them: the two pools would otherwise run at once
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
