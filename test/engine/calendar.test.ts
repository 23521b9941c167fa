/**
 * Hand-verified dates of the Swedish calendar: Easter's exception years, shared dates, the 1953 reform and the
 * observances with a limited life. Every expected date below was worked out by hand from the rules of
 * docs/decisions.md#historical-rules and checked against a printed calendar; weekdays are checked with the platform's
 * Date, not with the engine's own arithmetic. The year lists and the Day object are in calendar-lists.test.ts.
 */

import { catalogue, holidaysOfYear, isHalfDay, OBSERVANCE_RULES } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { occurrenceSeries } from "../../contract/resources.js";
import { codes, dayAt } from "./calendar-days.js";
import { d, weekdayByDate } from "./helpers.js";

describe("Easter in the four years where Gauss's short formula needs its exception rules", () => {
  // [year, goodFriday, holySaturday, easterSunday, easterMonday, ascensionDay, whitsunEve, whitsun, whitMonday or null]
  const table: [number, string, string, string, string, string, string, string, string | null][] = [
    [1954, "04-16", "04-17", "04-18", "04-19", "05-27", "06-05", "06-06", "06-07"],
    [1981, "04-17", "04-18", "04-19", "04-20", "05-28", "06-06", "06-07", "06-08"],
    [2049, "04-16", "04-17", "04-18", "04-19", "05-27", "06-05", "06-06", null],
    [2076, "04-17", "04-18", "04-19", "04-20", "05-28", "06-06", "06-07", null],
  ];
  for (const [year, gf, hs, es, em, asc, we, ws, wm] of table) {
    it(`${year}: Easter Sunday ${year}-${es} and the days derived from it`, () => {
      const expected: [string, string, number][] = [
        ["goodFriday", gf, 5],
        ["holySaturday", hs, 6],
        ["easterSunday", es, 7],
        ["easterMonday", em, 1],
        ["ascensionDay", asc, 4],
        ["whitsunEve", we, 6],
        ["whitsun", ws, 7],
      ];
      if (wm) expected.push(["whitMonday", wm, 1]);
      for (const [code, md, weekday] of expected) {
        const date = `${year}-${md}`;
        const day = dayAt(date);
        expect(codes(day), date).toContain(code);
        expect(day.weekday).toBe(weekday);
        expect(weekdayByDate(date)).toBe(weekday);
        expect(occurrenceSeries(code, year).occurrences).toEqual([{ year, day }]);
      }
      if (!wm) expect(occurrenceSeries("whitMonday", year).count).toBe(0);
    });
  }
});

describe("dates that carry two observances", () => {
  it("2008-05-01: Ascension Day and May Day, in catalogue order", () => {
    const day = dayAt("2008-05-01");
    expect(codes(day)).toEqual(["ascensionDay", "mayDay"]);
    expect(day.holidayType).toBe("public");
    expect(day.weekday).toBe(4);
    expect(holidaysOfYear(2008).filter((x) => x.date === "2008-05-01")).toHaveLength(1);
  });
  it("2049-06-06: Whit Sunday and National Day", () => {
    const day = dayAt("2049-06-06");
    expect(codes(day)).toEqual(["whitsun", "nationalDay"]);
    expect(day.holidayType).toBe("public");
    expect(day.weekday).toBe(7);
  });
  it("2076-06-06: National Day and Whitsun Eve on a Saturday; public wins over defacto", () => {
    const day = dayAt("2076-06-06");
    expect(codes(day)).toEqual(["nationalDay", "whitsunEve"]);
    expect(day.observances.map((o) => o.holidayType)).toEqual(["public", "defacto"]);
    expect(day.holidayType).toBe("public");
    expect(day.weekday).toBe(6);
  });
  it("shared dates always list their observances in catalogue order", () => {
    const order = new Map(OBSERVANCE_RULES.map((r, i) => [r.code, i]));
    for (let year = 1930; year <= 2300; year++) {
      for (const day of holidaysOfYear(year)) {
        const idx = day.observances.map((o) => order.get(o.code)!);
        expect(idx).toEqual([...idx].sort((a, b) => a - b));
      }
    }
  });
});

describe("the 1953 reform", () => {
  it("1952: Midsummer Eve on Monday 23 June (a de facto day off) and Midsummer Day on Tuesday 24 June", () => {
    const eve = dayAt("1952-06-23");
    expect(eve).toMatchObject({ weekday: 1, holidayType: "defacto", workingDay: false });
    expect(weekdayByDate("1952-06-23")).toBe(1);
    expect(codes(eve)).toEqual(["midsummerEve"]);
    const dayOfMidsummer = dayAt("1952-06-24");
    expect(dayOfMidsummer).toMatchObject({ weekday: 2, holidayType: "public", workingDay: false });
    expect(codes(dayOfMidsummer)).toEqual(["midsummerDay"]);
    expect(dayAt("1952-06-20")).toMatchObject({ holidayType: null, workingDay: true, observances: [] });
    expect(dayAt("1952-06-21").observances).toEqual([]);
  });
  it("Annunciation Day is a holiday on 1952-03-25 and 1953-03-25 is an ordinary working day", () => {
    const a = dayAt("1952-03-25");
    expect(codes(a)).toEqual(["annunciation"]);
    expect(a).toMatchObject({ weekday: 2, holidayType: "public", workingDay: false });
    expect(dayAt("1953-03-25")).toEqual({
      date: "1953-03-25",
      weekday: 3,
      isoWeek: { year: 1953, week: 13 },
      holidayType: null,
      workingDay: true,
      observances: [],
      flagDay: [],
    });
    expect(isHalfDay(d("1952-03-24"))).toBe(true);
    expect(isHalfDay(d("1953-03-24"))).toBe(false);
  });
  it("midsummer from 1953: Midsummer Eve is the Friday 19–25 June, Midsummer Day the Saturday 20–26 June", () => {
    for (let year = 1953; year <= 9999; year++) {
      const eve = occurrenceSeries("midsummerEve", year).occurrences;
      const day = occurrenceSeries("midsummerDay", year).occurrences;
      expect(eve).toHaveLength(1);
      expect(day).toHaveLength(1);
      const e = eve[0].day;
      const m = day[0].day;
      if (e.weekday !== 5 || e.date.slice(5) < "06-19" || e.date.slice(5) > "06-25")
        throw new Error(`midsummerEve ${e.date}`);
      if (m.weekday !== 6 || m.date.slice(5) < "06-20" || m.date.slice(5) > "06-26")
        throw new Error(`midsummerDay ${m.date}`);
      if (d(m.date) !== d(e.date) + 1) throw new Error(`midsummer ${e.date} ${m.date}`);
    }
    for (let year = 1930; year <= 1952; year++) {
      expect(occurrenceSeries("midsummerEve", year).occurrences[0].day.date).toBe(`${year}-06-23`);
      expect(occurrenceSeries("midsummerDay", year).occurrences[0].day.date).toBe(`${year}-06-24`);
    }
  });
  it("All Saints' Day from 1953 is the Saturday 31 October – 6 November, and absent before", () => {
    for (let year = 1930; year <= 1952; year++) expect(occurrenceSeries("allSaintsDay", year).count).toBe(0);
    for (let year = 1953; year <= 9999; year++) {
      const list = occurrenceSeries("allSaintsDay", year).occurrences;
      expect(list).toHaveLength(1);
      const { date, weekday } = list[0].day;
      const md = date.slice(5);
      if (weekday !== 6 || !(md === "10-31" || (md >= "11-01" && md <= "11-06")))
        throw new Error(`allSaintsDay ${date}`);
    }
    expect(codes(dayAt("1953-10-31"))).toEqual(["allSaintsDay"]);
    expect(codes(dayAt("2024-11-02"))).toEqual(["allSaintsDay"]);
  });
});

describe("observances with a limited life", () => {
  it("May Day from 1939: 1938-05-01 (a Sunday) has no observance, 1939-05-01 (a Monday) is May Day", () => {
    expect(dayAt("1938-05-01")).toEqual({
      date: "1938-05-01",
      weekday: 7,
      isoWeek: { year: 1938, week: 17 },
      holidayType: "public",
      workingDay: false,
      observances: [],
      flagDay: [],
    });
    const may = dayAt("1939-05-01");
    expect(codes(may)).toEqual(["mayDay"]);
    expect(may).toMatchObject({ weekday: 1, holidayType: "public", workingDay: false });
    expect(isHalfDay(d("1938-04-29"))).toBe(false); // Friday before the Sunday: not a half day without May Day
  });
  it("Whit Monday until 2004: 2004-05-31 is one, 2005-05-16 is an ordinary working day", () => {
    const wm = dayAt("2004-05-31");
    expect(codes(wm)).toEqual(["whitMonday"]);
    expect(wm).toMatchObject({ weekday: 1, holidayType: "public", workingDay: false });
    expect(dayAt("2005-05-16")).toEqual({
      date: "2005-05-16",
      weekday: 1,
      isoWeek: { year: 2005, week: 20 },
      holidayType: null,
      workingDay: true,
      observances: [],
      flagDay: [],
    });
    expect(codes(dayAt("2005-05-15"))).toEqual(["whitsun"]);
  });
  it("National Day from 2005: 2005-06-06 is one, 2004-06-06 carries no observance", () => {
    const nd = dayAt("2005-06-06");
    expect(codes(nd)).toEqual(["nationalDay"]);
    expect(nd).toMatchObject({ weekday: 1, holidayType: "public", workingDay: false });
    expect(dayAt("2004-06-06").observances).toEqual([]);
    expect(occurrenceSeries("nationalDay", 2004).count).toBe(0);
  });
  it("catalogue lists all 20 observances with since/until exactly where they apply", () => {
    const list = { observances: catalogue() };
    expect(list.observances).toHaveLength(20);
    const limited = Object.fromEntries(
      list.observances
        .filter((o) => o.since !== undefined || o.until !== undefined)
        .map((o) => [o.code, [o.since, o.until]]),
    );
    expect(limited).toEqual({
      annunciation: [undefined, 1952],
      mayDay: [1939, undefined],
      whitMonday: [undefined, 2004],
      nationalDay: [2005, undefined],
      allSaintsDay: [1953, undefined],
    });
    for (const o of list.observances) {
      expect(Object.keys(o)).toEqual([
        "code",
        "holidayType",
        "name",
        "feast",
        ...(o.since !== undefined ? ["since"] : []),
        ...(o.until !== undefined ? ["until"] : []),
      ]);
    }
  });
});
