/**
 * Working time (docs/working-time.md): `workingTime(year, { weeklyHours, profile })`. Hand-checked 2026; the working
 * days of every month counted again by brute force over describeDay for random years and weekly hours; the validation
 * of every argument. The state profile's shortened days are in working-time-state.test.ts.
 */
import fc from "fast-check";
import { describeDay, isWorkingDay, workingTime } from "swedish-calendar";
import {
  checkWeeklyHours,
  DEFAULT_WEEKLY_HOURS,
  findWorkingTimeProfile,
  MAX_WEEKLY_HOURS,
  MIN_WEEKLY_HOURS,
  parseWeeklyHours,
  WEEKLY_HOURS_STEP,
  workingTimeOfYear,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { errorOf, expectConsistent, isoOf } from "./working-time-check.js";

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Minutes / 60 to two decimals, a half hundredth up, by integer arithmetic apart from the engine's (`hoursOf`). */
const hoursByHand = (minutes: number) => Math.floor((minutes * 100 + 30) / 60) / 100;

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
// Validation
// ---------------------------------------------------------------------------------------------------------------

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
