/**
 * npm run data:diff (build/data-diff.ts) with a correction applied: two small builds (1953-1955, Day files for
 * 1954-04-14..20), the old one by the engine with Easter 1954 as Gauss's short formula gives it without its exception
 * rules (test/build/fixtures/uncorrected-easter.ts, swapped in by a module hook), the new one by the engine as it is.
 * The diff must list exactly the files and dates the correction changed, checked by hand: Easter Sunday moves from
 * 1954-04-25 to 1954-04-18, and with it Good Friday to Whit Monday, the half days before Good Friday and Ascension
 * Day, the bridge day after Ascension Day, the long weekends, and the salary date of April (25 April a Sunday: the
 * Friday before, 23 April, was Good Friday before the correction, so pay fell on the 22nd).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CORRECTIONS,
  type DataCorrection,
  DEFAULT_FEED_OPTIONS,
  OBSERVANCE_CODES,
  writeFeed,
} from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffDatasets, formatDiff } from "../../build/data-diff.js";
import {
  bridgeDaysPath,
  dayPath,
  daysCsvPath,
  dueDatesPath,
  FLAG_VARIANTS,
  halfDaysPath,
  holidaysPath,
  icsPath,
  longWeekendsPath,
  OPENAPI_PATH,
  occurrencesPath,
  workingTimeCsvPath,
  workingTimePath,
  yearDaysPath,
} from "../../build/layout.js";
import { PROJECT_ROOT } from "../../build/materialise.js";

const EASTER = CORRECTIONS[0];
const HOOK = join(PROJECT_ROOT, "test/build/fixtures/uncorrected-easter-register.mjs");
let root: string;
let before: string;
let after: string;

function build(out: string, uncorrected: boolean): void {
  const args = ["--import", "tsx", ...(uncorrected ? ["--import", HOOK] : []), "build/materialise.ts"];
  args.push(
    "--out",
    out,
    "--from",
    "1953",
    "--to",
    "1955",
    "--days",
    "1954-04-14:1954-04-20",
    "--workers",
    "0",
    "--quiet",
  );
  execFileSync(process.execPath, args, {
    cwd: PROJECT_ROOT,
    stdio: "pipe",
    env: { ...process.env, UNCORRECTED_EASTER_YEARS: uncorrected ? "1954" : "" },
  });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "data-diff-"));
  before = join(root, "before");
  after = join(root, "after");
  build(before, true);
  build(after, false);
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const d = (mmdd: string) => `1954-${mmdd}`;
/** Each holiday counted from Easter in 1954: its date after the correction, then before it. */
const EASTER_HOLIDAYS_1954: Record<string, [after: string, before: string]> = {
  goodFriday: ["04-16", "04-23"],
  holySaturday: ["04-17", "04-24"],
  easterSunday: ["04-18", "04-25"],
  easterMonday: ["04-19", "04-26"],
  ascensionDay: ["05-27", "06-03"],
  whitsunEve: ["06-05", "06-12"],
  whitsun: ["06-06", "06-13"],
  whitMonday: ["06-07", "06-14"],
};
const HOLIDAYS_AFTER = Object.values(EASTER_HOLIDAYS_1954).map(([after]) => d(after));
const HOLIDAYS_BEFORE = Object.values(EASTER_HOLIDAYS_1954).map(([, before]) => d(before));
const HOLIDAY_DATES = [...HOLIDAYS_AFTER, ...HOLIDAYS_BEFORE].sort();

describe("data:diff after a correction", () => {
  it("lists exactly the files and the dates whose answers changed", () => {
    const diff = diffDatasets(before, after);
    const byPath = Object.fromEntries(diff.files.map((f) => [f.path, f.dates]));
    const expected: Record<string, string[]> = {
      [icsPath(1954)]: HOLIDAY_DATES,
      [yearDaysPath(1954)]: HOLIDAY_DATES,
      ...Object.fromEntries(FLAG_VARIANTS.map((flags) => [holidaysPath(1954, flags), HOLIDAY_DATES])),
      [bridgeDaysPath(1954)]: [d("05-28"), d("06-04")],
      [halfDaysPath(1954)]: [d("04-15"), d("04-22"), d("05-26"), d("06-02")],
      // every date of each long weekend before and after (Ascension's with its bridge day: 05-27..30, 06-03..06)
      [longWeekendsPath(1954)]: [...HOLIDAY_DATES, d("05-28"), d("05-29"), d("05-30"), d("06-04")].sort(),
      [dueDatesPath(1954, "salary-25")]: [d("04-22"), d("04-23")],
      // the working days of April and June moved (no date in the files: a standard answer shortens no day)
      [workingTimePath(1954)]: [],
      [workingTimeCsvPath(1954)]: [],
      // a row per date: the holidays, and the bridge and half days that moved with them
      [daysCsvPath(1954)]: [
        ...HOLIDAY_DATES,
        d("05-28"),
        d("06-04"),
        d("04-15"),
        d("04-22"),
        d("05-26"),
        d("06-02"),
      ].sort(),
      ...Object.fromEntries(
        Object.entries(EASTER_HOLIDAYS_1954).map(([code, dates]) => [occurrencesPath(1954, code), dates.map(d).sort()]),
      ),
      // the Day files of the window: the four days that became the Easter holidays
      ...Object.fromEntries(HOLIDAYS_AFTER.slice(0, 4).map((date) => [dayPath(date), [date]])),
      // its /health example states the data version, which follows the rules
      [OPENAPI_PATH]: [],
    };
    expect(byPath).toEqual(expected);
    expect(diff.files.every((f) => f.change === "changed")).toBe(true);
    expect(diff.dates).toEqual([...new Set(Object.values(expected).flat())].sort());
    expect(diff.dates.length).toBe(24);
    // the observances the diff shows moved are the ones the record names, in a year it names
    const moved = OBSERVANCE_CODES.filter((code) => byPath[occurrencesPath(1954, code)]?.length);
    expect([...moved].sort()).toEqual([...EASTER.codes].sort());
    expect(EASTER.years).toContain(1954);
  });

  it("the command prints the same (--json), and the text names the correction on record", () => {
    const json = execFileSync("npm", ["run", "--silent", "data:diff", "--", before, after, "--json"], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    });
    expect(JSON.parse(json)).toEqual(diffDatasets(before, after));
    const text = execFileSync("npm", ["run", "--silent", "data:diff", "--", before, after], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    });
    expect(text).toBe(formatDiff(diffDatasets(before, after)));
    expect(text).toContain(`files: 26 (26 changed, 0 added, 0 removed)`);
    expect(text).toContain(`dates whose answers changed: 24`);
    expect(text).toContain(`  ${EASTER.date}: ${EASTER.years.join(", ")}`);
  });

  it("a build against itself differs in nothing; a bad command line is a usage error (exit 2)", () => {
    expect(diffDatasets(after, after)).toEqual({ files: [], dates: [] });
    const bad = spawnSync("npm", ["run", "--silent", "data:diff", "--", before], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^data:diff: two folders expected, got 1\nusage: /);
    const missing = spawnSync("npm", ["run", "--silent", "data:diff", "--", before, join(root, "nothing")], {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/holds no dataset index/);
  });

  it("the rebuilt feed, given the correction's record, marks exactly the events of the diff's dates it names", () => {
    // a record of this test's correction (the real one carries another date and more years)
    const record: DataCorrection = { ...EASTER, date: "2026-12-01", years: [1954] };
    const unmarked = writeFeed(1954, 1954, DEFAULT_FEED_OPTIONS, []);
    const marked = writeFeed(1954, 1954, DEFAULT_FEED_OPTIONS, [record]);
    const blocks = (text: string) => text.split("BEGIN:VEVENT\r\n").slice(1);
    const [x, y] = [blocks(unmarked), blocks(marked)];
    expect(y.length).toBe(x.length);
    const changed = y.filter((block, i) => block !== x[i]);
    // the events of the holidays after the correction: each with SEQUENCE:1, the rest of its lines as before
    expect(changed.map((b) => /^DTSTART;VALUE=DATE:(\d{4})(\d{2})(\d{2})/m.exec(b)!.slice(1).join("-"))).toEqual(
      HOLIDAYS_AFTER,
    );
    for (const block of changed) {
      expect(block).toContain("\r\nSEQUENCE:1\r\nLAST-MODIFIED:20261201T000000Z\r\n");
      expect(x).toContain(block.replace("SEQUENCE:1\r\nLAST-MODIFIED:20261201T000000Z\r\n", ""));
    }
    expect(HOLIDAYS_AFTER.every((date) => diffDatasets(before, after).dates.includes(date))).toBe(true);
  });
});
