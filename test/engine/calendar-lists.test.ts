/**
 * Hand-verified lists of the Swedish calendar: 2024's bridge days, half days and holidays, holiday lists in general,
 * the Day object, and the whole range 1930-9999 against a direct evaluation of the rules. Weekdays are checked with the
 * platform's Date, not with the engine's own arithmetic.
 */

import {
  addWorkingDays,
  bridgeDaysOfYear,
  dayOf,
  FIRST_DAY,
  halfDaysOfYear,
  holidaysOfYear,
  isBridgeDay,
  isHalfDay,
  isWorkingDay,
  LAST_DAY,
  OBSERVANCE_RULES,
  observanceDate,
  period,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { BRIDGE_DAYS_2024, HALF_DAYS_2024 } from "../support/hand-checked.js";
import { codes, dayAt } from "./calendar-days.js";
import { d, iso, isoWeekByLuxon, weekdayByDate } from "./helpers.js";

describe("2024", () => {
  it("bridge days are exactly 05-10, 06-07, 12-23, 12-27, 12-30", () => {
    const days = bridgeDaysOfYear(2024);
    expect(days.map((x) => x.date)).toEqual(BRIDGE_DAYS_2024);
    // 2024-12-23, a bridge day, is the Queen's birthday: a flag day is no day off
    const flagDay = (date: string) => (date === "2024-12-23" ? ["queensBirthday"] : []);
    for (const x of days) {
      expect(x).toEqual({
        date: x.date,
        weekday: weekdayByDate(x.date),
        isoWeek: isoWeekByLuxon(x.date),
        holidayType: null,
        workingDay: true,
        observances: [],
        flagDay: flagDay(x.date),
      });
    }
  });
  it("half days are exactly 01-05, 03-28, 04-30, 05-08, 06-05, 11-01", () => {
    const days = halfDaysOfYear(2024);
    expect(days.map((x) => x.date)).toEqual(HALF_DAYS_2024);
    for (const x of days) expect(x).toMatchObject({ holidayType: null, workingDay: true, observances: [] });
  });
  it("has 251 working days", () => {
    const p = period(d("2024-01-01"), d("2024-12-31"), "inclusive");
    expect(p.calendarDays).toBe(366);
    expect(p.workingDays).toBe(251);
    expect(p.bridgeDays).toBe(5);
    expect(p.halfDays).toBe(6);
    expect(p.daysOff).toEqual({ total: 115, publicHolidays: 63, defactoHolidays: 52, namedDays: 18, weekendDays: 97 });
  });
  it("holiday list: 18 named dates; the flags add the remaining Sundays and Saturdays independently", () => {
    // 2024 starts on a Monday and has 366 days: 52 Saturdays and 52 Sundays.
    // Named dates on a Sunday: Easter Sunday 03-31, Whit Sunday 05-19 (2).
    // Named dates on a Saturday: Epiphany 01-06, Easter Eve 03-30, Whitsun Eve 05-18, Midsummer Day 06-22, All Saints' Day 11-02 (5).
    expect(holidaysOfYear(2024).length).toBe(18);
    expect(holidaysOfYear(2024, { sundays: true }).length).toBe(18 + 52 - 2);
    expect(holidaysOfYear(2024, { saturdays: true }).length).toBe(18 + 52 - 5);
    expect(holidaysOfYear(2024, { sundays: true, saturdays: true }).length).toBe(18 + 104 - 7);
    expect(holidaysOfYear(2024, { sundays: false, saturdays: false }).length).toBe(18);
    expect(holidaysOfYear(2024).map((x) => x.date)).toEqual([
      "2024-01-01",
      "2024-01-06",
      "2024-03-29",
      "2024-03-30",
      "2024-03-31",
      "2024-04-01",
      "2024-05-01",
      "2024-05-09",
      "2024-05-18",
      "2024-05-19",
      "2024-06-06",
      "2024-06-21",
      "2024-06-22",
      "2024-11-02",
      "2024-12-24",
      "2024-12-25",
      "2024-12-26",
      "2024-12-31",
    ]);
  });
});

describe("holiday lists in general", () => {
  const variants = [{}, { sundays: true }, { saturdays: true }, { sundays: true, saturdays: true }];
  it("one entry per date, ascending; the flags decide only which days are listed, never what they are", () => {
    for (const year of [1930, 1952, 1953, 2004, 2005, 2008, 2024, 2049, 2076, 9999]) {
      const plain = holidaysOfYear(year);
      for (const v of variants) {
        const list = holidaysOfYear(year, v);
        for (let i = 1; i < list.length; i++) expect(list[i - 1].date < list[i].date).toBe(true);
        for (const day of list) {
          expect(day).toEqual(dayAt(day.date));
          expect(day.date.startsWith(String(year))).toBe(true);
          expect(day.workingDay).toBe(false);
        }
        // every named day is listed regardless of the flags
        for (const named of plain) expect(list.some((x) => x.date === named.date)).toBe(true);
        // listed = named days + requested weekend days, nothing else
        const expected = countListed(year, v);
        expect(list.length).toBe(expected);
      }
      for (const day of plain) expect(day.observances.length).toBeGreaterThan(0);
    }
  });
  it("Sundays are public, Saturdays defacto, with empty observances unless named", () => {
    for (const day of holidaysOfYear(2025, { sundays: true, saturdays: true })) {
      if (day.weekday === 7) expect(day.holidayType).toBe("public");
      if (day.weekday === 6 && day.observances.every((o) => o.holidayType === "defacto"))
        expect(day.holidayType).toBe("defacto");
    }
    expect(dayAt("2024-06-02")).toEqual({
      date: "2024-06-02",
      weekday: 7,
      isoWeek: { year: 2024, week: 22 },
      holidayType: "public",
      workingDay: false,
      observances: [],
      flagDay: [],
    });
    expect(dayAt("2024-06-01")).toEqual({
      date: "2024-06-01",
      weekday: 6,
      isoWeek: { year: 2024, week: 22 },
      holidayType: "defacto",
      workingDay: false,
      observances: [],
      flagDay: [],
    });
    expect(dayAt("2024-11-02").holidayType).toBe("public"); // All Saints' Day is a public Saturday
  });
});

function countListed(year: number, v: { sundays?: boolean; saturdays?: boolean }): number {
  let count = 0;
  for (let n = d(`${year}-01-01`); n <= d(`${year}-12-31`); n++) {
    const day = dayOf(n);
    if (day.observances.length > 0 || (v.sundays && day.weekday === 7) || (v.saturdays && day.weekday === 6)) count++;
  }
  return count;
}

describe("the Day object", () => {
  it("has exactly the fields date, weekday, isoWeek, holidayType, workingDay, observances, flagDay, in that order", () => {
    for (const date of [
      "2024-01-01",
      "2024-01-02",
      "2024-01-06",
      "2024-01-07",
      "2008-05-01",
      "1930-01-01",
      "9999-12-31",
    ]) {
      const day = dayAt(date);
      expect(Object.keys(day)).toEqual([
        "date",
        "weekday",
        "isoWeek",
        "holidayType",
        "workingDay",
        "observances",
        "flagDay",
      ]);
      expect(Array.isArray(day.flagDay)).toBe(true);
      expect(Object.keys(day.isoWeek)).toEqual(["year", "week"]);
      expect(day.date).toBe(date);
      expect(day.weekday).toBe(weekdayByDate(date));
      expect(day.isoWeek).toEqual(isoWeekByLuxon(date));
      expect(day.workingDay).toBe(day.holidayType === null);
      for (const o of day.observances) {
        expect(Object.keys(o)).toEqual(["code", "holidayType", "name", "feast"]);
        expect(Object.keys(o.name)).toEqual(["sv", "en"]);
        expect(Object.keys(o.feast)).toEqual(["code", "name"]);
      }
    }
    expect(JSON.stringify(dayAt("2024-01-01"))).toBe(
      '{"date":"2024-01-01","weekday":1,"isoWeek":{"year":2024,"week":1},"holidayType":"public","workingDay":false,"observances":[{"code":"newYearsDay","holidayType":"public","name":{"sv":"Nyårsdagen","en":"New Year\'s Day"},"feast":{"code":"newYear","name":{"sv":"Nyår","en":"New Year"}}}],"flagDay":["newYearsDay"]}',
    );
  });
  it("every Sunday is public and every Saturday at least defacto, at both ends of the range", () => {
    for (const start of [FIRST_DAY, LAST_DAY - 400]) {
      for (let n = start; n < start + 400; n++) {
        const day = dayOf(n);
        if (day.weekday === 7) expect(day.holidayType).toBe("public");
        if (day.weekday === 6) expect(day.holidayType).not.toBeNull();
        expect(isWorkingDay(n)).toBe(day.workingDay);
      }
    }
    expect(iso(FIRST_DAY)).toBe("1930-01-01");
    expect(iso(LAST_DAY)).toBe("9999-12-31");
  });
  it("bridge and half days are ordinary working days; a day can be both", () => {
    let both = 0;
    for (let n = d("1930-01-01"); n <= d("2100-12-31"); n++) {
      if (isBridgeDay(n) || isHalfDay(n)) expect(isWorkingDay(n)).toBe(true);
      if (isBridgeDay(n) && isHalfDay(n)) both++;
    }
    expect(both).toBeGreaterThan(0);
    // Monday 2023-06-05: after a Sunday, before National Day on a Tuesday
    expect(isBridgeDay(d("2023-06-05")) && isHalfDay(d("2023-06-05"))).toBe(true);
    expect(bridgeDaysOfYear(2023).map((x) => x.date)).toContain("2023-06-05");
    expect(halfDaysOfYear(2023).map((x) => x.date)).toContain("2023-06-05");
  });
  it("addWorkingDays of 0 is the date itself, even on a holiday", () => {
    expect(addWorkingDays(d("2024-12-25"), 0)).toBe(d("2024-12-25"));
  });
});

describe("the whole range 1930-9999", () => {
  it("holiday lists equal a direct evaluation of the rules table, year by year", () => {
    for (let year = 1930; year <= 9999; year++) {
      const expected = new Map<string, string[]>();
      for (const rule of OBSERVANCE_RULES) {
        const n = observanceDate(rule, year);
        if (n === undefined) continue;
        const key = iso(n);
        expected.set(key, [...(expected.get(key) ?? []), rule.code]);
      }
      const actual = holidaysOfYear(year);
      const got = new Map(actual.map((x) => [x.date, codes(x)]));
      if (got.size !== expected.size || [...expected].some(([k, v]) => got.get(k)?.join() !== v.join())) {
        throw new Error(`${year}: ${JSON.stringify([...got])} != ${JSON.stringify([...expected])}`);
      }
      // working days of the year: all days minus weekends minus named dates on weekdays
      let weekendDays = 0;
      const first = d(`${year}-01-01`);
      const last = d(`${year}-12-31`);
      for (let n = first; n <= last; n++) if (weekdayByDate(iso(n)) >= 6) weekendDays++;
      const namedOnWeekdays = actual.filter((x) => x.weekday <= 5).length;
      const p = period(first, last, "inclusive");
      if (p.workingDays !== last - first + 1 - weekendDays - namedOnWeekdays)
        throw new Error(`${year}: ${p.workingDays} working days`);
    }
  });
  it("every day: dayOf agrees with isWorkingDay, and bridge and half days follow their definitions", () => {
    let prev = dayOf(FIRST_DAY);
    let cur = dayOf(FIRST_DAY + 1);
    expect(isBridgeDay(FIRST_DAY) || isHalfDay(FIRST_DAY)).toBe(false);
    for (let n = FIRST_DAY + 1; n < LAST_DAY; n++) {
      const next = dayOf(n + 1);
      const bridge = cur.workingDay && !prev.workingDay && !next.workingDay;
      const half = cur.workingDay && next.observances.some((o) => o.holidayType === "public");
      if (isBridgeDay(n) !== bridge || isHalfDay(n) !== half || isWorkingDay(n) !== cur.workingDay)
        throw new Error(`${cur.date}`);
      if (cur.workingDay !== (cur.holidayType === null)) throw new Error(`${cur.date}`);
      prev = cur;
      cur = next;
    }
  });
  it("dayOf outside 1930-01-01..9999-12-31 is a programming error (RangeError), not a silent answer", () => {
    expect(() => dayOf(FIRST_DAY - 1)).toThrow(RangeError);
    expect(() => dayOf(LAST_DAY + 1)).toThrow(RangeError);
  });
});
