import { daysInMonth, dayFromCivil, FIRST_YEAR, LAST_YEAR, type DayNumber } from "./dates.js";
import { CalendarError, invalidArgument, missingArgument } from "./errors.js";
import {
  BOUNDS, DATE_PARAMETER_PATTERN, LEAVE_DAYS_PATTERN, LEAVE_OBJECTIVES, MAX_LEAVE_DAYS, MAX_SPAN_YEARS,
  MAX_STEPS, STEP_CHAIN_PATTERN, STEP_CHAIN_SOURCE, YEAR_PATTERN, type Bounds, type LeaveObjective, type StepUnit,
} from "./grammar.js";

/** The grammar the validators read with (grammar.ts), re-exported for the engine's users. */
export * from "./grammar.js";

/** Validation helpers shared by every layer. Each returns the parsed value or throws a CalendarError. */

const RANGE_TEXT = `${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31`;

/**
 * Strict ISO `YYYY-MM-DD`. Malformed text is `invalid-parameter`; a well-formed but impossible date
 * (month 13, 31 April, 29 February of a common year) is `invalid-date`; a real date outside
 * 1930-9999 is `invalid-parameter`.
 */
export function parseIsoDate(value: string | null | undefined, parameter: string): DayNumber {
  if (value === null || value === undefined) throw missingArgument(parameter);
  if (!DATE_PARAMETER_PATTERN.test(value)) throw invalidArgument(parameter, `'${parameter}' must be a date in the form YYYY-MM-DD`);
  const year = +value.slice(0, 4);
  const month = +value.slice(5, 7);
  const day = +value.slice(8, 10);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new CalendarError("invalid-date", parameter, `'${parameter}' is not a calendar date: ${value} does not exist`);
  }
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw invalidArgument(parameter, `'${parameter}' must lie in ${RANGE_TEXT}`);
  }
  return dayFromCivil(year, month, day);
}

/** v3 year: exactly four digits, 1930-9999. */
export function parseYear(value: string, parameter = "year"): number {
  if (!YEAR_PATTERN.test(value)) throw invalidArgument(parameter, `'${parameter}' must be a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  const year = +value;
  if (year < FIRST_YEAR || year > LAST_YEAR) throw invalidArgument(parameter, `'${parameter}' must be a year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  return year;
}

export function parseBounds(value: string): Bounds {
  if ((BOUNDS as readonly string[]).includes(value)) return value as Bounds;
  throw invalidArgument("bounds", `'bounds' must be one of ${BOUNDS.join(", ")}`);
}

/** `days` of /v3/leave-plan: plain digits, 1 to 60 (`0`, `-1`, `+5`, `05`, `5.0`, `` are 400 invalid-parameter). */
export function parseLeaveDays(value: string, parameter = "days"): number {
  const detail = `'${parameter}' must be a whole number of leave days from 1 to ${MAX_LEAVE_DAYS}, written in digits`;
  if (!LEAVE_DAYS_PATTERN.test(value)) throw invalidArgument(parameter, detail);
  const days = +value;
  if (days < 1 || days > MAX_LEAVE_DAYS) throw invalidArgument(parameter, detail);
  return days;
}

/** `objective` of /v3/leave-plan: `most` or `longest`. */
export function parseLeaveObjective(value: string): LeaveObjective {
  if ((LEAVE_OBJECTIVES as readonly string[]).includes(value)) return value as LeaveObjective;
  throw invalidArgument("objective", `'objective' must be one of ${LEAVE_OBJECTIVES.join(", ")}`);
}

export interface Step {
  unit: StepUnit;
  /** may be a very large (or non-finite) number; the shift itself rejects steps that leave the range */
  amount: number;
  /** the step as the client wrote it, for error messages */
  text?: string;
}

/** Reads the shift chain from the repeated `add` values (each may hold a comma-separated chain). */
export function parseSteps(values: readonly string[]): Step[] {
  if (values.length === 0) throw missingArgument("add");
  const steps: Step[] = [];
  for (const value of values) {
    if (!STEP_CHAIN_PATTERN.test(value)) {
      throw invalidArgument("add", `'add' value '${value}' is not a step chain: each step is an optional minus, digits and one of d, b, w, m, y (pattern ${STEP_CHAIN_SOURCE})`);
    }
    for (const part of value.split(",")) {
      steps.push({ unit: part[part.length - 1] as StepUnit, amount: Number(part.slice(0, -1)), text: part });
      if (steps.length > MAX_STEPS) throw invalidArgument("add", `'add': a chain has at most ${MAX_STEPS} steps in total`);
    }
  }
  return steps;
}

/** Observance year range: from <= to, to - from <= 200. */
export function checkYearRange(from: number, to: number): void {
  if (to < from) throw invalidArgument("to", `'to' (${to}) must not be earlier than 'from' (${from})`);
  if (to - from > MAX_SPAN_YEARS) throw invalidArgument("to", `a year range spans at most ${MAX_SPAN_YEARS} years ('to' - 'from' <= ${MAX_SPAN_YEARS})`);
}

