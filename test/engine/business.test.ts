/**
 * Business-day conventions and due dates (issue 21, docs/due-dates.md). Every convention against a brute force written
 * here, independently of engine/business.ts (a day-by-day walk over the plain working-day predicate), for every date
 * of 1930-2100 and a seeded random sample up to 9999; the modified conventions at every month boundary of 1930-9999;
 * `nearest` ties; each named schedule against the dates its authority published where they were found, and against
 * its rule (written again here) for every year it answers.
 */

import fc from "fast-check";
import {
  adjust,
  type DueDateScheduleCode,
  dueDateSchedules,
  dueDates,
  isBusinessDay,
  isWorkingDay as isWorkingDayText,
} from "swedish-calendar";
import {
  adjustDay,
  CONVENTIONS,
  type Convention,
  civilFromDay,
  DUE_DATE_RULES,
  dayFromCivil,
  daysInMonth,
  FIRST_DAY,
  isWorkingDay,
  LAST_DAY,
  LAST_YEAR,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { SALARY_25_2026 } from "../support/hand-checked.js";
import { d, expectCalendarError, iso } from "./helpers.js";

// ---------------------------------------------------------------------------------------------------------------
// The brute force: walk one day at a time over the plain predicate
// ---------------------------------------------------------------------------------------------------------------

/** The first working day at or after (step 1) or at or before (step -1) n, walking; undefined past either end. */
function walk(n: number, step: 1 | -1): number | undefined {
  for (let m = n; m >= FIRST_DAY && m <= LAST_DAY; m += step) if (isWorkingDay(m)) return m;
  return undefined;
}

const month = (n: number) => civilFromDay(n).month;

/** QuantLib's Calendar::adjust, written from its definitions; undefined when it needs a day outside the range. */
function bruteAdjust(n: number, convention: Convention): number | undefined {
  const f = walk(n, 1);
  const p = walk(n, -1);
  switch (convention) {
    case "unadjusted":
      return n;
    case "following":
      return f;
    case "preceding":
      return p;
    case "modified-following":
      // a following day past 9999-12-31 would be in January of another year: a different month
      return f !== undefined && month(f) === month(n) ? f : p;
    case "modified-preceding":
      return p !== undefined && month(p) === month(n) ? p : f;
    case "nearest":
      if (isWorkingDay(n)) return n;
      if (f === undefined || p === undefined) return undefined;
      return f - n <= n - p ? f : p;
  }
}

describe("conventions against the brute force", () => {
  it("every date of 1930-2100, every convention", () => {
    const last = dayFromCivil(2100, 12, 31);
    const mismatches: string[] = [];
    for (let n = FIRST_DAY; n <= last; n++) {
      for (const c of CONVENTIONS) {
        const got = adjustDay(n, c);
        const want = bruteAdjust(n, c);
        if (got !== want && mismatches.length < 20) mismatches.push(`${iso(n)} ${c}: ${got} != ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("a seeded random sample of dates up to 9999-12-31, every convention", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: FIRST_DAY, max: LAST_DAY }),
        fc.constantFrom(...CONVENTIONS),
        (n, c) => adjustDay(n, c) === bruteAdjust(n, c),
      ),
      { numRuns: 20_000, seed: 21 },
    );
  });

  it("the modified conventions at every month boundary of 1930-9999 (three days each side)", () => {
    const mismatches: string[] = [];
    for (let year = 1930; year <= LAST_YEAR; year++) {
      for (let m = 1; m <= 12; m++) {
        const first = dayFromCivil(year, m, 1);
        const last = first + daysInMonth(year, m) - 1;
        for (const n of [first, first + 1, first + 2, last - 2, last - 1, last]) {
          for (const c of ["modified-following", "modified-preceding"] as const) {
            const got = adjustDay(n, c);
            if (got !== bruteAdjust(n, c) || got === undefined || month(got) !== m) {
              if (mismatches.length < 20) mismatches.push(`${iso(n)} ${c}: ${got === undefined ? got : iso(got)}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("modified-following turns back at a month's end, modified-preceding forward at its start", () => {
    // 2026-01-31 is a Saturday: following would be 2026-02-02
    expect(adjust("2026-01-31", "following").result.date).toBe("2026-02-02");
    expect(adjust("2026-01-31", "modified-following").result.date).toBe("2026-01-30");
    // 2026-11-01 is a Sunday: preceding would be 2026-10-30
    expect(adjust("2026-11-01", "preceding").result.date).toBe("2026-10-30");
    expect(adjust("2026-11-01", "modified-preceding").result.date).toBe("2026-11-02");
    // 2023-12-31 (Sunday, New Year's Eve) and 2024-01-01 (New Year's Day)
    expect(adjust("2023-12-31", "modified-following").result.date).toBe("2023-12-29");
    expect(adjust("2024-01-01", "modified-preceding").result.date).toBe("2024-01-02");
  });

  it("nearest: the closer business day; equally far, the following one", () => {
    // 2029-06-06, National Day, a Wednesday: Tuesday and Thursday are one day away each
    expect(adjust("2029-06-06", "nearest")).toMatchObject({
      date: "2029-06-06",
      convention: "nearest",
      moved: true,
      result: { date: "2029-06-07" },
    });
    // a Saturday: Friday is one day back, Monday two ahead
    expect(adjust("2026-03-14", "nearest").result.date).toBe("2026-03-13");
    // a Sunday: Monday is closer
    expect(adjust("2026-03-15", "nearest").result.date).toBe("2026-03-16");
    // Midsummer Eve 2026-06-19 (Friday): Thursday one back, Monday three ahead
    expect(adjust("2026-06-19", "nearest").result.date).toBe("2026-06-18");
    // every tie of 1930-2100 goes forward
    const last = dayFromCivil(2100, 12, 31);
    let ties = 0;
    for (let n = FIRST_DAY + 10; n <= last; n++) {
      if (isWorkingDay(n)) continue;
      const f = walk(n, 1)!;
      const p = walk(n, -1)!;
      if (f - n !== n - p) continue;
      ties++;
      expect(adjustDay(n, "nearest")).toBe(f);
    }
    expect(ties).toBeGreaterThan(100);
  });

  it("the issue's example and the body's fields", () => {
    const a = adjust("2026-06-19", "modified-following");
    expect(a).toEqual({
      date: "2026-06-19",
      convention: "modified-following",
      result: expect.objectContaining({ date: "2026-06-22", weekday: 1 }),
      moved: true,
    });
    expect(Object.keys(a)).toEqual(["date", "convention", "result", "moved"]);
    expect(adjust("2026-06-22", "following").moved).toBe(false);
    expect(adjust("2026-06-20", "unadjusted")).toMatchObject({
      moved: false,
      result: { date: "2026-06-20", holidayType: "public" },
    });
  });

  it("isBusinessDay is the working day", () => {
    for (const date of ["2026-06-19", "2026-06-22", "2026-12-24", "2026-04-04", "2026-05-14", "2026-05-15"]) {
      expect(isBusinessDay(date)).toBe(isWorkingDayText(date));
    }
    expect(isBusinessDay("2026-12-24")).toBe(false);
    expect(isBusinessDay("2026-05-15")).toBe(true);
  });

  it("a convention that would leave 1930-9999 throws invalid-argument naming convention; bad input names its argument", () => {
    expectCalendarError(() => adjust("9999-12-31", "following"), "invalid-parameter", "convention");
    expectCalendarError(() => adjust("9999-12-31", "nearest"), "invalid-parameter", "convention");
    expectCalendarError(() => adjust("1930-01-01", "preceding"), "invalid-parameter", "convention");
    expect(adjust("9999-12-31", "modified-following").result.date).toBe("9999-12-30");
    expect(adjust("1930-01-01", "modified-preceding").result.date).toBe("1930-01-02");
    expectCalendarError(() => adjust("2026-06-19", "Following" as Convention), "invalid-parameter", "convention");
    expectCalendarError(
      () => adjust("2026-06-19", "modified_following" as Convention),
      "invalid-parameter",
      "convention",
    );
    expectCalendarError(() => adjust("2026-02-29", "following"), "invalid-date", "date");
    expectCalendarError(() => adjust("1929-12-31", "following"), "invalid-parameter", "date");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Due dates
// ---------------------------------------------------------------------------------------------------------------

const dueOf = (year: number, schedule: Parameters<typeof dueDates>[1]) =>
  dueDates(year, schedule).dates.map((x) => x.due.date);

describe("named schedules against their authorities' published dates", () => {
  it("child-benefit 2015: Försäkringskassan, Utbetalningsdagar 2015 (the 20th; deviating days 18 June, 18 September, 18 December)", () => {
    const dates = dueDates(2015, "child-benefit").dates;
    expect(dates.filter((x) => x.moved).map((x) => x.due.date)).toEqual(["2015-06-18", "2015-09-18", "2015-12-18"]);
    expect(dates.filter((x) => !x.moved).every((x) => x.due.date.endsWith("-20"))).toBe(true);
  });

  it("child-benefit 2025: paid on 19 September, as the 20th is a Saturday (a press report of Försäkringskassan's rule; no list by the authority itself for a second year was found)", () => {
    // nyheter24.se, 2025-08-24, "Barnbidraget kommer inte den 20 september": "betalas ut vardagen innan ... den 19 september"
    expect(dueOf(2025, "child-benefit")[8]).toBe("2025-09-19");
  });

  it("tax-account: no list of dated due days by Skatteverket was found; the rule as Skatteverket states it (the 17th in January and August, else the 12th, a holiday moving to the next weekday), by hand for 2026", () => {
    // Skatteverket, Rättslig vägledning 325089 (editions 2015.14-2023.9), 62 kap. 4 § andra stycket SFL; 2 § Lag (1930:173)
    expect(dueOf(2026, "tax-account")).toEqual([
      "2026-01-19", // 17 January: a Saturday
      "2026-02-12",
      "2026-03-12",
      "2026-04-13", // a Sunday
      "2026-05-12",
      "2026-06-12",
      "2026-07-13", // a Sunday
      "2026-08-17",
      "2026-09-14", // a Saturday
      "2026-10-12",
      "2026-11-12",
      "2026-12-14", // a Saturday
    ]);
  });

  it("salary-25: a practice, not an authority's list; 2026 by hand (the 25th, or the banking day before)", () => {
    expect(dueOf(2026, "salary-25")).toEqual(SALARY_25_2026);
  });
});

describe("named schedules against their rules, every year they answer", () => {
  /** The rules, written again here from their sources. */
  const RULES: Record<string, { nominal: (year: number, m: number) => number; step: 1 | -1; since: number }> = {
    "salary-25": { nominal: (y, m) => dayFromCivil(y, m, 25), step: -1, since: 1930 },
    "child-benefit": { nominal: (y, m) => dayFromCivil(y, m, 20), step: -1, since: 2015 },
    "tax-account": { nominal: (y, m) => dayFromCivil(y, m, m === 1 || m === 8 ? 17 : 12), step: 1, since: 2012 },
  };

  it("the catalogue holds exactly these schedules, with their `since`", () => {
    expect(dueDateSchedules().map((s) => [s.code, s.since])).toEqual([
      ["salary-25", undefined],
      ["child-benefit", 2015],
      ["tax-account", 2012],
    ]);
    expect(DUE_DATE_RULES.every((r) => r.source.length > 20)).toBe(true);
  });

  it.each(Object.keys(RULES))("%s: every year from its since to 9999", (code) => {
    const rule = RULES[code];
    const wrong: string[] = [];
    for (let year = rule.since; year <= LAST_YEAR; year++) {
      const got = dueDates(year, code as DueDateScheduleCode).dates;
      for (let m = 1; m <= 12; m++) {
        const nominal = rule.nominal(year, m);
        const due = walk(nominal, rule.step)!;
        const x = got[m - 1];
        if (x.month !== m || x.nominal !== iso(nominal) || x.due.date !== iso(due) || x.moved !== (due !== nominal)) {
          if (wrong.length < 10) wrong.push(`${year}-${m}: ${JSON.stringify(x)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a year before a schedule's since is 400 naming year and saying why", () => {
    const tax = expectCalendarError(() => dueDates(2011, "tax-account"), "invalid-parameter", "year");
    expect(tax.detail).toContain("skatteförfarandelagen (2011:1244)");
    expect(tax.detail).toContain("2012");
    expectCalendarError(() => dueDates(2014, "child-benefit"), "invalid-parameter", "year");
    expect(dueDates(1930, "salary-25").count).toBe(12);
  });
});

describe("custom rules", () => {
  it("day past the month's end is the month's last day; `last` is the last day", () => {
    const d31 = dueDates(2026, { day: 31, convention: "unadjusted" }).dates.map((x) => x.nominal);
    expect(d31.slice(0, 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(dueDates(2024, { day: 30, convention: "unadjusted" }).dates[1].nominal).toBe("2024-02-29");
    expect(dueDates(2024, { day: "last", convention: "preceding" }).dates.map((x) => x.due.date)).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-28",
      "2024-04-30",
      "2024-05-31",
      "2024-06-28",
      "2024-07-31",
      "2024-08-30",
      "2024-09-30",
      "2024-10-31",
      "2024-11-29",
      "2024-12-30",
    ]);
  });

  it("the custom schedule object", () => {
    const r = dueDates(2026, { day: 25, convention: "preceding" });
    expect(r.schedule).toEqual({
      code: "custom",
      name: { sv: "Egen regel", en: "Custom rule" },
      day: 25,
      convention: "preceding",
      source: null,
    });
    expect(r.dates.map((x) => x.due.date)).toEqual(dueOf(2026, "salary-25"));
    expect(Object.keys(r)).toEqual(["year", "schedule", "count", "dates"]);
    expect(r.count).toBe(12);
  });

  it("every day 1-31 and last, every convention, a sample of years: the brute force", () => {
    for (const year of [1931, 1953, 2024, 2026, 2100, 9998]) {
      for (const day of [...Array.from({ length: 31 }, (_, i) => i + 1), "last" as const]) {
        for (const c of CONVENTIONS) {
          const got = dueDates(year, { day, convention: c }).dates;
          for (let m = 1; m <= 12; m++) {
            const nominal = dayFromCivil(
              year,
              m,
              day === "last" ? daysInMonth(year, m) : Math.min(day, daysInMonth(year, m)),
            );
            expect(got[m - 1].due.date).toBe(iso(bruteAdjust(nominal, c)!));
          }
        }
      }
    }
  });

  it("bad input names its argument", () => {
    expectCalendarError(() => dueDates(2026, "salary" as DueDateScheduleCode), "invalid-parameter", "schedule");
    expectCalendarError(() => dueDates(2026, { day: 0, convention: "following" }), "invalid-parameter", "day");
    expectCalendarError(() => dueDates(2026, { day: 32, convention: "following" }), "invalid-parameter", "day");
    expectCalendarError(() => dueDates(2026, { day: 1.5, convention: "following" }), "invalid-parameter", "day");
    expectCalendarError(
      () => dueDates(2026, { day: "first" as "last", convention: "following" }),
      "invalid-parameter",
      "day",
    );
    expectCalendarError(
      () => dueDates(2026, { day: 5, convention: "next" as Convention }),
      "invalid-parameter",
      "convention",
    );
    expectCalendarError(() => dueDates(1929, "salary-25"), "invalid-parameter", "year");
    expectCalendarError(() => dueDates(10000, { day: 5, convention: "following" }), "invalid-parameter", "year");
    // 9999-12-31 (New Year's Eve): no business day after it within the range
    expectCalendarError(() => dueDates(9999, { day: 31, convention: "following" }), "invalid-parameter", "convention");
    expect(d("2026-01-01")).toBeLessThan(d("2026-01-02"));
  });
});
