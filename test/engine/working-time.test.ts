/**
 * Working time (docs/working-time.md): `workingTime(year, { weeklyHours, profile })`. Hand-checked 2026; the working
 * days of every month counted again by brute force over describeDay for random years and weekly hours; the state
 * profile's shortened days against a computation of its own (Easter by Gauss's formula, weekdays by the platform's
 * Date) over every year it answers; the rounding of odd minutes; the validation of every argument.
 */
import fc from "fast-check";
import { CalendarError, describeDay, isWorkingDay, type WorkingTime, workingTime } from "swedish-calendar";
import {
  checkWeeklyHours,
  DEFAULT_WEEKLY_HOURS,
  findWorkingTimeProfile,
  MAX_WEEKLY_HOURS,
  MIN_WEEKLY_HOURS,
  parseWeeklyHours,
  WEEKLY_HOURS_STEP,
  WORKING_TIME_PROFILE_CODES,
  WORKING_TIME_PROFILES,
  workingTimeOfYear,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { easterByGauss } from "../support/easter-gauss.js";
import { weekdayByDate } from "./helpers.js";

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Minutes / 60 to two decimals, a half hundredth up, by integer arithmetic apart from the engine's (`hoursOf`). */
const hoursByHand = (minutes: number) => Math.floor((minutes * 100 + 30) / 60) / 100;

/** The sums a result must hold whatever the profile: quarters of months, the year of months, hours of minutes. */
function expectConsistent(r: WorkingTime): void {
  expect(r.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(r.quarters.map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
  for (const q of r.quarters) {
    const three = r.months.slice((q.quarter - 1) * 3, q.quarter * 3);
    expect(q.workingDays).toBe(three.reduce((n, m) => n + m.workingDays, 0));
    expect(q.minutes).toBe(three.reduce((n, m) => n + m.minutes, 0));
  }
  expect(r.total.workingDays).toBe(r.months.reduce((n, m) => n + m.workingDays, 0));
  expect(r.total.minutes).toBe(r.quarters.reduce((n, q) => n + q.minutes, 0));
  for (const s of [...r.months, ...r.quarters, r.total]) {
    expect(Number.isInteger(s.minutes)).toBe(true);
    // at most two decimals, and the nearest such number to minutes / 60
    expect(Math.round(s.hours * 100)).toBe(Math.round((s.minutes * 100) / 60));
    expect(Math.abs(s.hours - s.minutes / 60)).toBeLessThanOrEqual(0.005 + 1e-9);
  }
  for (const m of r.months) {
    const reduced = m.shortenedDays.reduce((n, d) => n + d.reductionMinutes, 0);
    expect(m.minutes).toBe(m.workingDays * r.dailyMinutes - reduced);
    for (const d of m.shortenedDays) {
      expect(+d.date.slice(5, 7)).toBe(m.month);
      expect(isWorkingDay(d.date)).toBe(true);
      expect(d.minutes + d.reductionMinutes).toBe(r.dailyMinutes);
    }
    expect(m.shortenedDays.map((d) => d.date)).toEqual(m.shortenedDays.map((d) => d.date).sort());
  }
}

describe("working time: 2026, standard, 40 hours", () => {
  const r = workingTime(2026);

  it("251 working days, 2,008 hours; each month its working days times 8 hours", () => {
    expect(r.year).toBe(2026);
    expect(r.weeklyHours).toBe(40);
    expect(r.dailyMinutes).toBe(480);
    expect(r.profile).toEqual({
      code: "standard",
      name: { sv: "Standard (inga förkortade dagar)", en: "Standard (no shortened days)" },
      source: null,
    });
    expect(r.total).toEqual({ workingDays: 251, minutes: 120_480, hours: 2008 });
    // counted by hand from the 2026 calendar: January 1 and 6, Good Friday and Easter Monday (3 and 6 April), 1 May,
    // Ascension Day (14 May), Midsummer Eve (19 June), 24, 25 and 31 December fall on weekdays
    expect(r.months.map((m) => m.workingDays)).toEqual([20, 20, 22, 20, 19, 21, 23, 21, 22, 22, 21, 20]);
    for (const m of r.months) {
      expect(m.hours).toBe(m.workingDays * 8);
      expect(m.minutes).toBe(m.workingDays * 480);
      expect(m.shortenedDays).toEqual([]);
    }
    expect(r.quarters).toEqual([
      { quarter: 1, workingDays: 62, minutes: 29_760, hours: 496 },
      { quarter: 2, workingDays: 60, minutes: 28_800, hours: 480 },
      { quarter: 3, workingDays: 66, minutes: 31_680, hours: 528 },
      { quarter: 4, workingDays: 63, minutes: 30_240, hours: 504 },
    ]);
    expectConsistent(r);
  });

  it("is the JSON body in field order, and the defaults are the options left out", () => {
    expect(Object.keys(r)).toEqual(["year", "weeklyHours", "dailyMinutes", "profile", "months", "quarters", "total"]);
    expect(Object.keys(r.months[0])).toEqual(["month", "workingDays", "minutes", "hours", "shortenedDays"]);
    expect(workingTime(2026, { weeklyHours: DEFAULT_WEEKLY_HOURS, profile: "standard" })).toEqual(r);
    expect(workingTime(2026, { weeklyHours: undefined, profile: undefined })).toEqual(r);
    // an unknown option is ignored, as an unknown query parameter is
    expect(workingTime(2026, { weekly: 20 } as never)).toEqual(r);
    // the library's answer is core's, over the values it has read
    expect(workingTimeOfYear(2026, 37.5, findWorkingTimeProfile("state"))).toEqual(
      workingTime(2026, { weeklyHours: 37.5, profile: "state" }),
    );
  });

  it("other weekly hours: a fifth of the week a day, in whole minutes (38.25 hours: 459 minutes)", () => {
    const w = workingTime(2026, { weeklyHours: 38.25 });
    expect(w.dailyMinutes).toBe(459);
    expect(w.total).toEqual({ workingDays: 251, minutes: 251 * 459, hours: 1920.15 });
    expect(workingTime(2026, { weeklyHours: 1 }).dailyMinutes).toBe(12);
    expect(workingTime(2026, { weeklyHours: 60 }).total.hours).toBe(251 * 12);
    // 1.25 hours a week: 15 minutes a day; January's 20 days are 300 minutes, 5 hours
    expect(workingTime(2026, { weeklyHours: 1.25 }).months[0]).toMatchObject({
      workingDays: 20,
      minutes: 300,
      hours: 5,
    });
    // 37 hours: 444 minutes a day; February's 20 days are 8,880 minutes = 148 hours
    expect(workingTime(2026, { weeklyHours: 37 }).months[1]).toMatchObject({ minutes: 8880, hours: 148 });
    // hours to two decimals: 19 days of 7 h 39 min = 8,721 minutes = 145.35 hours
    expect(workingTime(2026, { weeklyHours: 38.25 }).months[4]).toMatchObject({
      workingDays: 19,
      minutes: 8721,
      hours: 145.35,
    });
    expect(hoursByHand(8721)).toBe(145.35);
  });
});

describe("working time: the working days are the engine's, counted again day by day", () => {
  const weekly = fc
    .integer({ min: MIN_WEEKLY_HOURS / WEEKLY_HOURS_STEP, max: MAX_WEEKLY_HOURS / WEEKLY_HOURS_STEP })
    .map((k) => k * WEEKLY_HOURS_STEP);

  it("random years and weekly hours: each month's working days by describeDay, minutes = days × weekly minutes / 5", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1930, max: 9999 }), weekly, (year, weeklyHours) => {
        const r = workingTime(year, { weeklyHours });
        expect(r.dailyMinutes).toBe((weeklyHours * 60) / 5);
        expect(Number.isInteger(r.dailyMinutes) && r.dailyMinutes % 3 === 0).toBe(true);
        for (const m of r.months) {
          let days = 0;
          for (let day = 1; day <= daysIn(year, m.month); day++)
            if (describeDay(isoOf(year, m.month, day)).workingDay) days++;
          expect(m.workingDays, `${year}-${m.month}`).toBe(days);
          expect(m.minutes).toBe((days * weeklyHours * 60) / 5);
          expect(m.hours).toBe(hoursByHand(m.minutes));
        }
        expectConsistent(r);
      }),
      { numRuns: 60 },
    );
  });

  it("bridge and half days are working days: 2026's three bridge days and its half days are counted", () => {
    for (const date of [
      "2026-01-02",
      "2026-01-05",
      "2026-05-15",
      "2026-04-02",
      "2026-04-30",
      "2026-10-30",
      "2026-12-23",
    ])
      expect(isWorkingDay(date), date).toBe(true);
    // January 2026: 22 weekdays less New Year's Day and Epiphany; the bridge days 2 and 5 January stay in
    expect(workingTime(2026).months[0].workingDays).toBe(20);
  });

  it("every year of the range answers, the same year the same answer", () => {
    for (const year of [1930, 1931, 2000, 2100, 9998, 9999])
      expectConsistent(workingTime(year, { weeklyHours: 38.25 }));
    expect(JSON.stringify(workingTime(9999))).toBe(JSON.stringify(workingTime(9999)));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The state profile
// ---------------------------------------------------------------------------------------------------------------

type Expected = [date: string, rule: string, reduction: "half" | "twoHours"];

/**
 * The shortened days of the state profile, computed apart from the engine: Villkorsavtal's table as the employers
 * publish it (docs/working-time.md), Easter by Gauss, weekdays by Date. A day is a working day when it is Monday to
 * Friday and no holiday; of the five days only 30 April can be one: Ascension Day, when Easter is 22 March (2285).
 */
function stateDaysByHand(year: number): Expected[] {
  const out: Expected[] = [];
  const weekday = (iso: string) => weekdayByDate(iso);
  const [em, ed] = easterByGauss(year);
  const ascension = new Date(Date.UTC(year, em - 1, ed + 39)).toISOString().slice(0, 10);
  const add = (iso: string, rule: string, reduction: "half" | "twoHours" | undefined) => {
    if (reduction !== undefined && weekday(iso) <= 5 && iso !== ascension) out.push([iso, rule, reduction]);
  };
  add(isoOf(year, 1, 5), "epiphanyEve", "half");
  const maundy = new Date(Date.UTC(year, em - 1, ed - 3));
  add(maundy.toISOString().slice(0, 10), "maundyThursday", "twoHours");
  add(isoOf(year, 4, 30), "walpurgisNight", weekday(isoOf(year, 4, 30)) === 5 ? "half" : "twoHours");
  // the Friday from 30 October to 5 November (the day before Alla helgons dag, a Saturday from 31 October to 6 November)
  for (let i = 0; i < 7; i++) {
    const date = new Date(Date.UTC(year, 9, 30 + i)).toISOString().slice(0, 10);
    if (weekday(date) === 5) add(date, "allSaintsEve", "half");
  }
  add(isoOf(year, 12, 23), "dayBeforeChristmasEve", weekday(isoOf(year, 12, 23)) === 5 ? "half" : undefined);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

const shortened = (r: WorkingTime) => r.months.flatMap((m) => m.shortenedDays);

describe("working time: the state profile (Villkorsavtal, office hours)", () => {
  it("2026: 5 January half, Maundy Thursday 2 April −2 h, Thursday 30 April −2 h, 30 October half; 23 December (a Wednesday) none", () => {
    const r = workingTime(2026, { profile: "state" });
    expect(shortened(r).map((d) => [d.date, d.rule, d.reductionMinutes, d.minutes])).toEqual([
      ["2026-01-05", "epiphanyEve", 240, 240],
      ["2026-04-02", "maundyThursday", 120, 360],
      ["2026-04-30", "walpurgisNight", 120, 360],
      ["2026-10-30", "allSaintsEve", 240, 240],
    ]);
    expect(shortened(r).map((d) => d.name.sv)).toEqual([
      "Trettondagsafton",
      "Skärtorsdagen",
      "Valborgsmässoafton",
      "Allhelgonaafton",
    ]);
    // the weekdays, as the platform's Date has them
    expect(["2026-01-05", "2026-04-02", "2026-04-30", "2026-10-30", "2026-12-23"].map(weekdayByDate)).toEqual([
      1, 4, 4, 5, 3,
    ]);
    expect(r.total).toEqual({ workingDays: 251, minutes: 120_480 - 720, hours: 1996 });
    expect(r.months[3]).toMatchObject({ workingDays: 20, minutes: 20 * 480 - 240, hours: 156 });
    expect(r.profile.code).toBe("state");
    expect(r.profile.since).toBe(2017);
    expect(r.profile.source).toMatch(/Villkorsavtal/);
    expectConsistent(r);
  });

  it("Valborgsmässoafton on a Friday is a half day (2027, 2021)", () => {
    expect(weekdayByDate("2027-04-30")).toBe(5);
    expect(shortened(workingTime(2027, { profile: "state" })).find((d) => d.date === "2027-04-30")).toMatchObject({
      rule: "walpurgisNight",
      reductionMinutes: 240,
      minutes: 240,
    });
    expect(
      shortened(workingTime(2021, { profile: "state" })).find((d) => d.date === "2021-04-30")?.reductionMinutes,
    ).toBe(240);
  });

  it("23 December: a half day on a Friday (2022), nothing on a Saturday (2023) or a Sunday (2029), nothing on a weekday (2026)", () => {
    expect(weekdayByDate("2022-12-23")).toBe(5);
    expect(shortened(workingTime(2022, { profile: "state" })).at(-1)).toMatchObject({
      date: "2022-12-23",
      rule: "dayBeforeChristmasEve",
      reductionMinutes: 240,
    });
    for (const [year, weekday] of [
      [2023, 6],
      [2029, 7],
      [2026, 3],
    ] as const) {
      expect(weekdayByDate(`${year}-12-23`)).toBe(weekday);
      expect(shortened(workingTime(year, { profile: "state" })).map((d) => d.date)).not.toContain(`${year}-12-23`);
    }
  });

  it("every year it answers (2017-2400) and some after: the days of the computation by hand, and no other", () => {
    // 2285: Easter on 22 March, so 30 April is Ascension Day, a holiday: not shortened
    expect(easterByGauss(2285)).toEqual([3, 22]);
    expect(shortened(workingTime(2285, { profile: "state" })).map((d) => d.rule)).not.toContain("walpurgisNight");
    const years = [...Array.from({ length: 384 }, (_, i) => 2017 + i), 4099, 5700, 9999];
    for (const year of years) {
      const got = shortened(workingTime(year, { profile: "state" })).map(
        (d): Expected => [d.date, d.rule, d.reductionMinutes === 240 ? "half" : "twoHours"],
      );
      expect(got, String(year)).toEqual(stateDaysByHand(year));
      for (const d of shortened(workingTime(year, { profile: "state" })))
        expect(d.reductionMinutes === 240 || d.reductionMinutes === 120).toBe(true);
    }
  });

  it("a rule shortens only a working day: 5 January and 30 April on a weekend give nothing", () => {
    // 2025: 30 April is a Wednesday; 2028: 5 January a Wednesday; 2020 (outside the profile) aside, 2022: 30 April a Saturday
    expect(weekdayByDate("2022-04-30")).toBe(6);
    expect(shortened(workingTime(2022, { profile: "state" })).map((d) => d.rule)).not.toContain("walpurgisNight");
    expect(weekdayByDate("2019-01-05")).toBe(6);
    expect(shortened(workingTime(2019, { profile: "state" })).map((d) => d.rule)).not.toContain("epiphanyEve");
  });

  it("odd minutes: the share of the day rounded to a whole minute, a half minute up (38.25 h: 459 → half 230, two hours 115)", () => {
    const r = workingTime(2027, { profile: "state", weeklyHours: 38.25 });
    expect(shortened(r).map((d) => [d.date, d.reductionMinutes, d.minutes])).toEqual([
      ["2027-01-05", 230, 229],
      ["2027-03-25", 115, 344],
      ["2027-04-30", 230, 229],
      ["2027-11-05", 230, 229],
    ]);
    expectConsistent(r);
    // the scaling: two hours of a 40-hour week is a quarter of the day, in proportion for any week
    const weekly = fc.integer({ min: 4, max: 240 }).map((k) => k / 4);
    fc.assert(
      fc.property(fc.integer({ min: 2017, max: 9999 }), weekly, (year, weeklyHours) => {
        const w = workingTime(year, { profile: "state", weeklyHours });
        const standard = workingTime(year, { weeklyHours });
        for (const d of shortened(w)) {
          // a quarter (two of eight hours) or a half of the day, a half minute up, in integers
          const quarter = d.rule === "maundyThursday" || (d.rule === "walpurgisNight" && weekdayByDate(d.date) !== 5);
          expect(d.reductionMinutes).toBe(
            quarter ? Math.floor((w.dailyMinutes + 2) / 4) : Math.floor((w.dailyMinutes + 1) / 2),
          );
        }
        expect(w.total.minutes).toBe(standard.total.minutes - shortened(w).reduce((n, d) => n + d.reductionMinutes, 0));
        expect(w.total.workingDays).toBe(standard.total.workingDays);
        expectConsistent(w);
      }),
      { numRuns: 100 },
    );
  });

  it("before 2017 the profile has no answer: invalid-argument naming the year and saying why", () => {
    const error = errorOf(() => workingTime(2016, { profile: "state" }));
    expect(error).toMatchObject({ code: "invalid-argument", argument: "year" });
    expect(error.message).toMatch(/^'year' must be from 2017 to 9999 for the profile 'state': /);
    // the standard profile answers 2016: its working days, counted by describeDay
    let days = 0;
    for (let n = Date.UTC(2016, 0, 1); n <= Date.UTC(2016, 11, 31); n += 86_400_000)
      if (describeDay(new Date(n).toISOString().slice(0, 10)).workingDay) days++;
    expect(workingTime(2016).total.workingDays).toBe(days);
  });
});

describe("working time: the profiles' table", () => {
  it("the codes, the default first; each profile with its source (standard none) and each rule the day before an observance", () => {
    expect(WORKING_TIME_PROFILE_CODES).toEqual(["standard", "state"]);
    expect(WORKING_TIME_PROFILES[0].rules).toEqual([]);
    expect(WORKING_TIME_PROFILES[0].source).toBeNull();
    const state = findWorkingTimeProfile("state");
    expect(state.rules.map((r) => [r.code, r.before])).toEqual([
      ["epiphanyEve", "epiphany"],
      ["maundyThursday", "goodFriday"],
      ["walpurgisNight", "mayDay"],
      ["allSaintsEve", "allSaintsDay"],
      ["dayBeforeChristmasEve", "christmasEve"],
    ]);
    expect(state.source).toMatch(/Arbetsgivarverket/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------------------

function errorOf(fn: () => unknown): CalendarError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CalendarError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("working time: bad input", () => {
  const WEEKLY = "'weeklyHours' must be a number of hours from 1 to 60 in steps of 0.25 (such as 40 or 38.25)";

  it.each([0, 61, 37.3, 0.75, 60.25, -40, 38.1, Number.NaN, Number.POSITIVE_INFINITY])(
    "weeklyHours %s",
    (weeklyHours) => {
      expect(errorOf(() => workingTime(2026, { weeklyHours }))).toMatchObject({
        code: "invalid-argument",
        argument: "weeklyHours",
        message: WEEKLY,
      });
    },
  );

  it("weeklyHours of another type, a profile not in the table or of another type, a year out of range or of another type", () => {
    expect(errorOf(() => workingTime(2026, { weeklyHours: "40" as never }))).toMatchObject({
      argument: "weeklyHours",
      message: `'weeklyHours' must be a number, not the string "40"`,
    });
    expect(errorOf(() => workingTime(2026, { profile: "nope" as never }))).toMatchObject({
      code: "invalid-argument",
      argument: "profile",
      message: "'profile' must be a working-time profile code (standard, state)",
    });
    expect(errorOf(() => workingTime(2026, { profile: "" as never })).argument).toBe("profile");
    expect(errorOf(() => workingTime(2026, { profile: 1 as never }))).toMatchObject({
      argument: "profile",
      message: "'profile' must be a string, not the number 1",
    });
    expect(errorOf(() => workingTime(1929))).toMatchObject({
      code: "invalid-argument",
      argument: "year",
      message: "'year' must be a year from 1930 to 9999",
    });
    expect(errorOf(() => workingTime(10000)).argument).toBe("year");
    expect(errorOf(() => workingTime(2026.5)).argument).toBe("year");
    expect(errorOf(() => workingTime("2026" as never)).message).toBe(
      `'year' must be a number (a year from 1930 to 9999), not the string "2026"`,
    );
    expect(errorOf(() => workingTime(2026, "state" as never))).toMatchObject({
      argument: "options",
      message: `'options' must be an object, not the string "state"`,
    });
    expect(errorOf(() => (workingTime as () => unknown)())).toMatchObject({
      argument: "year",
      message: "'year' is required",
    });
  });

  it("the readers of the text form and the number (for the API and the command line): the same bounds", () => {
    for (const ok of ["1", "40", "38.25", "37.5", "37.50", "60", "1.25", "08"])
      expect(parseWeeklyHours(ok), ok).toBe(+ok);
    for (const bad of [
      "0",
      "61",
      "37.3",
      "38.125",
      "+40",
      "-1",
      "40.",
      ".5",
      "40,5",
      " 40",
      "4e1",
      "",
      "0x28",
      "100",
    ]) {
      expect(errorOf(() => parseWeeklyHours(bad)).argument, bad).toBe("weeklyHours");
    }
    expect(errorOf(() => parseWeeklyHours(40 as never)).message).toBe(
      "'weeklyHours' must be a string, not the number 40",
    );
    expect(checkWeeklyHours(38.25)).toBe(38.25);
    expect(errorOf(() => checkWeeklyHours(38.3, "weekly")).argument).toBe("weekly");
  });
});
