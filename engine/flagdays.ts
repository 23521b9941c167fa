import { type DayNumber, dayFromCivil, fromIsoDate, isoWeekday, LAST_YEAR, toIsoDate } from "./dates.js";
import { invalidArgument } from "./errors.js";
import { type Names, observanceDate, RULES_BY_CODE } from "./rules.js";
import type { FlagDay, FlagDayInfo } from "./types.js";

/** The bodies, declared in the contract. */
export type { FlagDay, FlagDayInfo };

/**
 * The declarative table of Sweden's official flag days (allmänna flaggdagar), beside the holiday rules of rules.ts
 * and in their style: code, names, date rule, years in force, source. Everything else (the year lists, the
 * catalogue, the Day's `flagDay` field, the feed's flag-day events) derives from it. docs/flag-days.md gives the
 * sources in full and the questions this table leaves open.
 *
 * Sources (primary where one could be reached; see docs/flag-days.md):
 * - Förordning (1982:270) om allmänna flaggdagar, in force 1 January 1983 (prop. 1981/82:109, which formalised the
 *   customary list, added the Riksdag election day and UN Day, and made 6 June officially the National Day).
 * - SFS 2017:441, issued 24 May 2017, in force 14 July 2017: § 1 in its present wording (adds veterandagen, 29 May).
 * - Government decision of 16 February 2023, in force 1 April 2023: the day of the election to the European
 *   Parliament (guidelines approved by the Riksdag, prop. 2021/22:232).
 * - One-off flag days: 17 December 2018 (government press release, October 2018) and 15 September 2023
 *   (prop. 2022/23:123).
 * - Election days: regeringsformen 3 kap. 3 § (SFS 1994:1469, prop. 1993/94:115: four-year terms from the 1994
 *   election); vallagen (2005:837) 1 kap. 3 § (SFS 2010:1416, prop. 2009/10:80: the second Sunday of September,
 *   first applied in 2014; the third Sunday before).
 */

/** The first year of the flag-day ordinance: 1 January 1983, Förordning (1982:270). Earlier years are refused. */
export const FLAG_DAYS_FROM = 1983;

/** A date rule for one era of a flag day: the date in a given year, or undefined when there is none that year. */
export interface FlagDayEra {
  /** first year this rule applies (inclusive); omitted = from FLAG_DAYS_FROM */
  from?: number;
  /** last year this rule applies (inclusive); omitted = to the end of the range */
  to?: number;
  date: (year: number) => DayNumber | undefined;
}

export interface FlagDayRule {
  code: string;
  name: Names;
  /** the date rule in words: Swedish as the ordinance words it, and in English */
  rule: Names;
  /**
   * The observance (rules.ts) this flag day is, where the ordinance names a holiday: a year's entry carries it when
   * that observance falls on the flag day's date that year (6 June: from 2005, when it became a public holiday).
   */
  holiday?: string;
  /** first year the day was a flag day; only where it has not been one since 1983 */
  since?: number;
  /** last year the day was a flag day; only where it has since ended (or was a one-off) */
  until?: number;
  /** the SFS number, proposition or page its rule rests on */
  source: string;
  eras: FlagDayEra[];
}

const fixed = (month: number, day: number) => (year: number) => dayFromCivil(year, month, day);

/** The date of the observance `code` in a year (the ordinance names the holiday: "påskdagen", "midsommardagen"). */
const holidayDate = (code: string) => {
  const rule = RULES_BY_CODE.get(code);
  if (!rule) throw new Error(`flagdays.ts: no observance ${code}`);
  return (year: number) => observanceDate(rule, year);
};

/** The n-th Sunday of a month. */
const nthSunday = (n: number, month: number) => (year: number) => {
  const first = dayFromCivil(year, month, 1);
  return first + ((7 - isoWeekday(first)) % 7) + 7 * (n - 1);
};

/** A date rule that applies every `period` years counted from `first`. */
const every = (period: number, first: number, date: (year: number) => DayNumber) => (year: number) =>
  year >= first && (year - first) % period === 0 ? date(year) : undefined;

/** A rule listing its dates (ISO) explicitly, at most one a year. */
const listed = (dates: readonly string[]) => {
  const byYear = new Map(dates.map((iso) => [+iso.slice(0, 4), fromIsoDate(iso)]));
  return (year: number) => byYear.get(year);
};

/**
 * Ordinary Riksdag elections held while the ordinance applied, as held. Listed rather than computed because the rule
 * changed twice: three-year terms until the 1994 election (regeringsformen 3 kap. 3 § before SFS 1994:1469) and
 * four-year terms after it; the third Sunday of September until 2010 and the second from 2014 (SFS 2010:1416).
 * test/engine/flagdays.test.ts checks each date against the rule of its era. (1982-09-19 precedes the ordinance.)
 */
export const RIKSDAG_ELECTIONS_HELD: readonly string[] = [
  "1985-09-15",
  "1988-09-18",
  "1991-09-15",
  "1994-09-18", // every three years, third Sunday of September
  "1998-09-20",
  "2002-09-15",
  "2006-09-17",
  "2010-09-19", // every four years, third Sunday of September
  "2014-09-14",
  "2018-09-09",
  "2022-09-11", // every four years, second Sunday of September (SFS 2010:1416)
];

/** The last ordinary Riksdag election listed in RIKSDAG_ELECTIONS_HELD; later ones follow the current schedule. */
export const LAST_LISTED_RIKSDAG_ELECTION_YEAR = 2022;

/**
 * Days of the election to the European Parliament in Sweden that are flag days and already decided. Vallagen 1 kap.
 * 3 § puts the election in June every five years unless the Council of the EU decides otherwise, and the Council
 * fixes each period some time ahead: only decided dates are listed (2024-06-09, val.se). No date for 2029 had been
 * decided where this table could cite it.
 */
export const EUROPEAN_PARLIAMENT_ELECTIONS: readonly string[] = ["2024-06-09"];

/** Table order: the order of § 1 of the ordinance, the later additions in their calendar place. */
export const FLAG_DAY_RULES: readonly FlagDayRule[] = [
  {
    code: "newYearsDay",
    name: { sv: "Nyårsdagen", en: "New Year's Day" },
    rule: { sv: "nyårsdagen", en: "New Year's Day" },
    holiday: "newYearsDay",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: holidayDate("newYearsDay") }],
  },
  {
    code: "kingsNameDay",
    name: { sv: "Konungens namnsdag", en: "The King's name day" },
    rule: { sv: "den 28 januari", en: "28 January" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(1, 28) }],
  },
  {
    code: "crownPrincessNameDay",
    name: { sv: "Kronprinsessans namnsdag", en: "The Crown Princess's name day" },
    rule: { sv: "den 12 mars", en: "12 March" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(3, 12) }],
  },
  {
    code: "easterSunday",
    name: { sv: "Påskdagen", en: "Easter Sunday" },
    rule: { sv: "påskdagen", en: "Easter Sunday" },
    holiday: "easterSunday",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: holidayDate("easterSunday") }],
  },
  {
    code: "kingsBirthday",
    name: { sv: "Konungens födelsedag", en: "The King's birthday" },
    rule: { sv: "den 30 april", en: "30 April" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(4, 30) }],
  },
  {
    code: "mayDay",
    name: { sv: "Första maj", en: "May Day" },
    rule: { sv: "den 1 maj", en: "1 May" },
    holiday: "mayDay",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(5, 1) }],
  },
  {
    // in force 14 July 2017, after that year's 29 May: 2018 is the first 29 May it applies to
    code: "veteransDay",
    name: { sv: "Veterandagen", en: "Veterans Day" },
    rule: { sv: "den 29 maj", en: "29 May" },
    since: 2018,
    source: "SFS 2017:441 (in force 2017-07-14)",
    eras: [{ from: 2018, date: fixed(5, 29) }],
  },
  {
    code: "whitsun",
    name: { sv: "Pingstdagen", en: "Whit Sunday" },
    rule: { sv: "pingstdagen", en: "Whit Sunday" },
    holiday: "whitsun",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: holidayDate("whitsun") }],
  },
  {
    // the National Day from 1983 (prop. 1981/82:109); a public holiday only from 2005 (rules.ts)
    code: "nationalDay",
    name: { sv: "Sveriges nationaldag och svenska flaggans dag", en: "National Day of Sweden and Swedish Flag Day" },
    rule: { sv: "den 6 juni", en: "6 June" },
    holiday: "nationalDay",
    source: "Förordning (1982:270) 1 §; prop. 1981/82:109",
    eras: [{ date: fixed(6, 6) }],
  },
  {
    code: "midsummerDay",
    name: { sv: "Midsommardagen", en: "Midsummer Day" },
    rule: { sv: "midsommardagen", en: "Midsummer Day" },
    holiday: "midsummerDay",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: holidayDate("midsummerDay") }],
  },
  {
    code: "crownPrincessBirthday",
    name: { sv: "Kronprinsessans födelsedag", en: "The Crown Princess's birthday" },
    rule: { sv: "den 14 juli", en: "14 July" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(7, 14) }],
  },
  {
    code: "queensNameDay",
    name: { sv: "Drottningens namnsdag", en: "The Queen's name day" },
    rule: { sv: "den 8 augusti", en: "8 August" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(8, 8) }],
  },
  {
    // a one-off: prop. 2022/23:123, approved by the Riksdag; government decision 2023
    code: "kingsGoldenJubilee",
    name: {
      sv: "50-årsdagen av konungens trontillträde",
      en: "50th anniversary of the King's accession to the throne",
    },
    rule: { sv: "den 15 september 2023 (tillfällig allmän flaggdag)", en: "15 September 2023 (one-off flag day)" },
    since: 2023,
    until: 2023,
    source: "prop. 2022/23:123",
    eras: [{ from: 2023, to: 2023, date: fixed(9, 15) }],
  },
  {
    code: "riksdagElection",
    name: { sv: "Dag för val till riksdagen", en: "Riksdag election day" },
    rule: {
      sv: "dag för val i hela riket till riksdagen",
      en: "day of the general election to the Riksdag (ordinary elections: the second Sunday of September every four years from 2014)",
    },
    source:
      "Förordning (1982:270) 1 §; regeringsformen 3 kap. 3 § (SFS 1994:1469); vallagen (2005:837) 1 kap. 3 § (SFS 2010:1416)",
    eras: [
      { to: LAST_LISTED_RIKSDAG_ELECTION_YEAR, date: listed(RIKSDAG_ELECTIONS_HELD) },
      { from: LAST_LISTED_RIKSDAG_ELECTION_YEAR + 1, date: every(4, 2026, nthSunday(2, 9)) },
    ],
  },
  {
    code: "europeanParliamentElection",
    name: { sv: "Dag för val till Europaparlamentet", en: "European Parliament election day" },
    rule: {
      sv: "dag för val till Europaparlamentet",
      en: "day of the election to the European Parliament in Sweden (decided dates only)",
    },
    since: 2023,
    source:
      "Förordning (1982:270) 1 § as amended in force 2023-04-01 (government decision 2023-02-16); prop. 2021/22:232",
    eras: [{ from: 2023, date: listed(EUROPEAN_PARLIAMENT_ELECTIONS) }],
  },
  {
    code: "unDay",
    name: { sv: "FN-dagen", en: "United Nations Day" },
    rule: { sv: "den 24 oktober", en: "24 October" },
    source: "Förordning (1982:270) 1 §; prop. 1981/82:109",
    eras: [{ date: fixed(10, 24) }],
  },
  {
    code: "gustavusAdolphusDay",
    name: { sv: "Gustav Adolfsdagen", en: "Gustavus Adolphus Day" },
    rule: { sv: "den 6 november", en: "6 November" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(11, 6) }],
  },
  {
    code: "nobelDay",
    name: { sv: "Nobeldagen", en: "Nobel Day" },
    rule: { sv: "den 10 december", en: "10 December" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(12, 10) }],
  },
  {
    // a one-off: the centenary of the Riksdag's decision of 17 December 1918 on universal and equal suffrage
    code: "democracyCentenary",
    name: { sv: "100-årsminnet av demokratins genombrott", en: "Centenary of the breakthrough of democracy" },
    rule: { sv: "den 17 december 2018 (tillfällig allmän flaggdag)", en: "17 December 2018 (one-off flag day)" },
    since: 2018,
    until: 2018,
    source:
      "Government decision, October 2018: a temporary amendment of Förordning (1982:270) (regeringen.se press release 'Tillfällig flaggdag uppmärksammar införandet av allmän rösträtt')",
    eras: [{ from: 2018, to: 2018, date: fixed(12, 17) }],
  },
  {
    code: "queensBirthday",
    name: { sv: "Drottningens födelsedag", en: "The Queen's birthday" },
    rule: { sv: "den 23 december", en: "23 December" },
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: fixed(12, 23) }],
  },
  {
    code: "christmasDay",
    name: { sv: "Juldagen", en: "Christmas Day" },
    rule: { sv: "juldagen", en: "Christmas Day" },
    holiday: "christmasDay",
    source: "Förordning (1982:270) 1 §",
    eras: [{ date: holidayDate("christmasDay") }],
  },
];

/** The flag-day codes, in table order. */
export const FLAG_DAY_CODES: readonly string[] = FLAG_DAY_RULES.map((r) => r.code);

export const FLAG_DAY_RULES_BY_CODE: ReadonlyMap<string, FlagDayRule> = new Map(FLAG_DAY_RULES.map((r) => [r.code, r]));

/** The date of a flag day in a year, or undefined when it is none that year (always undefined before 1983). */
export function flagDayDate(rule: FlagDayRule, year: number): DayNumber | undefined {
  if (year < FLAG_DAYS_FROM) return undefined;
  for (const era of rule.eras) {
    if ((era.from === undefined || year >= era.from) && (era.to === undefined || year <= era.to)) return era.date(year);
  }
  return undefined;
}

/** The observance code a year's entry of a flag day carries: its holiday when that falls on the same date, else null. */
export function flagDayHoliday(rule: FlagDayRule, year: number, date: DayNumber): string | null {
  if (rule.holiday === undefined) return null;
  return observanceDate(RULES_BY_CODE.get(rule.holiday)!, year) === date ? rule.holiday : null;
}

/** One flag day of a year, before it is shaped for a response. */
export interface FlagDayOccurrence {
  day: DayNumber;
  rule: FlagDayRule;
  holiday: string | null;
}

/**
 * The flag days of a year, ascending by date and, on one date, in table order (2049-06-06 is both Whit Sunday and
 * the National Day). Empty before 1983. `year` must lie in 1930-9999.
 */
export function flagDayOccurrences(year: number): FlagDayOccurrence[] {
  const list: FlagDayOccurrence[] = [];
  for (const rule of FLAG_DAY_RULES) {
    const day = flagDayDate(rule, year);
    if (day !== undefined) list.push({ day, rule, holiday: flagDayHoliday(rule, year, day) });
  }
  // stable: equal dates keep table order
  return list.sort((a, b) => a.day - b.day);
}

// fail at load, not in a response, when a rule names an observance that does not exist
for (const rule of FLAG_DAY_RULES)
  if (rule.holiday !== undefined && !RULES_BY_CODE.has(rule.holiday))
    throw new Error(`flagdays.ts: ${rule.code} names no observance`);

// ---------------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------------

/**
 * The flag days of a year as listed by GET /v3/flag-days. `year` is a valid v3 year (1930-9999); one before 1983 is
 * 400 invalid-parameter: there were no official flag days before the ordinance.
 */
export function flagDaysOfYear(year: number): FlagDay[] {
  if (year < FLAG_DAYS_FROM) {
    throw invalidArgument(
      "year",
      `'year' must be from ${FLAG_DAYS_FROM} to ${LAST_YEAR} for flag days: official flag days exist from 1 January ` +
        `${FLAG_DAYS_FROM}, when Förordning (1982:270) om allmänna flaggdagar came into force`,
    );
  }
  return flagDayOccurrences(year).map(({ day, rule, holiday }) => ({
    date: toIsoDate(day),
    code: rule.code,
    name: rule.name,
    holiday,
  }));
}

/** A rule's catalogue entry (`since`/`until` only where they apply). */
export function flagDayInfo(rule: FlagDayRule): FlagDayInfo {
  return {
    code: rule.code,
    name: rule.name,
    rule: rule.rule,
    holiday: rule.holiday ?? null,
    ...(rule.since !== undefined ? { since: rule.since } : {}),
    ...(rule.until !== undefined ? { until: rule.until } : {}),
    source: rule.source,
  };
}

/** Every flag-day rule, in table order. */
export function flagDayCatalogue(): FlagDayInfo[] {
  return FLAG_DAY_RULES.map(flagDayInfo);
}
