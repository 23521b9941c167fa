/**
 * Official flag days (docs/flag-days.md): the election schedule against its eras, the property that every flag day on
 * a holiday agrees with the observance engine for every year 1983-9999, the Day's `flagDay` field and the catalogue.
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
import { listOf } from "./flagdays-list.js";
import { d, expectCalendarError } from "./helpers.js";

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
