/**
 * Long weekends (docs/decisions.md#long-weekends): hand-checked cases from the calendar, and every year against a
 * naive reading of the definition built from Day objects.
 */

import {
  bridgeDaysOfYear,
  type DayNumber,
  dayFromCivil,
  dayOf,
  FIRST_DAY,
  FIRST_YEAR,
  isBridgeDay,
  LAST_DAY,
  LAST_YEAR,
  type LongWeekend,
  longWeekendsOfYear,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { longWeekendsResource } from "../../contract/resources.js";
import { d, iso } from "./helpers.js";

const summary = (w: LongWeekend) =>
  `${w.start}..${w.end} ${w.days} [${w.leaveDays.join(",")}] ${w.observances.join(",")}`;

describe("long weekends: hand-checked", () => {
  it("2026, every long weekend (New Year 2025/26 belongs to 2025)", () => {
    expect(longWeekendsOfYear(2026).map(summary)).toEqual([
      "2026-01-03..2026-01-06 4 [2026-01-05] epiphany",
      "2026-04-03..2026-04-06 4 [] goodFriday,holySaturday,easterSunday,easterMonday",
      "2026-05-01..2026-05-03 3 [] mayDay",
      "2026-05-14..2026-05-17 4 [2026-05-15] ascensionDay",
      "2026-06-19..2026-06-21 3 [] midsummerEve,midsummerDay",
      "2026-12-24..2026-12-27 4 [] christmasEve,christmasDay,boxingDay",
      "2026-12-31..2027-01-03 4 [] newYearsEve,newYearsDay",
    ]);
    const newYear = longWeekendsOfYear(2025).find((w) => w.start === "2025-12-31")!;
    expect(newYear).toEqual({
      start: "2025-12-31",
      end: "2026-01-04",
      days: 5,
      leaveDays: ["2026-01-02"],
      observances: ["newYearsEve", "newYearsDay"],
    });
    expect(longWeekendsOfYear(2026).some((w) => w.start.startsWith("2025"))).toBe(false);
  });

  it("2025: National Day on a Friday before Whitsun Eve and Whitsun; Christmas Eve on a Wednesday gives five days", () => {
    const list = longWeekendsOfYear(2025).map(summary);
    expect(list).toContain("2025-06-06..2025-06-08 3 [] nationalDay,whitsunEve,whitsun");
    expect(list).toContain("2025-12-24..2025-12-28 5 [] christmasEve,christmasDay,boxingDay");
    expect(list).toContain("2025-05-29..2025-06-01 4 [2025-05-30] ascensionDay");
  });

  it("a free run and the joined run its bridge day makes are both listed, the free run first", () => {
    // 2024: Christmas Eve Tuesday; Monday 2024-12-23 is a bridge day between the weekend and Christmas
    const list = longWeekendsOfYear(2024).map(summary);
    const i = list.indexOf("2024-12-21..2024-12-22 2 [] ");
    expect(i).toBe(-1); // a weekend without a named day is never listed
    expect(list).toContain("2024-12-21..2024-12-26 6 [2024-12-23] christmasEve,christmasDay,boxingDay");
    expect(list).toContain("2024-12-24..2024-12-26 3 [] christmasEve,christmasDay,boxingDay");
    // 2024-12-24..26 then the bridge day Friday 27 December joins the weekend 28-29: both start on 24 December
    const at24 = longWeekendsOfYear(2024).filter((w) => w.start === "2024-12-24");
    expect(at24.map((w) => w.leaveDays.length)).toEqual([0, 1]);
    expect(at24[1]).toEqual({
      start: "2024-12-24",
      end: "2024-12-29",
      days: 6,
      leaveDays: ["2024-12-27"],
      observances: ["christmasEve", "christmasDay", "boxingDay"],
    });
  });

  it("observance codes in date order, and in catalogue order on one date (2008-05-01: Ascension Day and May Day)", () => {
    const w = longWeekendsOfYear(2008).find((x) => x.start === "2008-05-01" && x.leaveDays.length === 1)!;
    expect(w).toEqual({
      start: "2008-05-01",
      end: "2008-05-04",
      days: 4,
      leaveDays: ["2008-05-02"],
      observances: ["ascensionDay", "mayDay"],
    });
  });

  it("before the 1953 reform: Midsummer Eve on a Monday (1952-06-23) makes a long weekend with the Saturday and Sunday before", () => {
    expect(longWeekendsOfYear(1952).map(summary)).toContain("1952-06-21..1952-06-24 4 [] midsummerEve,midsummerDay");
  });

  it("the resource is the envelope { year, count, longWeekends }", () => {
    const r = longWeekendsResource(2026);
    expect(Object.keys(r)).toEqual(["year", "count", "longWeekends"]);
    expect(r.count).toBe(r.longWeekends.length);
    expect(Object.keys(r.longWeekends[0])).toEqual(["start", "end", "days", "leaveDays", "observances"]);
  });

  it("both ends of the range: runs are read inside 1930-01-01..9999-12-31 only", () => {
    // 1929-12-31 (New Year's Eve) is outside the range: the run around 1930-01-01 is cut there and is too short anyway
    expect(longWeekendsOfYear(1930)[0].start).toBe("1930-01-04");
    // 9999-12-31 is a Friday (New Year's Eve): its run would go on into the year 10000 and is not listed
    expect(longWeekendsOfYear(9999).at(-1)!.start).toBe("9999-12-24");
  });
});

/** The definition read naively, from Day objects only: free runs found day by day, bridge days as workingDay neighbours. */
function naiveLongWeekends(year: number): LongWeekend[] {
  const off = (n: DayNumber) => n >= FIRST_DAY && n <= LAST_DAY && !dayOf(n).workingDay;
  const runFrom = (start: DayNumber) => {
    let end = start;
    while (off(end + 1)) end++;
    return end;
  };
  const codes = (a: DayNumber, b: DayNumber) => {
    const out: string[] = [];
    for (let n = a; n <= b; n++) out.push(...dayOf(n).observances.map((o) => o.code));
    return out;
  };
  const make = (a: DayNumber, b: DayNumber, leave: DayNumber[]): LongWeekend => ({
    start: iso(a),
    end: iso(b),
    days: b - a + 1,
    leaveDays: leave.map(iso),
    observances: codes(a, b),
  });
  const list: LongWeekend[] = [];
  for (let n = dayFromCivil(year, 1, 1); n <= dayFromCivil(year, 12, 31); n++) {
    if (!off(n) || off(n - 1)) continue; // n starts a free run
    const end = runFrom(n);
    if (end - n + 1 >= 3 && codes(n, end).length > 0) list.push(make(n, end, []));
    const bridge = end + 1;
    if (bridge <= LAST_DAY && dayOf(bridge).workingDay && off(bridge - 1) && off(bridge + 1)) {
      const joinedEnd = runFrom(bridge + 1);
      if (codes(n, joinedEnd).length > 0) list.push(make(n, joinedEnd, [bridge]));
    }
  }
  return list.sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.leaveDays.length - b.leaveDays.length,
  );
}

describe("long weekends: against the naive reading", () => {
  it("every year 1930-2100, and every 13th year to 9999", () => {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += year < 2100 ? 1 : 13) {
      expect(longWeekendsOfYear(year), String(year)).toEqual(naiveLongWeekends(year));
    }
    expect(longWeekendsOfYear(LAST_YEAR)).toEqual(naiveLongWeekends(LAST_YEAR));
  });

  it("every year of the range: the invariants (ascending, start in the year, leave days are bridge days, named days inside)", () => {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      const list = longWeekendsOfYear(year);
      let previous = "";
      for (const w of list) {
        expect(w.start.slice(0, 4), summary(w)).toBe(String(year));
        expect(w.start >= previous, summary(w)).toBe(true);
        previous = w.start;
        expect(w.days).toBe(d(w.end) - d(w.start) + 1);
        expect(w.days).toBeGreaterThanOrEqual(3);
        expect(w.observances.length).toBeGreaterThan(0);
        expect(w.leaveDays.length).toBeLessThanOrEqual(1);
        for (const leave of w.leaveDays) expect(isBridgeDay(d(leave)), summary(w)).toBe(true);
      }
      // every bridge day of the year that touches a named run appears as a leave day
      for (const b of bridgeDaysOfYear(year)) {
        const listed =
          list.some((w) => w.leaveDays[0] === b.date) ||
          longWeekendsOfYear(year - 1 >= FIRST_YEAR ? year - 1 : year).some((w) => w.leaveDays[0] === b.date);
        const left = d(b.date) - 1;
        let a = left;
        while (a - 1 >= FIRST_DAY && !dayOf(a - 1).workingDay) a--;
        let z = d(b.date) + 1;
        while (z + 1 <= LAST_DAY && !dayOf(z + 1).workingDay) z++;
        let named = false;
        for (let n = a; n <= z; n++) named ||= dayOf(n).observances.length > 0;
        expect(listed, b.date).toBe(named);
      }
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Leave plans
