import { BOUNDS, durationOf, period, periodSummary } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { d, expectCalendarError } from "./helpers.js";

/** The fields of a Period in their order; a period summary has them all but `bounds` and `counted`. */
const PERIOD_FIELDS = [
  "from",
  "to",
  "bounds",
  "counted",
  "calendarDays",
  "duration",
  "workingDays",
  "daysOff",
  "bridgeDays",
  "halfDays",
];

describe("duration (the examples of docs/decisions.md#duration)", () => {
  it("2024-01-01..2024-12-31 inclusive is 1 year 0 months 0 days", () => {
    expect(period(d("2024-01-01"), d("2024-12-31"), "inclusive").duration).toEqual({ years: 1, months: 0, days: 0 });
  });
  it("2024-01-31..2024-02-28 inclusive is 0/1/0: one month from 01-31 clamps to 02-29, the day after the last", () => {
    expect(period(d("2024-01-31"), d("2024-02-28"), "inclusive").duration).toEqual({ years: 0, months: 1, days: 0 });
  });
  it("2024-01-31..2024-02-27 inclusive is 0/0/28", () => {
    expect(period(d("2024-01-31"), d("2024-02-27"), "inclusive").duration).toEqual({ years: 0, months: 0, days: 28 });
  });
  it("counted null gives 0/0/0", () => {
    const p = period(d("2024-05-05"), d("2024-05-05"), "exclusive");
    expect(p.counted).toBeNull();
    expect(p.duration).toEqual({ years: 0, months: 0, days: 0 });
    expect(durationOf(d("2024-05-06"), d("2024-05-05"))).toEqual({ years: 0, months: 0, days: 0 });
  });
  it("a single day is 0/0/1, and a month from 1 January is 1 February whatever February's length", () => {
    expect(durationOf(d("2024-03-01"), d("2024-03-01"))).toEqual({ years: 0, months: 0, days: 1 });
    expect(durationOf(d("2023-01-01"), d("2023-01-31"))).toEqual({ years: 0, months: 1, days: 0 });
    expect(durationOf(d("2023-02-01"), d("2023-02-28"))).toEqual({ years: 0, months: 1, days: 0 });
    expect(durationOf(d("1930-01-01"), d("2129-12-31"))).toEqual({ years: 200, months: 0, days: 0 });
    expect(durationOf(d("2024-02-29"), d("2025-02-27"))).toEqual({ years: 1, months: 0, days: 0 });
  });
});

describe("period bounds", () => {
  const from = d("2024-12-23"); // Monday, a bridge day
  const to = d("2024-12-27"); // Friday, a bridge day
  it.each([
    ["inclusive", "2024-12-23", "2024-12-27", 5, 2],
    ["exclusive", "2024-12-24", "2024-12-26", 3, 0],
    ["from", "2024-12-23", "2024-12-26", 4, 1],
    ["to", "2024-12-24", "2024-12-27", 4, 1],
  ] as const)("%s counts %s..%s", (bounds, first, last, calendarDays, workingDays) => {
    const p = period(from, to, bounds);
    expect(p.bounds).toBe(bounds);
    expect(p.counted).toEqual({ first, last });
    expect(p.calendarDays).toBe(calendarDays);
    expect(p.workingDays).toBe(workingDays);
    expect(p.bridgeDays).toBe(workingDays);
    expect(p.daysOff.total).toBe(3);
  });
  it("field order of Period", () => {
    const p = period(from, to, "inclusive");
    expect(Object.keys(p)).toEqual(PERIOD_FIELDS);
    expect(Object.keys(p.duration)).toEqual(["years", "months", "days"]);
    expect(Object.keys(p.daysOff)).toEqual(["total", "publicHolidays", "defactoHolidays", "namedDays", "weekendDays"]);
  });
  it("echoes from/to as sent", () => {
    const p = period(from, to, "inclusive", "2024-12-23", "2024-12-27");
    expect([p.from, p.to]).toEqual(["2024-12-23", "2024-12-27"]);
  });
  it("identical dates: exclusive gives 0 days and counted null; inclusive counts the one day", () => {
    const x = d("2024-12-25");
    const ex = period(x, x, "exclusive");
    expect(ex.calendarDays).toBe(0);
    expect(ex.counted).toBeNull();
    expect(ex.workingDays).toBe(0);
    expect(ex.daysOff).toEqual({ total: 0, publicHolidays: 0, defactoHolidays: 0, namedDays: 0, weekendDays: 0 });
    expect(ex.bridgeDays + ex.halfDays).toBe(0);
    const inc = period(x, x, "inclusive");
    expect(inc.calendarDays).toBe(1);
    expect(inc.counted).toEqual({ first: "2024-12-25", last: "2024-12-25" });
    expect(inc.daysOff).toEqual({ total: 1, publicHolidays: 1, defactoHolidays: 0, namedDays: 1, weekendDays: 0 });
  });
  it("identical dates with from/to bounds: the half-open interval is empty (calendarDays = to - from = 0, counted null)", () => {
    // Engine reading (not spelled out in SPEC/DECISIONS): `from` is [from, to) and `to` is (from, to],
    // so calendarDays is always to - from for these two bounds, also when the dates are equal.
    const x = d("2024-12-25");
    for (const b of ["from", "to"] as const) {
      const p = period(x, x, b);
      expect(p).toMatchObject({
        calendarDays: 0,
        counted: null,
        workingDays: 0,
        duration: { years: 0, months: 0, days: 0 },
      });
      expect(p.daysOff.total).toBe(0);
    }
  });
  it("adjacent dates with exclusive count nothing, with from/to count one day", () => {
    const a = d("2024-01-01");
    expect(period(a, a + 1, "exclusive")).toMatchObject({ calendarDays: 0, counted: null });
    expect(period(a, a + 1, "from")).toMatchObject({
      calendarDays: 1,
      counted: { first: "2024-01-01", last: "2024-01-01" },
    });
    expect(period(a, a + 1, "to")).toMatchObject({
      calendarDays: 1,
      counted: { first: "2024-01-02", last: "2024-01-02" },
    });
  });
  it("from later than to is invalid-parameter; the service does not swap", () => {
    for (const b of BOUNDS)
      expectCalendarError(() => period(d("2024-01-02"), d("2024-01-01"), b), "invalid-parameter", "to");
  });
  it("exactly 200 years is allowed, one day more is invalid-parameter", () => {
    const p = period(d("1930-01-01"), d("2130-01-01"), "inclusive");
    expect(p.calendarDays).toBe(d("2130-01-01") - d("1930-01-01") + 1);
    expect(p.duration).toEqual({ years: 200, months: 0, days: 1 });
    expectCalendarError(() => period(d("1930-01-01"), d("2130-01-02"), "inclusive"), "invalid-parameter", "to");
    expectCalendarError(() => period(d("1930-01-01"), d("9999-12-31"), "exclusive"), "invalid-parameter");
    // 29 February plus 200 years clamps to 28 February
    expect(() => period(d("2000-02-29"), d("2200-02-28"), "inclusive")).not.toThrow();
    expectCalendarError(() => period(d("2000-02-29"), d("2200-03-01"), "inclusive"), "invalid-parameter");
    expect(() => period(d("9799-12-31"), d("9999-12-31"), "inclusive")).not.toThrow();
  });
  it("the whole last 200 years up to 9999-12-31 (a day past the range is never read)", () => {
    const p = period(d("9799-12-31"), d("9999-12-31"), "inclusive");
    expect(p.workingDays + p.daysOff.total).toBe(p.calendarDays);
    expect(p.duration).toEqual({ years: 200, months: 0, days: 1 });
  });
});

describe("periodSummary", () => {
  it("is chronological, both endpoints counted, without bounds and counted", () => {
    const s = periodSummary(d("2024-03-10"), d("2024-02-29"))!;
    expect(Object.keys(s)).toEqual(PERIOD_FIELDS.filter((k) => k !== "bounds" && k !== "counted"));
    expect([s.from, s.to, s.calendarDays]).toEqual(["2024-02-29", "2024-03-10", 11]);
  });
  it("is null past 200 years and present at exactly 200", () => {
    expect(periodSummary(d("1930-01-01"), d("2130-01-01"))).not.toBeNull();
    expect(periodSummary(d("1930-01-01"), d("2130-01-02"))).toBeNull();
    expect(periodSummary(d("2130-01-02"), d("1930-01-01"))).toBeNull();
  });
});
