/**
 * Every fact declared once (docs/architecture.md "Two principles"): the year bounds, the business-day conventions and
 * the due-date schedule codes are the engine's (data-gen/: FIRST_YEAR, LAST_YEAR, CONVENTIONS, DUE_DATE_SCHEDULE_CODES)
 * and, for examples and the prose of the values, the parameters' declarations (contract/parameters.ts). No other file
 * of the service's code states them, neither in its code nor in its comments: the rest reads them from there.
 *
 * Not counted: the number of the Act on the Calculation of Statutory Time (1930:173), which is not a year bound; the
 * key of a map of words per value (`"modified-following": "the next banking day, unless …"`) in a map typed by the
 * engine's union (Record<Convention, …>, Record<DueDateScheduleCode, …>), and one value marked `// typed by the
 * engine's union` (the site's default choices): tsc refuses a value the engine does not have, so neither can drift.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CONVENTIONS, DUE_DATE_SCHEDULE_CODES, FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { ROOT } from "../e2e/server.js";

/** The folders checked, and the files allowed to state the facts (the declarations). */
const FOLDERS = ["functions", "server", "contract", "build", "site"];
const DECLARATIONS = new Set(["contract/parameters.ts"]);
const SOURCE = /\.(ts|mts|cts|mjs|js|cjs|json|astro)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split("/").includes("node_modules"))
    .sort();
}

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/** What states a fact: a year bound as a number (not an SFS number such as 1930:173), a convention or a schedule code. */
const FACTS: { what: string; pattern: RegExp }[] = [
  { what: "a year bound", pattern: new RegExp(`(?<![\\d.])(${FIRST_YEAR}|${LAST_YEAR})(?![\\d]|:\\d)`, "g") },
  ...CONVENTIONS.map((c) => ({
    what: `the convention ${c}`,
    // a hyphenated name anywhere; a single word only quoted (as a literal or a code span), since it is an English word too
    pattern: c.includes("-") ? new RegExp(`(?<![\\w-])${escape(c)}(?![\\w-])`, "g") : new RegExp(`["'\`]${escape(c)}["'\`]`, "g"),
  })),
  ...DUE_DATE_SCHEDULE_CODES.map((code) => ({ what: `the schedule ${code}`, pattern: new RegExp(`(?<![\\w-])${escape(code)}(?![\\w-])`, "g") })),
];

/** A key of a map of words per value: `  "child-benefit": (since) =>` (the map's type is the engine's union). */
const WORDS_KEY = /^\s*"[\w-]+":/;
/** One value the compiler checks against the engine's union, marked so. */
const TYPED_MARK = "// typed by the engine's union";

function findings(file: string): string[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (WORDS_KEY.test(line) || line.trimEnd().endsWith(TYPED_MARK)) return;
    for (const { what, pattern } of FACTS) if (line.match(pattern)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

describe("the year bounds, conventions and schedule codes are stated by the engine and the parameters' declarations only", () => {
  const files = FOLDERS.flatMap(filesUnder).filter((f) => !DECLARATIONS.has(f));

  it("finds the files (control)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("contract/routes.ts");
    expect(files).toContain("functions/lib/mcp-tool-list.ts");
  });

  it("the patterns find what they look for, and leave an SFS number alone (control)", () => {
    const hits = (text: string) => FACTS.filter(({ pattern }) => text.match(pattern)).map((f) => f.what);
    expect(hits(`from ${FIRST_YEAR} to ${LAST_YEAR}`)).toEqual(["a year bound"]);
    expect(hits("the Act (1930:173) s. 2")).toEqual([]);
    expect(hits(`"${CONVENTIONS[0]}"`)).toEqual([`the convention ${CONVENTIONS[0]}`]);
    expect(hits("the following one")).toEqual([]);
    expect(hits(`schedule=${DUE_DATE_SCHEDULE_CODES[0]}`)).toEqual([`the schedule ${DUE_DATE_SCHEDULE_CODES[0]}`]);
    expect(hits("2024-06-19")).toEqual([]);
  });

  it("in no file of functions/, server/, contract/, build/, site/ but contract/parameters.ts", () => {
    expect(files.flatMap(findings)).toEqual([]);
  });

  it("marks typed values sparingly: the site's default choices only", () => {
    const marked = files.flatMap((file) => readFileSync(join(ROOT, file), "utf8").split("\n").filter((line) => line.trimEnd().endsWith(TYPED_MARK)).map(() => file));
    expect(marked.sort()).toEqual(["site/src/lib/pay.ts", "site/src/lib/pay.ts", "site/src/scripts/home/pay.ts"]);
  });
});
