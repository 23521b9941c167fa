/**
 * The year lists: a year's public and de facto holidays (optionally with every Saturday and Sunday), its bridge days
 * and its half days, as Day objects in date order.
 */

import { makeDay } from "./day-object.js";
import type { Day } from "./types.js";
import { templateOf } from "./year-template.js";
import {
  DEFACTO,
  namedObservances,
  namedOffset,
  namedType,
  PUBLIC,
  WORKING,
  weekdayType,
  type YearTemplate,
  yearInfo,
} from "./years.js";

export interface HolidayListOptions {
  sundays?: boolean;
  saturdays?: boolean;
}

/**
 * Public and de facto holidays of a year, one entry per date, ascending. Days with a named observance
 * are always listed; the flags add the remaining Sundays and Saturdays. They never change what a day is.
 * Needs only the year's named dates, not its day-by-day template.
 */
export function holidaysOfYear(year: number, options: HolidayListOptions = {}): Day[] {
  const info = yearInfo(year);
  const { length, weekday0, named } = info;
  const days: Day[] = [];
  if (!options.sundays && !options.saturdays) {
    for (const n of named) days.push(makeDay(info, namedOffset(n), namedType(n), namedObservances(n)));
    return days;
  }
  let k = 0;
  for (let i = 0; i < length; i++) {
    if (k < named.length && namedOffset(named[k]) === i) {
      const n = named[k++];
      days.push(makeDay(info, i, namedType(n), namedObservances(n)));
      continue;
    }
    const t = weekdayType(weekday0, i);
    if ((options.sundays && t === PUBLIC) || (options.saturdays && t === DEFACTO))
      days.push(makeDay(info, i, t, undefined));
  }
  return days;
}

function flaggedDays(year: number, flags: (t: YearTemplate) => Uint8Array): Day[] {
  const info = yearInfo(year);
  const marks = flags(templateOf(info));
  const days: Day[] = [];
  for (let i = 0; i < info.length; i++) if (marks[i]) days.push(makeDay(info, i, WORKING, undefined));
  return days;
}

/** Working days whose previous and next days are both days off. */
export function bridgeDaysOfYear(year: number): Day[] {
  return flaggedDays(year, (t) => t.bridge);
}

/** Working days whose next day carries a public observance. */
export function halfDaysOfYear(year: number): Day[] {
  return flaggedDays(year, (t) => t.half);
}
