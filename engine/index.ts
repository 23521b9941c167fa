/**
 * `swedish-calendar`: what every date from 1930 to 9999 is in Sweden, offline. Public holidays under the Public
 * Holidays Act (1989:253), de facto holidays (Saturdays and the five eves), bridge days, half days, period counts,
 * date shifting as the Act on the Calculation of Statutory Time (1930:173) reads, long weekends, leave plans and
 * flag days, business-day conventions and Swedish due dates (salary, child benefit, the tax account). Plain functions over ISO date strings (`YYYY-MM-DD`) returning exactly the objects the Swedish Calendar
 * Service's v3 API returns: `JSON.stringify` of a result is the API's body (or the list inside its envelope).
 *
 * Bad input throws a {@link CalendarError} whose message says what is wrong: an argument or option of the wrong type
 * (a string where a boolean or a year belongs) as well as a value the API would refuse.
 */

import { adjustment, parseConvention } from "./business.js";
import { catalogue, findRule, observanceInfo as infoOfRule, occurrencesOf } from "./catalogue.js";
import { dayFromCivil, FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { dayOf } from "./day-object.js";
import { customDueDates, type DueDateScheduleCode, dueDateCatalogue, scheduleDueDates } from "./duedates.js";
import { invalidArgument } from "./errors.js";
import { flagDayCatalogue, flagDaysOfYear } from "./flagdays.js";
import { BOUNDS, DEFAULT_WEEKLY_HOURS, LEAVE_OBJECTIVES } from "./grammar.js";
import { period } from "./period.js";
import { shift } from "./shift.js";
import { DUE_DATE_RULE_FIELDS, type OptionsOf, LIBRARY_SIGNATURES as SIGNATURES } from "./signatures.js";
import { leavePlan, longWeekendsOfYear } from "./timeoff.js";
import type {
  Adjustment,
  Bounds,
  Convention,
  Day,
  DayOfMonth,
  DueDateSchedule,
  DueDates,
  FlagDay,
  FlagDayInfo,
  LeaveObjective,
  LeavePlan,
  LongWeekend,
  ObservanceInfo,
  Occurrence,
  Period,
  Shift,
  WorkingTime,
} from "./types.js";
import {
  checkArguments,
  checkFields,
  parseBounds,
  parseIsoDate,
  parseLeaveObjective,
  parseSteps,
} from "./validation.js";
import {
  checkWeeklyHours,
  DEFAULT_WORKING_TIME_PROFILE,
  findWorkingTimeProfile,
  type WorkingTimeProfileCode,
  workingTimeOfYear,
} from "./working-time.js";
import { bridgeDaysOfYear, type HolidayListOptions, halfDaysOfYear, holidaysOfYear } from "./year-lists.js";
import { isBridgeDay as bridgeDayAt, isHalfDay as halfDayAt, isWorkingDay as workingDayAt } from "./year-template.js";

export { dataVersion } from "./data-version.js";
export { FIRST_YEAR, LAST_YEAR } from "./dates.js";
export { CalendarError, type CalendarErrorCode } from "./errors.js";
export type * from "./types.js";
export type { DueDateScheduleCode, HolidayListOptions, WorkingTimeProfileCode };

/** A year argument, a number (its type checked first, by checkArguments): a whole number from 1930 to 9999. */
function checkYear(year: number, argument = "year"): number {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw invalidArgument(argument, `'${argument}' must be a year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  }
  return year;
}

/**
 * What a date is: weekday, ISO week, holiday type, whether it is a working day, its named holidays and flag days.
 *
 * @example
 * describeDay("2026-06-19").holidayType; // "defacto" (Midsummer Eve)
 * describeDay("2026-06-19").isoWeek; // { year: 2026, week: 25 }
 */
export function describeDay(date: string): Day {
  checkArguments(SIGNATURES.describeDay, [date]);
  return dayOf(parseIsoDate(date, "date"));
}

/**
 * Whether a date is a working day (a business day): Monday to Friday, not a public holiday, not one of the five eves.
 *
 * @example
 * isWorkingDay("2026-06-19"); // false (Midsummer Eve)
 * isWorkingDay("2026-06-22"); // true
 */
export function isWorkingDay(date: string): boolean {
  checkArguments(SIGNATURES.isWorkingDay, [date]);
  return workingDayAt(parseIsoDate(date, "date"));
}

/**
 * Whether a date is a bridge day (klämdag): a working day whose previous and next days are both days off.
 *
 * @example
 * isBridgeDay("2026-05-15"); // true (the Friday after Ascension Day)
 */
export function isBridgeDay(date: string): boolean {
  checkArguments(SIGNATURES.isBridgeDay, [date]);
  return bridgeDayAt(parseIsoDate(date, "date"));
}

/**
 * Whether a date is a half day (halvdag): a working day whose next day carries a public observance.
 *
 * @example
 * isHalfDay("2026-01-05"); // true (the day before Epiphany)
 */
export function isHalfDay(date: string): boolean {
  checkArguments(SIGNATURES.isHalfDay, [date]);
  return halfDayAt(parseIsoDate(date, "date"));
}

/**
 * The public and de facto holidays of a year, one Day per date, ascending. `sundays` adds the remaining Sundays,
 * `saturdays` every Saturday; the flags decide which days are listed, never what a day is.
 *
 * @example
 * holidays(2026).length; // 18
 * holidays(2026, { sundays: true, saturdays: true }).length; // 114
 */
export function holidays(year: number, options: HolidayListOptions = {}): Day[] {
  checkArguments(SIGNATURES.holidays, [year, options]);
  return holidaysOfYear(checkYear(year), { sundays: options.sundays === true, saturdays: options.saturdays === true });
}

/**
 * The bridge days (klämdagar) of a year, ascending.
 *
 * @example
 * bridgeDays(2026).map((d) => d.date); // ["2026-01-02", "2026-01-05", "2026-05-15"]
 */
export function bridgeDays(year: number): Day[] {
  checkArguments(SIGNATURES.bridgeDays, [year]);
  return bridgeDaysOfYear(checkYear(year));
}

/**
 * The half days (halvdagar) of a year, ascending.
 *
 * @example
 * halfDays(2026)[0].date; // "2026-01-05"
 */
export function halfDays(year: number): Day[] {
  checkArguments(SIGNATURES.halfDays, [year]);
  return halfDaysOfYear(checkYear(year));
}

/**
 * Every Day of a year, 1 January to 31 December.
 *
 * @example
 * daysOfYear(2024).length; // 366
 */
export function daysOfYear(year: number): Day[] {
  checkArguments(SIGNATURES.daysOfYear, [year]);
  const days: Day[] = [];
  for (let n = dayFromCivil(checkYear(year), 1, 1), last = dayFromCivil(year, 12, 31); n <= last; n++)
    days.push(dayOf(n));
  return days;
}

/**
 * Working days, days off, bridge and half days and the duration of a period. `bounds`: `inclusive` (default) counts
 * both dates, `exclusive` neither, `from` the start only, `to` the end only. At most 200 years.
 *
 * @example
 * countPeriod("2026-01-01", "2026-12-31").workingDays; // 251
 */
export function countPeriod(from: string, to: string, bounds: Bounds = BOUNDS[0]): Period {
  checkArguments(SIGNATURES.countPeriod, [from, to, bounds]);
  const first = parseIsoDate(from, "from");
  const last = parseIsoDate(to, "to");
  return period(first, last, parseBounds(bounds), from, to);
}

/**
 * Moves a date by a chain of steps, in order, each a number of one of STEP_UNITS (STEP_UNIT_WORDS says what each
 * counts): `"1m,10b"` or `["1m", "10b"]`, at most 20 steps. `postpone` applies the Sunday rule of Lag (1930:173): a result on
 * a Sunday, public holiday or eve moves to the next working day.
 *
 * @example
 * shiftDate("2026-01-31", "1m").result.date; // "2026-02-28"
 * shiftDate("2026-12-23", ["1b"]).result.date; // "2026-12-28"
 */
export function shiftDate(
  date: string,
  steps: string | readonly string[],
  options: { postpone?: boolean } = {},
): Shift {
  checkArguments(SIGNATURES.shiftDate, [date, steps, options]);
  const start = parseIsoDate(date, "date");
  return shift(start, parseSteps(typeof steps === "string" ? [steps] : steps), options, date);
}

/**
 * The long weekends that start in a year: runs of three or more days off around a named day, with the bridge day
 * to take off where one joins two runs.
 *
 * @example
 * longWeekends(2026)[0]; // { start: "2026-01-03", end: "2026-01-06", days: 4, leaveDays: ["2026-01-05"], observances: ["epiphany"] }
 */
export function longWeekends(year: number): LongWeekend[] {
  checkArguments(SIGNATURES.longWeekends, [year]);
  return longWeekendsOfYear(checkYear(year));
}

/**
 * The best use of `days` leave days (MIN_LEAVE_DAYS to MAX_LEAVE_DAYS) between two dates (at most 366 days): `most`
 * days off in total (default), or the `longest` single break. Exact.
 *
 * @example
 * planLeave("2026-05-11", "2026-05-17", 1).breaks; // [{ start: "2026-05-14", end: "2026-05-17", days: 4, leaveDays: ["2026-05-15"] }]
 */
export function planLeave(
  from: string,
  to: string,
  days: number,
  objective: LeaveObjective = LEAVE_OBJECTIVES[0],
): LeavePlan {
  checkArguments(SIGNATURES.planLeave, [from, to, days, objective]);
  const first = parseIsoDate(from, "from");
  const last = parseIsoDate(to, "to");
  return leavePlan(first, last, days, parseLeaveObjective(objective), from, to);
}

/**
 * The 20 observances of the catalogue, abolished ones included, with `since`/`until` where they apply.
 *
 * @example
 * observances().find((o) => o.code === "whitMonday")?.until; // 2004
 */
export function observances(): ObservanceInfo[] {
  return catalogue();
}

/**
 * One observance's catalogue entry. Throws CalendarError (`unknown-code`) for a code that is not in the catalogue.
 *
 * @example
 * observanceInfo("nationalDay").since; // 2005
 */
export function observanceInfo(code: string): ObservanceInfo {
  checkArguments(SIGNATURES.observanceInfo, [code]);
  return infoOfRule(findRule(code));
}

/**
 * The days an observance fell on from year `from` to `to` (default `from`; at most 200 years). Years in which it
 * was no holiday are left out.
 *
 * @example
 * occurrences("easterSunday", 2026)[0].day.date; // "2026-04-05"
 */
export function occurrences(code: string, from: number, to: number = from): Occurrence[] {
  checkArguments(SIGNATURES.occurrences, [code, from, to]);
  const rule = findRule(code);
  return occurrencesOf(rule, checkYear(from, "from"), checkYear(to, "to"));
}

/**
 * The official flag days (allmänna flaggdagar, Förordning (1982:270)) of a year from 1983, with election days.
 *
 * @example
 * flagDays(2026).find((f) => f.code === "nationalDay")?.date; // "2026-06-06"
 */
export function flagDays(year: number): FlagDay[] {
  checkArguments(SIGNATURES.flagDays, [year]);
  return flagDaysOfYear(checkYear(year));
}

/**
 * Every flag-day rule, ended and one-off ones included, with its years and its source.
 *
 * @example
 * flagDayRules().find((r) => r.code === "veteransDay")?.since; // 2018
 */
export function flagDayRules(): FlagDayInfo[] {
  return flagDayCatalogue();
}

/**
 * Whether a date is a business (banking) day: a working day, Monday to Friday, not a public holiday, not Midsummer
 * Eve, Christmas Eve or New Year's Eve. The same as `isWorkingDay`, named as finance software names it.
 *
 * @example
 * isBusinessDay("2026-06-19"); // false
 * isBusinessDay("2026-06-22"); // true
 */
export function isBusinessDay(date: string): boolean {
  checkArguments(SIGNATURES.isBusinessDay, [date]);
  return workingDayAt(parseIsoDate(date, "date"));
}

/**
 * Moves a date to a business day by a convention (QuantLib's definitions): `following`, `preceding`,
 * `modified-following` (following unless that leaves the month, then preceding), `modified-preceding` (the mirror),
 * `nearest` (the closer; equally far: following), `unadjusted`. A convention that would need a business day outside
 * 1930-9999 throws CalendarError (`invalid-argument`).
 *
 * @example
 * adjust("2026-06-19", "modified-following").result.date; // "2026-06-22"
 * adjust("2026-01-31", "modified-following").result.date; // "2026-01-30"
 * adjust("2026-06-22", "preceding").moved; // false
 */
export function adjust(date: string, convention: Convention): Adjustment {
  checkArguments(SIGNATURES.adjust, [date, convention]);
  const day = parseIsoDate(date, "date");
  return adjustment(day, parseConvention(convention), date);
}

/** A due-date rule of your own: a day of the month (DayOfMonth: past the month's end its last day) and a convention. */
export interface DueDateRuleInput {
  day: DayOfMonth;
  convention: Convention;
}

/**
 * The due dates of a year, month by month: for a named schedule of the catalogue (`salary-25`, `child-benefit`,
 * `tax-account`; a year before its `since` throws) or for a rule of your own (`{ day, convention }`, schedule code
 * `custom`). Each date has its nominal date and the business day it is due on.
 *
 * @example
 * dueDates(2026, "child-benefit").dates[5].due.date; // "2026-06-18"
 * dueDates(2026, "tax-account").dates[0].due.date; // "2026-01-19"
 * dueDates(2026, { day: "last", convention: "preceding" }).dates[1].due.date; // "2026-02-27"
 */
export function dueDates(year: number, schedule: DueDateScheduleCode | DueDateRuleInput): DueDates {
  checkArguments(SIGNATURES.dueDates, [year, schedule]);
  checkYear(year);
  // any string passes the check of types (from JavaScript, or a code typed as a plain string): the catalogue refuses
  // an unknown one, naming the codes it knows
  if (typeof schedule === "string") return scheduleDueDates(year, schedule);
  checkFields(DUE_DATE_RULE_FIELDS, schedule, "schedule");
  return customDueDates(year, schedule.day, schedule.convention);
}

/**
 * The named due-date schedules with their rules, years and sources.
 *
 * @example
 * dueDateSchedules().map((s) => s.code); // ["salary-25", "child-benefit", "tax-account"]
 * dueDateSchedules().find((s) => s.code === "tax-account")?.since; // 2012
 */
export function dueDateSchedules(): DueDateSchedule[] {
  return dueDateCatalogue();
}

/** The options of `workingTime`. */
export interface WorkingTimeOptions {
  /** the hours of a full week, as WEEKLY_HOURS_WORDS says (default DEFAULT_WEEKLY_HOURS); a working day is a fifth of it */
  weeklyHours?: number;
  /** which working days are shortened: `standard` none (default), `state` those of state employees with office hours (from 2017) */
  profile?: WorkingTimeProfileCode;
}

/**
 * The working time of a year, month by month, by quarter and in total: each working day (`isWorkingDay`; bridge and
 * half days are working days) counts a fifth of `weeklyHours`, less what the `profile` takes off its shortened days.
 * Minutes are whole; `hours` is derived from them (two decimals). Profile `state` answers from 2017.
 *
 * @example
 * workingTime(2026).total; // { workingDays: 251, minutes: 120480, hours: 2008 }
 * workingTime(2026, { weeklyHours: 38.25 }).dailyMinutes; // 459
 * workingTime(2026, { profile: "state" }).months[0].shortenedDays[0].date; // "2026-01-05"
 */
export function workingTime(year: number, options: WorkingTimeOptions = {}): WorkingTime {
  checkArguments(SIGNATURES.workingTime, [year, options]);
  checkYear(year);
  const weeklyHours = options.weeklyHours === undefined ? DEFAULT_WEEKLY_HOURS : checkWeeklyHours(options.weeklyHours);
  // any string passes the check of types (from JavaScript, or a code typed as a plain string): the table refuses an
  // unknown one, naming the codes it knows
  const profile = findWorkingTimeProfile(options.profile ?? DEFAULT_WORKING_TIME_PROFILE);
  return workingTimeOfYear(year, weeklyHours, profile);
}

/**
 * Each options type above has exactly the option names of its function's table (./signatures.ts), each of the type
 * its kind accepts or narrower: a name or type the two disagree on fails to compile here.
 */
type Agrees<T, F extends keyof typeof SIGNATURES> = [keyof T, keyof OptionsOf<F>] extends [keyof OptionsOf<F>, keyof T]
  ? Required<T> extends Required<OptionsOf<F>>
    ? true
    : false
  : false;
type True<T extends true> = T;
// biome-ignore lint/correctness/noUnusedVariables: the check is that this type compiles; nothing reads it
type OptionTablesAgree = [
  True<Agrees<HolidayListOptions, "holidays">>,
  True<Agrees<NonNullable<Parameters<typeof shiftDate>[2]>, "shiftDate">>,
  True<Agrees<WorkingTimeOptions, "workingTime">>,
];
