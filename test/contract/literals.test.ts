/**
 * Every fact declared once (docs/architecture.md "Two principles"): the year bounds, the business-day conventions and
 * the due-date schedule codes are the engine's (engine/: FIRST_YEAR, LAST_YEAR, CONVENTIONS, DUE_DATE_SCHEDULE_CODES)
 * and, for examples and the prose of the values, the parameters' declarations (contract/parameters.ts,
 * contract/value-explanations.ts). No other file of the service's code states them, neither in its code nor in its
 * comments: the rest reads them from there.
 *
 * Every file git tracks in those folders is read, whatever its kind: code, pages, styles, READMEs.
 *
 * Not counted: the number of the Act on the Calculation of Statutory Time (1930:173), which is not a year bound; the
 * key of a map of words per value (`"modified-following": "the next banking day, unless …"`) inside a map whose
 * declared type is keyed by the engine's union (`Record<Convention, …>`, `Record<DueDateScheduleCode, …>`, also
 * within Partial<…> or as a field's type), and one value marked `// typed by the engine's union` (the site's default
 * choices): tsc refuses a value the engine does not have, so neither can drift. A key of the same form anywhere else
 * counts.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONVENTIONS, DUE_DATE_SCHEDULE_CODES, FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { ROOT } from "../e2e/server.js";

/** The folders checked, and the files allowed to state the facts (the declarations). */
const FOLDERS = ["functions", "http", "server", "contract", "build", "site"];
const DECLARATIONS = new Set(["contract/parameters.ts", "contract/value-explanations.ts"]);
/** The published OpenAPI document: the generated document as stored (build/contract.ts), not a place anything is declared. */
const GENERATED = new Set(["contract/published/openapi.json"]);

/** Every file git tracks in the folders, whatever its kind (code, pages, styles, READMEs), that is text. */
function trackedFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--", ...FOLDERS], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  return listed.filter((file) => !readFileSync(join(ROOT, file)).includes(0)).sort();
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/** What states a fact: a year bound as a number (not an SFS number such as 1930:173), a convention or a schedule code. */
const FACTS: { what: string; pattern: RegExp }[] = [
  { what: "a year bound", pattern: new RegExp(`(?<![\\d.])(${FIRST_YEAR}|${LAST_YEAR})(?![\\d]|:\\d)`, "g") },
  ...CONVENTIONS.map((c) => ({
    what: `the convention ${c}`,
    // a hyphenated name anywhere; a single word only quoted (as a literal or a code span), since it is an English word too
    pattern: c.includes("-")
      ? new RegExp(`(?<![\\w-])${escapeRegExp(c)}(?![\\w-])`, "g")
      : new RegExp(`["'\`]${escapeRegExp(c)}["'\`]`, "g"),
  })),
  ...DUE_DATE_SCHEDULE_CODES.map((code) => ({
    what: `the schedule ${code}`,
    pattern: new RegExp(`(?<![\\w-])${escapeRegExp(code)}(?![\\w-])`, "g"),
  })),
];

/** A key of a map of words per value: `  "child-benefit": (since) =>`. */
const WORDS_KEY = /^\s*"[\w-]+":/;
/** A declared type keyed by the engine's union: the line that opens such a map. */
const UNION_KEYED = /Record<\s*(Convention|DueDateScheduleCode)\s*,/;
/** One value the compiler checks against the engine's union, marked so. */
const TYPED_MARK = "// typed by the engine's union";

/** The braces a line opens less those it closes. */
const braceBalance = (line: string) => (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);

/**
 * The lines of a text that state a fact (`file:line: what: text`). A key of words per value is left alone only inside
 * a map typed by the engine's union: from the line declaring that type to the brace that closes what it opens.
 */
function findingsIn(file: string, text: string): string[] {
  const found: string[] = [];
  let depth = 0; // > 0: inside a map typed by the engine's union
  text.split("\n").forEach((line, i) => {
    const inside = depth > 0;
    if (inside || UNION_KEYED.test(line)) depth = Math.max(0, depth + braceBalance(line));
    if ((inside && WORDS_KEY.test(line)) || line.trimEnd().endsWith(TYPED_MARK)) return;
    for (const { what, pattern } of FACTS)
      if (line.match(pattern)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

const findings = (file: string) => findingsIn(file, readFileSync(join(ROOT, file), "utf8"));

describe("the year bounds, conventions and schedule codes are stated by the engine and the parameters' declarations only", () => {
  const files = trackedFiles().filter((f) => !DECLARATIONS.has(f) && !GENERATED.has(f));

  it("finds the files, of every kind (control)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain("contract/routes.ts");
    expect(files).toContain("http/mcp-tool-list.ts");
    expect(files).toContain("site/README.md");
    expect(files).toContain("site/src/components/HomePage.astro");
    expect(files).toContain("site/astro.config.mjs");
  });

  it("leaves a key of words alone only inside a map typed by the engine's union (control)", () => {
    const [code] = DUE_DATE_SCHEDULE_CODES;
    const key = `  "${code}": "words",`;
    expect(findingsIn("x.ts", `const A: Partial<Record<DueDateScheduleCode, string>> = {\n${key}\n};`)).toEqual([]);
    expect(
      findingsIn(
        "x.ts",
        `const A: Record<Lang, { known: Partial<Record<DueDateScheduleCode, string>> }> = {\n  sv: {\n    known: {\n  ${key}\n    },\n  },\n};`,
      ),
    ).toEqual([]);
    // the same key in a map of strings, or after the typed map has closed, counts
    expect(findingsIn("x.ts", `const A: Record<string, string> = {\n${key}\n};`)).toHaveLength(1);
    expect(
      findingsIn("x.ts", `const A: Record<DueDateScheduleCode, string> = {\n  a: "b",\n};\nconst B = {\n${key}\n};`),
    ).toHaveLength(1);
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

  it("in no tracked file of functions/, http/, server/, contract/, build/, site/ but the declarations", () => {
    expect(files.flatMap(findings)).toEqual([]);
  });

  it("marks typed values sparingly: the site's default choices only", () => {
    const marked = files.flatMap((file) =>
      readFileSync(join(ROOT, file), "utf8")
        .split("\n")
        .filter((line) => line.trimEnd().endsWith(TYPED_MARK))
        .map(() => file),
    );
    expect(marked.sort()).toEqual(["site/src/lib/pay.ts", "site/src/lib/pay.ts", "site/src/scripts/home/pay.ts"]);
  });
});
