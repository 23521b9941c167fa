/**
 * ISO 8601 weeks on every Day (issue 11, docs/decisions.md#iso-weeks): hand-checked examples, and the engine's
 * two arithmetic implementations (dayOf's, from the year it holds, and dates.ts isoWeekOf) against luxon's
 * `weekYear`/`weekNumber` for random dates 1930-9999 and every New Year's week of the range.
 */
import fc from "fast-check";
import { dayFromCivil, dayOf, FIRST_DAY, FIRST_YEAR, isoWeekOf, LAST_DAY, LAST_YEAR } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { d, iso, isoWeekByLuxon } from "./helpers.js";

const week = (date: string) => dayOf(d(date)).isoWeek;

describe("ISO week: hand-checked examples", () => {
  it("the issue's examples: 2026-12-31 and 2027-01-01 are week 53 of 2026; 2024-12-30 is week 1 of 2025", () => {
    expect(week("2026-12-31")).toEqual({ year: 2026, week: 53 });
    expect(week("2027-01-01")).toEqual({ year: 2026, week: 53 });
    expect(week("2027-01-03")).toEqual({ year: 2026, week: 53 }); // Sunday: still the week of Thursday 2026-12-31
    expect(week("2027-01-04")).toEqual({ year: 2027, week: 1 }); // Monday of the week holding 4 January
    expect(week("2024-12-29")).toEqual({ year: 2024, week: 52 });
    expect(week("2024-12-30")).toEqual({ year: 2025, week: 1 });
    expect(week("2025-01-05")).toEqual({ year: 2025, week: 1 });
  });

  it("week 1 always holds 4 January; 1 January may be the last week of the year before", () => {
    expect(week("2021-01-01")).toEqual({ year: 2020, week: 53 }); // a Friday: 2020 began on a Wednesday of a leap year
    expect(week("2021-01-04")).toEqual({ year: 2021, week: 1 });
    expect(week("2022-01-01")).toEqual({ year: 2021, week: 52 }); // a Saturday
    expect(week("2023-01-01")).toEqual({ year: 2022, week: 52 }); // a Sunday
    expect(week("2026-01-01")).toEqual({ year: 2026, week: 1 }); // a Thursday
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 7) expect(week(`${year}-01-04`)).toEqual({ year, week: 1 });
  });

  it("Swedish reference points: Midsummer Eve 2024 is in week 25, Christmas Eve 2024 in week 52, 1 January 1973 in week 1", () => {
    expect(week("2024-06-21")).toEqual({ year: 2024, week: 25 });
    expect(week("2024-12-24")).toEqual({ year: 2024, week: 52 });
    expect(week("1973-01-01")).toEqual({ year: 1973, week: 1 }); // a Monday: the day Sweden started counting this way
  });

  it("proleptic before 1973 and at both ends of the range", () => {
    expect(week("1930-01-01")).toEqual({ year: 1930, week: 1 }); // a Wednesday
    expect(week("1953-03-25")).toEqual({ year: 1953, week: 13 });
    expect(week("1972-12-31")).toEqual({ year: 1972, week: 52 }); // a Sunday
    expect(week("9999-12-31")).toEqual({ year: 9999, week: 52 }); // a Friday
    // the ISO year of every day stays inside the range, so the Day schema's year bounds hold
    expect(dayOf(FIRST_DAY).isoWeek.year).toBe(FIRST_YEAR);
    expect(dayOf(LAST_DAY).isoWeek.year).toBe(LAST_YEAR);
  });

  it("53-week years: those beginning on a Thursday, and leap years beginning on a Wednesday", () => {
    for (let year = FIRST_YEAR; year < LAST_YEAR; year++) {
      const jan1 = dayOf(dayFromCivil(year, 1, 1)).weekday;
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      const weeks = dayOf(dayFromCivil(year, 12, 28)).isoWeek.week; // 28 December is always in the last week
      expect(weeks, String(year)).toBe(jan1 === 4 || (leap && jan1 === 3) ? 53 : 52);
    }
  });
});

describe("ISO week: against luxon", () => {
  it("random dates 1930-9999: dayOf and isoWeekOf equal luxon's weekYear/weekNumber", () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_DAY, max: LAST_DAY }), (n) => {
        const expected = isoWeekByLuxon(iso(n));
        expect(dayOf(n).isoWeek).toEqual(expected);
        expect(isoWeekOf(n)).toEqual(expected);
      }),
      { numRuns: 20_000, seed: 11 },
    );
  });

  it("every day of 25 December - 7 January across the whole range (where the ISO year differs)", () => {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      const from = Math.max(FIRST_DAY, dayFromCivil(year, 1, 1) - 7);
      const to = dayFromCivil(year, 1, 7);
      for (let n = from; n <= to; n++) {
        const day = dayOf(n);
        expect(day.isoWeek, day.date).toEqual(isoWeekOf(n));
        // luxon on a sample only (it is the slow side): every 10th year
        if (year % 10 === 0) expect(day.isoWeek, day.date).toEqual(isoWeekByLuxon(day.date));
      }
    }
  });

  it("every day of a few whole years, weeks consecutive Monday to Sunday", () => {
    for (const year of [1930, 1972, 1973, 2004, 2020, 2024, 2026, 2027, 9998, 9999]) {
      for (let n = dayFromCivil(year, 1, 1); n <= dayFromCivil(year, 12, 31); n++) {
        const day = dayOf(n);
        expect(day.isoWeek, day.date).toEqual(isoWeekByLuxon(day.date));
        if (n > FIRST_DAY && day.weekday !== 1) expect(day.isoWeek).toEqual(dayOf(n - 1).isoWeek);
      }
    }
  });
});
