/**
 * The input grammar of the service: every pattern, enumeration and limit a request is read with, written here
 * once. The validators (validation.ts) test with the RegExps; the contract (contract/bodies.ts) and the OpenAPI
 * document (openapi.ts) state the source strings; the site imports what its forms check. Each RegExp is built
 * from its exported source, so what is documented is what is enforced.
 *
 * This module imports nothing, so the site's browser code can share it.
 */

// ---------------------------------------------------------------------------------------------
// Dates and years
// ---------------------------------------------------------------------------------------------

/** The request-side date shape: any `YYYY-MM-DD` (an impossible date is then 400 invalid-date, not a malformed one). */
export const DATE_PARAMETER_SOURCE = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
export const DATE_PARAMETER_PATTERN = new RegExp(DATE_PARAMETER_SOURCE);

/**
 * `YYYY-MM-DD` of a date in a response body: the year bounded to 1930-9999 by the pattern (the first year the
 * service covers is written out here, as this module imports nothing), the day of month by JSON Schema `format: date`.
 */
export const ISO_DATE_SOURCE = "^(19[3-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";

/** A year parameter (v3 `year`, `from`, `to`; v2 `year`): exactly four digits (`02024`, `+2024`, `2024.0` are not). */
export const YEAR_SOURCE = "^[0-9]{4}$";
export const YEAR_PATTERN = new RegExp(YEAR_SOURCE);

// ---------------------------------------------------------------------------------------------
// Periods and shifts
// ---------------------------------------------------------------------------------------------

/** `bounds` of /v3/period. The first is the default. */
export const BOUNDS = ["inclusive", "exclusive", "from", "to"] as const;
export type Bounds = (typeof BOUNDS)[number];

/** Step units of /v3/shift; what each counts is STEP_UNIT_WORDS. */
export const STEP_UNITS = ["d", "b", "w", "m", "y"] as const;
export type StepUnit = (typeof STEP_UNITS)[number];

/**
 * What each step unit counts, in Swedish and English: the one list of the units' meanings every text reads (the API's
 * and the MCP tools' prose, the body schema, the command-line tool's summary and messages, the site's hint). Beside
 * STEP_UNITS so that a unit added there needs its words here (the type requires every one).
 */
export const STEP_UNIT_WORDS: Readonly<Record<StepUnit, { readonly sv: string; readonly en: string }>> = {
  d: { sv: "dagar", en: "days" },
  b: { sv: "arbetsdagar", en: "working days" },
  w: { sv: "veckor", en: "weeks" },
  m: { sv: "månader", en: "months" },
  y: { sv: "år", en: "years" },
};

const STEP_SOURCE = `-?[0-9]+[${STEP_UNITS.join("")}]`;
/** One `add` value: an optional minus, digits and a unit, comma-separated steps allowed (no leading plus). */
export const STEP_CHAIN_SOURCE = `^${STEP_SOURCE}(,${STEP_SOURCE})*$`;
export const STEP_CHAIN_PATTERN = new RegExp(STEP_CHAIN_SOURCE);

/** A shift chain has at most this many steps in total, over every `add` value. */
export const MAX_STEPS = 20;

/** A period, an observance year range and a shift's period summary span at most this many years. */
export const MAX_SPAN_YEARS = 200;

// ---------------------------------------------------------------------------------------------
// Time off
// ---------------------------------------------------------------------------------------------

/** `objective` of /v3/leave-plan: the `most` days off in total, or the `longest` single break. The first is the default. */
export const LEAVE_OBJECTIVES = ["most", "longest"] as const;
export type LeaveObjective = (typeof LEAVE_OBJECTIVES)[number];

/**
 * `days` of /v3/leave-plan: a whole number in plain digits (no sign, no leading zero, no decimals), then MIN_LEAVE_DAYS
 * to MAX_LEAVE_DAYS.
 */
export const LEAVE_DAYS_SOURCE = "^(0|[1-9][0-9]*)$";
export const LEAVE_DAYS_PATTERN = new RegExp(LEAVE_DAYS_SOURCE);

/** The smallest and the largest leave budget of a leave plan. */
export const MIN_LEAVE_DAYS = 1;
export const MAX_LEAVE_DAYS = 60;

/** A leave plan's span, both ends counted (`to - from + 1`), is at most this many days: any whole calendar year fits. */
export const MAX_PLAN_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Working time
// ---------------------------------------------------------------------------------------------

/** `weeklyHours` of a working-time answer: from MIN_WEEKLY_HOURS to MAX_WEEKLY_HOURS in steps of WEEKLY_HOURS_STEP. */
export const MIN_WEEKLY_HOURS = 1;
export const MAX_WEEKLY_HOURS = 60;
/** A quarter of an hour: a day's time (a fifth of the week) is then a whole number of minutes (a multiple of 3). */
export const WEEKLY_HOURS_STEP = 0.25;
/** The full-time week the working-time answer assumes when none is given (Arbetstidslagen (1982:673) 5 §). */
export const DEFAULT_WEEKLY_HOURS = 40;

/**
 * The rule of `weeklyHours` in words, the one wording of it every text reads (the engine's refusal, the command-line
 * tool's help and messages, the API's and the MCP tools' prose, the site's words): its bounds and step, in English and
 * in Swedish (a decimal comma). A sentence adds "from" / "från" where it needs one.
 *
 * @example
 * WEEKLY_HOURS_WORDS.en; // "1 to 60 in steps of 0.25"
 * WEEKLY_HOURS_WORDS.sv; // "1 till 60 i steg om 0,25"
 */
export const WEEKLY_HOURS_WORDS: Readonly<Record<"sv" | "en", string>> = {
  en: `${MIN_WEEKLY_HOURS} to ${MAX_WEEKLY_HOURS} in steps of ${WEEKLY_HOURS_STEP}`,
  sv: `${MIN_WEEKLY_HOURS} till ${MAX_WEEKLY_HOURS} i steg om ${String(WEEKLY_HOURS_STEP).replace(".", ",")}`,
};

/** `weeklyHours` as text (a query parameter, the CLI's --weekly): digits, optionally a point and one or two decimals. */
export const WEEKLY_HOURS_SOURCE = "^[0-9]{1,2}(\\.[0-9]{1,2})?$";
export const WEEKLY_HOURS_PATTERN = new RegExp(WEEKLY_HOURS_SOURCE);

// ---------------------------------------------------------------------------------------------
// Business days and due dates
// ---------------------------------------------------------------------------------------------

/**
 * Business-day conventions (`convention` of /v3/adjust and /v3/due-dates), with QuantLib's definitions
 * (ql/time/businessdayconvention.hpp, Calendar::adjust), on business days = working days: `following` the first
 * business day on or after the date, `preceding` on or before, `modified-following` following unless that is in the
 * next month (then preceding), `modified-preceding` the mirror, `nearest` the closer of the two (equally far:
 * following), `unadjusted` the date itself.
 */
export const CONVENTIONS = [
  "following",
  "preceding",
  "modified-following",
  "modified-preceding",
  "nearest",
  "unadjusted",
] as const;
export type Convention = (typeof CONVENTIONS)[number];

/**
 * What each convention does, in words: the one description of the conventions, read by every text that says it.
 *
 *   - `sv`, `en`: what it does to a date that is not a business day, the phrase the site's forms and pay rules
 *     complete "when that is not a banking day, …" with;
 *   - `reading`: QuantLib's definition (Calendar::adjust, as ISDA uses it), as the API's documentation reads the list
 *     of conventions out ("`following` the first business day on or after the date; `preceding` the last on or before
 *     it; …": a phrase in that list, so it may lean on the one before);
 *   - `short`: the same for a model, in a few words (none: the name says it).
 *
 * Beside CONVENTIONS so that a convention added there needs its words here (the type requires every one).
 */
export const CONVENTION_WORDS: Readonly<
  Record<Convention, { readonly sv: string; readonly en: string; readonly reading: string; readonly short?: string }>
> = {
  following: {
    sv: "närmast följande bankdag",
    en: "the next banking day",
    reading: "the first business day on or after the date",
    short: "first business day on or after",
  },
  preceding: {
    sv: "närmast föregående bankdag",
    en: "the banking day before",
    reading: "the last on or before it",
    short: "on or before",
  },
  "modified-following": {
    sv: "närmast följande bankdag, om den inte hamnar i nästa månad, då föregående",
    en: "the next banking day, unless that is in the next month, then the one before",
    reading: "the following one unless that is in the next month, then the preceding one",
    short: "following unless that leaves the month, then preceding",
  },
  "modified-preceding": {
    sv: "närmast föregående bankdag, om den inte hamnar i föregående månad, då följande",
    en: "the banking day before, unless that is in the month before, then the next one",
    reading: "the preceding one unless that is in the previous month, then the following one",
    short: "the mirror",
  },
  nearest: {
    sv: "närmaste bankdag (följande när båda ligger lika nära)",
    en: "the nearest banking day (the next one when both are as near)",
    reading: "the closer of the two, and the following one when both are equally far",
    short: "the closer; equally far: following",
  },
  unadjusted: { sv: "flyttas inte", en: "not moved", reading: "the date itself" },
};

/**
 * The `day` of a custom due-date rule: a day of the month in plain digits, MIN_DUE_DAY to MAX_DUE_DAY (no leading
 * zero), or LAST_DAY_OF_MONTH (the pattern states the same; contract/parameter-kinds.ts checks it against them).
 */
export const MIN_DUE_DAY = 1;
export const MAX_DUE_DAY = 31;
export const DUE_DAY_SOURCE = "^([1-9]|[12][0-9]|3[01]|last)$";
export const DUE_DAY_PATTERN = new RegExp(DUE_DAY_SOURCE);

/** The day of the month `day: "last"` stands for. */
export const LAST_DAY_OF_MONTH = "last";

// ---------------------------------------------------------------------------------------------
// Values in words
// ---------------------------------------------------------------------------------------------

/**
 * What a bounded value must be, in Swedish and English, read from its bounds above: the command-line tool's one
 * refusal of such a value completes "'61' (--weekly) must be …" / "… ska vara …" with it (cli/messages.ts mustBe), so
 * a new option or argument of this kind needs its words here, beside its bounds, and no message of its own.
 */
export const VALUE_WORDS = {
  weeklyHours: {
    sv: `ett antal timmar i veckan från ${WEEKLY_HOURS_WORDS.sv}, skrivet med siffror och decimalpunkt, till exempel 38.25`,
    en: `a number of hours a week from ${WEEKLY_HOURS_WORDS.en}, written in digits, such as 38.25`,
  },
  leaveDays: {
    sv: `ett heltal från ${MIN_LEAVE_DAYS} till ${MAX_LEAVE_DAYS}, skrivet med siffror`,
    en: `a whole number from ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS}, written in digits`,
  },
  dueDay: {
    sv: `en dag i månaden från ${MIN_DUE_DAY} till ${MAX_DUE_DAY}, eller ${LAST_DAY_OF_MONTH}`,
    en: `a day of the month from ${MIN_DUE_DAY} to ${MAX_DUE_DAY}, or ${LAST_DAY_OF_MONTH}`,
  },
} as const satisfies Record<string, Readonly<Record<"sv" | "en", string>>>;
