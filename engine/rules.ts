import { type DayNumber, dayFromCivil, isoWeekday } from "./dates.js";
import { easterSunday } from "./easter.js";

/**
 * The single declarative table of Swedish holidays, 1930-9999.
 * Everything else (classification, catalogue, occurrences, names, feed, v2) derives from it.
 * Sources: Public Holidays Act (1989:253) and its predecessors; the 1953 reform (SFS 1952:48).
 */

import type { Feast, HolidayType, Names, ObservanceInfo } from "./types.js";

export type { Feast, HolidayType, Names };

/** A date rule for one era of an observance: returns the date in a given year. */
export interface Era {
  /** first year this rule applies (inclusive); omitted = from the start of the range */
  from?: number;
  /** last year this rule applies (inclusive); omitted = to the end of the range */
  to?: number;
  date: (year: number) => DayNumber;
}

/** A catalogue entry (`since`: only where it has not always been a holiday; `until`: only where abolished) and its dates. */
export interface ObservanceRule extends ObservanceInfo {
  eras: Era[];
}

export const FEASTS = {
  newYear: { code: "newYear", name: { sv: "Nyår", en: "New Year" } },
  christmas: { code: "christmas", name: { sv: "Jul", en: "Christmas" } },
  annunciation: { code: "annunciation", name: { sv: "Marie bebådelse", en: "Annunciation" } },
  easter: { code: "easter", name: { sv: "Påsk", en: "Easter" } },
  ascension: { code: "ascension", name: { sv: "Kristi himmelsfärd", en: "Ascension" } },
  mayDay: { code: "mayDay", name: { sv: "Första maj", en: "May Day" } },
  pentecost: { code: "pentecost", name: { sv: "Pingst", en: "Pentecost" } },
  nationalDay: { code: "nationalDay", name: { sv: "Nationaldagen", en: "National Day" } },
  midsummer: { code: "midsummer", name: { sv: "Midsommar", en: "Midsummer" } },
  allSaints: { code: "allSaints", name: { sv: "Alla helgon", en: "All Saints" } },
} as const satisfies Record<string, Feast>;

/** The year the 1953 reform (SFS 1952:48) took effect. */
export const REFORM_YEAR = 1953;

const fixed = (month: number, day: number) => (year: number) => dayFromCivil(year, month, day);
const easterPlus = (offset: number) => (year: number) => easterSunday(year) + offset;
/** The given ISO weekday falling in the seven days starting at month/day. */
const weekdayOnOrAfter = (weekday: number, month: number, day: number) => (year: number) => {
  const start = dayFromCivil(year, month, day);
  return start + ((weekday - isoWeekday(start) + 7) % 7);
};

const FRIDAY = 5;
const SATURDAY = 6;

/**
 * Catalogue order: the order of the table in docs/contract.md#the-catalogue-of-observances. Observances sharing a date
 * are listed in this order.
 */
export const OBSERVANCE_RULES: readonly ObservanceRule[] = [
  {
    code: "newYearsDay",
    holidayType: "public",
    name: { sv: "Nyårsdagen", en: "New Year's Day" },
    feast: FEASTS.newYear,
    eras: [{ date: fixed(1, 1) }],
  },
  {
    code: "epiphany",
    holidayType: "public",
    name: { sv: "Trettondedag jul", en: "Epiphany" },
    feast: FEASTS.christmas,
    eras: [{ date: fixed(1, 6) }],
  },
  {
    code: "annunciation",
    holidayType: "public",
    name: { sv: "Jungfru Marie bebådelsedag", en: "Annunciation Day" },
    feast: FEASTS.annunciation,
    until: REFORM_YEAR - 1,
    eras: [{ to: REFORM_YEAR - 1, date: fixed(3, 25) }],
  },
  {
    code: "goodFriday",
    holidayType: "public",
    name: { sv: "Långfredagen", en: "Good Friday" },
    feast: FEASTS.easter,
    eras: [{ date: easterPlus(-2) }],
  },
  {
    code: "easterSunday",
    holidayType: "public",
    name: { sv: "Påskdagen", en: "Easter Sunday" },
    feast: FEASTS.easter,
    eras: [{ date: easterPlus(0) }],
  },
  {
    code: "easterMonday",
    holidayType: "public",
    name: { sv: "Annandag påsk", en: "Easter Monday" },
    feast: FEASTS.easter,
    eras: [{ date: easterPlus(1) }],
  },
  {
    code: "ascensionDay",
    holidayType: "public",
    name: { sv: "Kristi himmelsfärdsdag", en: "Ascension Day" },
    feast: FEASTS.ascension,
    eras: [{ date: easterPlus(39) }],
  },
  {
    code: "mayDay",
    holidayType: "public",
    name: { sv: "Första maj", en: "May Day" },
    feast: FEASTS.mayDay,
    since: 1939,
    eras: [{ from: 1939, date: fixed(5, 1) }],
  },
  {
    code: "whitsun",
    holidayType: "public",
    name: { sv: "Pingstdagen", en: "Whit Sunday" },
    feast: FEASTS.pentecost,
    eras: [{ date: easterPlus(49) }],
  },
  {
    code: "whitMonday",
    holidayType: "public",
    name: { sv: "Annandag pingst", en: "Whit Monday" },
    feast: FEASTS.pentecost,
    until: 2004,
    eras: [{ to: 2004, date: easterPlus(50) }],
  },
  {
    code: "nationalDay",
    holidayType: "public",
    name: { sv: "Sveriges nationaldag", en: "National Day of Sweden" },
    feast: FEASTS.nationalDay,
    since: 2005,
    eras: [{ from: 2005, date: fixed(6, 6) }],
  },
  {
    code: "midsummerDay",
    holidayType: "public",
    name: { sv: "Midsommardagen", en: "Midsummer Day" },
    feast: FEASTS.midsummer,
    eras: [
      { to: REFORM_YEAR - 1, date: fixed(6, 24) },
      { from: REFORM_YEAR, date: weekdayOnOrAfter(SATURDAY, 6, 20) },
    ],
  },
  {
    code: "allSaintsDay",
    holidayType: "public",
    name: { sv: "Alla helgons dag", en: "All Saints' Day" },
    feast: FEASTS.allSaints,
    since: REFORM_YEAR,
    eras: [{ from: REFORM_YEAR, date: weekdayOnOrAfter(SATURDAY, 10, 31) }],
  },
  {
    code: "christmasDay",
    holidayType: "public",
    name: { sv: "Juldagen", en: "Christmas Day" },
    feast: FEASTS.christmas,
    eras: [{ date: fixed(12, 25) }],
  },
  {
    code: "boxingDay",
    holidayType: "public",
    name: { sv: "Annandag jul", en: "Boxing Day" },
    feast: FEASTS.christmas,
    eras: [{ date: fixed(12, 26) }],
  },
  {
    code: "holySaturday",
    holidayType: "defacto",
    name: { sv: "Påskafton", en: "Easter Eve" },
    feast: FEASTS.easter,
    eras: [{ date: easterPlus(-1) }],
  },
  {
    code: "whitsunEve",
    holidayType: "defacto",
    name: { sv: "Pingstafton", en: "Whitsun Eve" },
    feast: FEASTS.pentecost,
    eras: [{ date: easterPlus(48) }],
  },
  {
    code: "midsummerEve",
    holidayType: "defacto",
    name: { sv: "Midsommarafton", en: "Midsummer Eve" },
    feast: FEASTS.midsummer,
    eras: [
      { to: REFORM_YEAR - 1, date: fixed(6, 23) },
      { from: REFORM_YEAR, date: weekdayOnOrAfter(FRIDAY, 6, 19) },
    ],
  },
  {
    code: "christmasEve",
    holidayType: "defacto",
    name: { sv: "Julafton", en: "Christmas Eve" },
    feast: FEASTS.christmas,
    eras: [{ date: fixed(12, 24) }],
  },
  {
    code: "newYearsEve",
    holidayType: "defacto",
    name: { sv: "Nyårsafton", en: "New Year's Eve" },
    feast: FEASTS.newYear,
    eras: [{ date: fixed(12, 31) }],
  },
];

/** The 20 observance codes, in catalogue order. */
export const OBSERVANCE_CODES: readonly string[] = OBSERVANCE_RULES.map((r) => r.code);

export const RULES_BY_CODE: ReadonlyMap<string, ObservanceRule> = new Map(OBSERVANCE_RULES.map((r) => [r.code, r]));

/** The era of a rule that applies in a year, or undefined when the observance was not a holiday that year. */
export function eraFor(rule: ObservanceRule, year: number): Era | undefined {
  for (const era of rule.eras) {
    if ((era.from === undefined || year >= era.from) && (era.to === undefined || year <= era.to)) return era;
  }
  return undefined;
}

/** Date of an observance in a year, or undefined when it was not a holiday that year. */
export function observanceDate(rule: ObservanceRule, year: number): DayNumber | undefined {
  return eraFor(rule, year)?.date(year);
}
