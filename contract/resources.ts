/**
 * The response bodies of the v3 resources: the engine's results (the library's functions) in the envelopes the
 * contract declares. The v3 function and the static-dataset materialiser (build/) both call these and serialise the
 * result with serializeJson, so a file on the CDN and a function answer for the same request are the same bytes.
 */
import {
  bridgeDays,
  type Convention,
  type DayOfMonth,
  daysOfYear,
  dueDateSchedules,
  flagDayRules,
  flagDays,
  type HolidayListOptions,
  halfDays,
  holidays,
  observanceInfo as infoOf,
  longWeekends,
  observances,
  occurrences,
} from "swedish-calendar";
import {
  customSchedule,
  DEFAULT_WEEKLY_HOURS,
  DUE_DATE_SCHEDULE_CODES,
  type DueDateRule,
  dueDateScheduleInfo,
  dueDatesOfYear,
  observanceInfo as infoOfRule,
  LAST_DAY_OF_MONTH,
  MAX_DUE_DAY,
  MIN_DUE_DAY,
  type ObservanceRule,
  occurrencesOf,
  WORKING_TIME_PROFILES,
  workingTimeOfYear,
} from "swedish-calendar/core";
import type {
  DayListResource,
  DueDateScheduleList,
  DueDatesResponse,
  FlagDayList,
  FlagDaysResponse,
  LongWeekendsResponse,
  ObservanceList,
  OccurrenceList,
  WorkingTimeResponse,
} from "./bodies.js";
import { invalidParameter } from "./problems.js";

/** HolidaysResponse, BridgeDaysResponse, HalfDaysResponse (docs/contract.md#envelopes): one shape (./bodies.ts). */
export type { DayListResource };

function dayList<T>(year: number, days: T[]): { year: number; count: number; days: T[] } {
  return { year, count: days.length, days };
}

/** GET /v3/holidays?year=…&sundays=…&saturdays=… */
export function holidaysResource(year: number, flags: HolidayListOptions = {}): DayListResource {
  return dayList(year, holidays(year, flags));
}

/** GET /v3/bridge-days?year=… */
export function bridgeDaysResource(year: number): DayListResource {
  return dayList(year, bridgeDays(year));
}

/** GET /v3/half-days?year=… */
export function halfDaysResource(year: number): DayListResource {
  return dayList(year, halfDays(year));
}

/** GET /v3/long-weekends?year=…: the long weekends that start in the year. */
export function longWeekendsResource(year: number): LongWeekendsResponse {
  const list = longWeekends(year);
  return { year, count: list.length, longWeekends: list };
}

/** GET /v3/flag-days?year=…: the official flag days of the year (throws CalendarError before FLAG_DAYS_FROM). */
export function flagDaysResource(year: number): FlagDaysResponse {
  const list = flagDays(year);
  return { year, count: list.length, flagDays: list };
}

/** GET /v3/flag-days/catalogue: every flag-day rule, with its years in force and source. */
export function flagDayCatalogueResource(): FlagDayList {
  const list = flagDayRules();
  return { count: list.length, flagDays: list };
}

/** GET /v3/observances */
export function catalogueResource(): ObservanceList {
  const list = observances();
  return { count: list.length, observances: list };
}

/** GET /v3/observances/{code}?from=…&to=… (validates the code and the range; throws CalendarError). */
export function occurrenceSeries(code: string, from: number, to: number = from): OccurrenceList {
  const list = occurrences(code, from, to);
  return { ...infoOf(code), count: list.length, occurrences: list };
}

/**
 * The same for an observance already read (the argument reader read the code into its rule, and `from`/`to` as years
 * of the range): the range's order and span are checked here (throws CalendarError).
 */
export function ruleOccurrenceSeries(rule: ObservanceRule, from: number, to: number = from): OccurrenceList {
  const list = occurrencesOf(rule, from, to);
  return { ...infoOfRule(rule), count: list.length, occurrences: list };
}

/**
 * Every Day of a year, ascending, in the envelope of the year lists. A static file only
 * (v3/data/{year}/days.json): no route answers it, bulk clients fetch a year in one request.
 */
export function yearDaysResource(year: number): DayListResource {
  return dayList(year, daysOfYear(year));
}

/**
 * The parameters of GET /v3/due-dates besides `year`, as read (the schedule's code read into its rule of the
 * catalogue): exactly one form must be given.
 */
export interface DueDateForm {
  schedule?: DueDateRule;
  day?: DayOfMonth;
  convention?: Convention;
}

/**
 * GET /v3/due-dates?year=…&schedule=… | ?year=…&day=…&convention=…: exactly one form (both, neither, or `day` or
 * `convention` alone is 400 naming the parameter); the engine checks the rest (a year before a schedule's `since`).
 * The values come read (a year of the range, a rule of the catalogue, a day and a convention of their grammar).
 */
export function dueDatesResource(year: number, form: DueDateForm): DueDatesResponse {
  const { schedule, day, convention } = form;
  if (schedule !== undefined) {
    if (day !== undefined || convention !== undefined) {
      throw invalidParameter("schedule", `give either 'schedule' or 'day' with 'convention', not both`);
    }
    return dueDatesOfYear(year, dueDateScheduleInfo(schedule), schedule);
  }
  if (day === undefined && convention === undefined) {
    // the codes themselves, not the catalogue's path: the MCP tool answers this detail, and no tool reaches that path
    throw invalidParameter(
      "schedule",
      `'schedule' (${DUE_DATE_SCHEDULE_CODES.join(", ")}) or 'day' with 'convention' is required`,
    );
  }
  if (day === undefined)
    throw invalidParameter(
      "day",
      `'day' is required with 'convention': a day of the month from ${MIN_DUE_DAY} to ${MAX_DUE_DAY}, or '${LAST_DAY_OF_MONTH}'`,
    );
  if (convention === undefined) throw invalidParameter("convention", "'convention' is required with 'day'");
  return dueDatesOfYear(year, customSchedule(day, convention));
}

/** GET /v3/due-dates/catalogue: every named schedule with its rule, years and source. */
export function dueDateCatalogueResource(): DueDateScheduleList {
  const list = dueDateSchedules();
  return { count: list.length, schedules: list };
}

/** A profile of the engine's table, as the `profile` parameter reads it. */
type WorkingTimeProfileRule = Parameters<typeof workingTimeOfYear>[2];

/**
 * GET /v3/working-time?year=…&weeklyHours=…&profile=…: the engine's answer as it is (its JSON text is the body), for a
 * week and a profile already read, the options by the names of workingTime's (engine/signatures.ts; a year before the
 * profile's `since` throws CalendarError naming `year`). The defaults are the dataset file's answer
 * (`/v3/data/{year}/working-time.json`).
 */
export function workingTimeResource(
  year: number,
  {
    weeklyHours = DEFAULT_WEEKLY_HOURS,
    profile = WORKING_TIME_PROFILES[0],
  }: { weeklyHours?: number; profile?: WorkingTimeProfileRule } = {},
): WorkingTimeResponse {
  return workingTimeOfYear(year, weeklyHours, profile);
}
