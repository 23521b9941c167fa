/**
 * Official flag days (docs/flag-days.md): hand-verified lists for the election years and the years the rules changed.
 * The election schedule, the property against the observance engine and the catalogue are in flagdays-rules.test.ts.
 */

import { dayOf } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { listOf } from "./flagdays-list.js";
import { d, weekdayByDate } from "./helpers.js";

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
