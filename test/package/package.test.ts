/**
 * The package `swedish-calendar` as its users get it: packed with `npm pack` (prepack builds dist/ with tsc) and
 * installed from the tarball into a fresh project outside the repository (./install.ts). Then:
 *  (a) plain ESM JavaScript in that project imports every exported function of "." and "./ics" and gets what the
 *      service answers in process (./sample.ts): the same bytes as the API body or the list inside its envelope, and
 *      for bad input a CalendarError whose code maps to the problem's slug and whose message is the problem's
 *      `detail`; "./core" exports exactly the values of its written list (engine/core.ts);
 *  (b) a TypeScript consumer compiles against the installed types with moduleResolution node16 and bundler.
 * The CLI, publint, attw and esbuild on the install: install-tools.test.ts.
 */
import { execFile, execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SLUG_OF_ENGINE_CODE } from "../../contract/problems.js";
import { writtenCoreSurface, writtenIcsSurface } from "../engine/core-surface.js";
import { type ConsumerOutput, runConsumer } from "./consumer.js";
import { BIN, type Installed, PACKAGE_DIR, packAndInstall, ROOT } from "./install.js";
import { MAIN_FUNCTIONS } from "./main-functions.js";
import { cases, EVERYTHING, OBSERVANCE_CODES, readCatalogue } from "./sample.js";
import { type Case, contentLines, feed, type Subpath, v3 } from "./sample-checks.js";

const run = promisify(execFile);

/** Files git would show as new (untracked and not ignored) in the repository. */
const untracked = () =>
  execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });

let pkg: Installed;
let untrackedBefore: string;
beforeAll(() => {
  untrackedBefore = untracked();
  pkg = packAndInstall();
}, 180_000);
afterAll(() => pkg?.cleanup());

it("packing leaves nothing new in the repository: the tarball goes to a temporary folder, dist/ is ignored", () => {
  expect(pkg.tarball.startsWith(pkg.temp)).toBe(true);
  expect(untracked()).toBe(untrackedBefore);
});

describe("the packed package, installed in a fresh project", () => {
  it("holds dist/ (JavaScript and declarations for every entry point, the CLI), README.md and package.json, and nothing else", () => {
    const meta = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8"));
    const entries = Object.values(meta.exports as Record<string, string | { types: string; default: string }>)
      .filter((t): t is { types: string; default: string } => typeof t === "object")
      .flatMap((t) => [t.types, t.default]);
    for (const file of [...entries, meta.bin["swedish-calendar"], "README.md", "package.json"])
      expect(pkg.files).toContain(file.replace(/^\.\//, ""));
    expect(pkg.files.filter((f) => !f.startsWith("dist/") && f !== "README.md" && f !== "package.json")).toEqual([]);
    expect(pkg.files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    // installed from the tarball: a real folder, not a link back into the repository
    expect(readFileSync(join(pkg.installedDir, "dist/index.js"), "utf8")).toBe(
      readFileSync(join(PACKAGE_DIR, "dist/index.js"), "utf8"),
    );
    expect(
      execFileSync(
        "node",
        ["-e", "console.log(require('fs').lstatSync(process.argv[1]).isSymbolicLink())", pkg.installedDir],
        { encoding: "utf8" },
      ).trim(),
    ).toBe("false");
    // it has no dependencies: the package is all that the install brought
    expect(meta.dependencies).toBeUndefined();
    expect(readdirSync(join(pkg.app, "node_modules")).filter((f) => !f.startsWith("."))).toEqual(["swedish-calendar"]);
  });

  describe("(a) plain ESM JavaScript gets the service's answers", () => {
    let output: ConsumerOutput;
    let all: Case[];

    beforeAll(async () => {
      await readCatalogue();
      all = cases();
      const everythingFeed = await feed(EVERYTHING);
      const bridgeFeed = await feed({ bridge: true });
      const input = {
        calls: all.map((c) => c.call),
        folded: contentLines(everythingFeed)
          .filter((l) => l.folded !== l.line)
          .map((l) => l.line),
        unpropertied: bridgeFeed.replace(
          "X-PUBLISHED-TTL:PT6H\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n",
          "X-PUBLISHED-TTL:PT1H\r\n",
        ),
      };
      expect(input.unpropertied).not.toBe(bridgeFeed);
      output = runConsumer(pkg.app, "", input);
    }, 60_000);

    it('exports the library\'s functions from "." and icsFeed from "./ics", and every exported function is in the sample', () => {
      const functions = (subpath: Subpath) =>
        Object.entries(output.exports[subpath])
          .filter(([, type]) => type === "function")
          .map(([name]) => name);
      expect(functions(".")).toEqual(
        expect.arrayContaining([
          "CalendarError",
          "bridgeDays",
          "countPeriod",
          "dataVersion",
          "daysOfYear",
          "describeDay",
          "flagDayRules",
          "flagDays",
          "halfDays",
          "holidays",
          "isBridgeDay",
          "isHalfDay",
          "isWorkingDay",
          "longWeekends",
          "observanceInfo",
          "observances",
          "occurrences",
          "planLeave",
          "shiftDate",
        ]),
      );
      expect(functions("./ics")).toContain("icsFeed");
      const sampled = new Set(all.map((c) => `${c.call[0]} ${c.call[1].replace(/\*$/, "")}`));
      const unsampled = ([".", "./ics"] as Subpath[]).flatMap((s) =>
        functions(s)
          .filter((f) => f !== "CalendarError" && !sampled.has(`${s} ${f}`))
          .map((f) => `${s} ${f}`),
      );
      expect(unsampled).toEqual([]);
      expect(output.range).toEqual([1930, 9999]);
    });

    it('"./core" exports exactly the values its written list names (engine/core.ts), no more: no internal, no CLI', () => {
      const { values } = writtenCoreSurface();
      expect(output.coreKeys).toEqual([...values].sort());
      // the same class whichever entry point it is taken from (the modules are shared chunks, not copies)
      expect(output.oneErrorClass).toBe(true);
    });

    it('"./ics" exports exactly the values its written list names (engine/ics.ts), no more: none of the writer\'s internals', () => {
      const { values } = writtenIcsSurface();
      expect(output.icsKeys).toEqual([...values].sort());
    });

    it("CalendarError is an Error with code, argument and message, and no HTTP status", () => {
      expect(output.errorShape).toEqual({
        isError: true,
        name: "CalendarError",
        keys: expect.arrayContaining(["code", "argument"]),
      });
      expect(output.errorShape.keys).not.toContain("status");
    });

    it.each([
      ...MAIN_FUNCTIONS,
      "dataVersion",
      "isBusinessDay",
      "adjust",
      "dueDates",
      "dueDateSchedules",
      "workingTime",
      "icsFeed",
      "buildFeed",
      "feedCalendarName",
      "feedEvents",
      "feedUid",
      "flagDayEventCode",
      "dueDateEventCode",
      "feedTimestamp",
      "foldLine",
      "withCalendarProperties",
    ])(
      "%s",
      async (fn) => {
        let checked = 0;
        for (const [i, c] of all.entries()) {
          if (c.call[1].replace(/\*$/, "") !== fn) continue;
          const outcome = output.results[i];
          const label = JSON.stringify(c.call).slice(0, 200);
          if (c.value) {
            expect("value" in outcome ? "value" : JSON.stringify(outcome), label).toBe("value");
            await c.value((outcome as { value: string }).value);
          } else {
            expect("error" in outcome ? "error" : "value", label).toBe("error");
            const { error } = outcome as {
              error: { isCalendarError: boolean; name: string; code: string; argument: string; message: string };
            };
            expect(error.isCalendarError, `${label}: ${error.name} ${error.message}`).toBe(true);
            expect(error.name).toBe("CalendarError");
            if (typeof c.problem === "string") {
              const res = await v3(c.problem);
              const problem = (await res.json()) as { type: string; detail: string; status: number };
              expect(res.status, label).toBeGreaterThanOrEqual(400);
              expect(problem.type.split("/").pop(), label).toBe(
                SLUG_OF_ENGINE_CODE[error.code as keyof typeof SLUG_OF_ENGINE_CODE],
              );
              if (error.code === "unknown-code") {
                // the one message the API words differently: it names the parameter and lists the codes, around the
                // library's message
                expect(problem.detail, label).toBe(
                  `'${error.argument}': ${error.message} (codes: ${OBSERVANCE_CODES.join(", ")})`,
                );
              } else {
                expect(error.message, label).toBe(problem.detail);
                expect(problem.detail, label).toContain(`'${error.argument}'`);
              }
            } else {
              expect({ code: error.code, argument: error.argument }, label).toEqual(c.problem);
              expect(error.message, label).toContain(`'${error.argument}'`);
            }
          }
          checked++;
        }
        expect(checked).toBeGreaterThan(0);
      },
      60_000,
    );
  });

  describe("(b) a TypeScript consumer compiles against the installed types", () => {
    const CONSUMER_TS = `
import {
  bridgeDays, CalendarError, countPeriod, dataVersion, daysOfYear, describeDay, dueDates, flagDayRules, flagDays, halfDays, holidays, isBridgeDay,
  isHalfDay, isWorkingDay, longWeekends, observanceInfo, observances, occurrences, planLeave, shiftDate, workingTime, FIRST_YEAR, LAST_YEAR,
  type WorkingTime, type WorkingTimeOptions, type WorkingTimeProfileCode, type ShortenedDay,
  type Day, type FlagDay, type FlagDayInfo, type IsoWeek, type LeavePlan, type LongWeekend, type Observance, type ObservanceInfo,
  type Occurrence, type Period, type Shift, type Bounds, type LeaveObjective, type HolidayType, type CalendarErrorCode, type HolidayListOptions,
} from "swedish-calendar";
import { icsFeed, type FeedOptions } from "swedish-calendar/ics";

const day: Day = describeDay("2026-06-19");
const week: IsoWeek = day.isoWeek;
const type: HolidayType | null = day.holidayType;
const observance: Observance | undefined = day.observances[0];
const flags: boolean[] = [isWorkingDay("2026-06-22"), isBridgeDay("2026-05-15"), isHalfDay("2026-01-05")];
const options: HolidayListOptions = { sundays: true };
const lists: Day[][] = [holidays(2026, options), holidays(2026), bridgeDays(2026), halfDays(2026), daysOfYear(2024)];
const bounds: Bounds = "exclusive";
const period: Period = countPeriod("2026-01-01", "2026-12-31", bounds);
const shifted: Shift = shiftDate("2026-01-31", ["1m", "10b"], { postpone: true });
const chained: string = shiftDate("2026-01-31", "1m,10b").result.date;
const weekends: LongWeekend[] = longWeekends(2026);
const objective: LeaveObjective = "longest";
const plan: LeavePlan = planLeave("2026-01-01", "2026-12-31", 5, objective);
const catalogue: ObservanceInfo[] = observances();
const info: ObservanceInfo = observanceInfo("nationalDay");
const series: Occurrence[] = occurrences("easterSunday", 2026, 2030);
const flagDayList: FlagDay[] = flagDays(2026);
const rules: FlagDayInfo[] = flagDayRules();
const version: string = dataVersion();
const range: [number, number] = [FIRST_YEAR, LAST_YEAR];
const feedOptions: FeedOptions = { bridge: true };
const ics: string = icsFeed(2026, 2027, feedOptions);
const profileCode: WorkingTimeProfileCode = "state";
const workingOptions: WorkingTimeOptions = { weeklyHours: 38.25, profile: profileCode };
const working: WorkingTime = workingTime(2026, workingOptions);
const shortenedDay: ShortenedDay | undefined = working.months[0].shortenedDays[0];
const workedHours: number = working.total.hours + working.quarters[0].minutes;
try {
  describeDay("2023-02-29");
} catch (e) {
  if (e instanceof CalendarError) {
    const code: CalendarErrorCode = e.code;
    const argument: string | undefined = e.argument;
    const message: string = e.message;
    void [code, argument, message];
  }
}
// the types are not any: each of these must be an error
// @ts-expect-error a year is a number
holidays("2026");
// @ts-expect-error no such bounds
countPeriod("2026-01-01", "2026-12-31", "both");
// @ts-expect-error a Day has no such field
day.isHoliday;
// @ts-expect-error the objective is most or longest
planLeave("2026-01-01", "2026-12-31", 5, "best");
// @ts-expect-error week is a number
const wrongWeek: string = week.week;
// @ts-expect-error no such feed option
icsFeed(2026, 2026, { everything: true });
// @ts-expect-error no such schedule: the codes are the catalogue's
dueDates(2026, "rent");
// @ts-expect-error no such profile: the codes are the table's
workingTime(2026, { profile: "nope" });
// @ts-expect-error weekly hours are a number
workingTime(2026, { weeklyHours: "40" });
export const used = [day, type, observance, flags, lists, period, shifted, chained, weekends, plan, catalogue, info, series, flagDayList, rules, version, range, ics, wrongWeek, shortenedDay, workedHours];
`;

    // Both at once (each tsc takes seconds). The @ts-expect-error lines make each run able to fail: were the types
    // missing or `any`, those lines would be unused and tsc would report them.
    it("moduleResolution node16 and bundler (the declarations checked too, with no @types/node)", async () => {
      writeFileSync(join(pkg.app, "consumer.ts"), CONSUMER_TS);
      const resolutions = {
        node16: { module: "node16", moduleResolution: "node16" },
        bundler: { module: "esnext", moduleResolution: "bundler" },
      };
      const reports = await Promise.all(
        Object.entries(resolutions).map(async ([name, resolution]) => {
          const tsconfig = `tsconfig.${name}.json`;
          const compilerOptions = {
            ...resolution,
            target: "ES2022",
            lib: ["ES2022"],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: [],
          };
          writeFileSync(join(pkg.app, tsconfig), JSON.stringify({ compilerOptions, files: ["consumer.ts"] }));
          const report = await run(BIN("tsc"), ["-p", tsconfig, "--pretty", "false"], { cwd: pkg.app }).then(
            () => "",
            (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ""}${e.stderr ?? ""}`,
          );
          return [name, report];
        }),
      );
      expect(Object.fromEntries(reports)).toEqual({ node16: "", bundler: "" });
    }, 60_000);
  });
});
