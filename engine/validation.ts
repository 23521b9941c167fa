import { type DayNumber, dayFromCivil, daysInMonth, FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { CalendarError, invalidArgument, missingArgument } from "./errors.js";
import {
  BOUNDS,
  type Bounds,
  DATE_PARAMETER_PATTERN,
  LAST_DAY_OF_MONTH,
  LEAVE_DAYS_PATTERN,
  LEAVE_OBJECTIVES,
  type LeaveObjective,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
  STEP_CHAIN_PATTERN,
  STEP_CHAIN_SOURCE,
  STEP_UNITS,
  type StepUnit,
  YEAR_PATTERN,
} from "./grammar.js";

/** The grammar the validators read with (grammar.ts), re-exported for the engine's users. */
export * from "./grammar.js";

/** Validation helpers shared by every layer. Each returns the parsed value or throws a CalendarError. */

const RANGE_TEXT = `${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31`;

// ---------------------------------------------------------------------------------------------
// The types of arguments
// ---------------------------------------------------------------------------------------------

/*
 * The library is called from JavaScript as well as TypeScript, where nothing stops a string from arriving where a
 * boolean belongs, and a loose reading answers the wrong question without a word: `!!"false"` is true, and "2026"
 * read as a year is refused as if its digits were wrong. So each public function checks the type of every argument
 * and option before it reads one (checkArguments, from its table in signatures.ts), and a wrong type is
 * invalid-argument naming the argument, the type it must be and what it was given. A value of the right type is then
 * read by the readers below, whose messages say what is wrong with its content. Unknown options are ignored, as the
 * API ignores unknown query parameters; TypeScript refuses them at compile time.
 */

const isString = (value: unknown) => typeof value === "string";
const isNumber = (value: unknown) => typeof value === "number";
const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown) => Array.isArray(value) && value.every(isString);

/** What an argument must be: the type a value is tested for, and its words in a message. */
const KINDS = {
  boolean: { accepts: (value: unknown) => typeof value === "boolean", expected: "a boolean (true or false)" },
  number: { accepts: isNumber, expected: "a number" },
  year: { accepts: isNumber, expected: `a number (a year from ${FIRST_YEAR} to ${LAST_YEAR})` },
  string: { accepts: isString, expected: "a string" },
  date: { accepts: isString, expected: "a string (a date in the form YYYY-MM-DD)" },
  strings: { accepts: isStringArray, expected: "an array of strings" },
  steps: {
    accepts: (value: unknown) => isString(value) || isStringArray(value),
    expected: 'a string or an array of strings (steps such as "1m,10b")',
  },
  "day-of-month": {
    accepts: (value: unknown) => isNumber(value) || isString(value),
    expected: `a number or a string (a day of the month from ${MIN_DUE_DAY} to ${MAX_DUE_DAY}, or '${LAST_DAY_OF_MONTH}')`,
  },
  schedule: {
    accepts: (value: unknown) => isString(value) || isObject(value),
    expected: "a string (a due-date schedule code) or an object { day, convention }",
  },
} as const satisfies Record<string, { accepts: (value: unknown) => boolean; expected: string }>;

export type ArgumentKind = keyof typeof KINDS;

/** The fields of an options object (or of an object argument) by name, each with its kind; a name ending in `?` may be left out. */
export type FieldKinds = { readonly [field: string]: ArgumentKind };

/**
 * A function's parameters in their order, each by the name its messages use, with its kind or, for an object, the
 * kinds of its fields. A name ending in `?` may be left out (undefined: its default); the others are required.
 */
export type Signature = { readonly [parameter: string]: ArgumentKind | FieldKinds };

/** A value in a message: its type, and the value itself where that is short (a long string is cut). */
function given(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case "number":
    case "bigint":
    case "boolean":
      return `the ${typeof value} ${String(value)}`;
    case "undefined":
      return "undefined";
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default:
      return "an object";
  }
}

/** A value of a kind, or invalid-argument naming `argument`: "'sundays' must be a boolean (true or false), not the string "false"". */
export function expectKind(value: unknown, kind: ArgumentKind, argument: string): void {
  const { accepts, expected } = KINDS[kind];
  if (!accepts(value)) throw invalidArgument(argument, `'${argument}' must be ${expected}, not ${given(value)}`);
}

/** An object argument (`argument`) and its fields: each given field of its kind, each required one given. */
export function checkFields(fields: FieldKinds, value: unknown, argument: string): void {
  if (!isObject(value)) throw invalidArgument(argument, `'${argument}' must be an object, not ${given(value)}`);
  for (const key in fields) {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    const field = (value as Record<string, unknown>)[name];
    if (field !== undefined) expectKind(field, fields[key], name);
    else if (!optional) throw missingArgument(name);
  }
}

/** The arguments of a call, in the order of the signature: each given one of its kind, each required one given. */
export function checkArguments(signature: Signature, values: readonly unknown[]): void {
  let i = 0;
  for (const key in signature) {
    const value = values[i++];
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    const kind = signature[key];
    if (value === undefined) {
      if (!optional) throw missingArgument(name);
    } else if (typeof kind === "string") {
      expectKind(value, kind, name);
    } else {
      checkFields(kind, value, name);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The readers of the grammar
// ---------------------------------------------------------------------------------------------

/**
 * Strict ISO `YYYY-MM-DD`. Malformed text is `invalid-parameter`; a well-formed but impossible date
 * (month 13, 31 April, 29 February of a common year) is `invalid-date`; a real date outside
 * 1930-9999 is `invalid-parameter`.
 */
export function parseIsoDate(value: string | null | undefined, parameter: string): DayNumber {
  if (value === null || value === undefined) throw missingArgument(parameter);
  expectKind(value, "date", parameter);
  if (!DATE_PARAMETER_PATTERN.test(value))
    throw invalidArgument(parameter, `'${parameter}' must be a date in the form YYYY-MM-DD`);
  const year = +value.slice(0, 4);
  const month = +value.slice(5, 7);
  const day = +value.slice(8, 10);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new CalendarError(
      "invalid-date",
      parameter,
      `'${parameter}' is not a calendar date: ${value} does not exist`,
    );
  }
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    throw invalidArgument(parameter, `'${parameter}' must lie in ${RANGE_TEXT}`);
  }
  return dayFromCivil(year, month, day);
}

/** v3 year: exactly four digits, 1930-9999. */
export function parseYear(value: string, parameter = "year"): number {
  expectKind(value, "string", parameter);
  if (!YEAR_PATTERN.test(value))
    throw invalidArgument(parameter, `'${parameter}' must be a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  const year = +value;
  if (year < FIRST_YEAR || year > LAST_YEAR)
    throw invalidArgument(parameter, `'${parameter}' must be a year from ${FIRST_YEAR} to ${LAST_YEAR}`);
  return year;
}

export function parseBounds(value: string): Bounds {
  if ((BOUNDS as readonly string[]).includes(value)) return value as Bounds;
  expectKind(value, "string", "bounds");
  throw invalidArgument("bounds", `'bounds' must be one of ${BOUNDS.join(", ")}`);
}

/** A leave budget that is not a whole number from MIN_LEAVE_DAYS to MAX_LEAVE_DAYS, refused. */
const notLeaveDays = (parameter: string) =>
  invalidArgument(
    parameter,
    `'${parameter}' must be a whole number of leave days from ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS}, written in digits`,
  );

/** A leave budget as a number: a whole number from MIN_LEAVE_DAYS to MAX_LEAVE_DAYS. */
export function checkLeaveDays(days: number, parameter = "days"): number {
  if (!Number.isInteger(days) || days < MIN_LEAVE_DAYS || days > MAX_LEAVE_DAYS) throw notLeaveDays(parameter);
  return days;
}

/**
 * `days` of /v3/leave-plan: plain digits, MIN_LEAVE_DAYS to MAX_LEAVE_DAYS (`0`, `-1`, `+5`, `05`, `5.0`, `` are 400
 * invalid-parameter).
 */
export function parseLeaveDays(value: string, parameter = "days"): number {
  expectKind(value, "string", parameter);
  if (!LEAVE_DAYS_PATTERN.test(value)) throw notLeaveDays(parameter);
  return checkLeaveDays(+value, parameter);
}

/** `objective` of /v3/leave-plan: `most` or `longest`. */
export function parseLeaveObjective(value: string): LeaveObjective {
  if ((LEAVE_OBJECTIVES as readonly string[]).includes(value)) return value as LeaveObjective;
  expectKind(value, "string", "objective");
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
  expectKind(values, "strings", "add");
  if (values.length === 0) throw missingArgument("add");
  const steps: Step[] = [];
  for (const value of values) {
    if (!STEP_CHAIN_PATTERN.test(value)) {
      throw invalidArgument(
        "add",
        `'add' value '${value}' is not a step chain: each step is an optional minus, digits and one of ${STEP_UNITS.join(", ")} (pattern ${STEP_CHAIN_SOURCE})`,
      );
    }
    for (const part of value.split(",")) {
      steps.push({ unit: part[part.length - 1] as StepUnit, amount: Number(part.slice(0, -1)), text: part });
      if (steps.length > MAX_STEPS)
        throw invalidArgument("add", `'add': a chain has at most ${MAX_STEPS} steps in total`);
    }
  }
  return steps;
}

/** Observance year range: from <= to, to - from <= 200. */
export function checkYearRange(from: number, to: number): void {
  expectKind(from, "year", "from");
  expectKind(to, "year", "to");
  if (to < from) throw invalidArgument("to", `'to' (${to}) must not be earlier than 'from' (${from})`);
  if (to - from > MAX_SPAN_YEARS)
    throw invalidArgument(
      "to",
      `a year range spans at most ${MAX_SPAN_YEARS} years ('to' - 'from' <= ${MAX_SPAN_YEARS})`,
    );
}
