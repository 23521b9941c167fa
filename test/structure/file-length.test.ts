/**
 * No tracked source file (.ts .mts .mjs .astro; not node_modules, contract/published or a dist folder) is longer than
 * MAX_LINES, except the declarative tables listed below: a long file is split into modules of one subject each.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAX_LINES = 400;
const SOURCE = /\.(ts|mts|mjs|astro)$/;
const OUTSIDE = /(^|\/)(node_modules|dist)\/|^contract\/published\//;

/** Files allowed past MAX_LINES, each with its reason. */
const EXCEPTED: Record<string, string> = {
  // a table: every response body's schema, declared once, one declaration after another
  "contract/bodies.ts": "table",
  // a table: the route table, one row per endpoint with its prose for the OpenAPI document
  "contract/routes.ts": "table",
};

/** Lines as `wc -l` counts them, plus a last line without a newline. */
function lineCount(text: string): number {
  if (text === "") return 0;
  const newlines = text.split("\n").length - 1;
  return text.endsWith("\n") ? newlines : newlines + 1;
}

/** The source files this rule covers, from a list of tracked paths. */
function sourceFiles(tracked: readonly string[]): string[] {
  return tracked.filter((f) => SOURCE.test(f) && !OUTSIDE.test(f));
}

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((f) => f !== "");

describe("source files are at most 400 lines", () => {
  it("counts lines as wc -l does, and picks the source files (controls)", () => {
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\nb"), lineCount("a\n\nb\n")]).toEqual([
      0, 1, 1, 2, 3,
    ]);
    expect(lineCount("x\n".repeat(401))).toBe(401);
    expect(
      sourceFiles([
        "server/log.ts",
        "site/src/components/HomePage.astro",
        "build/bundle-state.mjs",
        "a/b.mts",
        "README.md",
        "node_modules/x/index.ts",
        "engine/dist/index.d.ts",
        "contract/published/v3.ts",
        "site/dist/x.mjs",
      ]),
    ).toEqual(["server/log.ts", "site/src/components/HomePage.astro", "build/bundle-state.mjs", "a/b.mts"]);
    expect(sourceFiles(tracked).length).toBeGreaterThan(100);
  });

  it("every exception is a tracked source file", () => {
    const sources = new Set(sourceFiles(tracked));
    expect(Object.keys(EXCEPTED).filter((f) => !sources.has(f))).toEqual([]);
  });

  it(`no other source file is longer than ${MAX_LINES} lines`, () => {
    const long = sourceFiles(tracked)
      .filter((f) => !(f in EXCEPTED))
      .map((f) => `${f}: ${lineCount(readFileSync(join(ROOT, f), "utf8"))}`)
      .filter((entry) => Number(entry.split(": ")[1]) > MAX_LINES);
    expect(long).toEqual([]);
  });
});
