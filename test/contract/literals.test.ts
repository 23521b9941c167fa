/**
 * Every fact declared once (docs/architecture.md "Two principles"): the year bounds, the business-day conventions and
 * the due-date schedule codes are the engine's (engine/: FIRST_YEAR, LAST_YEAR, CONVENTIONS, DUE_DATE_SCHEDULE_CODES)
 * and, for examples and the prose of the values, the parameters' declarations (contract/parameters.ts and
 * other-parameters.ts, contract/value-explanations.ts). No other file of the service's code states them, neither in
 * its code nor in its comments: the rest reads them from there.
 *
 * Every file git tracks in those folders is read, whatever its kind: code, pages, styles, READMEs.
 *
 * Not counted: the number of the Act on the Calculation of Statutory Time (1930:173), which is not a year bound; the
 * key of a map of words per value (`"modified-following": "the next banking day, unless …"`) inside a map whose
 * declared type is keyed by the engine's union (`Record<Convention, …>`, `Record<DueDateScheduleCode, …>`, also
 * within Partial<…> or as a field's type), and one value marked `// typed by the engine's union` (the site's default
 * choices): tsc refuses a value the engine does not have, so neither can drift. A key of the same form anywhere else
 * counts.
 *
 * The rules of the parameters the engine also reads (the weekly hours' bounds, step and default and the rule's words,
 * the leave days' and the due day's bounds, what each step unit counts, the flag days' first year, the catalogue's
 * size) are stated by the engine alone (engine/grammar.ts, engine/flagdays.ts): the declarations read them too, so no
 * file of the service states them, nor any other file of the engine's code; the command-line tool's help and messages
 * read them like the rest. The engine's README and docs/ describe the package and the service to readers and are not
 * read.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CONVENTIONS,
  DEFAULT_WEEKLY_HOURS,
  DUE_DATE_SCHEDULE_CODES,
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_YEAR,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_WEEKLY_HOURS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
  MIN_WEEKLY_HOURS,
  OBSERVANCE_CODES,
  STEP_UNIT_WORDS,
  STEP_UNITS,
  WEEKLY_HOURS_STEP,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { ROOT } from "../e2e/server.js";

/** The folders checked, and the files allowed to state the facts (the declarations). */
const FOLDERS = ["functions", "http", "server", "contract", "build", "site"];
const DECLARATIONS = new Set([
  "contract/parameters.ts",
  "contract/other-parameters.ts",
  "contract/value-explanations.ts",
]);
/** The published OpenAPI document: the generated document as stored (build/contract.ts), not a place anything is declared. */
const GENERATED = new Set(["contract/published/openapi.json"]);

/** Every file git tracks in the folders, whatever its kind (code, pages, styles, READMEs), that is text. */
function trackedFiles(folders = FOLDERS): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--", ...folders], { cwd: ROOT, encoding: "utf8" })
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

/** `1 to 60`, `1-60`, `1–60`, `1..60`, `1 till 60`, `1 and 60`: a range of whole numbers in any of the ways it is written. */
const rangePattern = (min: number, max: number) =>
  new RegExp(`(?<![\\d.,])${min}\\s*(?:to|till|and|och|-|–|\\.\\.)\\s*${max}(?![\\d]|[.,]\\d)`, "gi");

/** A number as English or Swedish prose writes it: `0.25`, `0,25`. */
const decimalPattern = (n: number) => escapeRegExp(String(n)).replace("\\.", "[.,]");

/** The words of the step units in a row: `d days, b working days`, `d (dagar), b (arbetsdagar)`, `<code>d</code> days`. */
const unitListPattern = (lang: "sv" | "en") => {
  const [first, second] = STEP_UNITS;
  const gap = (n: number) => `(?:[^\\w\\n]|</?code>){${n},8}`;
  const unit = (u: (typeof STEP_UNITS)[number]) =>
    `(?<![\\w-])${u}(?![\\w-])${gap(0)}${escapeRegExp(STEP_UNIT_WORDS[u][lang])}`;
  return new RegExp(`${unit(first)}${gap(1)}${unit(second)}`, "g");
};

/**
 * The rules of the parameters the engine declares and the service, the command-line tool and the site read: each with
 * the file of the engine that states it and the folders it is looked for in (the service's folders, and the engine's
 * code or only its command-line tool: the engine's library documents a few of them in its JSDoc, the command-line tool
 * reads them all).
 */
const ENGINE_FACTS: { what: string; pattern: RegExp; declaredIn: string; engine: "code" | "cli" }[] = [
  {
    what: "the weekly hours' bounds",
    pattern: rangePattern(MIN_WEEKLY_HOURS, MAX_WEEKLY_HOURS),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  {
    what: "the weekly hours' step",
    pattern: new RegExp(`(?:steps? of|steg om|multipleOf:?)\\s*${decimalPattern(WEEKLY_HOURS_STEP)}(?!\\d)`, "gi"),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  {
    what: "the weekly hours' default",
    pattern: new RegExp(
      `(?:default|standard)(?:\\s*[:=(]\\s*|\\s+)${DEFAULT_WEEKLY_HOURS}(?![\\d.])|(?<![\\d.])${DEFAULT_WEEKLY_HOURS} (?:hours|timmar)\\b`,
      "gi",
    ),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  {
    what: "the leave days' bounds",
    pattern: rangePattern(MIN_LEAVE_DAYS, MAX_LEAVE_DAYS),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  {
    what: "the due day's bounds",
    pattern: rangePattern(MIN_DUE_DAY, MAX_DUE_DAY),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  { what: "the step units' words", pattern: unitListPattern("en"), declaredIn: "engine/grammar.ts", engine: "code" },
  {
    what: "the step units' Swedish words",
    pattern: unitListPattern("sv"),
    declaredIn: "engine/grammar.ts",
    engine: "code",
  },
  {
    what: "the flag days' first year",
    pattern: new RegExp(`(?<![\\d.])${FLAG_DAYS_FROM}(?![\\d]|:\\d)`, "g"),
    declaredIn: "engine/flagdays.ts",
    engine: "cli",
  },
  {
    what: "the catalogue's size",
    pattern: new RegExp(
      `(?<![\\d.])${OBSERVANCE_CODES.length} (?:named )?observances|(?:one of|all) the ${OBSERVANCE_CODES.length}(?!\\d)`,
      "gi",
    ),
    declaredIn: "engine/rules.ts",
    engine: "cli",
  },
];

/** The lines of a text that state an engine-declared rule (`file:line: what: text`). */
function engineFindingsIn(file: string, text: string, facts = ENGINE_FACTS): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const { what, pattern } of facts)
      if (line.match(pattern)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

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

describe("the rules the engine declares for its parameters are stated by the engine alone", () => {
  /** The engine's tracked files but its README (the package's documentation for readers). */
  const engineFiles = trackedFiles(["engine"]).filter((f) => f !== "engine/README.md");
  const serviceFiles = trackedFiles().filter((f) => !GENERATED.has(f));
  const factsFor = (file: string) =>
    ENGINE_FACTS.filter(
      (f) =>
        f.declaredIn !== file && (!file.startsWith("engine/") || f.engine === "code" || file.startsWith("engine/cli")),
    );
  const findings = (file: string) => engineFindingsIn(file, readFileSync(join(ROOT, file), "utf8"), factsFor(file));
  const hits = (text: string) => engineFindingsIn("x", text).map((f) => f.split(": ")[1]);

  it("finds the files (control)", () => {
    expect(engineFiles).toContain("engine/cli/messages.ts");
    expect(engineFiles).toContain("engine/working-time.ts");
    expect(serviceFiles).toContain("contract/parameters.ts");
    expect(serviceFiles).toContain("http/mcp-tool-list.ts");
  });

  it("the patterns find what they look for (control)", () => {
    // the weekly hours, as any text wrote them before they were read from the engine
    expect(hits("The hours of a full week, 1-60 in steps of 0.25 (default 40), e.g. 38.25.")).toEqual([
      "the weekly hours' bounds",
      "the weekly hours' step",
      "the weekly hours' default",
      "the leave days' bounds",
    ]);
    expect(hits("från 1 till 60 i steg om 0,25 timme")).toContain("the weekly hours' step");
    expect(hits("`weeklyHours` 1–60 in steps of 0.25")).toContain("the weekly hours' bounds");
    expect(hits("default: 40,")).toEqual(["the weekly hours' default"]);
    expect(hits("the year's working time at 40 hours a week")).toEqual(["the weekly hours' default"]);
    expect(hits("a day of the month from 1 to 31, or last")).toEqual(["the due day's bounds"]);
    expect(hits("d days, b working days, w weeks")).toEqual(["the step units' words"]);
    expect(hits("<code>d</code> dagar, <code>b</code> arbetsdagar")).toEqual(["the step units' Swedish words"]);
    expect(hits("d (dagar), b (arbetsdagar), w (veckor)")).toEqual(["the step units' Swedish words"]);
    expect(hits("Official flag days from 1983")).toEqual(["the flag days' first year"]);
    expect(hits("one of the 20 of the catalogue; All 20 observances")).toEqual(["the catalogue's size"]);
    // and leave alone what only looks like them
    expect(
      hits("2024-01-31..2026-12-31, Förordning (1982:270), 1930:173, 10.25, 400 hours, 60 minutes, 1 to 600"),
    ).toEqual([]);
    expect(hits("such as 40 or 38.25; at most 20 steps; d, b")).toEqual([]);
  });

  it("in no tracked file of the service's folders, nor of the engine but where it is declared", () => {
    expect([...serviceFiles, ...engineFiles].flatMap(findings)).toEqual([]);
  });
});
