/**
 * The objects the engine returns, declared here, by the engine, for its own users. The HTTP contract
 * (contract/bodies.ts) declares the JSON Schemas of the same shapes; a type-level test
 * (test/contract/engine-types.test.ts) proves each schema's static type equals the type here, so neither can drift.
 *
 * Field order of the objects the engine builds is their serialisation order: `JSON.stringify` of a result is the
 * service's body (or the list inside its envelope) byte for byte.
 */
import type { Bounds, Convention, LeaveObjective, StepUnit } from "./grammar.js";

export type { Bounds, Convention, LeaveObjective, StepUnit };

/** `public`: named in the Public Holidays Act (1989:253), or a Sunday. `defacto`: a Saturday or one of the five eves. */
export type HolidayType = "public" | "defacto";

/** A name in Swedish and English. Names may be reworded; codes may not. */
export interface Names {
  sv: string;
  en: string;
}

/** The occasion an observance belongs to (christmasEve, christmasDay, boxingDay and epiphany belong to `christmas`). */
export interface Feast {
  code: string;
  name: Names;
}

/** A named holiday on a date (inside a Day). */
export interface Observance {
  /** one of the 20 codes of the catalogue (`observances()`) */
  code: string;
  holidayType: HolidayType;
  name: Names;
  feast: Feast;
}

/** The ISO 8601 week of a date: `year` is the year of the week's Thursday. */
export interface IsoWeek {
  year: number;
  week: number;
}

/** One date, as every list, lookup, shift step and occurrence shows it. */
export interface Day {
  /** `YYYY-MM-DD` */
  date: string;
  /** ISO weekday: 1 is Monday, 7 is Sunday */
  weekday: number;
  isoWeek: IsoWeek;
  /** `null` exactly on working days */
  holidayType: HolidayType | null;
  workingDay: boolean;
  /** the named holidays of the date, in catalogue order */
  observances: Observance[];
  /** the codes of the official flag days on the date (Förordning (1982:270), from 1983) */
  flagDay: string[];
}

/** A catalogue entry: an observance's rule without its dates (`since`/`until` only where it has not always been one). */
export interface ObservanceInfo {
  code: string;
  holidayType: HolidayType;
  name: Names;
  feast: Feast;
  since?: number;
  until?: number;
}

/** The day an observance fell on in one year. */
export interface Occurrence {
  year: number;
  day: Day;
}

/** An official flag day of a year. */
export interface FlagDay {
  date: string;
  code: string;
  name: Names;
  /** the observance this flag day is in that year, or `null` */
  holiday: string | null;
}

/** A flag-day rule: its date rule in words, the holiday it is, its years and its source. */
export interface FlagDayInfo {
  code: string;
  name: Names;
  rule: Names;
  holiday: string | null;
  since?: number;
  until?: number;
  source: string;
}

/** Whole months first (shown as years and months), then days. */
export interface Duration {
  years: number;
  months: number;
  days: number;
}

export interface DaysOff {
  total: number;
  publicHolidays: number;
  defactoHolidays: number;
  namedDays: number;
  weekendDays: number;
}

/** The first and last day actually counted after applying `bounds`. */
export interface CountedDays {
  first: string;
  last: string;
}

/** The counts a Period and a Shift's period share, in serialisation order. */
export interface SpanCounts {
  calendarDays: number;
  duration: Duration;
  workingDays: number;
  daysOff: DaysOff;
  bridgeDays: number;
  halfDays: number;
}

/** Counts over a period (`countPeriod`): `from`, `to`, `bounds`, `counted`, then the SpanCounts. */
export interface Period extends SpanCounts {
  from: string;
  to: string;
  bounds: Bounds;
  counted: CountedDays | null;
}

/** The span between a shift's date and its result, chronological: `from`, `to`, then the SpanCounts. */
export interface PeriodSummary extends SpanCounts {
  from: string;
  to: string;
}

/** One step of a shift's chain as applied. */
export interface AppliedStep {
  unit: StepUnit;
  amount: number;
  /** month or year arithmetic clamped the day to the end of a shorter month */
  constrained: boolean;
  result: Day;
}

/** A date moved by a chain of steps (`shiftDate`). */
export interface Shift {
  date: string;
  postpone: boolean;
  steps: AppliedStep[];
  landed: Day;
  postponed: boolean;
  result: Day;
  period: PeriodSummary | null;
}

/** A run of three or more days off around a named day, with the bridge day to take off when one joins it. */
export interface LongWeekend {
  start: string;
  end: string;
  days: number;
  leaveDays: string[];
  observances: string[];
}

/** A counted break of a leave plan. */
export interface LeaveBreak {
  start: string;
  end: string;
  days: number;
  leaveDays: string[];
}

/** The best use of leave days over a span (`planLeave`). */
export interface LeavePlan {
  from: string;
  to: string;
  budget: number;
  objective: LeaveObjective;
  used: number;
  daysOff: number;
  breaks: LeaveBreak[];
}

/** A date moved to a business day by a convention (`adjust`). */
export interface Adjustment {
  /** the date as given */
  date: string;
  convention: Convention;
  /** the business day the convention gives (the date itself for `unadjusted`, or when it is a business day) */
  result: Day;
  /** `result` is not the date given */
  moved: boolean;
}

/** A day of the month: MIN_DUE_DAY to MAX_DUE_DAY (past the month's end: the month's last day), or `last`. */
export type DayOfMonth = number | "last";

/** A month whose nominal day differs from the schedule's usual one. */
export interface DueDayException {
  month: number;
  day: DayOfMonth;
}

/** A nominal day that differs in some months (the tax account: the 12th, the 17th in January and August). */
export interface DueDayByMonth {
  usual: DayOfMonth;
  except: DueDayException[];
}

/** A due-date schedule: the nominal day of each month and the convention that moves it to a business day. */
export interface DueDateSchedule {
  /** a code of the catalogue (`dueDateSchedules()`), or `custom` for a rule given as day and convention */
  code: string;
  name: Names;
  day: DayOfMonth | DueDayByMonth;
  convention: Convention;
  /** the first year the schedule answers; only where it does not answer every year from 1930 */
  since?: number;
  /** the law, authority page or practice the rule rests on; `null` for a custom rule */
  source: string | null;
}

/** One due date of a year. */
export interface DueDate {
  month: number;
  /** the nominal date: the schedule's day of the month (past the month's end: its last day) */
  nominal: string;
  /** the business day the convention gives */
  due: Day;
  /** `due` is not the nominal date */
  moved: boolean;
}

/** The due dates of a schedule in a year (`dueDates`), in month order. */
export interface DueDates {
  year: number;
  schedule: DueDateSchedule;
  count: number;
  dates: DueDate[];
}

/** A working-time profile: which working days it shortens, where its rule comes from, the years it answers. */
export interface WorkingTimeProfile {
  /** a profile code: `standard` or `state` */
  code: string;
  name: Names;
  /** the first year the profile answers; only where it does not answer every year from 1930 */
  since?: number;
  /** the agreement or practice its shortened days rest on; `null` for `standard` (no shortened days) */
  source: string | null;
}

/** A working day the profile shortens, and by how much. */
export interface ShortenedDay {
  /** `YYYY-MM-DD` */
  date: string;
  /** the code of the profile's rule that shortens it (`epiphanyEve`, `maundyThursday`, `walpurgisNight`, `allSaintsEve`, `dayBeforeChristmasEve`) */
  rule: string;
  name: Names;
  /** the minutes taken off the day's working time */
  reductionMinutes: number;
  /** the minutes left to work on the day */
  minutes: number;
}

/** Working days and working time over a span: `hours` is `minutes / 60` rounded to two decimals. */
export interface WorkingTimeSum {
  workingDays: number;
  minutes: number;
  hours: number;
}

/** A month of a working-time answer (1 is January), with the days its profile shortens, ascending. */
export interface WorkingTimeMonth extends WorkingTimeSum {
  month: number;
  shortenedDays: ShortenedDay[];
}

/** A quarter of a working-time answer (1 is January to March). */
export interface WorkingTimeQuarter extends WorkingTimeSum {
  quarter: number;
}

/**
 * The working time of a year (`workingTime`): each working day (isWorkingDay) counts `dailyMinutes` (a fifth of the
 * week), less what the profile takes off its shortened days; per month, per quarter and for the year.
 */
export interface WorkingTime {
  year: number;
  weeklyHours: number;
  /** the minutes of a working day that is not shortened: `weeklyHours * 60 / 5` */
  dailyMinutes: number;
  profile: WorkingTimeProfile;
  months: WorkingTimeMonth[];
  quarters: WorkingTimeQuarter[];
  total: WorkingTimeSum;
}
