/**
 * The API shapes the site reads (docs/contract.md#resources). The site is a plain API client; the
 * response types are the engine's own (type-only imports: nothing of the engine is bundled by these).
 */
import type { Day, LongWeekend } from "swedish-calendar/core";

/** GET /v3/working-time and its dataset file: the engine's `workingTime` answer */
export type { ShortenedDay, WorkingTime } from "swedish-calendar";
export type {
  AppliedStep,
  Day,
  DaysOff,
  Duration,
  LeaveBreak,
  LeavePlan,
  LongWeekend,
  Names,
  Observance,
  Period,
  PeriodSummary,
  Shift,
  SpanCounts,
} from "swedish-calendar/core";
export type { DayListResource as DayList } from "../../../contract/bodies.js";

/** GET /v3/long-weekends */
export interface LongWeekendList {
  year: number;
  count: number;
  longWeekends: LongWeekend[];
}

/** A problem document (RFC 9457) as the client reads it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
}

/**
 * Everything the home page shows for one year. `workingDays` is null when the year's days (or for a year without
 * dataset files, its period) could not be read, and `longWeekends` when its long weekends could not be: the rest of
 * the year is still shown.
 */
export interface YearData {
  year: number;
  holidays: Day[];
  bridgeDays: Day[];
  halfDays: Day[];
  workingDays: number | null;
  workingDaysError?: string;
  longWeekends: LongWeekend[] | null;
  longWeekendsError?: string;
}
