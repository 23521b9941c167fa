/**
 * Every response body, declared once with TypeBox so one declaration is both the JSON Schema (ajv, OpenAPI) and the
 * TypeScript type, proved equal to the engine's own type (test/contract/engine-types.test.ts). Strict here, loosened
 * for the served document: docs/http-layer.md#where-each-fact-lives. A schema refers to another by its absolute `$id`
 * (`ref(X)`), which openapi.ts rewrites to `#/components/schemas/<Name>`.
 */
import { type SchemaOptions, type Static, type TSchema, Type } from "@sinclair/typebox";
import {
  BOUNDS,
  CONVENTIONS,
  CUSTOM_SCHEDULE_CODE,
  DUE_DATE_SCHEDULE_CODES,
  FEASTS,
  FIRST_YEAR,
  FLAG_DAY_CODES,
  FLAG_DAYS_FROM,
  ISO_DATE_SOURCE,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  LEAVE_OBJECTIVES,
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
  SERVICE_DOMAIN,
  STEP_UNITS,
  WEEKLY_HOURS_STEP,
  WORKING_TIME_PROFILE_CODES,
  WORKING_TIME_PROFILES,
} from "swedish-calendar/core";
import { EXPLANATIONS } from "./explanations.js";
import { deepFreeze, jsonSchemaOf, loosen } from "./json-schema.js";
import { API_VERSION, PROBLEM_BASE } from "./policies.js";
import { PROBLEM_STATUS, type ProblemSlug } from "./problems.js";
import { stepUnitsInWords, VALUE_EXPLANATIONS, WORKING_TIME_EXPLANATIONS } from "./value-explanations.js";

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Base of the schemas' `$id`s. Not a page: an identifier, like the problem types. */
export const SCHEMA_BASE = `https://${SERVICE_DOMAIN}/schemas`;

/** PROBLEM_BASE: the fixed prefix of every problem `type` URI (contract/policies.ts). */
export { API_VERSION, EXPLANATIONS, OBSERVANCE_CODES, PROBLEM_BASE };

/** The feast codes. */
export const FEAST_CODES: readonly string[] = Object.values(FEASTS).map((f) => f.code);

/** The v2 weekend pseudo-codes (`/holidays?weekends=true`); never observances in v3. */
export const V2_WEEKEND_CODES = ["saturday", "sunday"] as const;

export const PROBLEM_SLUGS = Object.keys(PROBLEM_STATUS) as ProblemSlug[];

export const problemType = (slug: ProblemSlug): string => `${PROBLEM_BASE}/${slug}`;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** `$schema`, `$id` and `title` of a named (top-level) schema. */
const named = (name: string) => ({ $schema: JSON_SCHEMA_DIALECT, $id: `${SCHEMA_BASE}/${name}`, title: name });

/** A reference to a named schema by its `$id`, typed as that schema. Extra options (a description) sit beside `$ref`. */
function ref<T extends TSchema>(schema: T, options?: SchemaOptions) {
  if (schema.$id === undefined) throw new Error("ref: the referenced schema has no $id");
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
}

/** `oneOf: [schema, { type: "null" }]`, typed as `Static<schema> | null`. */
function nullable<T extends TSchema>(schema: T, options: SchemaOptions) {
  return Type.Unsafe<Static<T> | null>({ ...options, oneOf: [schema, Type.Null()] });
}

/** `{ type: "string", enum }`, typed as the union of the values (`string` when they are only known at run time). */
function stringEnum<const V extends readonly string[]>(values: V, options: SchemaOptions = {}) {
  return Type.Unsafe<V[number]>({ type: "string", enum: [...values], ...options });
}

const isoDate = (description: string) => Type.String({ format: "date", pattern: ISO_DATE_SOURCE, description });
const year = (description: string) => Type.Integer({ minimum: FIRST_YEAR, maximum: LAST_YEAR, description });
const count = (description: string) => Type.Integer({ minimum: 0, description });
const closed = { additionalProperties: false } as const;

// ---------------------------------------------------------------------------------------------
// Names, codes, feasts, observances, days
// ---------------------------------------------------------------------------------------------

export const Names = Type.Object(
  {
    sv: Type.String({ minLength: 1, description: "Swedish name" }),
    en: Type.String({ minLength: 1, description: "English name" }),
  },
  { ...named("Names"), description: "A name in Swedish and English. Names may be reworded; codes may not.", ...closed },
);
export type Names = Static<typeof Names>;

const HOLIDAY_TYPES = ["public", "defacto"] as const;

export const HolidayType = stringEnum(HOLIDAY_TYPES, {
  ...named("HolidayType"),
  description:
    "`public`: named in the Public Holidays Act (1989:253) (or a Sunday). `defacto`: not named in that Act but a day off in " +
    "practice (a Saturday or one of the five eves).",
});
export type HolidayType = Static<typeof HolidayType>;

export const ObservanceCode = stringEnum(OBSERVANCE_CODES, {
  ...named("ObservanceCode"),
  description:
    `Stable identifier of an observance (one of the ${OBSERVANCE_CODES.length} of the catalogue). Names may be reworded; codes ` +
    "may not.",
});
export type ObservanceCode = Static<typeof ObservanceCode>;

export const FeastCode = stringEnum(FEAST_CODES, {
  ...named("FeastCode"),
  description: "Stable identifier of a feast.",
});
export type FeastCode = Static<typeof FeastCode>;

export const Feast = Type.Object(
  { code: ref(FeastCode), name: ref(Names) },
  {
    ...named("Feast"),
    description:
      "The occasion an observance belongs to. A feast is the occasion and an observance is the day: christmasEve, christmasDay, " +
      "boxingDay and epiphany all belong to feast `christmas`.",
    ...closed,
  },
);
export type Feast = Static<typeof Feast>;

export const Observance = Type.Object(
  {
    code: ref(ObservanceCode),
    holidayType: ref(HolidayType),
    name: ref(Names, { description: "The observance's own name" }),
    feast: ref(Feast),
  },
  { ...named("Observance"), description: "A named holiday on a date (inside a Day).", ...closed },
);
export type Observance = Static<typeof Observance>;

export const FlagDayCode = stringEnum(FLAG_DAY_CODES, {
  ...named("FlagDayCode"),
  description:
    "Stable identifier of an official flag day (allmän flaggdag, Förordning (1982:270)), one of the flag-day catalogue " +
    "(/v3/flag-days/catalogue). A flag day that is a holiday has the observance's code (`easterSunday`, `nationalDay`). " +
    "Names may be reworded; codes may not.",
});
export type FlagDayCode = Static<typeof FlagDayCode>;

export const IsoWeek = Type.Object(
  {
    year: year(
      "The ISO week-numbering year: the year of the week's Thursday (it differs from the calendar year for a few days around New Year)",
    ),
    week: Type.Integer({ minimum: 1, maximum: 53, description: "The week number, 1 to 53" }),
  },
  { ...named("IsoWeek"), description: EXPLANATIONS.isoWeek, ...closed },
);
export type IsoWeek = Static<typeof IsoWeek>;

export const Day = Type.Object(
  {
    date: isoDate("ISO date"),
    weekday: Type.Integer({ minimum: 1, maximum: 7, description: "ISO weekday: 1 is Monday, 7 is Sunday" }),
    isoWeek: ref(IsoWeek),
    holidayType: Type.Unsafe<HolidayType | null>({
      enum: [...HOLIDAY_TYPES, null],
      description: EXPLANATIONS.holidayType,
    }),
    workingDay: Type.Boolean({ description: EXPLANATIONS.workingDay }),
    observances: Type.Array(ref(Observance), { description: EXPLANATIONS.observances }),
    flagDay: Type.Array(ref(FlagDayCode), { description: EXPLANATIONS.flagDayField }),
  },
  {
    ...named("Day"),
    description:
      "One date. The same object appears in year lists, single lookups, bridge-day and half-day lists, every step and the result " +
      "of a shift, and every occurrence of an observance. Bridge days and half days are ordinary working days.",
    ...closed,
    // invariants TypeBox has no builder for: workingDay exactly when holidayType is null; a working day carries no
    // observance; Sundays are public and Saturdays at least defacto
    allOf: [
      {
        if: { type: "object", properties: { holidayType: { const: null } } },
        then: {
          type: "object",
          properties: {
            workingDay: { const: true },
            observances: { type: "array", items: ref(Observance), maxItems: 0 },
          },
        },
        else: { type: "object", properties: { workingDay: { const: false } } },
      },
      {
        if: { type: "object", properties: { weekday: { const: 7 } } },
        then: { type: "object", properties: { holidayType: { const: "public" } } },
      },
      {
        if: { type: "object", properties: { weekday: { const: 6 } } },
        then: { type: "object", properties: { holidayType: { enum: [...HOLIDAY_TYPES] } } },
      },
    ],
  },
);
export type Day = Static<typeof Day>;

// ---------------------------------------------------------------------------------------------
// Year lists
// ---------------------------------------------------------------------------------------------

const yearList = (name: string, what: string) =>
  Type.Object(
    {
      year: year("The year listed"),
      count: count("Number of entries in `days`"),
      days: Type.Array(ref(Day)),
    },
    {
      ...named(name),
      description: `${name}: ${what} \`count\` is the length of \`days\`; entries are in ascending date order, one per date. Read the named list field: fields may be added beside it.`,
      ...closed,
    },
  );

export const HolidaysResponse = yearList(
  "HolidaysResponse",
  "public and de facto holidays of a year, one entry per date (a date with two holidays is one entry with two observances). " +
    "Every day carrying a named observance is listed; `sundays=true` adds the remaining Sundays (`public`, empty `observances`) " +
    "and `saturdays=true` every Saturday (`defacto`, empty `observances` unless it carries a named observance). The flags decide " +
    "which days are listed, never what a day is.",
);
export const BridgeDaysResponse = yearList("BridgeDaysResponse", EXPLANATIONS.bridgeDay);
export const HalfDaysResponse = yearList("HalfDaysResponse", EXPLANATIONS.halfDay);
export type HolidaysResponse = Static<typeof HolidaysResponse>;
export type BridgeDaysResponse = Static<typeof BridgeDaysResponse>;
export type HalfDaysResponse = Static<typeof HalfDaysResponse>;
/** The shape HolidaysResponse, BridgeDaysResponse and HalfDaysResponse share (they differ in description only). */
export type DayListResource = Static<ReturnType<typeof yearList>>;

// ---------------------------------------------------------------------------------------------
// Catalogue and occurrences
// ---------------------------------------------------------------------------------------------

const observanceInfoProperties = {
  code: ref(ObservanceCode),
  holidayType: ref(HolidayType),
  name: ref(Names),
  feast: ref(Feast),
  since: Type.Optional(
    year(
      `The first year the day was a holiday. Present only when the day has not always been one (within ${FIRST_YEAR}-${LAST_YEAR}).`,
    ),
  ),
  until: Type.Optional(
    year("The last year the day was a holiday. Present only when the day has since been abolished."),
  ),
};

export const ObservanceInfo = Type.Object(observanceInfoProperties, {
  ...named("ObservanceInfo"),
  description:
    "A catalogue entry. An observance with neither `since` nor `until` has been a holiday throughout the range the service covers.",
  ...closed,
});
export type ObservanceInfo = Static<typeof ObservanceInfo>;

export const ObservanceList = Type.Object(
  {
    count: count("Number of entries in `observances`"),
    observances: Type.Array(ref(ObservanceInfo)),
  },
  {
    ...named("ObservanceList"),
    description:
      `All ${OBSERVANCE_CODES.length} observances, abolished ones included, in catalogue order, with \`since\`/\`until\` where ` +
      "they apply.",
    ...closed,
  },
);
export type ObservanceList = Static<typeof ObservanceList>;

export const Occurrence = Type.Object(
  { year: year("The year"), day: ref(Day) },
  { ...named("Occurrence"), description: "The day an observance fell on in one year.", ...closed },
);
export type Occurrence = Static<typeof Occurrence>;

export const OccurrenceList = Type.Object(
  {
    ...observanceInfoProperties,
    count: count("Number of entries in `occurrences`"),
    occurrences: Type.Array(ref(Occurrence)),
  },
  {
    ...named("OccurrenceList"),
    description:
      "An observance's catalogue entry plus the days it fell on in the requested years, ascending. Years in which it was not a " +
      "holiday are omitted: `count` can be 0 and the series shorter than the range (the range is not validated against the " +
      "observance's lifetime).",
    ...closed,
  },
);
export type OccurrenceList = Static<typeof OccurrenceList>;

// ---------------------------------------------------------------------------------------------
// Flag days
// ---------------------------------------------------------------------------------------------

const flagDayHoliday = (description: string) => nullable(ref(ObservanceCode), { description });

export const FlagDay = Type.Object(
  {
    date: isoDate("The date"),
    code: ref(FlagDayCode),
    name: ref(Names, { description: "The flag day's name" }),
    holiday: flagDayHoliday(EXPLANATIONS.flagDayHoliday),
  },
  { ...named("FlagDay"), description: "An official flag day of a year.", ...closed },
);
export type FlagDay = Static<typeof FlagDay>;

export const FlagDaysResponse = Type.Object(
  {
    year: Type.Integer({
      minimum: FLAG_DAYS_FROM,
      maximum: LAST_YEAR,
      description: `The year listed (${FLAG_DAYS_FROM} to ${LAST_YEAR})`,
    }),
    count: count("Number of entries in `flagDays`"),
    flagDays: Type.Array(ref(FlagDay)),
  },
  {
    ...named("FlagDaysResponse"),
    description:
      "The official flag days of a year, ascending by date and, on one date, in catalogue order (2049-06-06 is both Whit " +
      "Sunday and the National Day). `count` is the length of `flagDays`. Read the named list field: fields may be added " +
      "beside it. " +
      EXPLANATIONS.flagDays,
    ...closed,
  },
);
export type FlagDaysResponse = Static<typeof FlagDaysResponse>;

export const FlagDayInfo = Type.Object(
  {
    code: ref(FlagDayCode),
    name: ref(Names),
    rule: ref(Names, { description: "The date rule in words: in Swedish as the ordinance words it, and in English" }),
    holiday: flagDayHoliday(
      "The observance this flag day is, where the ordinance names a holiday (`null` otherwise); a year's entry carries it " +
        "only in the years that observance falls on the flag day's date (`nationalDay` from 2005).",
    ),
    since: Type.Optional(
      year(`The first year the day was a flag day. Present only when it has not been one since ${FLAG_DAYS_FROM}.`),
    ),
    until: Type.Optional(
      year("The last year the day was a flag day. Present only when it has ended (or was a one-off)."),
    ),
    source: Type.String({
      minLength: 1,
      description: "The SFS number, proposition or government decision the rule rests on (docs/flag-days.md)",
    }),
  },
  {
    ...named("FlagDayInfo"),
    description: `A flag-day catalogue entry. One with neither \`since\` nor \`until\` has been a flag day every year since ${FLAG_DAYS_FROM}.`,
    ...closed,
  },
);
export type FlagDayInfo = Static<typeof FlagDayInfo>;

export const FlagDayList = Type.Object(
  {
    count: count("Number of entries in `flagDays`"),
    flagDays: Type.Array(ref(FlagDayInfo)),
  },
  {
    ...named("FlagDayList"),
    description:
      "Every flag-day rule, ended and one-off ones included, in catalogue order, with `since`/`until` where they apply. " +
      EXPLANATIONS.flagDays,
    ...closed,
  },
);
export type FlagDayList = Static<typeof FlagDayList>;

// ---------------------------------------------------------------------------------------------
// Periods and shifts
// ---------------------------------------------------------------------------------------------

export const Duration = Type.Object(
  {
    years: Type.Integer({ minimum: 0, maximum: MAX_SPAN_YEARS, description: "Whole years (months ÷ 12)" }),
    months: Type.Integer({ minimum: 0, maximum: 11, description: "Remaining whole months" }),
    days: Type.Integer({ minimum: 0, maximum: 30, description: "Remaining days" }),
  },
  { ...named("Duration"), description: EXPLANATIONS.duration, ...closed },
);
export type Duration = Static<typeof Duration>;

export const DaysOff = Type.Object(
  {
    total: count("Days that are not working days"),
    publicHolidays: count("Public holidays, Sundays included"),
    defactoHolidays: count("De facto holidays, Saturdays included"),
    namedDays: count("Days off carrying at least one named observance"),
    weekendDays: count("Days off solely because of the weekday"),
  },
  { ...named("DaysOff"), description: EXPLANATIONS.daysOff, ...closed },
);
export type DaysOff = Static<typeof DaysOff>;

/** The counts Period and a shift's PeriodSummary share, in serialisation order (not a schema of its own). */
const SpanCounts = Type.Object(
  {
    calendarDays: count("Days in the span, counted as stated (never negative)"),
    duration: ref(Duration),
    workingDays: count("Days that are neither weekend nor holiday. `workingDays + daysOff.total = calendarDays`."),
    daysOff: ref(DaysOff),
    bridgeDays: count("Bridge days: " + EXPLANATIONS.bridgeDay),
    halfDays: count("Half days: " + EXPLANATIONS.halfDay),
  },
  closed,
);
export type SpanCounts = Static<typeof SpanCounts>;

export const CountedDays = Type.Object(
  { first: isoDate("First counted day"), last: isoDate("Last counted day") },
  {
    ...named("CountedDays"),
    description: "The first and last day actually counted after applying `bounds`.",
    ...closed,
  },
);
export type CountedDays = Static<typeof CountedDays>;

export const Period = Type.Object(
  {
    from: isoDate("`from` echoed as sent"),
    to: isoDate("`to` echoed as sent"),
    bounds: stringEnum(BOUNDS, {
      description:
        "The reading applied, requested or default: `inclusive` counts both endpoints, `exclusive` neither, `from` the start date only, `to` the end date only.",
    }),
    counted: nullable(ref(CountedDays), {
      description:
        "The days actually counted after applying `bounds`; `null` when the endpoints cancel out (two identical dates with `bounds=exclusive`, `from` or `to`, or adjacent dates with `exclusive`).",
    }),
    ...SpanCounts.properties,
  },
  {
    ...named("Period"),
    description:
      "Counts over a period. `bounds` governs every number. Invariants: `workingDays + daysOff.total = calendarDays`, " +
      "`daysOff.publicHolidays + daysOff.defactoHolidays = daysOff.total`, `daysOff.namedDays + daysOff.weekendDays = daysOff.total`. " +
      "Numbers only, never the list of named holidays. " +
      EXPLANATIONS.spanLimit,
    ...closed,
  },
);
export type Period = Static<typeof Period>;

export const PeriodSummary = Type.Object(
  {
    from: isoDate("The earlier of `date` and `result`"),
    to: isoDate("The later of `date` and `result`"),
    ...SpanCounts.properties,
  },
  {
    ...named("PeriodSummary"),
    description: EXPLANATIONS.shiftPeriod + " Same counts as Period; no `bounds` and no `counted`.",
    ...closed,
  },
);
export type PeriodSummary = Static<typeof PeriodSummary>;

export const AppliedStep = Type.Object(
  {
    unit: stringEnum(STEP_UNITS, { description: stepUnitsInWords() }),
    amount: Type.Integer({ description: "Signed amount; negative moves backwards" }),
    constrained: Type.Boolean({
      description:
        "True when month (or year) arithmetic had to clamp the day to the end of a shorter month (2024-01-31 + 1m = 2024-02-29).",
    }),
    result: ref(Day, { description: "Where the chain stood after this step" }),
  },
  {
    ...named("AppliedStep"),
    description: "One step of the chain as applied. " + EXPLANATIONS.bStep + " " + EXPLANATIONS.yStep,
    ...closed,
  },
);
export type AppliedStep = Static<typeof AppliedStep>;

export const Shift = Type.Object(
  {
    date: isoDate("`date` echoed as sent"),
    postpone: Type.Boolean({ description: "Whether the Sunday rule was requested" }),
    steps: Type.Array(ref(AppliedStep), {
      minItems: 1,
      maxItems: MAX_STEPS,
      description: "The chain in the order applied",
    }),
    landed: ref(Day, { description: "Where the steps ended, before the Sunday rule" }),
    postponed: Type.Boolean({ description: "True when the Sunday rule actually moved the date" }),
    result: ref(Day, { description: "The answer" }),
    period: nullable(ref(PeriodSummary), { description: EXPLANATIONS.shiftPeriod }),
  },
  {
    ...named("Shift"),
    description:
      "A date moved by a chain of steps, applied strictly in the order given. " +
      EXPLANATIONS.sundayRule +
      " " +
      EXPLANATIONS.range,
    ...closed,
  },
);
export type Shift = Static<typeof Shift>;

// ---------------------------------------------------------------------------------------------
// Time off
// ---------------------------------------------------------------------------------------------

export const LongWeekend = Type.Object(
  {
    start: isoDate("First day of the run"),
    end: isoDate("Last day of the run"),
    days: Type.Integer({ minimum: 3, description: "Calendar days from `start` to `end`, both included" }),
    leaveDays: Type.Array(isoDate("The bridge day to take off"), {
      maxItems: 1,
      description: "Empty for a free run; the one bridge day to take off for a joined run",
    }),
    observances: Type.Array(ref(ObservanceCode), {
      minItems: 1,
      description: "The codes of the named days in the run, in date order and, on one date, in catalogue order",
    }),
  },
  { ...named("LongWeekend"), description: EXPLANATIONS.longWeekend, ...closed },
);
export type LongWeekend = Static<typeof LongWeekend>;

export const LongWeekendsResponse = Type.Object(
  {
    year: year("The year listed: the year the runs start in"),
    count: count("Number of entries in `longWeekends`"),
    longWeekends: Type.Array(ref(LongWeekend)),
  },
  {
    ...named("LongWeekendsResponse"),
    description:
      "The long weekends that start in a year, ascending by `start`, then by the number of leave days. `count` is the length " +
      "of `longWeekends`. Read the named list field: fields may be added beside it.",
    ...closed,
  },
);
export type LongWeekendsResponse = Static<typeof LongWeekendsResponse>;

export const LeaveBreak = Type.Object(
  {
    start: isoDate("First day of the break"),
    end: isoDate("Last day of the break"),
    days: Type.Integer({
      minimum: 1,
      maximum: MAX_PLAN_DAYS,
      description: "Calendar days from `start` to `end`, both included",
    }),
    leaveDays: Type.Array(isoDate("A leave day"), {
      minItems: 1,
      maxItems: MAX_LEAVE_DAYS,
      description:
        "The working days to take off in this break, ascending; every other day of the break is a non-working day",
    }),
  },
  {
    ...named("LeaveBreak"),
    description:
      "A counted break of a leave plan: a maximal run of days off or leave inside the span, holding at least one leave day.",
    ...closed,
  },
);
export type LeaveBreak = Static<typeof LeaveBreak>;

export const LeavePlan = Type.Object(
  {
    from: isoDate("`from` echoed as sent"),
    to: isoDate("`to` echoed as sent"),
    budget: Type.Integer({
      minimum: MIN_LEAVE_DAYS,
      maximum: MAX_LEAVE_DAYS,
      description: "`days` as requested: the most leave days the plan may use",
    }),
    objective: stringEnum(LEAVE_OBJECTIVES, {
      description:
        "The objective applied, requested or default: `most` days off in total, or the `longest` single break",
    }),
    used: Type.Integer({
      minimum: 0,
      maximum: MAX_LEAVE_DAYS,
      description: "Leave days the plan uses (at most `budget`)",
    }),
    daysOff: count("Total calendar days of the counted breaks (leave days included)"),
    breaks: Type.Array(ref(LeaveBreak), {
      description: "The counted breaks, ascending; empty when the span holds no working day",
    }),
  },
  { ...named("LeavePlan"), description: EXPLANATIONS.leavePlan, ...closed },
);
export type LeavePlan = Static<typeof LeavePlan>;

// ---------------------------------------------------------------------------------------------
// Business days and due dates
// ---------------------------------------------------------------------------------------------

export const Convention = stringEnum(CONVENTIONS, {
  ...named("Convention"),
  description: VALUE_EXPLANATIONS.conventions,
});
export type Convention = Static<typeof Convention>;

export const Adjustment = Type.Object(
  {
    date: isoDate("`date` echoed as sent"),
    convention: ref(Convention),
    result: ref(Day, { description: VALUE_EXPLANATIONS.adjustedDay }),
    moved: Type.Boolean({ description: "True when `result` is not `date`" }),
  },
  {
    ...named("Adjustment"),
    description: `A date moved to a business day by a convention. ${EXPLANATIONS.businessDay} ${VALUE_EXPLANATIONS.conventionRange}`,
    ...closed,
  },
);
export type Adjustment = Static<typeof Adjustment>;

export const DayOfMonth = Type.Unsafe<number | typeof LAST_DAY_OF_MONTH>({
  ...named("DayOfMonth"),
  description: `A day of the month, ${MIN_DUE_DAY} to ${MAX_DUE_DAY} (past the month's end: the month's last day), or \`${LAST_DAY_OF_MONTH}\`.`,
  oneOf: [Type.Integer({ minimum: MIN_DUE_DAY, maximum: MAX_DUE_DAY }), Type.Literal(LAST_DAY_OF_MONTH)],
});
export type DayOfMonth = Static<typeof DayOfMonth>;

export const DueDayByMonth = Type.Object(
  {
    usual: ref(DayOfMonth, { description: "The nominal day of the months not listed in `except`" }),
    except: Type.Array(
      Type.Object(
        { month: Type.Integer({ minimum: 1, maximum: 12, description: "The month, 1 to 12" }), day: ref(DayOfMonth) },
        closed,
      ),
      { minItems: 1, maxItems: 12, description: "The months whose nominal day differs, ascending" },
    ),
  },
  {
    ...named("DueDayByMonth"),
    description: VALUE_EXPLANATIONS.dueDayByMonth,
    ...closed,
  },
);
export type DueDayByMonth = Static<typeof DueDayByMonth>;

export const DueDateSchedule = Type.Object(
  {
    code: stringEnum([...DUE_DATE_SCHEDULE_CODES, CUSTOM_SCHEDULE_CODE], {
      description: `A code of the catalogue (/v3/due-dates/catalogue), or \`${CUSTOM_SCHEDULE_CODE}\` for a rule given as \`day\` and \`convention\`. Codes do not change; names may be reworded.`,
    }),
    name: ref(Names),
    day: Type.Unsafe<DayOfMonth | DueDayByMonth>({
      oneOf: [ref(DayOfMonth), ref(DueDayByMonth)],
      description: "The nominal day of each month",
    }),
    convention: ref(Convention),
    since: Type.Optional(
      year(
        `The first year the schedule answers (earlier years are 400). Present only when it does not answer every year from ${FIRST_YEAR}.`,
      ),
    ),
    source: nullable(Type.String({ minLength: 1 }), {
      description:
        "The law, authority page or practice the rule rests on (docs/due-dates.md); `null` for a rule of your own",
    }),
  },
  {
    ...named("DueDateSchedule"),
    description:
      "A due-date schedule: the nominal day of each month and the convention that moves it to a business day.",
    ...closed,
  },
);
export type DueDateSchedule = Static<typeof DueDateSchedule>;

export const DueDate = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: "The month, 1 to 12" }),
    nominal: isoDate(
      "The nominal date: the schedule's day of the month (past the month's end, or `last`: the month's last day)",
    ),
    due: ref(Day, { description: "The business day the convention gives" }),
    moved: Type.Boolean({ description: "True when `due` is not the nominal date" }),
  },
  { ...named("DueDate"), description: "One due date of a year.", ...closed },
);
export type DueDate = Static<typeof DueDate>;

export const DueDatesResponse = Type.Object(
  {
    year: year("The year listed"),
    schedule: ref(DueDateSchedule),
    count: count("Number of entries in `dates`"),
    dates: Type.Array(ref(DueDate), { description: "In month order" }),
  },
  {
    ...named("DueDatesResponse"),
    description: `The due dates of a schedule in a year, in month order. Read the named list field: fields may be added beside it. ${VALUE_EXPLANATIONS.dueDates} ${EXPLANATIONS.dueDateForms}`,
    ...closed,
  },
);
export type DueDatesResponse = Static<typeof DueDatesResponse>;

export const DueDateScheduleList = Type.Object(
  { count: count("Number of entries in `schedules`"), schedules: Type.Array(ref(DueDateSchedule)) },
  {
    ...named("DueDateScheduleList"),
    description: "Every named due-date schedule, in catalogue order. " + VALUE_EXPLANATIONS.dueDates,
    ...closed,
  },
);
export type DueDateScheduleList = Static<typeof DueDateScheduleList>;

// ---------------------------------------------------------------------------------------------
// Working time
// ---------------------------------------------------------------------------------------------

/** A string of a list known at run time, typed `string` as the engine types it (its codes are the engine's table). */
const codeOf = (values: readonly string[], description: string) =>
  Type.Unsafe<string>({ type: "string", enum: [...values], description });

/** The rule codes of every profile, in table order. */
const SHORTENING_RULE_CODES = [...new Set(WORKING_TIME_PROFILES.flatMap((p) => p.rules.map((r) => r.code)))];

/** A day's minutes: a fifth of the longest week at most. */
const dayMinutes = (description: string) =>
  Type.Integer({ minimum: 0, maximum: (MAX_WEEKLY_HOURS * 60) / 5, description });

const sumProperties = {
  workingDays: count("Working days (isWorkingDay; bridge days and half days are working days)"),
  minutes: count(
    "Working time in whole minutes: the working days times `dailyMinutes`, less the minutes the profile takes off its shortened days",
  ),
  hours: Type.Number({
    minimum: 0,
    description:
      "`minutes / 60` rounded to two decimals (a half hundredth up); derived from this sum's minutes, never summed from other hours",
  }),
};

export const WorkingTimeProfile = Type.Object(
  {
    code: codeOf(WORKING_TIME_PROFILE_CODES, "The profile's code (the `profile` parameter)"),
    name: ref(Names),
    since: Type.Optional(
      year(
        `The first year the profile answers (earlier years are 400). Present only when it does not answer every year from ${FIRST_YEAR}.`,
      ),
    ),
    source: nullable(Type.String({ minLength: 1 }), {
      description:
        "The agreement or practice its shortened days rest on (docs/working-time.md); `null` for a profile that shortens no day",
    }),
  },
  {
    ...named("WorkingTimeProfile"),
    description: `A working-time profile: which working days it shortens. ${WORKING_TIME_EXPLANATIONS.profiles}`,
    ...closed,
  },
);
export type WorkingTimeProfile = Static<typeof WorkingTimeProfile>;

export const ShortenedDay = Type.Object(
  {
    date: isoDate("The shortened working day"),
    rule: codeOf(SHORTENING_RULE_CODES, "The code of the profile's rule that shortens it"),
    name: ref(Names),
    reductionMinutes: dayMinutes(
      "The minutes taken off the day's working time (a share of `dailyMinutes`, rounded to a whole minute, a half minute up)",
    ),
    minutes: dayMinutes("The minutes left to work on the day"),
  },
  { ...named("ShortenedDay"), description: "A working day the profile shortens, and by how much.", ...closed },
);
export type ShortenedDay = Static<typeof ShortenedDay>;

export const WorkingTimeMonth = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12, description: "The month, 1 to 12" }),
    ...sumProperties,
    shortenedDays: Type.Array(ref(ShortenedDay), {
      description: "The days of the month the profile shortens, ascending (empty for `standard`)",
    }),
  },
  { ...named("WorkingTimeMonth"), description: "A month's working days and working time.", ...closed },
);
export type WorkingTimeMonth = Static<typeof WorkingTimeMonth>;

export const WorkingTimeQuarter = Type.Object(
  {
    quarter: Type.Integer({ minimum: 1, maximum: 4, description: "The quarter, 1 (January to March) to 4" }),
    ...sumProperties,
  },
  {
    ...named("WorkingTimeQuarter"),
    description: "A quarter's working days and working time: the sums of its three months.",
    ...closed,
  },
);
export type WorkingTimeQuarter = Static<typeof WorkingTimeQuarter>;

export const WorkingTimeResponse = Type.Object(
  {
    year: year("The year"),
    weeklyHours: Type.Number({
      minimum: MIN_WEEKLY_HOURS,
      maximum: MAX_WEEKLY_HOURS,
      multipleOf: WEEKLY_HOURS_STEP,
      description: "The hours of a full week the answer assumes",
    }),
    dailyMinutes: dayMinutes("The minutes of a working day that is not shortened: `weeklyHours * 60 / 5`"),
    profile: ref(WorkingTimeProfile),
    months: Type.Array(ref(WorkingTimeMonth), { minItems: 12, maxItems: 12, description: "January to December" }),
    quarters: Type.Array(ref(WorkingTimeQuarter), { minItems: 4, maxItems: 4, description: "The four quarters" }),
    total: Type.Object(sumProperties, { description: "The year: the sums of its months", ...closed }),
  },
  {
    ...named("WorkingTimeResponse"),
    description: `The working time of a year, per month, per quarter and in total. ${WORKING_TIME_EXPLANATIONS.week}`,
    ...closed,
  },
);
export type WorkingTimeResponse = Static<typeof WorkingTimeResponse>;

// ---------------------------------------------------------------------------------------------
// Problems and monitoring
// ---------------------------------------------------------------------------------------------

export const Problem = Type.Object(
  {
    type: Type.Unsafe<string>({
      type: "string",
      format: "uri",
      enum: PROBLEM_SLUGS.map(problemType),
      description: "Identifies the error; not a page",
    }),
    title: Type.String({ minLength: 1, description: "Short summary of the problem type" }),
    status: Type.Integer({ minimum: 400, maximum: 599, description: "The HTTP status code" }),
    detail: Type.Optional(
      Type.String({ description: "Explanation naming the parameter at fault and the accepted form" }),
    ),
  },
  {
    ...named("Problem"),
    description:
      "A problem document (RFC 9457), media type `application/problem+json`. Branch on `type`, not on `title` or `detail`, which " +
      `may be reworded. \`type\` is \`${PROBLEM_BASE}/\` followed by a slug: ` +
      PROBLEM_SLUGS.map((s) => `\`${s}\` (${PROBLEM_STATUS[s]})`).join(", ") +
      ".",
    ...closed,
  },
);
export type Problem = Static<typeof Problem>;

/** What /health says of the static dataset (a summary of its manifest); not a schema of its own. */
const DatasetStatus = Type.Object(
  {
    dataVersion: Type.String({ minLength: 1, description: "The data version the dataset was built from" }),
    stale: Type.Boolean({
      description:
        "True when the dataset was built from other rules or names (its `dataVersion` differs from the service's) or for another API version",
    }),
    years: Type.Object(
      { from: year("First year"), to: year("Last year") },
      { description: "The years of the per-year files", ...closed },
    ),
    days: nullable(Type.Object({ from: isoDate("First date"), to: isoDate("Last date") }, closed), {
      description: "The window of per-date Day files, or `null` when none were built",
    }),
    files: count("Number of files in the dataset"),
    contentHash: Type.String({ minLength: 1, description: "A hash of every file's path and content hash" }),
  },
  closed,
);
export type DatasetStatus = Static<typeof DatasetStatus>;

export const Health = Type.Object(
  {
    status: Type.Literal("ok", {
      description: "The answering process is up (liveness): always `ok` when it answers at all",
    }),
    ready: Type.Boolean({
      description:
        "Whether the answering process takes traffic (readiness): false while it is starting (the standalone server's " +
        "background site build is not done) or stopping (draining after SIGTERM or SIGINT); always true in a Netlify " +
        "Function. `/health?ready` answers 503 when it is false; plain `/health` answers 200 either way.",
    }),
    apiVersion: Type.Literal(API_VERSION, { description: "Version of the v3 API (the OpenAPI `info.version`)" }),
    dataVersion: Type.String({
      minLength: 1,
      description: "A hash of the rules and names the calendar data derives from",
    }),
    years: Type.Object(
      { from: Type.Integer({ const: FIRST_YEAR }), to: Type.Integer({ const: LAST_YEAR }) },
      { description: "The years the service covers", ...closed },
    ),
    dataset: nullable(DatasetStatus, {
      description:
        "The static dataset's manifest (`/manifest.json`) as the answering process found it on disk when it started (read once, " +
        "not per request: restart after rebuilding the dataset), or `null` when there was none " +
        "(normal where the published files live on the CDN only) or it is unreadable or inconsistent. A `stale` dataset " +
        "does not make the service unhealthy: `status` stays `ok`.",
    }),
    server: Type.Optional(
      Type.Object(
        {
          workers: Type.Integer({ minimum: 1, description: "How many processes serve (`WORKERS`)" }),
          worker: Type.Integer({ minimum: 1, description: "Which of them answered this request (1 to `workers`)" }),
          limiter: Type.Object(
            {
              store: Type.Union(
                [Type.Literal("memory"), Type.Literal("primary"), Type.Literal("redis"), Type.Literal("off")],
                {
                  description:
                    "Where requests are counted: this process's memory, the primary process's (several workers), Redis (`REDIS_URL`), " +
                    "or not at all (`RATE_LIMITS=off`)",
                },
              ),
              degraded: Type.Boolean({
                description:
                  "True while the store fails (unreachable, erroring or slow): requests are then admitted uncounted (fail open); `status` stays `ok`",
              }),
            },
            closed,
          ),
        },
        {
          description: "The standalone server's processes and limiter (absent on Netlify, where the platform counts)",
          ...closed,
        },
      ),
    ),
  },
  {
    ...named("Health"),
    description:
      "Monitoring: the service is up (and whether it is ready for traffic) and serves this version of the calendar data. Never " +
      "cached (`Cache-Control: no-store`), never rate limited.",
    ...closed,
  },
);
export type Health = Static<typeof Health>;

// ---------------------------------------------------------------------------------------------
// v2 (frozen)
// ---------------------------------------------------------------------------------------------

/** Key order en, sv: the order v2 always served. Not a schema of its own. */
const V2Names = Type.Object({ en: Type.String({ minLength: 1 }), sv: Type.String({ minLength: 1 }) }, closed);
export type V2Names = Static<typeof V2Names>;

export const V2Holiday = Type.Object(
  {
    date: isoDate("ISO date"),
    code: stringEnum([...OBSERVANCE_CODES, ...V2_WEEKEND_CODES]),
    name: V2Names,
  },
  {
    ...named("V2Holiday"),
    description:
      "v2 holiday entry: one per holiday (a date with two holidays appears twice). With `weekends=true`, every Saturday and " +
      "Sunday adds an entry with code `saturday` (Lördag/Saturday) or `sunday` (Söndag/Sunday), also on dates that carry an observance.",
    ...closed,
  },
);
export type V2Holiday = Static<typeof V2Holiday>;

export const V2Date = Type.Object(
  { date: isoDate("ISO date") },
  { ...named("V2Date"), description: "v2 bridge-day or half-day entry.", ...closed },
);
export type V2Date = Static<typeof V2Date>;

// ---------------------------------------------------------------------------------------------
// The table of named schemas
// ---------------------------------------------------------------------------------------------

/** The named body schemas as declared (TypeBox), in the order of OpenAPI's `components.schemas`. */
export const BODIES = {
  Names,
  HolidayType,
  ObservanceCode,
  FeastCode,
  Feast,
  Observance,
  FlagDayCode,
  IsoWeek,
  Day,
  HolidaysResponse,
  BridgeDaysResponse,
  HalfDaysResponse,
  ObservanceInfo,
  ObservanceList,
  Occurrence,
  OccurrenceList,
  FlagDay,
  FlagDaysResponse,
  FlagDayInfo,
  FlagDayList,
  Duration,
  DaysOff,
  CountedDays,
  Period,
  PeriodSummary,
  AppliedStep,
  Shift,
  LongWeekend,
  LongWeekendsResponse,
  LeaveBreak,
  LeavePlan,
  Convention,
  Adjustment,
  DayOfMonth,
  DueDayByMonth,
  DueDateSchedule,
  DueDate,
  DueDatesResponse,
  DueDateScheduleList,
  WorkingTimeProfile,
  ShortenedDay,
  WorkingTimeMonth,
  WorkingTimeQuarter,
  WorkingTimeResponse,
  Problem,
  Health,
  V2Holiday,
  V2Date,
};

export type SchemaName = keyof typeof BODIES;

/** The strict schemas (every object `additionalProperties: false`) as plain JSON, by name, each with `$schema` and `$id`. */
export const SCHEMAS: Readonly<Record<SchemaName, Record<string, unknown>>> = deepFreeze(
  Object.fromEntries(Object.entries(BODIES).map(([name, schema]) => [name, jsonSchemaOf(schema)])) as Record<
    SchemaName,
    Record<string, unknown>
  >,
);

export const SCHEMA_NAMES = Object.keys(SCHEMAS) as SchemaName[];

/** The `$id` of a schema, for a validator that has all of SCHEMAS added. */
export const schemaId = (name: SchemaName): string => `${SCHEMA_BASE}/${name}`;

/** The schemas as the public contract states them: additive fields may appear on v3 objects. */
export function publicSchemas(): Record<SchemaName, Record<string, unknown>> {
  return loosen(SCHEMAS as Record<SchemaName, Record<string, unknown>>);
}
