/**
 * Official flag days (issue 12, docs/flag-days.md): hand-verified lists for the election years and the years the
 * rules changed, the election schedule against its eras, the property that every flag day on a holiday agrees with
 * the observance engine for every year 1983-9999, and the Day's `flagDay` field.
 */

import fc from "fast-check";
import {
  dayFromCivil,
  dayOf,
  EUROPEAN_PARLIAMENT_ELECTIONS,
  FIRST_YEAR,
  FLAG_DAY_CODES,
  FLAG_DAY_RULES,
  FLAG_DAYS_FROM,
  flagDayCatalogue,
  flagDaysOfYear,
  holidaysOfYear,
  LAST_YEAR,
  OBSERVANCE_CODES,
  RIKSDAG_ELECTIONS_HELD,
  toIsoDate,
  yearInfo,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { yearDaysResource } from "../../contract/resources.js";
import { d, expectCalendarError, weekdayByDate } from "./helpers.js";

/** `date code` for a flag day that is no holiday, `date code=holiday` for one that is. */
const listOf = (year: number) =>
  flagDaysOfYear(year).map((f) => `${f.date} ${f.code}${f.holiday ? "=" + f.holiday : ""}`);

/**
 * The lists, written out by hand from the ordinance's wording and a printed calendar: Easter Sunday, Whit Sunday and
 * Midsummer Day (the Saturday 20-26 June) of each year, and the election days as held (val.se) or as the current law
 * schedules them. 6 June is `nationalDay` the holiday only from 2005.
 */
const HAND: Record<number, string[]> = {
  // the first year of the ordinance: 16 flag days, no election
  1983: [
    "1983-01-01 newYearsDay=newYearsDay",
    "1983-01-28 kingsNameDay",
    "1983-03-12 crownPrincessNameDay",
    "1983-04-03 easterSunday=easterSunday",
    "1983-04-30 kingsBirthday",
    "1983-05-01 mayDay=mayDay",
    "1983-05-22 whitsun=whitsun",
    "1983-06-06 nationalDay",
    "1983-06-25 midsummerDay=midsummerDay",
    "1983-07-14 crownPrincessBirthday",
    "1983-08-08 queensNameDay",
    "1983-10-24 unDay",
    "1983-11-06 gustavusAdolphusDay",
    "1983-12-10 nobelDay",
    "1983-12-23 queensBirthday",
    "1983-12-25 christmasDay=christmasDay",
  ],
  // the last three-year term: the third Sunday of September
  1994: [
    "1994-01-01 newYearsDay=newYearsDay",
    "1994-01-28 kingsNameDay",
    "1994-03-12 crownPrincessNameDay",
    "1994-04-03 easterSunday=easterSunday",
    "1994-04-30 kingsBirthday",
    "1994-05-01 mayDay=mayDay",
    "1994-05-22 whitsun=whitsun",
    "1994-06-06 nationalDay",
    "1994-06-25 midsummerDay=midsummerDay",
    "1994-07-14 crownPrincessBirthday",
    "1994-08-08 queensNameDay",
    "1994-09-18 riksdagElection",
    "1994-10-24 unDay",
    "1994-11-06 gustavusAdolphusDay",
    "1994-12-10 nobelDay",
    "1994-12-23 queensBirthday",
    "1994-12-25 christmasDay=christmasDay",
  ],
  // the first four-year term's election, still the third Sunday
  1998: [
    "1998-01-01 newYearsDay=newYearsDay",
    "1998-01-28 kingsNameDay",
    "1998-03-12 crownPrincessNameDay",
    "1998-04-12 easterSunday=easterSunday",
    "1998-04-30 kingsBirthday",
    "1998-05-01 mayDay=mayDay",
    "1998-05-31 whitsun=whitsun",
    "1998-06-06 nationalDay",
    "1998-06-20 midsummerDay=midsummerDay",
    "1998-07-14 crownPrincessBirthday",
    "1998-08-08 queensNameDay",
    "1998-09-20 riksdagElection",
    "1998-10-24 unDay",
    "1998-11-06 gustavusAdolphusDay",
    "1998-12-10 nobelDay",
    "1998-12-23 queensBirthday",
    "1998-12-25 christmasDay=christmasDay",
  ],
  // the last third-Sunday election; 6 June a public holiday since 2005
  2010: [
    "2010-01-01 newYearsDay=newYearsDay",
    "2010-01-28 kingsNameDay",
    "2010-03-12 crownPrincessNameDay",
    "2010-04-04 easterSunday=easterSunday",
    "2010-04-30 kingsBirthday",
    "2010-05-01 mayDay=mayDay",
    "2010-05-23 whitsun=whitsun",
    "2010-06-06 nationalDay=nationalDay",
    "2010-06-26 midsummerDay=midsummerDay",
    "2010-07-14 crownPrincessBirthday",
    "2010-08-08 queensNameDay",
    "2010-09-19 riksdagElection",
    "2010-10-24 unDay",
    "2010-11-06 gustavusAdolphusDay",
    "2010-12-10 nobelDay",
    "2010-12-23 queensBirthday",
    "2010-12-25 christmasDay=christmasDay",
  ],
  // the first second-Sunday election (SFS 2010:1416)
  2014: [
    "2014-01-01 newYearsDay=newYearsDay",
    "2014-01-28 kingsNameDay",
    "2014-03-12 crownPrincessNameDay",
    "2014-04-20 easterSunday=easterSunday",
    "2014-04-30 kingsBirthday",
    "2014-05-01 mayDay=mayDay",
    "2014-06-06 nationalDay=nationalDay",
    "2014-06-08 whitsun=whitsun",
    "2014-06-21 midsummerDay=midsummerDay",
    "2014-07-14 crownPrincessBirthday",
    "2014-08-08 queensNameDay",
    "2014-09-14 riksdagElection",
    "2014-10-24 unDay",
    "2014-11-06 gustavusAdolphusDay",
    "2014-12-10 nobelDay",
    "2014-12-23 queensBirthday",
    "2014-12-25 christmasDay=christmasDay",
  ],
  // veterandagen's first 29 May (SFS 2017:441 came into force on 14 July 2017), and the one-off of 17 December
  2018: [
    "2018-01-01 newYearsDay=newYearsDay",
    "2018-01-28 kingsNameDay",
    "2018-03-12 crownPrincessNameDay",
    "2018-04-01 easterSunday=easterSunday",
    "2018-04-30 kingsBirthday",
    "2018-05-01 mayDay=mayDay",
    "2018-05-20 whitsun=whitsun",
    "2018-05-29 veteransDay",
    "2018-06-06 nationalDay=nationalDay",
    "2018-06-23 midsummerDay=midsummerDay",
    "2018-07-14 crownPrincessBirthday",
    "2018-08-08 queensNameDay",
    "2018-09-09 riksdagElection",
    "2018-10-24 unDay",
    "2018-11-06 gustavusAdolphusDay",
    "2018-12-10 nobelDay",
    "2018-12-17 democracyCentenary",
    "2018-12-23 queensBirthday",
    "2018-12-25 christmasDay=christmasDay",
  ],
  2022: [
    "2022-01-01 newYearsDay=newYearsDay",
    "2022-01-28 kingsNameDay",
    "2022-03-12 crownPrincessNameDay",
    "2022-04-17 easterSunday=easterSunday",
    "2022-04-30 kingsBirthday",
    "2022-05-01 mayDay=mayDay",
    "2022-05-29 veteransDay",
    "2022-06-05 whitsun=whitsun",
    "2022-06-06 nationalDay=nationalDay",
    "2022-06-25 midsummerDay=midsummerDay",
    "2022-07-14 crownPrincessBirthday",
    "2022-08-08 queensNameDay",
    "2022-09-11 riksdagElection",
    "2022-10-24 unDay",
    "2022-11-06 gustavusAdolphusDay",
    "2022-12-10 nobelDay",
    "2022-12-23 queensBirthday",
    "2022-12-25 christmasDay=christmasDay",
  ],
  // the European Parliament election became a flag day on 1 April 2023 (no election that year); the King's jubilee
  2023: [
    "2023-01-01 newYearsDay=newYearsDay",
    "2023-01-28 kingsNameDay",
    "2023-03-12 crownPrincessNameDay",
    "2023-04-09 easterSunday=easterSunday",
    "2023-04-30 kingsBirthday",
    "2023-05-01 mayDay=mayDay",
    "2023-05-28 whitsun=whitsun",
    "2023-05-29 veteransDay",
    "2023-06-06 nationalDay=nationalDay",
    "2023-06-24 midsummerDay=midsummerDay",
    "2023-07-14 crownPrincessBirthday",
    "2023-08-08 queensNameDay",
    "2023-09-15 kingsGoldenJubilee",
    "2023-10-24 unDay",
    "2023-11-06 gustavusAdolphusDay",
    "2023-12-10 nobelDay",
    "2023-12-23 queensBirthday",
    "2023-12-25 christmasDay=christmasDay",
  ],
  // the first European Parliament election that is a flag day
  2024: [
    "2024-01-01 newYearsDay=newYearsDay",
    "2024-01-28 kingsNameDay",
    "2024-03-12 crownPrincessNameDay",
    "2024-03-31 easterSunday=easterSunday",
    "2024-04-30 kingsBirthday",
    "2024-05-01 mayDay=mayDay",
    "2024-05-19 whitsun=whitsun",
    "2024-05-29 veteransDay",
    "2024-06-06 nationalDay=nationalDay",
    "2024-06-09 europeanParliamentElection",
    "2024-06-22 midsummerDay=midsummerDay",
    "2024-07-14 crownPrincessBirthday",
    "2024-08-08 queensNameDay",
    "2024-10-24 unDay",
    "2024-11-06 gustavusAdolphusDay",
    "2024-12-10 nobelDay",
    "2024-12-23 queensBirthday",
    "2024-12-25 christmasDay=christmasDay",
  ],
  // the next ordinary election, the second Sunday of September
  2026: [
    "2026-01-01 newYearsDay=newYearsDay",
    "2026-01-28 kingsNameDay",
    "2026-03-12 crownPrincessNameDay",
    "2026-04-05 easterSunday=easterSunday",
    "2026-04-30 kingsBirthday",
    "2026-05-01 mayDay=mayDay",
    "2026-05-24 whitsun=whitsun",
    "2026-05-29 veteransDay",
    "2026-06-06 nationalDay=nationalDay",
    "2026-06-20 midsummerDay=midsummerDay",
    "2026-07-14 crownPrincessBirthday",
    "2026-08-08 queensNameDay",
    "2026-09-13 riksdagElection",
    "2026-10-24 unDay",
    "2026-11-06 gustavusAdolphusDay",
    "2026-12-10 nobelDay",
    "2026-12-23 queensBirthday",
    "2026-12-25 christmasDay=christmasDay",
  ],
  // 1 September 2030 is a Sunday: the second Sunday is the 8th
  2030: [
    "2030-01-01 newYearsDay=newYearsDay",
    "2030-01-28 kingsNameDay",
    "2030-03-12 crownPrincessNameDay",
    "2030-04-21 easterSunday=easterSunday",
    "2030-04-30 kingsBirthday",
    "2030-05-01 mayDay=mayDay",
    "2030-05-29 veteransDay",
    "2030-06-06 nationalDay=nationalDay",
    "2030-06-09 whitsun=whitsun",
    "2030-06-22 midsummerDay=midsummerDay",
    "2030-07-14 crownPrincessBirthday",
    "2030-08-08 queensNameDay",
    "2030-09-08 riksdagElection",
    "2030-10-24 unDay",
    "2030-11-06 gustavusAdolphusDay",
    "2030-12-10 nobelDay",
    "2030-12-23 queensBirthday",
    "2030-12-25 christmasDay=christmasDay",
  ],
};

describe("hand-verified flag-day lists", () => {
  it.each(Object.keys(HAND).map(Number))("%i", (year) => {
    expect(listOf(year)).toEqual(HAND[year]);
  });

  it("the hand lists name weekdays that agree with the platform's calendar (Easter, Whit Sunday, elections on a Sunday; Midsummer Day a Saturday)", () => {
    for (const list of Object.values(HAND)) {
      for (const entry of list) {
        const [date, codeAndHoliday] = entry.split(" ");
        const code = codeAndHoliday.split("=")[0];
        if (["easterSunday", "whitsun", "riksdagElection", "europeanParliamentElection"].includes(code))
          expect(weekdayByDate(date), entry).toBe(7);
        if (code === "midsummerDay") expect(weekdayByDate(date), entry).toBe(6);
      }
    }
  });

  it("a date with two flag days lists both, in catalogue order: 2049-06-06 is Whit Sunday and the National Day", () => {
    expect(listOf(2049).filter((e) => e.startsWith("2049-06-06"))).toEqual([
      "2049-06-06 whitsun=whitsun",
      "2049-06-06 nationalDay=nationalDay",
    ]);
    expect(dayOf(d("2049-06-06")).flagDay).toEqual(["whitsun", "nationalDay"]);
  });

  it("`holiday` names the observance the flag day is, not another holiday that shares its date (veterandagen on Ascension Day 2025)", () => {
    expect(listOf(2025)).toContain("2025-05-29 veteransDay");
    expect(dayOf(d("2025-05-29")).observances.map((o) => o.code)).toEqual(["ascensionDay"]);
    // 1 May 2008 was also Ascension Day: the flag day is May Day
    expect(listOf(2008)).toContain("2008-05-01 mayDay=mayDay");
  });
});

describe("range: official flag days exist from 1983", () => {
  it("a year before 1983 is 400 invalid-parameter naming 'year' and the ordinance", () => {
    for (const year of [FIRST_YEAR, 1950, 1982]) {
      const error = expectCalendarError(() => flagDaysOfYear(year), "invalid-parameter", "year");
      expect(error.detail).toContain("1983");
      expect(error.detail).toContain("1982:270");
    }
    expect(flagDaysOfYear(1983)).toHaveLength(16);
    expect(flagDaysOfYear(LAST_YEAR).length).toBeGreaterThan(15);
  });

  it("no Day before 1983 carries a flag day; 1983-01-01 is the first that does", () => {
    for (const year of [1930, 1950, 1982])
      for (const day of yearDaysResource(year).days) expect(day.flagDay, day.date).toEqual([]);
    expect(dayOf(d("1982-12-25")).flagDay).toEqual([]);
    expect(dayOf(d("1983-01-01")).flagDay).toEqual(["newYearsDay"]);
  });
});

describe("election days", () => {
  /** The n-th Sunday of September in a year, ISO, computed with the platform's Date. */
  const sundayOfSeptember = (year: number, n: number) => {
    const first = new Date(Date.UTC(year, 8, 1)).getUTCDay();
    return new Date(Date.UTC(year, 8, 1 + ((7 - first) % 7) + 7 * (n - 1))).toISOString().slice(0, 10);
  };

  it("the Riksdag elections listed as held follow the rule of their era", () => {
    const eras = [
      { years: [1985, 1988, 1991, 1994], sunday: 3 }, // three-year terms until the 1994 election (SFS 1994:1469 from 1995)
      { years: [1998, 2002, 2006, 2010], sunday: 3 }, // four-year terms, the third Sunday of September
      { years: [2014, 2018, 2022], sunday: 2 }, // the second Sunday (vallagen 1 kap. 3 §, SFS 2010:1416)
    ];
    expect(RIKSDAG_ELECTIONS_HELD).toEqual(eras.flatMap((e) => e.years.map((y) => sundayOfSeptember(y, e.sunday))));
  });

  it("every Riksdag election day 1983-9999: the listed ones, then every four years from 2026 on the second Sunday of September", () => {
    const elections: string[] = [];
    for (let year = FLAG_DAYS_FROM; year <= LAST_YEAR; year++) {
      for (const f of flagDaysOfYear(year)) if (f.code === "riksdagElection") elections.push(f.date);
    }
    const scheduled: string[] = [];
    for (let year = 2026; year <= LAST_YEAR; year += 4) scheduled.push(sundayOfSeptember(year, 2));
    expect(elections).toEqual([...RIKSDAG_ELECTIONS_HELD, ...scheduled]);
    expect(elections.slice(0, 3)).toEqual(["1985-09-15", "1988-09-18", "1991-09-15"]);
    expect(elections).toContain("2030-09-08");
    expect(elections).toContain("2034-09-10");
  });

  it("European Parliament election days: only the decided ones, and none before the rule of 1 April 2023", () => {
    const days: string[] = [];
    for (let year = FLAG_DAYS_FROM; year <= LAST_YEAR; year++) {
      for (const f of flagDaysOfYear(year)) if (f.code === "europeanParliamentElection") days.push(f.date);
    }
    expect(days).toEqual([...EUROPEAN_PARLIAMENT_ELECTIONS]);
    expect(days).toEqual(["2024-06-09"]);
    // 2019-05-26 and 2014-05-25 were election days, but not flag days
    expect(listOf(2019).some((e) => e.includes("europeanParliamentElection"))).toBe(false);
  });
});

describe("property: every flag day on a holiday agrees with the observance engine (1983-9999)", () => {
  /** The holidays the ordinance names, and the first year each is a public holiday on its flag day. */
  const NAMED = [
    ["newYearsDay", FLAG_DAYS_FROM],
    ["easterSunday", FLAG_DAYS_FROM],
    ["mayDay", FLAG_DAYS_FROM],
    ["whitsun", FLAG_DAYS_FROM],
    ["nationalDay", 2005],
    ["midsummerDay", FLAG_DAYS_FROM],
    ["christmasDay", FLAG_DAYS_FROM],
  ] as const;

  it("each named holiday's date is a flag day carrying it, a flag day carrying a holiday falls on it, and Day.flagDay agrees", () => {
    for (let year = FLAG_DAYS_FROM; year <= LAST_YEAR; year++) {
      const flags = flagDaysOfYear(year);
      const observed = new Map<string, string>();
      for (const day of holidaysOfYear(year)) for (const o of day.observances) observed.set(o.code, day.date);
      for (const [code, from] of NAMED) {
        const date = observed.get(code);
        if (year < from) {
          if (code === "nationalDay") {
            expect(date, `${year} ${code}`).toBeUndefined();
            expect(
              flags.find((f) => f.code === code),
              `${year}`,
            ).toMatchObject({ date: `${year}-06-06`, holiday: null });
          }
          continue;
        }
        expect(date, `${year} ${code}`).toBeDefined();
        const flag = flags.find((f) => f.code === code);
        if (!flag || flag.date !== date || flag.holiday !== code)
          throw new Error(`${year} ${code}: flag ${JSON.stringify(flag)} vs holiday ${date}`);
      }
      for (const f of flags) {
        if (f.holiday === null) continue;
        if (observed.get(f.holiday) !== f.date)
          throw new Error(`${year} ${f.code}: holiday ${f.holiday} is on ${observed.get(f.holiday)}`);
        if (!dayOf(d(f.date)).flagDay.includes(f.code)) throw new Error(`${f.date}: Day.flagDay lacks ${f.code}`);
      }
      // ascending, and within a date in catalogue order
      for (let i = 1; i < flags.length; i++) {
        const a = flags[i - 1];
        const b = flags[i];
        if (a.date > b.date || (a.date === b.date && FLAG_DAY_CODES.indexOf(a.code) > FLAG_DAY_CODES.indexOf(b.code)))
          throw new Error(`${year} order`);
      }
    }
  });

  it("Day.flagDay of random dates is exactly the codes the year's list has on that date", () => {
    fc.assert(
      fc.property(fc.integer({ min: dayFromCivil(FIRST_YEAR, 1, 1), max: dayFromCivil(LAST_YEAR, 12, 31) }), (n) => {
        const day = dayOf(n);
        const year = +day.date.slice(0, 4);
        const expected =
          year < FLAG_DAYS_FROM
            ? []
            : flagDaysOfYear(year)
                .filter((f) => f.date === day.date)
                .map((f) => f.code);
        expect(day.flagDay).toEqual(expected);
        expect(day.date).toBe(toIsoDate(n));
      }),
      { numRuns: 5000, seed: 12 },
    );
  });

  it("every Day of sample years carries the flag days of its date, and no other date carries one", () => {
    for (const year of [1983, 2018, 2024, 2049, 9999]) {
      const byDate = new Map<string, string[]>();
      for (const f of flagDaysOfYear(year)) byDate.set(f.date, [...(byDate.get(f.date) ?? []), f.code]);
      for (const day of yearDaysResource(year).days) expect(day.flagDay, day.date).toEqual(byDate.get(day.date) ?? []);
    }
    // years of the same shape share a template; flag days are the year's own (2018 and 2029 begin on a Monday)
    expect(yearInfo(2018).weekday0).toBe(yearInfo(2029).weekday0);
    expect(dayOf(d("2018-12-17")).flagDay).toEqual(["democracyCentenary"]);
    expect(dayOf(d("2029-12-17")).flagDay).toEqual([]);
  });
});

describe("the flag-day table and its catalogue", () => {
  it("codes are unique, camelCase, and a holiday-named flag day has its observance's code", () => {
    expect(new Set(FLAG_DAY_CODES).size).toBe(FLAG_DAY_CODES.length);
    for (const rule of FLAG_DAY_RULES) {
      expect(rule.code).toMatch(/^[a-z][A-Za-z]+$/);
      if (rule.holiday !== undefined) {
        expect(OBSERVANCE_CODES).toContain(rule.holiday);
        expect(rule.code).toBe(rule.holiday);
      }
      expect(rule.source.length, rule.code).toBeGreaterThan(5);
    }
  });

  it("lists every rule with since/until only where it applies, and the one-offs as one year each", () => {
    const flagDays = flagDayCatalogue();
    expect(flagDays.length).toBe(FLAG_DAY_RULES.length);
    expect(flagDays.map((f) => f.code)).toEqual(FLAG_DAY_CODES);
    const byCode = new Map(flagDays.map((f) => [f.code, f]));
    expect(byCode.get("veteransDay")).toMatchObject({
      since: 2018,
      holiday: null,
      rule: { sv: "den 29 maj", en: "29 May" },
    });
    expect(byCode.get("veteransDay")!.until).toBeUndefined();
    expect(byCode.get("europeanParliamentElection")).toMatchObject({ since: 2023 });
    expect(byCode.get("democracyCentenary")).toMatchObject({ since: 2018, until: 2018 });
    expect(byCode.get("kingsGoldenJubilee")).toMatchObject({ since: 2023, until: 2023 });
    expect(byCode.get("nationalDay")).toMatchObject({
      holiday: "nationalDay",
      name: { sv: "Sveriges nationaldag och svenska flaggans dag" },
    });
    expect("since" in byCode.get("kingsNameDay")!).toBe(false);
    for (const f of flagDays)
      expect(Object.keys(f)).toEqual([
        "code",
        "name",
        "rule",
        "holiday",
        ...("since" in f ? ["since"] : []),
        ...("until" in f ? ["until"] : []),
        "source",
      ]);
    // every rule occurs in some year it claims, and in none outside its years
    for (const rule of FLAG_DAY_RULES) {
      const years: number[] = [];
      for (let year = FLAG_DAYS_FROM; year <= 2100; year++)
        if (flagDaysOfYear(year).some((f) => f.code === rule.code)) years.push(year);
      expect(years.length, rule.code).toBeGreaterThan(0);
      if (rule.since !== undefined) expect(years[0], rule.code).toBeGreaterThanOrEqual(rule.since);
      if (rule.until !== undefined) expect(years.at(-1), rule.code).toBeLessThanOrEqual(rule.until);
    }
  });

  it("every ordinary year has the 17 annual flag days of SFS 2017:441 plus the elections that fall in it", () => {
    for (const year of [2019, 2025, 2027, 2031, 2500, 9998]) {
      const codes = flagDaysOfYear(year).map((f) => f.code);
      const annual = codes.filter((c) => !["riksdagElection", "europeanParliamentElection"].includes(c));
      expect(annual, String(year)).toHaveLength(17);
    }
  });
});
