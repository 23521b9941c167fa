/**
 * JSON Schemas (draft 2020-12) of every response body of the service: the single source of the
 * OpenAPI document's `components.schemas` (see openapi.ts) and of the contract tests.
 *
 * The schemas here are STRICT: every object has `additionalProperties: false`, so a test catches a
 * field that drifts from the contract. The public contract is looser ("additive fields may appear on
 * v3 objects"): `publicSchemas()` is the same set with every `additionalProperties: false` removed, and
 * that is what the served OpenAPI document carries.
 *
 * Cross-references are written as `{ $ref: SCHEMA_BASE + "/<Name>" }` (absolute, resolvable by a JSON
 * Schema validator that has all of `SCHEMAS` added); openapi.ts rewrites them to `#/components/schemas/<Name>`.
 */
import { API_VERSION, PROBLEM_BASE, SERVICE_DOMAIN } from "./constants.js";
import { FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { PROBLEM_STATUS, type ProblemSlug } from "./errors.js";
import { FEASTS, OBSERVANCE_CODES } from "./rules.js";
import { BOUNDS, MAX_SPAN_YEARS, MAX_STEPS } from "./validation.js";

export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** Base of the schemas' `$id`s. Not a page: an identifier, like the problem types. */
export const SCHEMA_BASE = `https://${SERVICE_DOMAIN}/schemas`;

/** PROBLEM_BASE: the fixed prefix of every problem `type` URI (data-gen/constants.ts). */
export { API_VERSION, PROBLEM_BASE, OBSERVANCE_CODES };

/** The feast codes. */
export const FEAST_CODES: readonly string[] = Object.values(FEASTS).map((f) => f.code);

/** The v2 weekend pseudo-codes (`/holidays?weekends=true`); never observances in v3. */
export const V2_WEEKEND_CODES = ["saturday", "sunday"] as const;

export const PROBLEM_SLUGS = Object.keys(PROBLEM_STATUS) as ProblemSlug[];

export const problemType = (slug: ProblemSlug): string => `${PROBLEM_BASE}/${slug}`;

/** Step units of the shift endpoint. */
export const STEP_UNITS = ["d", "b", "w", "m", "y"] as const;

// ---------------------------------------------------------------------------------------------
// Readings of DECISIONS.md, in words. Shared by the schema and the OpenAPI descriptions.
// ---------------------------------------------------------------------------------------------

export const READINGS = {
  holidayType:
    "What the day is, regardless of how it was requested: `public` (a public holiday under the Public Holidays Act (1989:253); " +
    "every Sunday is `public` in its own right), `defacto` (not named in that Act but a day off in practice: every Saturday and the " +
    "five eves holySaturday, whitsunEve, midsummerEve, christmasEve, newYearsEve), or `null` on an ordinary working day. When two " +
    "holidays share a date the stronger classification decides (public over defacto). Derived from the date only, never from request flags.",
  workingDay: "Neither a weekend nor a holiday: true exactly when `holidayType` is `null`.",
  observances:
    "The named holidays on the date, in the fixed catalogue order (the order of /v3/observances). Always an array, never absent or " +
    "`null`; empty when there is none. Saturdays and Sundays are never observances: an empty list on a non-working day means the day " +
    "is off because of its weekday. A date can carry two observances (e.g. 2008-05-01 mayDay + ascensionDay, 2049-06-06 whitsun + " +
    "nationalDay, 2076-06-06 whitsunEve + nationalDay, which is then `public`).",
  bridgeDay:
    "Bridge day (klämdag): a working day whose previous and next days are both non-working days (weekend or holiday). One entry per " +
    "date. A bridge day is an ordinary working day: `holidayType: null`, `workingDay: true`, `observances: []`.",
  halfDay:
    "Half day (halvdag): a working day whose next day carries a public observance (Trettondagsafton, Skärtorsdagen, " +
    "Valborgsmässoafton, the day before Ascension Day, the day before National Day, the day before All Saints' Day, and until 1952 " +
    "the day before Annunciation Day). The days before the de facto eves are not half days. A convention, not an entitlement. One " +
    "entry per date; a day can be both a bridge day and a half day. A half day is an ordinary working day: `holidayType: null`, " +
    "`workingDay: true`, `observances: []`.",
  duration:
    "The calendar length of the counted days, read the way a statutory deadline is counted (Act on the Calculation of Statutory " +
    "Time (1930:173) s. 1), from the first counted day to the day after the last counted day: the largest whole number of months " +
    "first (adding months clamps to the end of a shorter month, as in /v3/shift), shown as `years` = months ÷ 12 and `months` = the " +
    "rest, then the remaining `days`. Examples: 2024-01-01..2024-12-31 inclusive is 1 year 0 months 0 days; 2024-01-31..2024-02-28 " +
    "inclusive is 0/1/0 (one month from 01-31 lands on 02-29, the day after the last counted day); 2024-01-31..2024-02-27 is 0/0/28. " +
    "When nothing is counted (`counted: null`) it is 0/0/0. It is not derivable from the day count.",
  daysOff:
    "Days that are not working days, split two ways. `publicHolidays` counts Sundays too and `defactoHolidays` counts Saturdays too " +
    "(`publicHolidays + defactoHolidays = total`). `namedDays` are days off carrying at least one named observance and `weekendDays` " +
    "days off solely because of the weekday (`namedDays + weekendDays = total`). A Sunday that is also Easter Sunday is one day, counted once.",
  bStep:
    "A working-day (`b`) step counts from any start, working or not: `+n b` is the n-th working day strictly after the start, `-n b` " +
    "the n-th working day strictly before it. `0b` (like every zero step) leaves the date as it is, even on a holiday.",
  yStep: "A year (`y`) step clamps like a month step: 2024-02-29 + 1y is 2025-02-28 with `constrained: true`.",
  sundayRule:
    "`postpone=true` applies the Sunday rule of the Act on the Calculation of Statutory Time (1930:173) s. 2 once, after the last " +
    "step and never per step: when the landing day is not a working day, the result is the next working day. `landed` is the day " +
    "before the rule, `result` the final day, `postponed` whether the rule moved the date. With `postpone=false`, `result` equals " +
    "`landed` and `postponed` is false.",
  shiftPeriod:
    "The span between `date` and `result`, both endpoints counted. It is always chronological: when `result` is earlier than " +
    "`date`, `from` is `result` and `to` is `date`. `null` when the later date is past the earlier plus 200 calendar years; " +
    "this never makes the request an error.",
  spanLimit:
    `The ${MAX_SPAN_YEARS}-year limit compares endpoints: a period is too long when \`to\` is later than \`from\` plus ${MAX_SPAN_YEARS} ` +
    `calendar years (400 invalid-parameter); an observance year range is too long when \`to - from > ${MAX_SPAN_YEARS}\` (400 ` +
    `invalid-parameter); a shift's \`period\` is \`null\` when the later date is past the earlier plus ${MAX_SPAN_YEARS} years.`,
  range:
    `Every date a request names or reaches lies in ${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31. A shift step, a working-day search or ` +
    "the Sunday rule that would leave that range is a 400 invalid-parameter.",
  year:
    `Exactly four digits, ${FIRST_YEAR} to ${LAST_YEAR}. \`year=\` (empty), \`year=02024\`, \`year=+2024\`, \`year=2024.0\` are 400 ` +
    "invalid-parameter. Omitted, it defaults to the current year in Sweden (Europe/Stockholm wall-clock time).",
  duplicates: "A known parameter given twice is 400 invalid-parameter, except the repeatable `add`. Unknown parameters are ignored.",
  strictBoolean: "Lowercase `true` or `false` and nothing else: `1`, `True`, `yes` or an empty value are 400 invalid-parameter.",
  looseBoolean:
    "Calendar-feed boolean, case-insensitive: `true`, `1`, `on`, `yes` or a bare parameter with no value read as true; `false`, " +
    "`0`, `off`, `no` as false; anything else is 400 invalid-parameter.",
  impossibleDate:
    "A well-formed but impossible date (2023-02-29, 2024-13-01, 2024-04-31) is 400 invalid-date, never 404; a malformed value, or a " +
    `real date outside ${FIRST_YEAR}-${LAST_YEAR}, is 400 invalid-parameter.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const ref = (name: string) => ({ $ref: `${SCHEMA_BASE}/${name}` });

/** `YYYY-MM-DD` of a real date in 1930-01-01..9999-12-31 (the pattern bounds the year, `format` the day of month). */
export const ISO_DATE_PATTERN = "^(19[3-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$";
/** The request-side date shape: any `YYYY-MM-DD` (impossible dates are then 400 invalid-date). */
export const DATE_PARAMETER_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
export const YEAR_PARAMETER_PATTERN = "^[0-9]{4}$";
export const STEP_CHAIN_PATTERN = "^-?[0-9]+[dbwmy](,-?[0-9]+[dbwmy])*$";

const isoDate = (description: string) => ({ type: "string", format: "date", pattern: ISO_DATE_PATTERN, description }) as const;
const year = (description: string) => ({ type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR, description }) as const;
const count = (description: string) => ({ type: "integer", minimum: 0, description }) as const;

/** Schemas by component name. Each is a standalone draft 2020-12 schema with its own `$id`. */
function buildSchemas() {
  const Names = {
    type: "object",
    description: "A name in Swedish and English. Names may be reworded; codes may not.",
    required: ["sv", "en"],
    properties: {
      sv: { type: "string", minLength: 1, description: "Swedish name" },
      en: { type: "string", minLength: 1, description: "English name" },
    },
    additionalProperties: false,
  };

  const HolidayType = {
    type: "string",
    enum: ["public", "defacto"],
    description:
      "`public`: named in the Public Holidays Act (1989:253) (or a Sunday). `defacto`: not named in that Act but a day off in " +
      "practice (a Saturday or one of the five eves).",
  };

  const ObservanceCode = {
    type: "string",
    enum: [...OBSERVANCE_CODES],
    description: "Stable identifier of an observance (one of the 20 of the catalogue). Names may be reworded; codes may not.",
  };

  const FeastCode = {
    type: "string",
    enum: [...FEAST_CODES],
    description: "Stable identifier of a feast.",
  };

  const Feast = {
    type: "object",
    description:
      "The occasion an observance belongs to. A feast is the occasion and an observance is the day: christmasEve, christmasDay, " +
      "boxingDay and epiphany all belong to feast `christmas`.",
    required: ["code", "name"],
    properties: { code: ref("FeastCode"), name: ref("Names") },
    additionalProperties: false,
  };

  const Observance = {
    type: "object",
    description: "A named holiday on a date (inside a Day).",
    required: ["code", "holidayType", "name", "feast"],
    properties: {
      code: ref("ObservanceCode"),
      holidayType: ref("HolidayType"),
      name: { ...ref("Names"), description: "The observance's own name" },
      feast: ref("Feast"),
    },
    additionalProperties: false,
  };

  const Day = {
    type: "object",
    description:
      "One date. The same object appears in year lists, single lookups, bridge-day and half-day lists, every step and the result " +
      "of a shift, and every occurrence of an observance. Bridge days and half days are ordinary working days.",
    required: ["date", "weekday", "holidayType", "workingDay", "observances"],
    properties: {
      date: isoDate("ISO date"),
      weekday: { type: "integer", minimum: 1, maximum: 7, description: "ISO weekday: 1 is Monday, 7 is Sunday" },
      holidayType: { enum: ["public", "defacto", null], description: READINGS.holidayType },
      workingDay: { type: "boolean", description: READINGS.workingDay },
      observances: { type: "array", items: ref("Observance"), description: READINGS.observances },
    },
    additionalProperties: false,
    // invariants: workingDay exactly when holidayType is null; a working day carries no observance;
    // Sundays are public and Saturdays at least defacto
    allOf: [
      {
        if: { type: "object", properties: { holidayType: { const: null } } },
        then: { type: "object", properties: { workingDay: { const: true }, observances: { type: "array", maxItems: 0 } } },
        else: { type: "object", properties: { workingDay: { const: false } } },
      },
      {
        if: { type: "object", properties: { weekday: { const: 7 } } },
        then: { type: "object", properties: { holidayType: { const: "public" } } },
      },
      {
        if: { type: "object", properties: { weekday: { const: 6 } } },
        then: { type: "object", properties: { holidayType: { enum: ["public", "defacto"] } } },
      },
    ],
  };

  const yearList = (name: string, what: string) => ({
    type: "object",
    description: `${name}: ${what} \`count\` is the length of \`days\`; entries are in ascending date order, one per date. Read the named list field: fields may be added beside it.`,
    required: ["year", "count", "days"],
    properties: {
      year: year("The year listed"),
      count: count("Number of entries in `days`"),
      days: { type: "array", items: ref("Day") },
    },
    additionalProperties: false,
  });

  const HolidaysResponse = yearList(
    "HolidaysResponse",
    "public and de facto holidays of a year, one entry per date (a date with two holidays is one entry with two observances). " +
      "Every day carrying a named observance is listed; `sundays=true` adds the remaining Sundays (`public`, empty `observances`) " +
      "and `saturdays=true` every Saturday (`defacto`, empty `observances` unless it carries a named observance). The flags decide " +
      "which days are listed, never what a day is.",
  );
  const BridgeDaysResponse = yearList("BridgeDaysResponse", READINGS.bridgeDay);
  const HalfDaysResponse = yearList("HalfDaysResponse", READINGS.halfDay);

  const observanceInfoProperties = {
    code: ref("ObservanceCode"),
    holidayType: ref("HolidayType"),
    name: ref("Names"),
    feast: ref("Feast"),
    since: year("The first year the day was a holiday. Present only when the day has not always been one (within 1930-9999)."),
    until: year("The last year the day was a holiday. Present only when the day has since been abolished."),
  };

  const ObservanceInfo = {
    type: "object",
    description:
      "A catalogue entry. An observance with neither `since` nor `until` has been a holiday throughout the range the service covers.",
    required: ["code", "holidayType", "name", "feast"],
    properties: observanceInfoProperties,
    additionalProperties: false,
  };

  const ObservanceList = {
    type: "object",
    description: "All 20 observances, abolished ones included, in catalogue order, with `since`/`until` where they apply.",
    required: ["count", "observances"],
    properties: {
      count: count("Number of entries in `observances`"),
      observances: { type: "array", items: ref("ObservanceInfo") },
    },
    additionalProperties: false,
  };

  const Occurrence = {
    type: "object",
    description: "The day an observance fell on in one year.",
    required: ["year", "day"],
    properties: { year: year("The year"), day: ref("Day") },
    additionalProperties: false,
  };

  const OccurrenceList = {
    type: "object",
    description:
      "An observance's catalogue entry plus the days it fell on in the requested years, ascending. Years in which it was not a " +
      "holiday are omitted: `count` can be 0 and the series shorter than the range (the range is not validated against the " +
      "observance's lifetime).",
    required: ["code", "holidayType", "name", "feast", "count", "occurrences"],
    properties: {
      ...observanceInfoProperties,
      count: count("Number of entries in `occurrences`"),
      occurrences: { type: "array", items: ref("Occurrence") },
    },
    additionalProperties: false,
  };

  const Duration = {
    type: "object",
    description: READINGS.duration,
    required: ["years", "months", "days"],
    properties: {
      years: { type: "integer", minimum: 0, maximum: MAX_SPAN_YEARS, description: "Whole years (months ÷ 12)" },
      months: { type: "integer", minimum: 0, maximum: 11, description: "Remaining whole months" },
      days: { type: "integer", minimum: 0, maximum: 30, description: "Remaining days" },
    },
    additionalProperties: false,
  };

  const DaysOff = {
    type: "object",
    description: READINGS.daysOff,
    required: ["total", "publicHolidays", "defactoHolidays", "namedDays", "weekendDays"],
    properties: {
      total: count("Days that are not working days"),
      publicHolidays: count("Public holidays, Sundays included"),
      defactoHolidays: count("De facto holidays, Saturdays included"),
      namedDays: count("Days off carrying at least one named observance"),
      weekendDays: count("Days off solely because of the weekday"),
    },
    additionalProperties: false,
  };

  const spanCountProperties = {
    calendarDays: count("Days in the span, counted as stated (never negative)"),
    duration: ref("Duration"),
    workingDays: count("Days that are neither weekend nor holiday. `workingDays + daysOff.total = calendarDays`."),
    daysOff: ref("DaysOff"),
    bridgeDays: count("Bridge days: " + READINGS.bridgeDay),
    halfDays: count("Half days: " + READINGS.halfDay),
  };
  const spanCountRequired = ["calendarDays", "duration", "workingDays", "daysOff", "bridgeDays", "halfDays"];

  const CountedDays = {
    type: "object",
    description: "The first and last day actually counted after applying `bounds`.",
    required: ["first", "last"],
    properties: { first: isoDate("First counted day"), last: isoDate("Last counted day") },
    additionalProperties: false,
  };

  const Period = {
    type: "object",
    description:
      "Counts over a period. `bounds` governs every number. Invariants: `workingDays + daysOff.total = calendarDays`, " +
      "`daysOff.publicHolidays + daysOff.defactoHolidays = daysOff.total`, `daysOff.namedDays + daysOff.weekendDays = daysOff.total`. " +
      "Numbers only, never the list of named holidays. " + READINGS.spanLimit,
    required: ["from", "to", "bounds", "counted", ...spanCountRequired],
    properties: {
      from: isoDate("`from` echoed as sent"),
      to: isoDate("`to` echoed as sent"),
      bounds: {
        type: "string",
        enum: [...BOUNDS],
        description: "The reading applied, requested or default: `inclusive` counts both endpoints, `exclusive` neither, `from` the start date only, `to` the end date only.",
      },
      counted: {
        description: "The days actually counted after applying `bounds`; `null` when the endpoints cancel out (two identical dates with `bounds=exclusive`, `from` or `to`, or adjacent dates with `exclusive`).",
        oneOf: [ref("CountedDays"), { type: "null" }],
      },
      ...spanCountProperties,
    },
    additionalProperties: false,
  };

  const PeriodSummary = {
    type: "object",
    description: READINGS.shiftPeriod + " Same counts as Period; no `bounds` and no `counted`.",
    required: ["from", "to", ...spanCountRequired],
    properties: {
      from: isoDate("The earlier of `date` and `result`"),
      to: isoDate("The later of `date` and `result`"),
      ...spanCountProperties,
    },
    additionalProperties: false,
  };

  const AppliedStep = {
    type: "object",
    description: "One step of the chain as applied. " + READINGS.bStep + " " + READINGS.yStep,
    required: ["unit", "amount", "constrained", "result"],
    properties: {
      unit: { type: "string", enum: [...STEP_UNITS], description: "`d` days, `b` working days, `w` weeks, `m` months, `y` years" },
      amount: { type: "integer", description: "Signed amount; negative moves backwards" },
      constrained: {
        type: "boolean",
        description: "True when month (or year) arithmetic had to clamp the day to the end of a shorter month (2024-01-31 + 1m = 2024-02-29).",
      },
      result: { ...ref("Day"), description: "Where the chain stood after this step" },
    },
    additionalProperties: false,
  };

  const Shift = {
    type: "object",
    description: "A date moved by a chain of steps, applied strictly in the order given. " + READINGS.sundayRule + " " + READINGS.range,
    required: ["date", "postpone", "steps", "landed", "postponed", "result", "period"],
    properties: {
      date: isoDate("`date` echoed as sent"),
      postpone: { type: "boolean", description: "Whether the Sunday rule was requested" },
      steps: { type: "array", minItems: 1, maxItems: MAX_STEPS, items: ref("AppliedStep"), description: "The chain in the order applied" },
      landed: { ...ref("Day"), description: "Where the steps ended, before the Sunday rule" },
      postponed: { type: "boolean", description: "True when the Sunday rule actually moved the date" },
      result: { ...ref("Day"), description: "The answer" },
      period: { description: READINGS.shiftPeriod, oneOf: [ref("PeriodSummary"), { type: "null" }] },
    },
    additionalProperties: false,
  };

  const Problem = {
    type: "object",
    description:
      "A problem document (RFC 9457), media type `application/problem+json`. Branch on `type`, not on `title` or `detail`, which " +
      `may be reworded. \`type\` is \`${PROBLEM_BASE}/\` followed by a slug: ` +
      PROBLEM_SLUGS.map((s) => `\`${s}\` (${PROBLEM_STATUS[s]})`).join(", ") + ".",
    required: ["type", "title", "status"],
    properties: {
      type: { type: "string", format: "uri", enum: PROBLEM_SLUGS.map(problemType), description: "Identifies the error; not a page" },
      title: { type: "string", minLength: 1, description: "Short summary of the problem type" },
      status: { type: "integer", minimum: 400, maximum: 599, description: "The HTTP status code" },
      detail: { type: "string", description: "Explanation naming the parameter at fault and the accepted form" },
    },
    additionalProperties: false,
  };

  const Health = {
    type: "object",
    description: "Monitoring: the service is up and serves this version of the calendar data. Never cached (`Cache-Control: no-store`).",
    required: ["status", "apiVersion", "dataVersion", "years", "dataset"],
    properties: {
      status: { type: "string", const: "ok" },
      apiVersion: { type: "string", const: API_VERSION, description: "Version of the v3 API (the OpenAPI `info.version`)" },
      dataVersion: { type: "string", minLength: 1, description: "A hash of the rules and names the calendar data derives from" },
      years: {
        type: "object",
        description: "The years the service covers",
        required: ["from", "to"],
        properties: { from: { type: "integer", const: FIRST_YEAR }, to: { type: "integer", const: LAST_YEAR } },
        additionalProperties: false,
      },
      dataset: {
        description:
          "The static dataset's manifest (`/manifest.json`) as the answering process sees it on disk, or `null` when there is none " +
          "(normal where the published files live on the CDN only) or it is unreadable or inconsistent. A `stale` dataset " +
          "does not make the service unhealthy: `status` stays `ok`.",
        oneOf: [
          {
            type: "object",
            required: ["dataVersion", "stale", "years", "days", "files", "contentHash"],
            properties: {
              dataVersion: { type: "string", minLength: 1, description: "The data version the dataset was built from" },
              stale: {
                type: "boolean",
                description: "True when the dataset was built from other rules or names (its `dataVersion` differs from the service's) or for another API version",
              },
              years: {
                type: "object",
                description: "The years of the per-year files",
                required: ["from", "to"],
                properties: { from: year("First year"), to: year("Last year") },
                additionalProperties: false,
              },
              days: {
                description: "The window of per-date Day files, or `null` when none were built",
                oneOf: [
                  {
                    type: "object",
                    required: ["from", "to"],
                    properties: { from: isoDate("First date"), to: isoDate("Last date") },
                    additionalProperties: false,
                  },
                  { type: "null" },
                ],
              },
              files: count("Number of files in the dataset"),
              contentHash: { type: "string", minLength: 1, description: "A hash of every file's path and content hash" },
            },
            additionalProperties: false,
          },
          { type: "null" },
        ],
      },
    },
    additionalProperties: false,
  };

  const V2Holiday = {
    type: "object",
    description:
      "v2 holiday entry: one per holiday (a date with two holidays appears twice). With `weekends=true`, every Saturday and " +
      "Sunday adds an entry with code `saturday` (Lördag/Saturday) or `sunday` (Söndag/Sunday), also on dates that carry an observance.",
    required: ["date", "code", "name"],
    properties: {
      date: isoDate("ISO date"),
      code: { type: "string", enum: [...OBSERVANCE_CODES, ...V2_WEEKEND_CODES] },
      name: {
        type: "object",
        required: ["en", "sv"],
        properties: { en: { type: "string", minLength: 1 }, sv: { type: "string", minLength: 1 } },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };

  const V2Date = {
    type: "object",
    description: "v2 bridge-day or half-day entry.",
    required: ["date"],
    properties: { date: isoDate("ISO date") },
    additionalProperties: false,
  };

  return {
    Names, HolidayType, ObservanceCode, FeastCode, Feast, Observance, Day,
    HolidaysResponse, BridgeDaysResponse, HalfDaysResponse,
    ObservanceInfo, ObservanceList, Occurrence, OccurrenceList,
    Duration, DaysOff, CountedDays, Period, PeriodSummary, AppliedStep, Shift,
    Problem, Health, V2Holiday, V2Date,
  };
}

type SchemaTable = ReturnType<typeof buildSchemas>;
export type SchemaName = keyof SchemaTable;

function withIds(table: SchemaTable): Record<SchemaName, Record<string, unknown>> {
  const out = {} as Record<SchemaName, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(table) as [SchemaName, Record<string, unknown>][]) {
    out[name] = { $schema: JSON_SCHEMA_DIALECT, $id: `${SCHEMA_BASE}/${name}`, title: name, ...schema };
  }
  return out;
}

/** The strict schemas (every object `additionalProperties: false`), by name, each with `$schema` and `$id`. */
export const SCHEMAS: Readonly<Record<SchemaName, Record<string, unknown>>> = deepFreeze(withIds(buildSchemas()));

export const SCHEMA_NAMES = Object.keys(SCHEMAS) as SchemaName[];

/** The `$id` of a schema, for a validator that has all of SCHEMAS added. */
export const schemaId = (name: SchemaName): string => `${SCHEMA_BASE}/${name}`;

/** Deep copy of a JSON value with every `additionalProperties: false` removed (the public, additive-friendly form). */
export function loosen<T>(value: T): T {
  if (Array.isArray(value)) return value.map(loosen) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "additionalProperties" && v === false) continue;
      out[k] = loosen(v);
    }
    return out as T;
  }
  return value;
}

/** The schemas as the public contract states them: additive fields may appear on v3 objects. */
export function publicSchemas(): Record<SchemaName, Record<string, unknown>> {
  return loosen(SCHEMAS as Record<SchemaName, Record<string, unknown>>);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
