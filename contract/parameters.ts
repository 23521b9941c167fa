/**
 * Every parameter of the service, declared once: name, place, repeat rule, reader, JSON Schemas (derived from the
 * reader's rule), default, example and prose. Everything else reads it: docs/http-layer.md has the map.
 * This file, contract/value-explanations.ts and the engine are the only places that state the year bounds, the
 * convention names or the schedule codes; the rules the engine also reads (the weekly hours' bounds, step, default and
 * words, the leave days' and the due day's bounds, the step units' words) only the engine states, and this file reads
 * them (test/contract/literals.test.ts).
 */
import {
  BOUNDS,
  type Bounds,
  CONVENTIONS,
  type Convention,
  DEFAULT_WEEKLY_HOURS,
  DUE_DATE_SCHEDULE_CODES,
  type DueDateRule,
  FEED_OPTION_NAMES,
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  findDueDateRule,
  findWorkingTimeProfile,
  flagDaysOfYear,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  LEAVE_OBJECTIVES,
  type LeaveObjective,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  MAX_WEEKLY_HOURS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
  MIN_WEEKLY_HOURS,
  OBSERVANCE_CODES,
  parseBounds,
  parseConvention,
  parseLeaveDays,
  parseLeaveObjective,
  parseWeeklyHours,
  parseYear,
  STEP_UNITS,
  WEEKLY_HOURS_STEP,
  WEEKLY_HOURS_WORDS,
  WORKING_TIME_PROFILE_CODES,
} from "swedish-calendar/core";
import { EXPLANATIONS } from "./explanations.js";
import { OTHER_PARAMETERS } from "./other-parameters.js";
import {
  date,
  declare,
  dueDay,
  observanceRule,
  oneOf,
  type ParameterDeclaration,
  steppedNumber,
  steps,
  strictBoolean,
  wholeNumber,
  year,
} from "./parameter-kinds.js";
import { readYear } from "./parameter-words.js";
import { stepUnitsInWords, VALUE_EXPLANATIONS, WORKING_TIME_EXPLANATIONS } from "./value-explanations.js";

export type { ParameterDeclaration, Repeat } from "./parameter-kinds.js";

/** The year of /v3/flag-days: a year, and one before FLAG_DAYS_FROM refused with the engine's own words (flagDaysOfYear's). */
function readFlagDaysYear(value: string): number {
  const year = readYear(value);
  if (year < FLAG_DAYS_FROM) flagDaysOfYear(year); // throws
  return year;
}

/** The year as a tool argument (every tool but flag_days's). */
const YEAR_ARGUMENT = `The year, ${FIRST_YEAR}-${LAST_YEAR}. Omitted: the current year in Sweden.`;

// ---------------------------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------------------------

export const PARAMETERS = {
  year: declare("year", "query", "Year", {
    grammar: year(readYear),
    site: true,
    example: 2024,
    toolDescription: YEAR_ARGUMENT,
    description: `The year. ${EXPLANATIONS.year} ${EXPLANATIONS.duplicates}`,
  }),
  // /v3/flag-days: official flag days exist from FLAG_DAYS_FROM, so its year starts there (earlier: the engine's 400)
  flagDaysYear: declare("year", "query", "FlagDaysYear", {
    grammar: year(readFlagDaysYear, FLAG_DAYS_FROM),
    example: 2024,
    toolDescription: `The year, ${FLAG_DAYS_FROM}-${LAST_YEAR}. Omitted: the current year in Sweden.`,
    description:
      `The year, ${FLAG_DAYS_FROM} to ${LAST_YEAR} (exactly four digits): official flag days exist from ${FLAG_DAYS_FROM}; a year ` +
      `from ${FIRST_YEAR} to ${FLAG_DAYS_FROM - 1} is 400 invalid-parameter saying so. Otherwise as \`year\` elsewhere: ` +
      `${EXPLANATIONS.year} ${EXPLANATIONS.duplicates}`,
  }),
  sundays: declare("sundays", "query", "Sundays", {
    grammar: strictBoolean("sundays"),
    default: false,
    toolDescription: "Also list every remaining Sunday (each is a public holiday in its own right).",
    description:
      "Also list every remaining Sunday of the year (`holidayType: public`, empty `observances`). A Sunday carrying a named holiday " +
      `is listed regardless. It decides which days are listed, never what a day is. ${EXPLANATIONS.strictBoolean}`,
  }),
  saturdays: declare("saturdays", "query", "Saturdays", {
    grammar: strictBoolean("saturdays"),
    default: false,
    toolDescription: "Also list every Saturday (each is a de facto holiday).",
    description:
      "Also list every Saturday (`holidayType: defacto`, empty `observances` unless it carries a named observance). Independent " +
      `of \`sundays\`. ${EXPLANATIONS.strictBoolean}`,
  }),
  datePath: declare("date", "path", "DatePath", {
    site: true,
    grammar: date("date"),
    example: "2024-06-21",
    toolDescription: `The date, YYYY-MM-DD (${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31).`,
    description: `The date, \`YYYY-MM-DD\`. ${EXPLANATIONS.impossibleDate}`,
  }),
  periodFrom: declare("from", "query", "PeriodFrom", {
    site: true,
    required: true,
    grammar: date("from"),
    example: "2024-01-01",
    toolDescription: "First day of the period, YYYY-MM-DD.",
    description: "First date of the period, `YYYY-MM-DD`. " + EXPLANATIONS.impossibleDate,
  }),
  periodTo: declare("to", "query", "PeriodTo", {
    site: true,
    required: true,
    grammar: date("to"),
    example: "2024-12-31",
    toolDescription: `Last day of the period, YYYY-MM-DD: not before \`from\`, at most ${MAX_SPAN_YEARS} years after it.`,
    description:
      "Last date of the period, `YYYY-MM-DD`. Earlier than `from` is 400 invalid-parameter (the service does not swap them). " +
      EXPLANATIONS.spanLimit,
  }),
  bounds: declare("bounds", "query", "Bounds", {
    site: true,
    grammar: oneOf<Bounds>(parseBounds, BOUNDS),
    default: BOUNDS[0],
    toolDescription:
      "Which ends are counted: `inclusive` (default), `exclusive`, `from` (the start only) or `to` (the end only).",
    description:
      "Which endpoints are counted: `inclusive` both, `exclusive` neither, `from` the start date only, `to` the end date only. " +
      "It governs every number in the response. Two identical dates with `exclusive` give `calendarDays: 0` and `counted: null`. " +
      "`from` and `to` are half-open (`from` counts the start up to but not including the end, `to` the reverse), so they always count `to − from` days: " +
      "two identical dates give `calendarDays: 0` and `counted: null` with them too.",
  }),
  shiftDate: declare("date", "query", "ShiftDate", {
    site: true,
    required: true,
    grammar: date("date"),
    example: "2024-01-31",
    toolDescription: "The date to move from, YYYY-MM-DD.",
    description: "The date to move from, `YYYY-MM-DD`. " + EXPLANATIONS.impossibleDate,
  }),
  add: declare("add", "query", "Add", {
    site: true,
    required: true,
    repeat: "all",
    grammar: steps,
    openapi: { style: "form", explode: true },
    example: ["1m", "-2b"],
    toolDescription:
      `The steps in order, e.g. ["1m", "-2b"]: each an optional minus, digits and a unit (${STEP_UNITS.join(", ")}; no plus sign); a value ` +
      `may hold several comma-separated steps; 1 to ${MAX_STEPS} steps in all. A single string is read as one value.`,
    description:
      `Steps: an optional leading minus, digits, then one unit letter (${stepUnitsInWords()}; lowercase). No leading plus. ` +
      "Repeat `add` (canonical) or comma-separate steps in one value: both forms mean the same " +
      `chain. 1 to ${MAX_STEPS} steps in total, applied strictly in the order given; order changes the answer. A month step clamps ` +
      "to the last day of a shorter month (`constrained: true`). A zero step leaves the date untouched, even on a holiday. " +
      `${EXPLANATIONS.bStep} ${EXPLANATIONS.yStep} ${EXPLANATIONS.range} An unreadable chain (bad unit, non-integer amount, leading plus, more ` +
      `than ${MAX_STEPS} steps) is 400 invalid-parameter. \`add\` is the only parameter that may be repeated.`,
  }),
  postpone: declare("postpone", "query", "Postpone", {
    site: true,
    grammar: strictBoolean("postpone"),
    default: false,
    toolDescription: (p) => `Apply the Sunday rule after the last step (default ${p.default}).`,
    description: `${EXPLANATIONS.sundayRule} ${EXPLANATIONS.strictBoolean}`,
  }),
  planFrom: declare("from", "query", "PlanFrom", {
    site: true,
    required: true,
    grammar: date("from"),
    example: "2026-01-01",
    toolDescription: "First day of the span to plan, YYYY-MM-DD (counted).",
    description: "First day of the span to plan, `YYYY-MM-DD`, counted. " + EXPLANATIONS.impossibleDate,
  }),
  planTo: declare("to", "query", "PlanTo", {
    site: true,
    required: true,
    grammar: date("to"),
    example: "2026-12-31",
    toolDescription: `Last day of the span, YYYY-MM-DD (counted): not before \`from\`, at most ${MAX_PLAN_DAYS} days in all.`,
    description:
      `Last day of the span to plan, \`YYYY-MM-DD\`, counted. Earlier than \`from\` is 400 invalid-parameter (the service does ` +
      `not swap them); the span counts both ends and holds at most ${MAX_PLAN_DAYS} days (\`to - from + 1 <= ${MAX_PLAN_DAYS}\`, so ` +
      `2026-01-01..2026-12-31 and 2024-01-01..2024-12-31 fit, 2024-01-01..2025-01-01 does not), else 400 invalid-parameter. ` +
      EXPLANATIONS.impossibleDate,
  }),
  leaveDays: declare("days", "query", "LeaveDays", {
    site: true,
    required: true,
    grammar: wholeNumber((v) => parseLeaveDays(v, "days"), MIN_LEAVE_DAYS, MAX_LEAVE_DAYS),
    example: 25,
    toolDescription: `The leave budget: the most working days to take off, ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS}.`,
    description:
      `The leave budget: the most working days the plan may take off, ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS}, written in plain ` +
      `digits. \`${MIN_LEAVE_DAYS - 1}\`, ` +
      `a sign, a leading zero, decimals, an empty value or more than ${MAX_LEAVE_DAYS} is 400 invalid-parameter.`,
  }),
  objective: declare("objective", "query", "Objective", {
    site: true,
    grammar: oneOf<LeaveObjective>(parseLeaveObjective, LEAVE_OBJECTIVES),
    default: LEAVE_OBJECTIVES[0],
    toolDescription: "`most` (default): the most days off in total; `longest`: the longest single break.",
    description:
      "What the plan maximises: `most`, the total number of days in the breaks that hold leave; `longest`, the longest single " +
      "such break. Ties: fewer leave days, then the earliest leave dates. Any other value is 400 invalid-parameter.",
  }),
  observanceCode: declare("code", "path", "ObservanceCode", {
    site: true,
    grammar: oneOf(observanceRule, OBSERVANCE_CODES),
    example: "midsummerEve",
    toolDescription: (p) =>
      `The observance's code (one of the ${OBSERVANCE_CODES.length} of the catalogue, e.g. ${p.example}).`,
    description: `A code from the catalogue (/v3/observances). ${EXPLANATIONS.unknownCode}`,
  }),
  fromYear: declare("from", "query", "FromYear", {
    grammar: year((v) => parseYear(v, "from")),
    example: 2020,
    toolDescription: `First year, ${FIRST_YEAR}-${LAST_YEAR}. Omitted: the current year in Sweden.`,
    description: `First year, ${FIRST_YEAR} to ${LAST_YEAR} (exactly four digits). Default: the current year in Sweden.`,
  }),
  toYear: declare("to", "query", "ToYear", {
    grammar: year((v) => parseYear(v, "to")),
    example: 2030,
    toolDescription: `Last year (default: \`from\`); not before \`from\`, at most ${MAX_SPAN_YEARS} years after it.`,
    description:
      `Last year, ${FIRST_YEAR} to ${LAST_YEAR} (exactly four digits). Default: the same as \`from\`. Earlier than \`from\` is ` +
      `400 invalid-parameter; \`to - from > ${MAX_SPAN_YEARS}\` is 400 invalid-parameter.`,
  }),
  adjustDate: declare("date", "query", "AdjustDate", {
    site: true,
    required: true,
    grammar: date("date"),
    example: "2026-06-19",
    toolDescription: "The date, YYYY-MM-DD.",
    description: "The date to adjust, `YYYY-MM-DD`. " + EXPLANATIONS.impossibleDate,
  }),
  adjustConvention: declare("convention", "query", "AdjustConvention", {
    site: true,
    required: true,
    grammar: oneOf<Convention>((v) => parseConvention(v, "convention"), CONVENTIONS),
    example: "modified-following",
    toolDescription: `The convention: one of ${CONVENTIONS.join(", ")}.`,
    description: `${VALUE_EXPLANATIONS.conventions} ${VALUE_EXPLANATIONS.conventionRange} Any other value is 400 invalid-parameter.`,
  }),
  // a code of the due-date catalogue, read into its rule; any other is 400 as in the feed's `due` (EXPLANATIONS.unknownCode)
  schedule: declare("schedule", "query", "Schedule", {
    site: true,
    grammar: oneOf<DueDateRule>((v) => findDueDateRule(v, "schedule"), DUE_DATE_SCHEDULE_CODES),
    example: "child-benefit",
    toolDescription: `A named schedule: ${DUE_DATE_SCHEDULE_CODES.join(", ")}. Not with \`day\`/\`convention\`.`,
    description:
      "A named schedule, a code of the catalogue (/v3/due-dates/catalogue). Not together with `day` and `convention`. " +
      `${EXPLANATIONS.unknownCode} ${VALUE_EXPLANATIONS.dueDates}`,
  }),
  dueDay: declare("day", "query", "DueDay", {
    site: true,
    grammar: dueDay,
    example: 25,
    toolDescription: `A rule of your own: the day of the month, ${MIN_DUE_DAY}-${MAX_DUE_DAY} or \`${LAST_DAY_OF_MONTH}\` (with \`convention\`).`,
    description:
      `The nominal day of a rule of your own: ${MIN_DUE_DAY} to ${MAX_DUE_DAY} in plain digits (past the month's end: the ` +
      `month's last day) or \`${LAST_DAY_OF_MONTH}\`; with \`convention\`, instead of \`schedule\`. A leading zero, a sign, ` +
      `\`${MIN_DUE_DAY - 1}\`, \`${MAX_DUE_DAY + 1}\` or an empty value is 400 invalid-parameter.`,
  }),
  dueConvention: declare("convention", "query", "DueConvention", {
    site: true,
    grammar: oneOf<Convention>((v) => parseConvention(v, "convention"), CONVENTIONS),
    example: "preceding",
    toolDescription: `A rule of your own: the convention (with \`day\`), one of ${CONVENTIONS.join(", ")}.`,
    description: `The convention of a rule of your own, with \`day\`, instead of \`schedule\`. ${VALUE_EXPLANATIONS.conventions} ${VALUE_EXPLANATIONS.conventionRange}`,
  }),
  weeklyHours: declare("weeklyHours", "query", "WeeklyHours", {
    site: true,
    grammar: steppedNumber(
      "weeklyHours",
      (v) => parseWeeklyHours(v, "weeklyHours"),
      MIN_WEEKLY_HOURS,
      MAX_WEEKLY_HOURS,
      WEEKLY_HOURS_STEP,
    ),
    default: DEFAULT_WEEKLY_HOURS,
    example: 38.25,
    toolDescription: (p) =>
      `The hours of a full week, ${WEEKLY_HOURS_WORDS.en} (default ${p.default}), e.g. ${p.example}.`,
    description:
      `The hours of a full working week, ${WEEKLY_HOURS_WORDS.en} (a quarter of an hour), written as the number's plain ` +
      "decimal (`40`, `38.25`, `37.5`; not `40.0` or `05`). A working day is a fifth of it (38.25 hours: 459 minutes). " +
      `Anything else (\`${MIN_WEEKLY_HOURS - 1}\`, \`${MAX_WEEKLY_HOURS + 1}\`, \`37.3\`, a word) is 400 invalid-parameter.`,
  }),
  // the profile's code, read into its rule of the engine's table (the first code is the engine's default)
  profile: declare("profile", "query", "WorkingTimeProfile", {
    site: true,
    grammar: oneOf((v) => findWorkingTimeProfile(v, "profile"), WORKING_TIME_PROFILE_CODES),
    default: WORKING_TIME_PROFILE_CODES[0],
    example: WORKING_TIME_PROFILE_CODES[1],
    toolDescription: (p) =>
      `Which working days are shortened: ${WORKING_TIME_PROFILE_CODES.join(" or ")} (default ${p.default}).`,
    description: `Which working days are shortened. ${WORKING_TIME_EXPLANATIONS.profiles} Any other value is 400 invalid-parameter.`,
  }),
  // the parameters of the routes beside v3 (v2, the feed, /health), last: ./other-parameters.ts
  ...OTHER_PARAMETERS,
} as const satisfies Record<string, ParameterDeclaration>;

export type Parameters = typeof PARAMETERS;
export type ParameterKey = keyof Parameters;
/** The value a parameter reads into. */
export type ValueOf<K extends ParameterKey> = ReturnType<Parameters[K]["read"]>;

/** The keys of the feed's boolean options, in the engine's order (FEED_OPTION_NAMES). */
export const FEED_OPTION_KEYS = FEED_OPTION_NAMES.map(
  (name) => `feed_${name}` as const,
) satisfies readonly ParameterKey[];
