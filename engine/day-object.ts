/**
 * The Day object (docs/contract.md#day, ./types.ts) of a date of a known year: its ISO text, weekday, ISO week,
 * holiday type, observances and flag days. Field order of the objects built here is the serialisation order.
 */
import { type DayNumber, daysInYear } from "./dates.js";
import { FLAG_DAY_RULES, FLAG_DAYS_FROM, flagDayDate } from "./flagdays.js";
import type { HolidayType } from "./rules.js";
import type { Day, IsoWeek, Observance } from "./types.js";
import { templateOf } from "./year-template.js";
import { DEFACTO, infoOfDay, PUBLIC, WORKING, type YearInfo } from "./years.js";

/** `-MM-DD` of each day of a common ([0]) and a leap ([1]) year, by day of year: dates are built without division. */
const MONTH_DAY_TEXT: readonly (readonly string[])[] = [false, true].map((leap) => {
  const texts: string[] = [];
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  lengths.forEach((days, m) => {
    for (let day = 1; day <= days; day++)
      texts.push("-" + String(m + 1).padStart(2, "0") + "-" + String(day).padStart(2, "0"));
  });
  return texts;
});

/** ISO text of a day of a known year. */
function dateText(info: YearInfo, offset: number): string {
  return info.text + MONTH_DAY_TEXT[info.length === 366 ? 1 : 0][offset];
}

const NO_OBSERVANCES: readonly Observance[] = Object.freeze([]);
const NO_FLAG_DAYS: readonly string[] = Object.freeze([]);
const NO_FLAGS: ReadonlyMap<number, readonly string[]> = new Map();
const ONE_FLAG_DAY: readonly (readonly string[])[] = FLAG_DAY_RULES.map((rule) => Object.freeze([rule.code]));

/** The flag-day codes of each date of a year that has any, by offset, in table order (none before 1983). */
function flagsOf(info: YearInfo): ReadonlyMap<number, readonly string[]> {
  if (info.flags) return info.flags;
  if (info.year < FLAG_DAYS_FROM) return (info.flags = NO_FLAGS);
  // the rules' dates straight from the table, in table order (the order of a date's codes): a list needs only the
  // codes, not the occurrences' holidays or their date order (flagDayOccurrences)
  const flags = new Map<number, readonly string[]>();
  for (let r = 0; r < FLAG_DAY_RULES.length; r++) {
    const day = flagDayDate(FLAG_DAY_RULES[r], info.year);
    if (day === undefined) continue;
    const offset = day - info.start;
    const codes = flags.get(offset);
    // a date with one flag day (nearly all) shares its rule's frozen one-code list; two on a date get a list of their own
    flags.set(offset, codes ? Object.freeze([...codes, FLAG_DAY_RULES[r].code]) : ONE_FLAG_DAY[r]);
  }
  return (info.flags = flags);
}

function holidayTypeOf(t: number): HolidayType | null {
  return t === PUBLIC ? "public" : t === DEFACTO ? "defacto" : null;
}

/**
 * The ISO 8601 week of a day of a known year (docs/decisions.md#iso-weeks): the week belongs to the year of its
 * Thursday. Same answer as dates.ts isoWeekOf, from the year's own facts, without a civil conversion.
 */
function isoWeekIn(info: YearInfo, offset: number, weekday: number): IsoWeek {
  const thursday = offset - weekday + 4; // offset of the week's Thursday from 1 January
  if (thursday < 0) return { year: info.year - 1, week: Math.floor((thursday + daysInYear(info.year - 1)) / 7) + 1 };
  if (thursday >= info.length) return { year: info.year + 1, week: 1 };
  return { year: info.year, week: Math.floor(thursday / 7) + 1 };
}

/** The Day object of the day at `offset` of a year, of day type `t` (years.ts), with the named observances `obs`. */
export function makeDay(info: YearInfo, offset: number, t: number, obs: readonly Observance[] | undefined): Day {
  const weekday = ((info.weekday0 - 1 + offset) % 7) + 1;
  return {
    date: dateText(info, offset),
    weekday,
    isoWeek: isoWeekIn(info, offset, weekday),
    holidayType: holidayTypeOf(t),
    workingDay: t === WORKING,
    observances: (obs ?? NO_OBSERVANCES) as Observance[],
    flagDay: (flagsOf(info).get(offset) ?? NO_FLAG_DAYS) as string[],
  };
}

/** The Day object of a date in 1930-01-01..9999-12-31 (RangeError outside: callers validate first). */
export function dayOf(n: DayNumber): Day {
  const info = infoOfDay(n);
  const template = info.template ?? templateOf(info);
  const offset = n - info.start;
  return makeDay(info, offset, template.types[offset], template.observances[offset]);
}
