/**
 * The sample of the package test: each library call with what the service, in process, says about it (the same
 * bytes as the API body, the list inside its envelope, or the problem of its error).
 */

import { workingTime as workingTimeInRepository } from "swedish-calendar";
import { expect } from "vitest";
import { PATHS, pathOf } from "../../contract/paths.js";
import { handleFeed } from "../../functions/lib/feed.js";
import { healthBody } from "../../functions/lib/health.js";
import { handleV3 } from "../../functions/lib/v3.js";

/** 2026-06-15 12:00 in Stockholm: the feed's window is 2024-2028. */
const NOW = new Date("2026-06-15T10:00:00Z");
const FEED_FROM = 2024;
const FEED_TO = 2028;
const ORIGIN = "http://localhost";

export async function v3(path: string): Promise<Response> {
  return handleV3(new Request(ORIGIN + path), { clock: () => NOW, rateLimitsEnabled: false });
}

/** The body of a 200 answer of the v3 handler. */
export async function ok(path: string): Promise<string> {
  const res = await v3(path);
  const body = await res.text();
  expect(res.status, `${path}: ${body}`).toBe(200);
  return body;
}

/** The feed the service serves for these options (its window is FEED_FROM-FEED_TO at NOW). */
export async function feed(options: Record<string, boolean | string[]>): Promise<string> {
  const query = new URLSearchParams(Object.entries(options).map(([k, v]) => [k, String(v)]));
  const res = await handleFeed(new Request(`${ORIGIN}${pathOf("feed")}?${query}`), {
    clock: () => NOW,
    rateLimitsEnabled: false,
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return body;
}

const q = (params: Record<string, string | number | boolean | (string | number)[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  return `?${search}`;
};

// ---------------------------------------------------------------------------------------------
// The sample: each library call with what the service says about it
// ---------------------------------------------------------------------------------------------

export type Subpath = "." | "./ics" | "./core";
export type Call = [subpath: Subpath, fn: string, ...args: unknown[]];
export type Outcome =
  | { value: string }
  | { error: { isCalendarError: boolean; name: string; code?: string; argument?: string; message: string } };

export interface Case {
  call: Call;
  /** checks the library's JSON text against the service */
  value?: (text: string) => Promise<void>;
  /** the v3 request that must fail the same way, or, for checks with no request, the code and argument expected */
  problem?: string | { code: string; argument: string };
}

/** The library's result is the API body, byte for byte. */
const bodyIs = (path: string) => async (text: string) => expect(text).toBe(await ok(path));
/** The API body is the library's result in its envelope, byte for byte. */
const envelopeOf = (path: string, wrap: (value: any) => unknown) => async (text: string) =>
  expect(await ok(path)).toBe(JSON.stringify(wrap(JSON.parse(text))));
/** The library's result is what the API body says. */
const pickedFrom = (path: string, pick: (body: any) => unknown) => async (text: string) =>
  expect(text).toBe(JSON.stringify(pick(JSON.parse(await ok(path)))));

/** A route's path looked up by name at run time (for the routes of the business-day functions). */
const route = (id: string): string =>
  (PATHS as Record<string, string>)[id] ?? expect.fail(`no route '${id}' in contract/paths.ts`);

const yearList = (year: number) => (days: unknown[]) => ({ year, count: days.length, days });

/** Deterministic dates across the range, plus the ones with a story. */
function sampleDates(): string[] {
  let s = 19;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const dates = [
    "1930-01-01",
    "1930-01-06",
    "1953-06-06",
    "1983-06-06",
    "2004-05-31",
    "2005-05-16",
    "2005-06-06",
    "2024-02-29",
    "2026-01-05",
    "2026-04-04",
    "2026-05-15",
    "2026-06-19",
    "2026-06-22",
    "2026-10-31",
    "2026-12-23",
    "2026-12-24",
    "2026-12-31",
    "2100-02-28",
    "9999-12-31",
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
export const EVERYTHING = { flags: true, bridge: true, half: true, saturdays: true, sundays: true, busy: true };
const FULL = (options: Record<string, boolean | string[]>) => ({
  defacto: true,
  bridge: false,
  half: false,
  saturdays: false,
  sundays: false,
  flags: false,
  busy: false,
  due: [],
  ...options,
});

/** The logical lines of iCalendar text (continuations joined) with their folded text. */
export function contentLines(ics: string): { line: string; folded: string }[] {
  return ics
    .split(/\r\n(?![ \t])/)
    .filter((l) => l)
    .map((folded) => ({ folded, line: folded.replace(/\r\n[ \t]/g, "") }));
}

export function cases(): Case[] {
  const list: Case[] = [];
  const lib = (fn: string, ...args: unknown[]): Call => [".", fn, ...args];
  const ics = (fn: string, ...args: unknown[]): Call => ["./ics", fn, ...args];

  for (const date of DATES) {
    const year = +date.slice(0, 4);
    list.push({ call: lib("describeDay", date), value: bodyIs(pathOf("day", { date })) });
    list.push({ call: lib("isWorkingDay", date), value: pickedFrom(pathOf("day", { date }), (day) => day.workingDay) });
    list.push({
      call: lib("isBridgeDay", date),
      value: pickedFrom(PATHS_BRIDGE(year), (b) => b.days.some((d: { date: string }) => d.date === date)),
    });
    list.push({
      call: lib("isHalfDay", date),
      value: pickedFrom(PATHS_HALF(year), (b) => b.days.some((d: { date: string }) => d.date === date)),
    });
    list.push({
      call: lib("isBusinessDay", date),
      value: pickedFrom(pathOf("day", { date }), (day) => day.workingDay),
    });
  }
  for (const [i, date] of DATES.entries()) {
    for (const convention of CONVENTIONS.slice(i % 3, (i % 3) + 4)) {
      // the ends of the range are days off: a convention that looks past them throws (sampled among the errors)
      if (date === "9999-12-31" && (convention === "following" || convention === "nearest")) continue;
      if (date === "1930-01-01" && (convention === "preceding" || convention === "nearest")) continue;
      list.push({
        call: lib("adjust", date, convention),
        value: (text) => bodyIs(route("adjust") + q({ date, convention }))(text),
      });
    }
  }
  for (const year of [1930, 2015, 2026, 9999]) {
    for (const schedule of ["salary-25", "child-benefit", "tax-account"]) {
      if (year === 1930 && schedule !== "salary-25") continue;
      list.push({ call: lib("dueDates", year, schedule), value: bodyIs(route("dueDates") + q({ year, schedule })) });
    }
  }
  for (const [year, day, convention] of [
    [2026, "last", "preceding"],
    [2026, 31, "modified-following"],
    [1930, 1, "following"],
    [9999, 15, "nearest"],
  ] as const) {
    list.push({
      call: lib("dueDates", year, { day, convention }),
      value: bodyIs(route("dueDates") + q({ year, day, convention })),
    });
  }
  // working time: no route answers it here yet, so the installed package is compared with the package's sources
  const WORKING_TIME: [number, { weeklyHours?: number; profile?: "standard" | "state" }?][] = [
    [2026],
    [2026, { weeklyHours: 38.25, profile: "state" }],
    [2027, { profile: "state" }],
    [1930, { weeklyHours: 1 }],
    [9999, { weeklyHours: 60, profile: "state" }],
  ];
  for (const [year, options] of WORKING_TIME) {
    list.push({
      call: options ? lib("workingTime", year, options) : lib("workingTime", year),
      value: async (text) => expect(text).toBe(JSON.stringify(workingTimeInRepository(year, options))),
    });
  }
  list.push({
    call: lib("workingTime", 2026, { weeklyHours: 37.3 }),
    problem: { code: "invalid-argument", argument: "weeklyHours" },
  });
  list.push({
    call: lib("workingTime", 2026, { profile: "nope" }),
    problem: { code: "invalid-argument", argument: "profile" },
  });
  list.push({
    call: lib("workingTime", 2016, { profile: "state" }),
    problem: { code: "invalid-argument", argument: "year" },
  });
  list.push({
    call: lib("dueDateSchedules"),
    value: envelopeOf(route("dueDateCatalogue"), (l) => ({ count: l.length, schedules: l })),
  });
  for (const year of YEARS) {
    list.push({ call: lib("holidays", year), value: envelopeOf(pathOf("holidays") + q({ year }), yearList(year)) });
    list.push({ call: lib("bridgeDays", year), value: envelopeOf(PATHS_BRIDGE(year), yearList(year)) });
    list.push({ call: lib("halfDays", year), value: envelopeOf(PATHS_HALF(year), yearList(year)) });
    list.push({
      call: lib("longWeekends", year),
      value: envelopeOf(pathOf("longWeekends") + q({ year }), (l) => ({ year, count: l.length, longWeekends: l })),
    });
    if (year >= 1983)
      list.push({
        call: lib("flagDays", year),
        value: envelopeOf(pathOf("flagDays") + q({ year }), (l) => ({ year, count: l.length, flagDays: l })),
      });
  }
  for (const year of [1930, 2026, 9999]) {
    for (const [sundays, saturdays] of [
      [true, false],
      [false, true],
      [true, true],
    ]) {
      list.push({
        call: lib("holidays", year, { sundays, saturdays }),
        value: envelopeOf(pathOf("holidays") + q({ year, sundays, saturdays }), yearList(year)),
      });
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
    ["2026-01-01", "2026-12-31"],
    ["2026-01-01", "2026-12-31", "exclusive"],
    ["2026-04-02", "2026-04-07", "from"],
    ["2026-04-02", "2026-04-07", "to"],
    ["2026-06-19", "2026-06-19", "exclusive"],
    ["1930-01-01", "2129-12-31"],
    ["9799-12-31", "9999-12-31", "inclusive"],
    ["2024-02-29", "2025-02-28"],
  ];
  for (const [from, to, bounds] of periods) {
    const call = bounds ? lib("countPeriod", from, to, bounds) : lib("countPeriod", from, to);
    list.push({ call, value: bodyIs(pathOf("period") + q(bounds ? { from, to, bounds } : { from, to })) });
  }
  const shifts: [string, string | string[], boolean][] = [
    ["2026-01-31", "1m", false],
    ["2026-01-31", ["1m", "10b"], true],
    ["2026-01-31", "1m,10b", true],
    ["2026-12-23", ["1b"], false],
    ["2026-12-23", "-3b", true],
    ["2024-02-29", ["1y", "-1y"], false],
    ["2026-06-18", ["1d"], true],
    ["1930-01-01", ["2400b", "-5w", "7d"], true],
    ["9999-12-01", ["-1000000b"], false],
  ];
  for (const [date, steps, postpone] of shifts) {
    list.push({
      call: lib("shiftDate", date, steps, { postpone }),
      value: bodyIs(pathOf("shift") + q({ date, add: steps, postpone })),
    });
  }
  list.push({
    call: lib("shiftDate", "2026-01-31", "1m"),
    value: bodyIs(pathOf("shift") + q({ date: "2026-01-31", add: "1m" })),
  });
  const plans: [string, string, number, string?][] = [
    ["2026-01-01", "2026-12-31", 5],
    ["2026-01-01", "2026-12-31", 5, "longest"],
    ["2026-05-11", "2026-05-17", 1],
    ["1930-01-01", "1930-12-31", 60, "most"],
    ["9999-01-01", "9999-12-31", 25, "longest"],
    ["2024-01-01", "2024-12-31", 1, "most"],
  ];
  for (const [from, to, days, objective] of plans) {
    const call = objective ? lib("planLeave", from, to, days, objective) : lib("planLeave", from, to, days);
    list.push({
      call,
      value: bodyIs(pathOf("leavePlan") + q(objective ? { from, to, days, objective } : { from, to, days })),
    });
  }
  list.push({
    call: lib("observances"),
    value: envelopeOf(pathOf("observances"), (l) => ({ count: l.length, observances: l })),
  });
  for (const code of OBSERVANCE_CODES) {
    list.push({
      call: lib("observanceInfo", code),
      value: pickedFrom(pathOf("observances"), (b) => b.observances.find((o: { code: string }) => o.code === code)),
    });
  }
  const series: [string, number, number?][] = [
    ["easterSunday", 2026],
    ["whitMonday", 1930, 2010],
    ["nationalDay", 1930, 2129],
    ["midsummerEve", 9800, 9999],
    ["christmasEve", 2026, 2026],
  ];
  for (const [code, from, to] of series) {
    const call = to === undefined ? lib("occurrences", code, from) : lib("occurrences", code, from, to);
    list.push({
      call,
      value: envelopeOf(pathOf("observance", { code }) + q(to === undefined ? { from } : { from, to }), (l) => ({
        ...JSON.parse(JSON.stringify(OBSERVANCE_INFO.get(code))),
        count: l.length,
        occurrences: l,
      })),
    });
  }
  list.push({
    call: lib("flagDayRules"),
    value: envelopeOf(pathOf("flagDayCatalogue"), (l) => ({ count: l.length, flagDays: l })),
  });
  list.push({
    call: lib("dataVersion"),
    value: async (text) =>
      expect(text).toBe(JSON.stringify(healthBody({ manifestPath: "/nonexistent/manifest.json" }).dataVersion)),
  });

  // ./ics: the feed the service serves for the same years and options
  for (const options of FEED_OPTIONS) {
    list.push({
      call: ics("icsFeed", FEED_FROM, FEED_TO, options),
      value: async (text) => expect(JSON.parse(text)).toBe(await feed(options)),
    });
    list.push({
      call: ics("buildFeed", FEED_FROM, FEED_TO, FULL(options)),
      value: async (text) => expect(JSON.parse(text)).toBe(await feed(options)),
    });
    list.push({
      call: ics("feedCalendarName", FULL(options)),
      value: async (text) =>
        expect(`X-WR-CALNAME:${JSON.parse(text)}`).toBe(
          contentLines(await feed(options)).find((l) => l.line.startsWith("X-WR-CALNAME:"))?.line,
        ),
    });
    list.push({
      call: ics("feedEvents", FEED_FROM, FEED_TO, FULL(options)),
      value: async (text) => {
        const uids = contentLines(await feed(options))
          .filter((l) => l.line.startsWith("UID:"))
          .map((l) => l.line.slice(4));
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
    value: async (text) =>
      expect(contentLines(await feed({ flags: true })).map((l) => l.line)).toContain(
        `UID:2026-04-30-${JSON.parse(text)}@swedish-calendar.example`,
      ),
  });
  list.push({
    call: ics("dueDateEventCode", "tax-account"),
    value: async (text) =>
      expect(contentLines(await feed({ due: ["tax-account"] })).map((l) => l.line)).toContain(
        `UID:2026-01-19-${JSON.parse(text)}@swedish-calendar.example`,
      ),
  });
  list.push({
    call: ics("feedTimestamp", FEED_FROM),
    value: async (text) =>
      expect(
        contentLines(await feed({}))
          .filter((l) => l.line.startsWith("DTSTAMP:"))
          .map((l) => l.line),
      ).toContain(`DTSTAMP:${JSON.parse(text)}`),
  });
  // foldLine and withCalendarProperties: the last steps of the service's writer, undone on its own feed and redone
  const longest = "DESCRIPTION:" + "Midsummer Eve (de facto holiday) ".repeat(4) + "åäö".repeat(20);
  list.push({
    call: ["./core", "foldLine", longest],
    value: async (text) => expect(JSON.parse(text).replace(/\r\n /g, "")).toBe(longest),
  });
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
    [
      lib("countPeriod", "2026-01-01", "2026-12-31", "both"),
      pathOf("period") + q({ from: "2026-01-01", to: "2026-12-31", bounds: "both" }),
    ],
    [lib("countPeriod", "2026-02-30", "2026-12-31"), pathOf("period") + q({ from: "2026-02-30", to: "2026-12-31" })],
    [lib("shiftDate", "2026-01-31", "5x"), pathOf("shift") + q({ date: "2026-01-31", add: "5x" })],
    [lib("shiftDate", "2026-01-31", "+1d"), pathOf("shift") + q({ date: "2026-01-31", add: "+1d" })],
    [lib("shiftDate", "9999-12-31", ["1d"]), pathOf("shift") + q({ date: "9999-12-31", add: "1d" })],
    [
      lib("shiftDate", "9999-12-30", ["1d"], { postpone: true }),
      pathOf("shift") + q({ date: "9999-12-30", add: "1d", postpone: true }),
    ],
    [
      lib("shiftDate", "2026-01-01", Array(21).fill("1d")),
      pathOf("shift") + q({ date: "2026-01-01", add: Array(21).fill("1d") }),
    ],
    [lib("shiftDate", "2026-01-01", []), pathOf("shift") + q({ date: "2026-01-01" })],
    [
      lib("planLeave", "2026-01-01", "2027-01-02", 5),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2027-01-02", days: 5 }),
    ],
    [
      lib("planLeave", "2026-12-31", "2026-01-01", 5),
      pathOf("leavePlan") + q({ from: "2026-12-31", to: "2026-01-01", days: 5 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 61),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 61 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 0),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 0 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 5, "best"),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 5, objective: "best" }),
    ],
    [lib("observanceInfo", "newYear"), pathOf("observance", { code: "newYear" })],
    [lib("occurrences", "nope", 2026), pathOf("observance", { code: "nope" }) + q({ from: 2026 })],
    [
      lib("occurrences", "easterSunday", 2026, 2025),
      pathOf("observance", { code: "easterSunday" }) + q({ from: 2026, to: 2025 }),
    ],
    [
      lib("occurrences", "easterSunday", 1930, 2131),
      pathOf("observance", { code: "easterSunday" }) + q({ from: 1930, to: 2131 }),
    ],
    [lib("occurrences", "easterSunday", 1929), pathOf("observance", { code: "easterSunday" }) + q({ from: 1929 })],
  ];
  errors.push(
    [lib("isBusinessDay", "2023-02-29"), pathOf("day", { date: "2023-02-29" })],
    [lib("adjust", "2026-06-19", "sideways"), route("adjust") + q({ date: "2026-06-19", convention: "sideways" })],
    [lib("adjust", "9999-12-31", "following"), route("adjust") + q({ date: "9999-12-31", convention: "following" })],
    [lib("adjust", "1930-01-01", "preceding"), route("adjust") + q({ date: "1930-01-01", convention: "preceding" })],
    [lib("dueDates", 1930, "child-benefit"), route("dueDates") + q({ year: 1930, schedule: "child-benefit" })],
    [lib("dueDates", 2026, "rent"), route("dueDates") + q({ year: 2026, schedule: "rent" })],
    [
      lib("dueDates", 2026, { day: 32, convention: "following" }),
      route("dueDates") + q({ year: 2026, day: 32, convention: "following" }),
    ],
  );
  for (const [call, path] of errors) list.push({ call, problem: path });
  // bad input no request can send (a year that is not a whole number, a feed's own years)
  list.push({ call: lib("holidays", 2026.5), problem: { code: "invalid-argument", argument: "year" } });
  list.push({
    call: lib("occurrences", "easterSunday", 2026, 10000),
    problem: { code: "invalid-argument", argument: "to" },
  });
  list.push({ call: ics("icsFeed", 2027, 2026), problem: { code: "invalid-argument", argument: "toYear" } });
  list.push({ call: ics("icsFeed", 1929, 1930), problem: { code: "invalid-argument", argument: "fromYear" } });
  list.push({ call: ics("icsFeed", 2000, 2201), problem: { code: "invalid-argument", argument: "toYear" } });
  return list;
}

const PATHS_BRIDGE = (year: number) => pathOf("bridgeDays") + q({ year });
const PATHS_HALF = (year: number) => pathOf("halfDays") + q({ year });

/** The catalogue as the service lists it (for the observance codes to sample and the occurrences' envelope). */
export let OBSERVANCE_CODES: string[] = [];
let OBSERVANCE_INFO = new Map<string, unknown>();

/** Reads the catalogue from the service: call before cases(). */
export async function readCatalogue(): Promise<void> {
  const catalogue = JSON.parse(await ok(pathOf("observances"))) as { observances: { code: string }[] };
  OBSERVANCE_CODES = catalogue.observances.map((o) => o.code);
  OBSERVANCE_INFO = new Map(catalogue.observances.map((o) => [o.code, o]));
}
