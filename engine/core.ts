/**
 * `swedish-calendar/core`: the day-number engine the library (`swedish-calendar`) and the service are built on.
 * Dates are integer day numbers here (dates.ts); the rules tables, the classification, the year lists, period,
 * shift, catalogue, time off, flag days, business-day conventions and due dates, the input grammar. Pure functions, no I/O, no clock.
 *
 * The readers of input (the parse… functions, findRule, findDueDateRule, findWorkingTimeProfile, checkYearRange) check the type of what they
 * read as the library's functions do (a wrong type is invalid-argument naming it). The functions over day numbers and
 * rules trust their arguments: they are the fast path for code that has read its input with those.
 *
 * A public entry point on purpose: exactly what the service (contract/, functions/), the build, the site, the benches and
 * the tests take from it, one group per module with who needs it, one name per line (an addition is one line). The
 * rest of each module is internal to the package. The result types are all exported by `swedish-calendar` (".").
 * Checked by test/engine/package-shape.test.ts (no `export *`; every name here is taken by some file) and
 * test/package/package.test.ts (the installed module exports exactly these values).
 */
// Day numbers and ISO dates: the contract's readers and bodies, the build's layout and plan, the site, the benches, tests

// Business-day conventions: the contract's parser of `convention`, tests
export {
  adjustDay,
  adjustment,
  parseConvention,
} from "./business.js";
// Weekday and month names in Swedish and English: the site, the MCP summaries (the command-line tool takes its module)
export {
  MONTH_NAMES,
  WEEKDAY_NAMES,
} from "./calendar-words.js";
// The observance catalogue: tests
export {
  catalogue,
  findRule,
  observanceInfo,
  occurrencesOf,
} from "./catalogue.js";
// The service's domain: the contract (rate limits, bodies, OpenAPI, routes)
export { SERVICE_DOMAIN } from "./constants.js";
// The record of data corrections: the build's data diff, the feed's tests
export {
  CORRECTIONS,
  type DataCorrection,
} from "./corrections.js";
// The data version: the dataset generator, /health, tests
export { dataVersion } from "./data-version.js";
export {
  addMonths,
  civilFromDay,
  type DayNumber,
  dayFromCivil,
  daysInMonth,
  FIRST_DAY,
  FIRST_YEAR,
  fromIsoDate,
  isInRange,
  isoWeekday,
  isoWeekOf,
  LAST_DAY,
  LAST_YEAR,
  toIsoDate,
} from "./dates.js";
export { dayOf } from "./day-object.js";
// Due dates: the contract's schedules and parsers, the build's file layout, the MCP tools, the site, tests
export {
  CUSTOM_SCHEDULE_CODE,
  CUSTOM_SCHEDULE_NAME,
  customSchedule,
  DUE_DATE_RULES,
  DUE_DATE_RULES_BY_CODE,
  DUE_DATE_SCHEDULE_CODES,
  type DueDateRule,
  type DueDateScheduleCode,
  dueDateCatalogue,
  dueDateScheduleInfo,
  dueDatesOfYear,
  findDueDateRule,
  parseDueDay,
  parseDueScheduleList,
  scheduleDueDates,
} from "./duedates.js";
// Easter: the engine's cross-checks (test/engine)
export { easterSunday } from "./easter.js";
// Errors: the contract's problem mapping (problems.ts, routes.ts, explanations.ts), tests
export {
  CalendarError,
  type CalendarErrorCode,
  missingArgument,
} from "./errors.js";
// The feed's text for resolved options: the service's feed function, which has read the request's options
export { writeFeed } from "./feed.js";
// The feed's options: the contract's feed route, the site's feed builder and API page, tests
export {
  DEFAULT_FEED_OPTIONS,
  FEED_OPTION_NAMES,
  type ResolvedFeedOptions,
} from "./feed-options.js";
// Flag days: the contract's codes, bodies and readings, the MCP tools, tests
export {
  EUROPEAN_PARLIAMENT_ELECTIONS,
  FLAG_DAY_CODES,
  FLAG_DAY_RULES,
  FLAG_DAYS_FROM,
  flagDayCatalogue,
  flagDaysOfYear,
  RIKSDAG_ELECTIONS_HELD,
} from "./flagdays.js";
// The input grammar (patterns with their sources, bounds, value lists): the contract, the MCP tools, the site, benches, tests
export {
  BOUNDS,
  type Bounds,
  CONVENTION_WORDS,
  CONVENTIONS,
  type Convention,
  DATE_PARAMETER_PATTERN,
  DATE_PARAMETER_SOURCE,
  DEFAULT_WEEKLY_HOURS,
  DUE_DAY_PATTERN,
  DUE_DAY_SOURCE,
  ISO_DATE_SOURCE,
  LAST_DAY_OF_MONTH,
  LEAVE_DAYS_PATTERN,
  LEAVE_DAYS_SOURCE,
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
  STEP_CHAIN_PATTERN,
  STEP_CHAIN_SOURCE,
  STEP_UNIT_WORDS,
  STEP_UNITS,
  type StepUnit,
  WEEKLY_HOURS_STEP,
  WEEKLY_HOURS_WORDS,
  YEAR_PATTERN,
  YEAR_SOURCE,
} from "./grammar.js";
// The feed's text at the level of lines: the cross-check of the feed's writer against the `ics` package (tests)
export {
  FEED_PRODUCT_ID,
  foldLine,
  withCalendarProperties,
} from "./ical-text.js";
// Period counts: the site's home page, benches, tests
export {
  durationOf,
  period,
  periodSummary,
} from "./period.js";
// The observance rules: the contract's codes and feasts, the build's file layout, the engine's cross-checks
export {
  FEASTS,
  OBSERVANCE_CODES,
  OBSERVANCE_RULES,
  type ObservanceRule,
  observanceDate,
  RULES_BY_CODE,
} from "./rules.js";
// Date shifting: bench/engine, tests
export { shift } from "./shift.js";
// The declared argument kinds: the strict-options tests, the v3 bodies (options by the same names)
export {
  DUE_DATE_RULE_FIELDS,
  FEED_SIGNATURES,
  LIBRARY_SIGNATURES,
  type OptionsOf,
} from "./signatures.js";
// Long weekends and leave plans: the site's home page, bench/timeoff, tests
export {
  leavePlan,
  longWeekendsOfYear,
} from "./timeoff.js";
// Result types: the site's views, the contract's `DayOfMonth`, tests
export type {
  AppliedStep,
  Day,
  DayOfMonth,
  DaysOff,
  DueDateSchedule,
  DueDates,
  DueDayByMonth,
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
} from "./types.js";
// The readers of input: the contract's parameter parsers, the materialiser's window, the v3 bodies, bench/engine, tests
export {
  type ArgumentKind,
  checkYearRange,
  type FieldKinds,
  parseBounds,
  parseIsoDate,
  parseLeaveDays,
  parseLeaveObjective,
  parseSteps,
  parseYear,
  type Signature,
  type Step,
} from "./validation.js";
export { addWorkingDays } from "./working-days.js";
// Working time: the contract's readers of `weeklyHours` and `profile` and its body, tests
export {
  checkWeeklyHours,
  findWorkingTimeProfile,
  parseWeeklyHours,
  WORKING_TIME_PROFILE_CODES,
  WORKING_TIME_PROFILES,
  workingTimeOfYear,
} from "./working-time.js";
export {
  bridgeDaysOfYear,
  halfDaysOfYear,
  holidaysOfYear,
} from "./year-lists.js";
export {
  isBridgeDay,
  isHalfDay,
  isWorkingDay,
} from "./year-template.js";
// The classification and the year lists (years, year-template, day-object, year-lists, working-days): the v2 contract,
// the dataset generator, the site's home page, benches, tests
export { yearInfo } from "./years.js";
