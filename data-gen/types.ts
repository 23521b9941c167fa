/**
 * The objects the engine returns, declared here, by the engine, for its own users. The HTTP contract
 * (contract/bodies.ts) declares the JSON Schemas of the same shapes; a type-level test
 * (test/contract/engine-types.test.ts) proves each schema's static type equals the type here, so neither can drift.
 *
 * Field order of the objects the engine builds is their serialisation order: `JSON.stringify` of a result is the
 * service's body (or the list inside its envelope) byte for byte.
 */
import type { Bounds, LeaveObjective, StepUnit } from "./grammar.js";

export type { Bounds, LeaveObjective, StepUnit };

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

/** Counts over a period (`countPeriod`). */
export interface Period {
  from: string;
  to: string;
  bounds: Bounds;
  counted: CountedDays | null;
  calendarDays: number;
  duration: Duration;
  workingDays: number;
  daysOff: DaysOff;
  bridgeDays: number;
  halfDays: number;
}

/** The span between a shift's date and its result, chronological. */
export interface PeriodSummary {
  from: string;
  to: string;
  calendarDays: number;
  duration: Duration;
  workingDays: number;
  daysOff: DaysOff;
  bridgeDays: number;
  halfDays: number;
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
