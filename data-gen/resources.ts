/**
 * The response objects of the v3 resources, built in one place. The v3 function and the static-dataset
 * materialiser (build/) both call these and serialise the result with serializeJson, so a file on the CDN and a
 * function answer for the same request are the same bytes.
 */
import { bridgeDaysOfYear, dayOf, halfDaysOfYear, holidaysOfYear, type Day, type HolidayListOptions } from "./calendar.js";
import { catalogue, occurrences, type ObservanceList, type OccurrenceList } from "./catalogue.js";
import type { DayNumber } from "./dates.js";
import { longWeekendsOfYear } from "./timeoff.js";
import { flagDayCatalogue, flagDaysOfYear } from "./flagdays.js";
import type { DayListResource, FlagDayList, FlagDaysResponse, LongWeekendsResponse } from "../contract/bodies.js";

/** HolidaysResponse, BridgeDaysResponse, HalfDaysResponse (SPEC.md "Response envelopes"): one shape, declared in the contract. */
export type { DayListResource };

function dayList(year: number, days: Day[]): DayListResource {
  return { year, count: days.length, days };
}

/** GET /v3/holidays?year=…&sundays=…&saturdays=… */
export function holidaysResource(year: number, flags: HolidayListOptions = {}): DayListResource {
  return dayList(year, holidaysOfYear(year, { sundays: !!flags.sundays, saturdays: !!flags.saturdays }));
}

/** GET /v3/bridge-days?year=… */
export function bridgeDaysResource(year: number): DayListResource {
  return dayList(year, bridgeDaysOfYear(year));
}

/** GET /v3/half-days?year=… */
export function halfDaysResource(year: number): DayListResource {
  return dayList(year, halfDaysOfYear(year));
}

/** GET /v3/long-weekends?year=…: the long weekends that start in the year. */
export function longWeekendsResource(year: number): LongWeekendsResponse {
  const longWeekends = longWeekendsOfYear(year);
  return { year, count: longWeekends.length, longWeekends };
}

/** GET /v3/flag-days?year=…: the official flag days of the year (throws CalendarError before 1983). */
export function flagDaysResource(year: number): FlagDaysResponse {
  const flagDays = flagDaysOfYear(year);
  return { year, count: flagDays.length, flagDays };
}

/** GET /v3/flag-days/catalogue: every flag-day rule, with its years in force and source. */
export function flagDayCatalogueResource(): FlagDayList {
  return flagDayCatalogue();
}

/** GET /v3/days/{date}: the bare Day. */
export function dayResource(day: DayNumber): Day {
  return dayOf(day);
}

/** GET /v3/observances */
export function catalogueResource(): ObservanceList {
  return catalogue();
}

/** GET /v3/observances/{code}?from=…&to=… (validates the code and the range; throws CalendarError). */
export function occurrenceSeries(code: string, from: number, to: number = from): OccurrenceList {
  return occurrences(code, from, to);
}

import { dayFromCivil } from "./dates.js";

/**
 * Every Day of a year, ascending, in the envelope of the year lists. A static file only
 * (v3/data/{year}/days.json): no route answers it, bulk clients fetch a year in one request.
 */
export function yearDaysResource(year: number): DayListResource {
  const days: Day[] = [];
  for (let n = dayFromCivil(year, 1, 1), last = dayFromCivil(year, 12, 31); n <= last; n++) days.push(dayOf(n));
  return dayList(year, days);
}
