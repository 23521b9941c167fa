/**
 * The package `swedish-calendar` as its users get it (issue 19, "Checks"): packed with `npm pack` (prepack builds
 * dist/ with tsc) and installed from the tarball into a fresh project outside the repository (./install.ts). Then:
 *  (a) plain ESM JavaScript in that project imports every exported function of "." and "./ics" and gets what the
 *      service answers in process (the v3 and feed handlers, the health body): the same bytes as the API body or the
 *      list inside its envelope, and for bad input a CalendarError whose code maps to the problem's slug and whose
 *      message is the problem's `detail`; "./core" exports exactly the values of its written list (data-gen/core.ts);
 *  (b) a TypeScript consumer compiles against the installed types with moduleResolution node16 and bundler;
 *  (c) the CLI runs from the install: --json is the library's result, bad input exits 2 with one line on stderr;
 *  (d) publint and @arethetypeswrong/cli report no errors;
 *  (e) esbuild bundles "." and "./ics" for the browser with no Node built-in.
 */
import { execFile, execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { browserBundle as bundleForBrowser } from "../../build/browser-bundle.js";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workingTime as workingTimeInRepository } from "swedish-calendar";
import { CONVENTIONS as ENGINE_CONVENTIONS, DUE_DATE_RULES, FIRST_YEAR, LAST_YEAR, MAX_LEAVE_DAYS, MAX_PLAN_DAYS, MAX_SPAN_YEARS, MAX_STEPS } from "swedish-calendar/core";
import { pathOf, PATHS } from "../../contract/paths.js";
import { SLUG_OF_ENGINE_CODE } from "../../contract/problems.js";
import { handleFeed } from "../../functions/lib/feed.js";
import { healthBody } from "../../functions/lib/health.js";
import { handleV3 } from "../../functions/lib/v3.js";
import { writtenCoreSurface, writtenIcsSurface } from "../engine/core-surface.js";
import { BIN, cleanEnv, packAndInstall, PACKAGE_DIR, ROOT, type Installed } from "./install.js";

const run = promisify(execFile);

/** Maps with at most `limit` calls under way (the CLI runs are child processes). */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Files git would show as new (untracked and not ignored) in the repository. */
const untracked = () => execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });

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

// ---------------------------------------------------------------------------------------------
// The service in process
// ---------------------------------------------------------------------------------------------

/** 2026-06-15 12:00 in Stockholm: the feed's window is 2024-2028. */
const NOW = new Date("2026-06-15T10:00:00Z");
const FEED_FROM = 2024;
const FEED_TO = 2028;
const ORIGIN = "http://localhost";

async function v3(path: string): Promise<Response> {
  return handleV3(new Request(ORIGIN + path), { clock: () => NOW, rateLimitsEnabled: false });
}

/** The body of a 200 answer of the v3 handler. */
async function ok(path: string): Promise<string> {
  const res = await v3(path);
  const body = await res.text();
  expect(res.status, `${path}: ${body}`).toBe(200);
  return body;
}

/** The feed the service serves for these options (its window is FEED_FROM-FEED_TO at NOW). */
async function feed(options: Record<string, boolean | string[]>): Promise<string> {
  const query = new URLSearchParams(Object.entries(options).map(([k, v]) => [k, String(v)]));
  const res = await handleFeed(new Request(`${ORIGIN}${pathOf("feed")}?${query}`), { clock: () => NOW, rateLimitsEnabled: false });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return body;
}

const q = (params: Record<string, string | number | boolean | (string | number)[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  return `?${search}`;
};

// ---------------------------------------------------------------------------------------------
// The sample: each library call with what the service says about it
// ---------------------------------------------------------------------------------------------

type Subpath = "." | "./ics" | "./core";
type Call = [subpath: Subpath, fn: string, ...args: unknown[]];
type Outcome = { value: string } | { error: { isCalendarError: boolean; name: string; code?: string; argument?: string; message: string } };

interface Case {
  call: Call;
  /** checks the library's JSON text against the service */
  value?: (text: string) => Promise<void>;
  /** the v3 request that must fail the same way, or, for checks with no request, the code and argument expected */
  problem?: string | { code: string; argument: string };
}

/** The library's result is the API body, byte for byte. */
const bodyIs = (path: string) => async (text: string) => expect(text).toBe(await ok(path));
/** The API body is the library's result in its envelope, byte for byte. */
const envelopeOf = (path: string, wrap: (value: any) => unknown) => async (text: string) => expect(await ok(path)).toBe(JSON.stringify(wrap(JSON.parse(text))));
/** The library's result is what the API body says. */
const pickedFrom = (path: string, pick: (body: any) => unknown) => async (text: string) => expect(text).toBe(JSON.stringify(pick(JSON.parse(await ok(path)))));

/** A route's path looked up by name at run time (for the routes of the business-day functions). */
const route = (id: string): string => (PATHS as Record<string, string>)[id] ?? expect.fail(`no route '${id}' in contract/paths.ts`);

const yearList = (year: number) => (days: unknown[]) => ({ year, count: days.length, days });

/** Deterministic dates across the range, plus the ones with a story. */
function sampleDates(): string[] {
  let s = 19;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const dates = [
    "1930-01-01", "1930-01-06", "1953-06-06", "1983-06-06", "2004-05-31", "2005-05-16", "2005-06-06", "2024-02-29",
    "2026-01-05", "2026-04-04", "2026-05-15", "2026-06-19", "2026-06-22", "2026-10-31", "2026-12-23", "2026-12-24",
    "2026-12-31", "2100-02-28", "9999-12-31",
  ];
  for (let i = 0; i < 30; i++) {
    const year = 1930 + Math.floor(next() * 8070);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    dates.push(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
  }
  return dates;
}

const CONVENTIONS = ["following", "preceding", "modified-following", "modified-preceding", "nearest", "unadjusted"];
const YEARS = [1930, 1931, 1983, 2004, 2005, 2024, 2026, 2100, 5000, 9999];
const DATES = sampleDates();
const FEED_OPTIONS: Record<string, boolean | string[]>[] = [
  {},
  { due: ["tax-account", "salary-25"], half: true },
  { bridge: true, half: true },
  { defacto: false, saturdays: true, sundays: true, busy: true },
  { flags: true, bridge: true },
];
/** Every option on: the calendar's name is then longer than a content line may be, so the feed folds it. */
const EVERYTHING = { flags: true, bridge: true, half: true, saturdays: true, sundays: true, busy: true };
const FULL = (options: Record<string, boolean | string[]>) => ({ defacto: true, bridge: false, half: false, saturdays: false, sundays: false, flags: false, busy: false, due: [], ...options });

/** The logical lines of iCalendar text (continuations joined) with their folded text. */
function contentLines(ics: string): { line: string; folded: string }[] {
  return ics.split(/\r\n(?![ \t])/).filter((l) => l).map((folded) => ({ folded, line: folded.replace(/\r\n[ \t]/g, "") }));
}

function cases(): Case[] {
  const list: Case[] = [];
  const lib = (fn: string, ...args: unknown[]): Call => [".", fn, ...args];
  const ics = (fn: string, ...args: unknown[]): Call => ["./ics", fn, ...args];

  for (const date of DATES) {
    const year = +date.slice(0, 4);
    list.push({ call: lib("describeDay", date), value: bodyIs(pathOf("day", { date })) });
    list.push({ call: lib("isWorkingDay", date), value: pickedFrom(pathOf("day", { date }), (day) => day.workingDay) });
    list.push({ call: lib("isBridgeDay", date), value: pickedFrom(PATHS_BRIDGE(year), (b) => b.days.some((d: { date: string }) => d.date === date)) });
    list.push({ call: lib("isHalfDay", date), value: pickedFrom(PATHS_HALF(year), (b) => b.days.some((d: { date: string }) => d.date === date)) });
    list.push({ call: lib("isBusinessDay", date), value: pickedFrom(pathOf("day", { date }), (day) => day.workingDay) });
  }
  for (const [i, date] of DATES.entries()) {
    for (const convention of CONVENTIONS.slice(i % 3, (i % 3) + 4)) {
      // the ends of the range are days off: a convention that looks past them throws (sampled among the errors)
      if (date === "9999-12-31" && (convention === "following" || convention === "nearest")) continue;
      if (date === "1930-01-01" && (convention === "preceding" || convention === "nearest")) continue;
      list.push({ call: lib("adjust", date, convention), value: (text) => bodyIs(route("adjust") + q({ date, convention }))(text) });
    }
  }
  for (const year of [1930, 2015, 2026, 9999]) {
    for (const schedule of ["salary-25", "child-benefit", "tax-account"]) {
      if (year === 1930 && schedule !== "salary-25") continue;
      list.push({ call: lib("dueDates", year, schedule), value: bodyIs(route("dueDates") + q({ year, schedule })) });
    }
  }
  for (const [year, day, convention] of [[2026, "last", "preceding"], [2026, 31, "modified-following"], [1930, 1, "following"], [9999, 15, "nearest"]] as const) {
    list.push({ call: lib("dueDates", year, { day, convention }), value: bodyIs(route("dueDates") + q({ year, day, convention })) });
  }
  // working time: no route answers it here yet, so the installed package is compared with the package's sources
  const WORKING_TIME: [number, { weeklyHours?: number; profile?: "standard" | "state" }?][] = [
    [2026], [2026, { weeklyHours: 38.25, profile: "state" }], [2027, { profile: "state" }], [1930, { weeklyHours: 1 }], [9999, { weeklyHours: 60, profile: "state" }],
  ];
  for (const [year, options] of WORKING_TIME) {
    list.push({
      call: options ? lib("workingTime", year, options) : lib("workingTime", year),
      value: async (text) => expect(text).toBe(JSON.stringify(workingTimeInRepository(year, options))),
    });
  }
  list.push({ call: lib("workingTime", 2026, { weeklyHours: 37.3 }), problem: { code: "invalid-argument", argument: "weeklyHours" } });
  list.push({ call: lib("workingTime", 2026, { profile: "nope" }), problem: { code: "invalid-argument", argument: "profile" } });
  list.push({ call: lib("workingTime", 2016, { profile: "state" }), problem: { code: "invalid-argument", argument: "year" } });
  list.push({ call: lib("dueDateSchedules"), value: envelopeOf(route("dueDateCatalogue"), (l) => ({ count: l.length, schedules: l })) });
  for (const year of YEARS) {
    list.push({ call: lib("holidays", year), value: envelopeOf(pathOf("holidays") + q({ year }), yearList(year)) });
    list.push({ call: lib("bridgeDays", year), value: envelopeOf(PATHS_BRIDGE(year), yearList(year)) });
    list.push({ call: lib("halfDays", year), value: envelopeOf(PATHS_HALF(year), yearList(year)) });
    list.push({ call: lib("longWeekends", year), value: envelopeOf(pathOf("longWeekends") + q({ year }), (l) => ({ year, count: l.length, longWeekends: l })) });
    if (year >= 1983) list.push({ call: lib("flagDays", year), value: envelopeOf(pathOf("flagDays") + q({ year }), (l) => ({ year, count: l.length, flagDays: l })) });
  }
  for (const year of [1930, 2026, 9999]) {
    for (const [sundays, saturdays] of [[true, false], [false, true], [true, true]]) {
      list.push({ call: lib("holidays", year, { sundays, saturdays }), value: envelopeOf(pathOf("holidays") + q({ year, sundays, saturdays }), yearList(year)) });
    }
  }
  for (const year of [1930, 2024, 9999]) {
    // every Day of the year is the /v3/days/{date} body of its date
    list.push({
      call: lib("daysOfYear", year),
      value: async (text) => {
        const days = JSON.parse(text) as { date: string }[];
        expect(days.length).toBe(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365);
        const bodies = await Promise.all(days.map((d) => ok(pathOf("day", { date: d.date }))));
        expect(days[0].date).toBe(`${year}-01-01`);
        expect(days[days.length - 1].date).toBe(`${year}-12-31`);
        expect(text).toBe(`[${bodies.join(",")}]`);
      },
    });
  }
  const periods: [string, string, string?][] = [
    ["2026-01-01", "2026-12-31"], ["2026-01-01", "2026-12-31", "exclusive"], ["2026-04-02", "2026-04-07", "from"], ["2026-04-02", "2026-04-07", "to"],
    ["2026-06-19", "2026-06-19", "exclusive"], ["1930-01-01", "2129-12-31"], ["9799-12-31", "9999-12-31", "inclusive"], ["2024-02-29", "2025-02-28"],
  ];
  for (const [from, to, bounds] of periods) {
    const call = bounds ? lib("countPeriod", from, to, bounds) : lib("countPeriod", from, to);
    list.push({ call, value: bodyIs(pathOf("period") + q(bounds ? { from, to, bounds } : { from, to })) });
  }
  const shifts: [string, string | string[], boolean][] = [
    ["2026-01-31", "1m", false], ["2026-01-31", ["1m", "10b"], true], ["2026-01-31", "1m,10b", true], ["2026-12-23", ["1b"], false],
    ["2026-12-23", "-3b", true], ["2024-02-29", ["1y", "-1y"], false], ["2026-06-18", ["1d"], true], ["1930-01-01", ["2400b", "-5w", "7d"], true],
    ["9999-12-01", ["-1000000b"], false],
  ];
  for (const [date, steps, postpone] of shifts) {
    list.push({ call: lib("shiftDate", date, steps, { postpone }), value: bodyIs(pathOf("shift") + q({ date, add: steps, postpone })) });
  }
  list.push({ call: lib("shiftDate", "2026-01-31", "1m"), value: bodyIs(pathOf("shift") + q({ date: "2026-01-31", add: "1m" })) });
  const plans: [string, string, number, string?][] = [
    ["2026-01-01", "2026-12-31", 5], ["2026-01-01", "2026-12-31", 5, "longest"], ["2026-05-11", "2026-05-17", 1], ["1930-01-01", "1930-12-31", 60, "most"],
    ["9999-01-01", "9999-12-31", 25, "longest"], ["2024-01-01", "2024-12-31", 1, "most"],
  ];
  for (const [from, to, days, objective] of plans) {
    const call = objective ? lib("planLeave", from, to, days, objective) : lib("planLeave", from, to, days);
    list.push({ call, value: bodyIs(pathOf("leavePlan") + q(objective ? { from, to, days, objective } : { from, to, days })) });
  }
  list.push({ call: lib("observances"), value: envelopeOf(pathOf("observances"), (l) => ({ count: l.length, observances: l })) });
  for (const code of OBSERVANCE_CODES) {
    list.push({ call: lib("observanceInfo", code), value: pickedFrom(pathOf("observances"), (b) => b.observances.find((o: { code: string }) => o.code === code)) });
  }
  const series: [string, number, number?][] = [["easterSunday", 2026], ["whitMonday", 1930, 2010], ["nationalDay", 1930, 2129], ["midsummerEve", 9800, 9999], ["christmasEve", 2026, 2026]];
  for (const [code, from, to] of series) {
    const call = to === undefined ? lib("occurrences", code, from) : lib("occurrences", code, from, to);
    list.push({
      call,
      value: envelopeOf(pathOf("observance", { code }) + q(to === undefined ? { from } : { from, to }), (l) => ({ ...JSON.parse(JSON.stringify(OBSERVANCE_INFO.get(code))), count: l.length, occurrences: l })),
    });
  }
  list.push({ call: lib("flagDayRules"), value: envelopeOf(pathOf("flagDayCatalogue"), (l) => ({ count: l.length, flagDays: l })) });
  list.push({ call: lib("dataVersion"), value: async (text) => expect(text).toBe(JSON.stringify(healthBody({ manifestPath: "/nonexistent/manifest.json" }).dataVersion)) });

  // ./ics: the feed the service serves for the same years and options
  for (const options of FEED_OPTIONS) {
    list.push({ call: ics("icsFeed", FEED_FROM, FEED_TO, options), value: async (text) => expect(JSON.parse(text)).toBe(await feed(options)) });
    list.push({ call: ics("buildFeed", FEED_FROM, FEED_TO, FULL(options)), value: async (text) => expect(JSON.parse(text)).toBe(await feed(options)) });
    list.push({
      call: ics("feedCalendarName", FULL(options)),
      value: async (text) => expect(`X-WR-CALNAME:${JSON.parse(text)}`).toBe(contentLines(await feed(options)).find((l) => l.line.startsWith("X-WR-CALNAME:"))?.line),
    });
    list.push({
      call: ics("feedEvents", FEED_FROM, FEED_TO, FULL(options)),
      value: async (text) => {
        const uids = contentLines(await feed(options)).filter((l) => l.line.startsWith("UID:")).map((l) => l.line.slice(4));
        const events = JSON.parse(text) as { uid: string; date: string }[];
        expect(events.map((e) => e.uid)).toEqual(uids);
        expect(events.length).toBeGreaterThan(50);
      },
    });
  }
  list.push({
    call: ics("feedUid", "2026-06-19", "midsummerEve"),
    value: async (text) => expect(contentLines(await feed({})).map((l) => l.line)).toContain(`UID:${JSON.parse(text)}`),
  });
  list.push({
    // a flag day that is no holiday (one that is, such as National Day, is the holiday's event)
    call: ics("flagDayEventCode", "kingsBirthday"),
    value: async (text) => expect(contentLines(await feed({ flags: true })).map((l) => l.line)).toContain(`UID:2026-04-30-${JSON.parse(text)}@swedish-calendar.example`),
  });
  list.push({
    call: ics("dueDateEventCode", "tax-account"),
    value: async (text) => expect(contentLines(await feed({ due: ["tax-account"] })).map((l) => l.line)).toContain(`UID:2026-01-19-${JSON.parse(text)}@swedish-calendar.example`),
  });
  list.push({
    call: ics("feedTimestamp", FEED_FROM),
    value: async (text) => expect(contentLines(await feed({})).filter((l) => l.line.startsWith("DTSTAMP:")).map((l) => l.line)).toContain(`DTSTAMP:${JSON.parse(text)}`),
  });
  // foldLine and withCalendarProperties: the last steps of the service's writer, undone on its own feed and redone
  const longest = "DESCRIPTION:" + "Midsummer Eve (de facto holiday) ".repeat(4) + "åäö".repeat(20);
  list.push({ call: ["./core", "foldLine", longest], value: async (text) => expect(JSON.parse(text).replace(/\r\n /g, "")).toBe(longest) });
  list.push({
    call: ["./core", "foldLine*"],
    value: async (text) => {
      const folded = contentLines(await feed(EVERYTHING)).filter((l) => l.folded !== l.line);
      expect(folded.length).toBeGreaterThan(0);
      expect(JSON.parse(text)).toEqual(folded.map((l) => l.folded));
    },
  });
  list.push({
    call: ["./core", "withCalendarProperties*"],
    value: async (text) => expect(JSON.parse(text)).toBe(await feed({ bridge: true })),
  });

  // bad input: the same CalendarError as the API's problem
  const errors: [Call, string][] = [
    [lib("describeDay", "2023-02-29"), pathOf("day", { date: "2023-02-29" })],
    [lib("describeDay", "2026-13-01"), pathOf("day", { date: "2026-13-01" })],
    [lib("describeDay", "2026-6-19"), pathOf("day", { date: "2026-6-19" })],
    [lib("describeDay", "1929-12-31"), pathOf("day", { date: "1929-12-31" })],
    [lib("isWorkingDay", "2025-02-29"), pathOf("day", { date: "2025-02-29" })],
    [lib("isBridgeDay", "20260515"), pathOf("day", { date: "20260515" })],
    [lib("isHalfDay", "1929-01-01"), pathOf("day", { date: "1929-01-01" })],
    [lib("holidays", 1929), pathOf("holidays") + q({ year: 1929 })],
    [lib("bridgeDays", 1929), pathOf("bridgeDays") + q({ year: 1929 })],
    [lib("halfDays", 1929), pathOf("halfDays") + q({ year: 1929 })],
    [lib("longWeekends", 1929), pathOf("longWeekends") + q({ year: 1929 })],
    [lib("flagDays", 1982), pathOf("flagDays") + q({ year: 1982 })],
    [lib("countPeriod", "2026-12-31", "2026-01-01"), pathOf("period") + q({ from: "2026-12-31", to: "2026-01-01" })],
    [lib("countPeriod", "1930-01-01", "2130-01-02"), pathOf("period") + q({ from: "1930-01-01", to: "2130-01-02" })],
    [lib("countPeriod", "2026-01-01", "2026-12-31", "both"), pathOf("period") + q({ from: "2026-01-01", to: "2026-12-31", bounds: "both" })],
    [lib("countPeriod", "2026-02-30", "2026-12-31"), pathOf("period") + q({ from: "2026-02-30", to: "2026-12-31" })],
    [lib("shiftDate", "2026-01-31", "5x"), pathOf("shift") + q({ date: "2026-01-31", add: "5x" })],
    [lib("shiftDate", "2026-01-31", "+1d"), pathOf("shift") + q({ date: "2026-01-31", add: "+1d" })],
    [lib("shiftDate", "9999-12-31", ["1d"]), pathOf("shift") + q({ date: "9999-12-31", add: "1d" })],
    [lib("shiftDate", "9999-12-30", ["1d"], { postpone: true }), pathOf("shift") + q({ date: "9999-12-30", add: "1d", postpone: true })],
    [lib("shiftDate", "2026-01-01", Array(21).fill("1d")), pathOf("shift") + q({ date: "2026-01-01", add: Array(21).fill("1d") })],
    [lib("shiftDate", "2026-01-01", []), pathOf("shift") + q({ date: "2026-01-01" })],
    [lib("planLeave", "2026-01-01", "2027-01-02", 5), pathOf("leavePlan") + q({ from: "2026-01-01", to: "2027-01-02", days: 5 })],
    [lib("planLeave", "2026-12-31", "2026-01-01", 5), pathOf("leavePlan") + q({ from: "2026-12-31", to: "2026-01-01", days: 5 })],
    [lib("planLeave", "2026-01-01", "2026-12-31", 61), pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 61 })],
    [lib("planLeave", "2026-01-01", "2026-12-31", 0), pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 0 })],
    [lib("planLeave", "2026-01-01", "2026-12-31", 5, "best"), pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 5, objective: "best" })],
    [lib("observanceInfo", "newYear"), pathOf("observance", { code: "newYear" })],
    [lib("occurrences", "nope", 2026), pathOf("observance", { code: "nope" }) + q({ from: 2026 })],
    [lib("occurrences", "easterSunday", 2026, 2025), pathOf("observance", { code: "easterSunday" }) + q({ from: 2026, to: 2025 })],
    [lib("occurrences", "easterSunday", 1930, 2131), pathOf("observance", { code: "easterSunday" }) + q({ from: 1930, to: 2131 })],
    [lib("occurrences", "easterSunday", 1929), pathOf("observance", { code: "easterSunday" }) + q({ from: 1929 })],
  ];
  errors.push(
    [lib("isBusinessDay", "2023-02-29"), pathOf("day", { date: "2023-02-29" })],
    [lib("adjust", "2026-06-19", "sideways"), route("adjust") + q({ date: "2026-06-19", convention: "sideways" })],
    [lib("adjust", "9999-12-31", "following"), route("adjust") + q({ date: "9999-12-31", convention: "following" })],
    [lib("adjust", "1930-01-01", "preceding"), route("adjust") + q({ date: "1930-01-01", convention: "preceding" })],
    [lib("dueDates", 1930, "child-benefit"), route("dueDates") + q({ year: 1930, schedule: "child-benefit" })],
    [lib("dueDates", 2026, "rent"), route("dueDates") + q({ year: 2026, schedule: "rent" })],
    [lib("dueDates", 2026, { day: 32, convention: "following" }), route("dueDates") + q({ year: 2026, day: 32, convention: "following" })],
  );
  for (const [call, path] of errors) list.push({ call, problem: path });
  // bad input no request can send (a year that is not a whole number, a feed's own years)
  list.push({ call: lib("holidays", 2026.5), problem: { code: "invalid-argument", argument: "year" } });
  list.push({ call: lib("occurrences", "easterSunday", 2026, 10000), problem: { code: "invalid-argument", argument: "to" } });
  list.push({ call: ics("icsFeed", 2027, 2026), problem: { code: "invalid-argument", argument: "toYear" } });
  list.push({ call: ics("icsFeed", 1929, 1930), problem: { code: "invalid-argument", argument: "fromYear" } });
  list.push({ call: ics("icsFeed", 2000, 2201), problem: { code: "invalid-argument", argument: "toYear" } });
  return list;
}

const PATHS_BRIDGE = (year: number) => pathOf("bridgeDays") + q({ year });
const PATHS_HALF = (year: number) => pathOf("halfDays") + q({ year });

/** The catalogue as the service lists it (for the observance codes to sample and the occurrences' envelope). */
let OBSERVANCE_CODES: string[] = [];
let OBSERVANCE_INFO = new Map<string, unknown>();

// ---------------------------------------------------------------------------------------------
// The consumer: plain ESM JavaScript, importing the package by its name
// ---------------------------------------------------------------------------------------------

/**
 * Runs the calls in the consumer project; answers each with the JSON text of its result or the error it threw.
 * Two pseudo-calls ("foldLine*", "withCalendarProperties*") fold and re-properties lines the test passes in.
 */
const CONSUMER = `
import * as lib from "swedish-calendar";
import * as ics from "swedish-calendar/ics";
import * as core from "swedish-calendar/core";
import { readFileSync, writeFileSync } from "node:fs";

const { calls, folded, unpropertied } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const modules = { ".": lib, "./ics": ics, "./core": core };
const describe = (m) => Object.fromEntries(Object.keys(m).sort().map((k) => [k, typeof m[k]]));
const results = calls.map(([subpath, fn, ...args]) => {
  try {
    let value;
    if (fn === "foldLine*") value = folded.map((line) => core.foldLine(line));
    else if (fn === "withCalendarProperties*") value = core.withCalendarProperties(unpropertied);
    else value = modules[subpath][fn](...args);
    return { value: JSON.stringify(value) };
  } catch (e) {
    return { error: { isCalendarError: e instanceof lib.CalendarError, name: e.name, code: e.code, argument: e.argument, message: e.message } };
  }
});
const error = new lib.CalendarError("invalid-date", "date", "x");
writeFileSync(process.argv[3], JSON.stringify({
  exports: { ".": describe(lib), "./ics": describe(ics) },
  coreKeys: Object.keys(core).sort(),
  icsKeys: Object.keys(ics).sort(),
  oneErrorClass: core.CalendarError === lib.CalendarError,
  errorShape: { isError: error instanceof Error, name: error.name, keys: Object.keys(error) },
  range: [lib.FIRST_YEAR, lib.LAST_YEAR],
  results,
}));
`;

interface ConsumerOutput {
  exports: Record<Subpath, Record<string, string>>;
  /** Object.keys of "./core" as installed */
  coreKeys: string[];
  icsKeys: string[];
  /** "./core" and "." export one CalendarError class */
  oneErrorClass: boolean;
  errorShape: { isError: boolean; name: string; keys: string[] };
  range: [number, number];
  results: Outcome[];
}

describe("the packed package, installed in a fresh project", () => {
  it("holds dist/ (JavaScript and declarations for every entry point, the CLI), README.md and package.json, and nothing else", () => {
    const meta = JSON.parse(readFileSync(join(PACKAGE_DIR, "package.json"), "utf8"));
    const entries = Object.values(meta.exports as Record<string, string | { types: string; default: string }>)
      .filter((t): t is { types: string; default: string } => typeof t === "object")
      .flatMap((t) => [t.types, t.default]);
    for (const file of [...entries, meta.bin["swedish-calendar"], "README.md", "package.json"]) expect(pkg.files).toContain(file.replace(/^\.\//, ""));
    expect(pkg.files.filter((f) => !f.startsWith("dist/") && f !== "README.md" && f !== "package.json")).toEqual([]);
    expect(pkg.files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    // installed from the tarball: a real folder, not a link back into the repository
    expect(readFileSync(join(pkg.installedDir, "dist/index.js"), "utf8")).toBe(readFileSync(join(PACKAGE_DIR, "dist/index.js"), "utf8"));
    expect(execFileSync("node", ["-e", "console.log(require('fs').lstatSync(process.argv[1]).isSymbolicLink())", pkg.installedDir], { encoding: "utf8" }).trim()).toBe("false");
    // it has no dependencies: the package is all that the install brought
    expect(meta.dependencies).toBeUndefined();
    expect(readdirSync(join(pkg.app, "node_modules")).filter((f) => !f.startsWith("."))).toEqual(["swedish-calendar"]);
  });

  describe("(a) plain ESM JavaScript gets the service's answers", () => {
    let output: ConsumerOutput;
    let all: Case[];

    beforeAll(async () => {
      const catalogue = JSON.parse(await ok(pathOf("observances"))) as { observances: { code: string }[] };
      OBSERVANCE_CODES = catalogue.observances.map((o) => o.code);
      OBSERVANCE_INFO = new Map(catalogue.observances.map((o) => [o.code, o]));
      all = cases();
      const everythingFeed = await feed(EVERYTHING);
      const bridgeFeed = await feed({ bridge: true });
      const input = {
        calls: all.map((c) => c.call),
        folded: contentLines(everythingFeed).filter((l) => l.folded !== l.line).map((l) => l.line),
        unpropertied: bridgeFeed.replace("X-PUBLISHED-TTL:PT6H\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n", "X-PUBLISHED-TTL:PT1H\r\n"),
      };
      expect(input.unpropertied).not.toBe(bridgeFeed);
      writeFileSync(join(pkg.app, "consumer.mjs"), CONSUMER);
      writeFileSync(join(pkg.app, "calls.json"), JSON.stringify(input));
      execFileSync("node", ["consumer.mjs", "calls.json", "results.json"], { cwd: pkg.app, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
      output = JSON.parse(readFileSync(join(pkg.app, "results.json"), "utf8"));
    }, 60_000);

    it("exports the library's functions from \".\" and icsFeed from \"./ics\", and every exported function is in the sample", () => {
      const functions = (subpath: Subpath) => Object.entries(output.exports[subpath]).filter(([, type]) => type === "function").map(([name]) => name);
      expect(functions(".")).toEqual(expect.arrayContaining([
        "CalendarError", "bridgeDays", "countPeriod", "dataVersion", "daysOfYear", "describeDay", "flagDayRules", "flagDays", "halfDays", "holidays",
        "isBridgeDay", "isHalfDay", "isWorkingDay", "longWeekends", "observanceInfo", "observances", "occurrences", "planLeave", "shiftDate",
      ]));
      expect(functions("./ics")).toContain("icsFeed");
      const sampled = new Set(all.map((c) => `${c.call[0]} ${c.call[1].replace(/\*$/, "")}`));
      const unsampled = (["." , "./ics"] as Subpath[]).flatMap((s) => functions(s).filter((f) => f !== "CalendarError" && !sampled.has(`${s} ${f}`)).map((f) => `${s} ${f}`));
      expect(unsampled).toEqual([]);
      expect(output.range).toEqual([1930, 9999]);
    });

    it("\"./core\" exports exactly the values its written list names (data-gen/core.ts), no more: no internal, no CLI", () => {
      const { values } = writtenCoreSurface();
      expect(output.coreKeys).toEqual([...values].sort());
      // the same class whichever entry point it is taken from (the modules are shared chunks, not copies)
      expect(output.oneErrorClass).toBe(true);
    });

    it("\"./ics\" exports exactly the values its written list names (data-gen/ics.ts), no more: none of the writer's internals", () => {
      const { values } = writtenIcsSurface();
      expect(output.icsKeys).toEqual([...values].sort());
    });

    it("CalendarError is an Error with code, argument and message, and no HTTP status", () => {
      expect(output.errorShape).toEqual({ isError: true, name: "CalendarError", keys: expect.arrayContaining(["code", "argument"]) });
      expect(output.errorShape.keys).not.toContain("status");
    });

    it.each(["describeDay", "isWorkingDay", "isBridgeDay", "isHalfDay", "holidays", "bridgeDays", "halfDays", "daysOfYear", "countPeriod", "shiftDate",
      "longWeekends", "planLeave", "observances", "observanceInfo", "occurrences", "flagDays", "flagDayRules", "dataVersion",
      "isBusinessDay", "adjust", "dueDates", "dueDateSchedules", "workingTime",
      "icsFeed", "buildFeed", "feedCalendarName", "feedEvents", "feedUid", "flagDayEventCode", "dueDateEventCode", "feedTimestamp", "foldLine", "withCalendarProperties"])("%s", async (fn) => {
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
          const { error } = outcome as { error: { isCalendarError: boolean; name: string; code: string; argument: string; message: string } };
          expect(error.isCalendarError, `${label}: ${error.name} ${error.message}`).toBe(true);
          expect(error.name).toBe("CalendarError");
          if (typeof c.problem === "string") {
            const res = await v3(c.problem);
            const problem = (await res.json()) as { type: string; detail: string; status: number };
            expect(res.status, label).toBeGreaterThanOrEqual(400);
            expect(problem.type.split("/").pop(), label).toBe(SLUG_OF_ENGINE_CODE[error.code as keyof typeof SLUG_OF_ENGINE_CODE]);
            if (error.code === "unknown-code") {
              // the one message the API words differently: it names the parameter and lists the codes, around the
              // library's message
              expect(problem.detail, label).toBe(`'${error.argument}': ${error.message} (codes: ${OBSERVANCE_CODES.join(", ")})`);
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
    }, 60_000);
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
      const resolutions = { node16: { module: "node16", moduleResolution: "node16" }, bundler: { module: "esnext", moduleResolution: "bundler" } };
      const reports = await Promise.all(
        Object.entries(resolutions).map(async ([name, resolution]) => {
          const tsconfig = `tsconfig.${name}.json`;
          const compilerOptions = { ...resolution, target: "ES2022", lib: ["ES2022"], strict: true, noEmit: true, skipLibCheck: false, types: [] };
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

  describe("(c) the CLI from the install", () => {
    const cli = (args: string[]) =>
      run(join(pkg.app, "node_modules/.bin/swedish-calendar"), args, { cwd: pkg.app, env: cleanEnv(), maxBuffer: 64 << 20 }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    /** The installed library's results, by call, from the consumer script. */
    const libraryResults = (calls: Call[]): string[] => {
      writeFileSync(join(pkg.app, "cli-calls.json"), JSON.stringify({ calls, folded: [], unpropertied: "" }));
      execFileSync("node", ["consumer.mjs", "cli-calls.json", "cli-results.json"], { cwd: pkg.app, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
      return (JSON.parse(readFileSync(join(pkg.app, "cli-results.json"), "utf8")) as ConsumerOutput).results.map((r) => {
        if (!("value" in r)) throw new Error(JSON.stringify(r));
        return r.value;
      });
    };

    const JSON_RUNS: [string[], Call][] = [
      [["day", "2026-06-19"], [".", "describeDay", "2026-06-19"]],
      [["holidays", "2026"], [".", "holidays", 2026, {}]],
      [["holidays", "1930", "--sundays", "--saturdays"], [".", "holidays", 1930, { sundays: true, saturdays: true }]],
      [["holidays", "9999", "--sundays"], [".", "holidays", 9999, { sundays: true }]],
      [["bridge-days", "2026"], [".", "bridgeDays", 2026]],
      [["half-days", "2026"], [".", "halfDays", 2026]],
      [["period", "2026-01-01", "2026-12-31"], [".", "countPeriod", "2026-01-01", "2026-12-31"]],
      [["period", "2026-01-01", "2026-12-31", "--bounds", "exclusive"], [".", "countPeriod", "2026-01-01", "2026-12-31", "exclusive"]],
      [["period", "2026-01-01", "2026-12-31", "--bounds=to"], [".", "countPeriod", "2026-01-01", "2026-12-31", "to"]],
      [["shift", "2026-01-31", "1m", "10b"], [".", "shiftDate", "2026-01-31", ["1m", "10b"], {}]],
      [["shift", "2026-01-31", "1m,10b", "--postpone"], [".", "shiftDate", "2026-01-31", ["1m,10b"], { postpone: true }]],
      [["shift", "2026-12-23", "-3b", "--postpone"], [".", "shiftDate", "2026-12-23", ["-3b"], { postpone: true }]],
      [["long-weekends", "2026"], [".", "longWeekends", 2026]],
      [["leave", "2026-01-01", "2026-12-31", "5"], [".", "planLeave", "2026-01-01", "2026-12-31", 5]],
      [["leave", "2026-01-01", "2026-12-31", "5", "--longest"], [".", "planLeave", "2026-01-01", "2026-12-31", 5, "longest"]],
      [["flag-days", "2026"], [".", "flagDays", 2026]],
      [["ics", "2026", "2027", "--bridge", "--flags"], ["./ics", "icsFeed", 2026, 2027, { bridge: true, flags: true }]],
      [["adjust", "2026-06-19", "modified-following"], [".", "adjust", "2026-06-19", "modified-following"]],
      [["adjust", "2026-05-31", "nearest"], [".", "adjust", "2026-05-31", "nearest"]],
      [["due-dates", "2026", "child-benefit"], [".", "dueDates", 2026, "child-benefit"]],
      [["due-dates", "2026", "25:preceding"], [".", "dueDates", 2026, { day: 25, convention: "preceding" }]],
      [["due-dates", "2026", "last:modified-following"], [".", "dueDates", 2026, { day: "last", convention: "modified-following" }]],
      [["working-time", "2026"], [".", "workingTime", 2026, { weeklyHours: 40 }]],
      [["arbetstid", "2027", "--weekly", "38.25", "--profile", "state"], [".", "workingTime", 2027, { weeklyHours: 38.25, profile: "state" }]],
      [["arbetstid", "2026", "--profile=standard", "--weekly=37.50"], [".", "workingTime", 2026, { weeklyHours: 37.5, profile: "standard" }]],
    ];

    it("--json prints exactly JSON.stringify of the library's result (and --lang does not change it)", async () => {
      const expected = libraryResults(JSON_RUNS.map(([, call]) => call));
      const outs = await mapLimited(JSON_RUNS, 4, ([args], i) => cli([...args, "--json", ...(i % 2 ? ["--lang", "en"] : [])]));
      for (const [i, [args]] of JSON_RUNS.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stderr: out.stderr }).toEqual({ args, code: 0, stderr: "" });
        expect(out.stdout, args.join(" ")).toBe(expected[i] + "\n");
      }
    }, 60_000);

    it("ics writes the library's feed as it is; every option is passed on", async () => {
      const runs: [string[], Record<string, boolean | string[]>][] = [
        [["ics", "2026"], {}],
        [["ics", "2026", "2027", "--bridge", "--half", "--saturdays", "--sundays", "--flags", "--busy", "--no-defacto"],
          { bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true, defacto: false }],
        [["ics", "1930", "2129", "--half"], { half: true }],
        [["ics", "2026", "--due", "tax-account,salary-25"], { due: ["tax-account", "salary-25"] }],
      ];
      const expected = libraryResults(runs.map(([args, options]) => ["./ics", "icsFeed", +args[1], +(args[2]?.match(/^\d{4}$/) ? args[2] : args[1]), options]));
      for (const [i, [args]] of runs.entries()) {
        const out = await cli(args);
        expect(out.code).toBe(0);
        expect(out.stdout).toBe(JSON.parse(expected[i]));
        expect(out.stdout.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      }
    }, 60_000);

    it("prints readable tables, in Swedish by default and in English with --lang en", async () => {
      const sv = await cli(["day", "2026-06-19"]);
      expect(sv.code).toBe(0);
      expect(sv.stdout).toMatch(/2026-06-19 fredag/);
      expect(sv.stdout).toMatch(/Midsommarafton/);
      expect(sv.stdout).toMatch(/Arbetsdag:\s+nej/);
      const en = await cli(["day", "2026-06-19", "--lang", "en"]);
      expect(en.stdout).toMatch(/2026-06-19 Friday/);
      expect(en.stdout).toMatch(/Midsummer Eve/);
      expect(en.stdout).toMatch(/Working day:\s+no/);

      const holidayTable = (await cli(["holidays", "2026"])).stdout.split("\n");
      expect(holidayTable[0]).toMatch(/^Datum\s+Veckodag\s+Vecka\s+Typ\s+Namn$/);
      expect(holidayTable.filter((l) => /^\d{4}-\d\d-\d\d /.test(l))).toHaveLength(18);
      expect(holidayTable).toContainEqual(expect.stringMatching(/^2026-06-06\s+lördag\s+23\s+allmän helgdag\s+Sveriges nationaldag$/));
      expect(holidayTable.at(-2)).toBe("18 dagar");

      const bridge = (await cli(["bridge-days", "2026"])).stdout;
      expect([...bridge.matchAll(/^(\d{4}-\d\d-\d\d)/gm)].map((m) => m[1])).toEqual(["2026-01-02", "2026-01-05", "2026-05-15"]);
      expect(bridge).toMatch(/3 klämdagar/);
      expect((await cli(["half-days", "2026", "--lang", "en"])).stdout).toMatch(/^2026-01-05\s+Monday\s+2\s+Epiphany$/m);
      const period = (await cli(["period", "2026-01-01", "2026-12-31"])).stdout;
      expect(period).toMatch(/^Arbetsdagar:\s+251$/m);
      expect(period).toMatch(/^Klämdagar:\s+3$/m);
      const shift = (await cli(["shift", "2026-01-31", "1m", "10b", "--postpone", "--lang", "en"])).stdout;
      expect(shift).toMatch(/\+1m → 2026-02-28 Saturday \(clamped to the end of the month\)/);
      expect(shift).toMatch(/^Result:\s+2026-03-13 Friday \(working day\)$/m);
      expect((await cli(["long-weekends", "2026"])).stdout).toMatch(/^2026-05-14\s+2026-05-17\s+4\s+2026-05-15\s+Kristi himmelsfärdsdag$/m);
      expect((await cli(["leave", "2026-05-11", "2026-05-17", "1"])).stdout).toMatch(/^2026-05-14\s+2026-05-17\s+4\s+2026-05-15$/m);
      expect((await cli(["flag-days", "2026", "--lang", "en"])).stdout).toMatch(/^2026-06-06\s+Saturday\s+National Day of Sweden and Swedish Flag Day\s+National Day of Sweden$/m);

      // working time: the Swedish name and the English one are the same command
      const arbetstid = (await cli(["arbetstid", "2026", "--profile", "state"])).stdout.split("\n");
      expect(arbetstid[0]).toBe("Arbetstid 2026: 40 timmar i veckan, 8 h per arbetsdag, profil: Statligt anställda med kontorsarbetstid");
      expect(arbetstid[2]).toMatch(/^Månad\s+Arbetsdagar\s+Timmar\s+Förkortade dagar$/);
      expect(arbetstid).toContainEqual(expect.stringMatching(/^januari\s+20\s+156\s+01-05 Trettondagsafton −4 h$/));
      expect(arbetstid).toContainEqual(expect.stringMatching(/^april\s+20\s+156\s+04-02 Skärtorsdagen −2 h, 04-30 Valborgsmässoafton −2 h$/));
      expect(arbetstid).toContainEqual(expect.stringMatching(/^december\s+20\s+160$/));
      expect(arbetstid).toContainEqual(expect.stringMatching(/^Kvartal 2\s+60\s+476$/));
      expect(arbetstid.at(-2)).toMatch(/^Hela året\s+251\s+1996$/);
      const workingTimeEn = (await cli(["working-time", "2027", "--weekly", "38.25", "--profile", "state", "--lang", "en"])).stdout.split("\n");
      expect(workingTimeEn[0]).toBe("Working time 2027: 38.25 hours a week, 7 h 39 min a working day, profile: State employees with office hours");
      expect(workingTimeEn).toContainEqual(expect.stringMatching(/^January\s+19\s+141\.52\s+01-05 Twelfth Night −3 h 50 min$/));
      expect(workingTimeEn).toContainEqual(expect.stringMatching(/^March\s+21\s+158\.73\s+03-25 Maundy Thursday −1 h 55 min$/));
      expect(workingTimeEn.at(-2)).toMatch(/^Year\s+253\s+1922\.03$/);
      // a decimal comma in Swedish
      expect((await cli(["arbetstid", "2027", "--weekly", "38.25"])).stdout).toMatch(/^Arbetstid 2027: 38,25 timmar i veckan, 7 h 39 min per arbetsdag, .*\n[\s\S]*^januari\s+19\s+145,35$/m);
    }, 60_000);

    it("bad input and usage errors: exit 2, exactly one line on stderr, nothing on stdout, in the output's language", async () => {
      // Swedish by default, English with --lang en (wherever it stands on the line); an argument is named by what it is
      // and its value as typed, an option by its flag: never by the library's or the API's names ('toYear', 'add')
      const bad: [string[], string | RegExp][] = [
        [["day", "2023-02-29"], "2023-02-29 (datumet) finns inte i kalendern"],
        [["day", "2023-02-29", "--lang", "en"], "2023-02-29 (the date) does not exist in the calendar"],
        [["day", "2026-6-19"], "'2026-6-19' (datumet) är inget datum på formen ÅÅÅÅ-MM-DD"],
        [["day", "1929-12-31", "--lang=en"], "1929-12-31 (the date) is outside 1930-01-01..9999-12-31"],
        [["holidays", "1929"], "1929 (året) ligger utanför 1930–9999"],
        [["holidays", "26"], "'26' (året) är inget årtal med fyra siffror"],
        [["holidays", "+2026", "--lang", "en"], "'+2026' (the year) is not a year of four digits"],
        [["flag-days", "1982"], "1982 (året) är för tidigt: allmänna flaggdagar finns från 1983"],
        [["flag-days", "1982", "--lang", "en"], "1982 (the year) is too early: official flag days exist from 1983"],
        [["period", "2026-12-31", "2026-01-01"], "2026-01-01 (andra datumet) är före 2026-12-31 (första datumet)"],
        [["period", "1930-01-01", "2130-01-02", "--lang", "en"], "2130-01-02 (the second date) is more than 200 years after 1930-01-01 (the first date)"],
        [["period", "2026-01-01", "2026-12-31", "--bounds", "both"], "'both' (--bounds) finns inte; välj inclusive, exclusive, from eller to"],
        [["shift", "2026-01-31", "5x"], /^'5x' \(steget\) är inget steg: ett heltal \(negativt för att gå bakåt\) följt av en enhet, d \(dagar\)/],
        [["shift", "2026-01-31", "1d", "5x", "--lang", "en"], /^'5x' \(the step\) is not a step: a whole number/],
        [["shift", "2026-01-31", ...Array(21).fill("1d")], "för många steg: högst 20 sammanlagt"],
        [["shift", "9999-12-31", "1d"], "stegen för datumet utanför 1930-01-01–9999-12-31"],
        [["shift", "9999-12-31", "0d", "--postpone", "--lang", "en"], "the Sunday rule (--postpone) would move the date past 9999-12-31"],
        [["leave", "2026-01-01", "2026-12-31", "61"], "'61' (antalet semesterdagar) ska vara ett heltal från 1 till 60, skrivet med siffror"],
        [["leave", "2026-01-01", "2026-12-31", "5.0", "--lang", "en"], "'5.0' (the number of leave days) must be a whole number from 1 to 60, written in digits"],
        [["leave", "2026-01-01", "2027-01-02", "5"], "perioden 2026-01-01–2027-01-02 är längre än 366 dagar"],
        [["leave", "2026-02-01", "2026-01-01", "5", "--lang", "en"], "2026-01-01 (the second date) is before 2026-02-01 (the first date)"],
        [["ics", "2027", "2026"], "2026 (andra året) är före 2027 (första året)"],
        [["ics", "2027", "2026", "--lang", "en"], "2026 (the second year) is before 2027 (the first year)"],
        [["ics", "2000", "2201"], "2201 (andra året) ligger mer än 200 år efter 2000 (första året)"],
        [["ics", "1929"], "1929 (första året) ligger utanför 1930–9999"],
        [["ics", "2026", "--due", "salary-25,rent"], "'salary-25,rent' (--due) ska vara ett eller flera av salary-25, child-benefit och tax-account, med kommatecken emellan"],
        [["adjust", "2026-06-19", "sideways"], "'sideways' (konventionen) finns inte; välj following, preceding, modified-following, modified-preceding, nearest eller unadjusted"],
        [["adjust", "9999-12-31", "following", "--lang", "en"], "following (the convention) needs a business day outside 1930-01-01..9999-12-31"],
        [["due-dates", "2026", "nope"], "'nope' (schemat) finns inte; välj salary-25, child-benefit eller tax-account, eller en egen regel dag:konvention, till exempel 25:preceding"],
        [["due-dates", "2026", "nope", "--lang", "en"], "'nope' (the schedule) is not one of salary-25, child-benefit or tax-account, nor a rule of your own day:convention such as 25:preceding"],
        [["due-dates", "2014", "child-benefit"], "2014 (året) är för tidigt: schemat child-benefit gäller från 2015"],
        [["due-dates", "2026", "32:preceding"], "'32' (dagen i 32:preceding) ska vara en dag i månaden från 1 till 31, eller last"],
        [["due-dates", "2026", "25:next", "--lang", "en"], "'next' (the convention in 25:next) is not one of following, preceding, modified-following, modified-preceding, nearest or unadjusted"],
        [[], "inget kommando angivet (se swedish-calendar --help)"],
        [["holiday", "2026"], "okänt kommando 'holiday' (se swedish-calendar --help)"],
        [["holiday", "2026", "--lang", "en"], "unknown command 'holiday' (see swedish-calendar --help)"],
        [["--verbose"], "okänd flagga '--verbose' (se swedish-calendar --help)"],
        [["holidays"], "argumentet <year> saknas för 'holidays' (användning: swedish-calendar holidays <year> [--sundays] [--saturdays])"],
        [["period", "2026-01-01", "--lang", "en"], /^missing argument <to> for 'period' \(usage: /],
        [["shift", "2026-01-01"], /^argumentet <step> saknas för 'shift'/],
        [["leave", "2026-01-01", "2026-12-31"], /^argumentet <days> saknas för 'leave'/],
        [["holidays", "2026", "2027"], /^oväntat argument '2027' för 'holidays'/],
        [["holidays", "2026", "--bridge"], "okänd flagga '--bridge' för 'holidays' (se swedish-calendar holidays --help)"],
        [["day", "2026-06-19", "--lang", "de"], "'--lang' ska vara sv eller en"],
        [["period", "2026-01-01", "2026-12-31", "--bounds"], "flaggan '--bounds' behöver ett värde"],
        [["holidays", "2026", "--lang", "en", "--json=yes"], "option '--json' takes no value"],
        [["arbetstid", "2026", "--weekly", "37.3"], "'37.3' (--weekly) ska vara ett antal timmar i veckan från 1 till 60 i steg om 0,25, skrivet med siffror och decimalpunkt, till exempel 38.25"],
        [["working-time", "2026", "--weekly", "61", "--lang", "en"], "'61' (--weekly) must be a number of hours a week from 1 to 60 in steps of 0.25, written in digits, such as 38.25"],
        [["arbetstid", "2026", "--weekly", "38,25"], /^'38,25' \(--weekly\) ska vara/],
        [["arbetstid", "2026", "--profile", "nope"], "'nope' (--profile) finns inte; välj standard eller state"],
        [["working-time", "2026", "--profile", "nope", "--lang", "en"], "'nope' (--profile) is not one of standard or state"],
        [["arbetstid", "2016", "--profile", "state"], "2016 (året) är för tidigt: profilen state gäller från 2017"],
        [["working-time", "2016", "--profile", "state", "--lang", "en"], "2016 (the year) is too early: the profile state starts in 2017"],
        [["arbetstid", "1929"], "1929 (året) ligger utanför 1930–9999"],
        [["arbetstid"], "argumentet <year> saknas för 'arbetstid' (användning: swedish-calendar arbetstid <year> [--weekly <weekly>] [--profile <profile>])"],
      ];
      const outs = await mapLimited(bad, 4, ([args]) => cli(args));
      for (const [i, [args, message]] of bad.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stdout: out.stdout }).toEqual({ args, code: 2, stdout: "" });
        expect(out.stderr.endsWith("\n") && out.stderr.split("\n").length === 2, JSON.stringify(out.stderr)).toBe(true);
        expect(out.stderr.startsWith("swedish-calendar: "), out.stderr).toBe(true);
        const line = out.stderr.slice("swedish-calendar: ".length, -1);
        if (typeof message === "string") expect(line).toBe(message);
        else expect(line).toMatch(message);
        expect(out.stderr).not.toMatch(/\n\s+at /);
        // none of the library's argument names, none of the API's wording
        expect(line, args.join(" ")).not.toMatch(/'(fromYear|toYear|from|to|add|days|year|date|code|schedule|due|bounds)'|does not swap|must not be earlier/);
      }
    }, 60_000);

    it("--help: at the top level and on every command, exit 0 on stdout; npx finds the bin", async () => {
      const top = await run("npx", ["--no-install", "swedish-calendar", "--help"], { cwd: pkg.app, env: cleanEnv() });
      expect(top.stderr.replace(/^npm warn .*\n/gim, "")).toBe("");
      const commands = ["day", "holidays", "bridge-days", "half-days", "period", "shift", "long-weekends", "leave", "flag-days", "ics", "adjust", "due-dates", "working-time", "arbetstid"];
      // a command's other name (arbetstid) is in its summary, not a line of its own
      for (const command of commands.filter((c) => c !== "arbetstid")) expect(top.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
      expect(top.stdout).toMatch(/^  working-time .*\(alias: arbetstid\)$/m);
      const runs = commands.flatMap((command) => [[command, "--help"], ["help", command], [command, "2026", "-h"]].map((args) => ({ command, args })));
      const outs = await mapLimited(runs, 4, ({ args }) => cli(args));
      for (const [i, { command, args }] of runs.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stderr: out.stderr }).toEqual({ args, code: 0, stderr: "" });
        expect(out.stdout.startsWith(`Usage: swedish-calendar ${command} `), out.stdout).toBe(true);
        expect(out.stdout).toMatch(/Example: swedish-calendar /);
      }
    }, 60_000);

    it("--help states the engine's values and bounds, as the engine declares them (conventions, schedules, years, limits)", async () => {
      const [top, adjust, due, ics, leave, shift] = await Promise.all([[], ["adjust"], ["due-dates"], ["ics"], ["leave"], ["shift"]].map((c) => cli([...c, "--help"])));
      expect(top.stdout).toContain(`What every date from ${FIRST_YEAR} to ${LAST_YEAR} is in Sweden`);
      expect(adjust.stdout).toContain(`Conventions (QuantLib's): ${ENGINE_CONVENTIONS.join(", ")}.`);
      const codes = DUE_DATE_RULES.map((r) => r.code).join(", ");
      expect(top.stdout).toContain(`the due dates of a year: ${codes}, or <day>:<convention>`);
      expect(due.stdout).toMatch(/^Usage: swedish-calendar due-dates /);
      expect(ics.stdout).toContain(`(a comma list: ${codes})`);
      expect(top.stdout).toContain(`the iCalendar feed of the years (at most ${MAX_SPAN_YEARS})`);
      expect(top.stdout).toContain(`the best use of 1 to ${MAX_LEAVE_DAYS} leave days between two dates (at most ${MAX_PLAN_DAYS} days)`);
      expect(leave.stdout).toMatch(/^Usage: swedish-calendar leave /);
      expect(shift.stdout).toContain(`At most ${MAX_STEPS} steps.`);
    }, 60_000);
  });

  describe("(d) publint and @arethetypeswrong/cli", () => {
    it("publint: no errors, no warnings on the installed files", async () => {
      const { messages, pkg: meta } = await publint({ pkgDir: pkg.installedDir, pack: false, level: "warning", strict: true });
      expect(messages.map((m) => `${m.type}: ${formatMessage(m, meta)}`)).toEqual([]);
    });

    it("publint's check can fail: a bin that is not in the package is an error", async () => {
      const dir = join(pkg.temp, "broken-package");
      execFileSync("cp", ["-r", pkg.installedDir, dir]);
      execFileSync("rm", [join(dir, "dist/cli.js")]);
      const { messages } = await publint({ pkgDir: dir, pack: false, level: "warning", strict: true });
      expect(messages.filter((m) => m.type === "error").length).toBeGreaterThan(0);
    });

    it("attw on the tarball: no problem for ESM consumers (node16 from ESM, bundler)", async () => {
      // The package is ESM only (type: module, no require condition), as its engines (Node >= 18.7) allow. The esm-only
      // profile leaves out exactly the two resolutions an ESM-only package cannot serve: node16 from CommonJS
      // (CJSResolvesToESM: require() of ESM) and node10 (NoResolution: no `exports` support, so no subpaths). Every
      // other problem fails the check, and so does either of those two anywhere else.
      const out = await run(BIN("attw"), [pkg.tarball, "--profile", "esm-only", "--format", "json"], { cwd: pkg.temp, maxBuffer: 64 << 20 }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      const report = JSON.parse(out.stdout) as { analysis: { entrypoints: Record<string, unknown> }; problems?: Record<string, { kind: string; entrypoint: string; resolutionKind: string }[]> };
      const problems = Object.values(report.problems ?? {}).flat();
      const outsideProfile = problems.filter((p) => !(p.kind === "CJSResolvesToESM" && p.resolutionKind === "node16-cjs") && !(p.kind === "NoResolution" && p.resolutionKind === "node10"));
      expect(outsideProfile).toEqual([]);
      expect(out.code).toBe(0);
      expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([".", "./core", "./ics", "./package.json"]);
    }, 60_000);
  });

  describe("(e) esbuild bundles it for the browser", () => {
    /** Bundles `contents` (resolved in the consumer project) as the browser build would (build/browser-bundle.ts). */
    const browserBundle = (contents: string) => bundleForBrowser(contents, pkg.app);

    it("the check can fail: a Node built-in is caught", async () => {
      const { builtins } = await browserBundle(`export { readFileSync } from "node:fs";\nexport { join } from "path";`);
      expect(builtins).toEqual(["<stdin>: node:fs", "<stdin>: path"]);
    });

    it.each(["swedish-calendar", "swedish-calendar/ics"])("%s: platform browser, minified ESM, no Node built-in", async (entry) => {
      const { result, builtins } = await browserBundle(`export * from "${entry}";`);
      expect(builtins).toEqual([]);
      expect(result.errors).toEqual([]);
      const code = result.outputFiles[0].text;
      expect(code).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b/);
      // the bundle is the installed package, and it works: run it as a module
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.some((i) => i.includes("node_modules/swedish-calendar/dist/"))).toBe(true);
      const file = join(pkg.temp, `bundle-${entry.replace(/\W/g, "-")}.mjs`);
      writeFileSync(file, code);
      const probe = entry === "swedish-calendar" ? `m.describeDay("2026-06-19").observances[0].code` : `m.icsFeed(2026, 2026)`;
      const answer = execFileSync("node", ["--input-type=module", "-e", `const m = await import(${JSON.stringify(file)}); process.stdout.write(${probe});`], { encoding: "utf8" });
      if (entry === "swedish-calendar") expect(answer).toBe("midsummerEve");
      else expect(answer).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*SUMMARY:Midsommarafton\r\n/);
    }, 60_000);
  });
});
