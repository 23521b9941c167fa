/**
 * The sample of the package test: each library call with what the service, in process, says about it (the same
 * bytes as the API body, the list inside its envelope, or the problem of its error).
 */

import { workingTime as workingTimeInRepository } from "swedish-calendar";
import { DEFAULT_FEED_OPTIONS } from "swedish-calendar/core";
import { expect } from "vitest";
import { pathOf } from "../../contract/paths.js";
import { healthBody } from "../../http/health.js";
import {
  bodyIs,
  type Case,
  contentLines,
  envelopeOf,
  FEED_FROM,
  FEED_TO,
  feed,
  ics,
  lib,
  ok,
  pickedFrom,
  q,
  route,
  yearList,
} from "./sample-checks.js";
import { errorCases } from "./sample-errors.js";

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
const FULL = (options: Record<string, boolean | string[]>) => ({ ...DEFAULT_FEED_OPTIONS, ...options });

export function cases(): Case[] {
  const list: Case[] = [];

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

  list.push(...errorCases());
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
