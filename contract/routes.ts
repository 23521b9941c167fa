/**
 * THE ROUTE TABLE: every endpoint of the service, once. A route says which methods and path it answers, its
 * parameters (by key: contract/parameters.ts declares each once), the body schema of its 200 and the
 * error statuses it documents, its cache policy, its rate-limit group, which Netlify Function answers it,
 * and which requests a static file of the dataset answers, at which path.
 *
 * Derived from it (never written by hand elsewhere):
 *   - the routers (contract/route-match.ts matches a path to a route for http/router.ts; contract/arguments.ts
 *     reads its parameters, typed by the route's keys: `RouteParameterKey`, `ArgsOf`);
 *   - the OpenAPI `paths`, `parameters` and `responses` (contract/openapi.ts; the prose stays here, beside each route);
 *   - the dataset paths of build/layout.ts (filled from each route's `static.file` template);
 *   - `_redirects` and `_headers` in the publish folder (build/routing.ts);
 *   - the functions' `config` (Netlify reads it statically, so functions/*.mts keep literals and
 *     test/contract/routing.test.ts fails when they differ from `functionConfigs()` here).
 *
 * A route's path literal must not appear in source outside this folder (test/contract/routing.test.ts checks).
 */
import {
  DEFAULT_FEED_OPTIONS,
  DUE_DATE_RULES_BY_CODE,
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_YEAR,
  OBSERVANCE_CODES,
  RULES_BY_CODE,
  SERVICE_DOMAIN,
} from "swedish-calendar/core";
import { EXPLANATIONS } from "./explanations.js";
import { type Parameters as Declarations, FEED_OPTION_KEYS, PARAMETERS, type ParameterKey } from "./parameters.js";
import { PATHS, type RouteId } from "./paths.js";
import {
  CACHE_LONG,
  type HttpMethod,
  MCP_MAX_BODY_BYTES,
  MCP_PLATFORM_POSTS,
  RATE_LIMITS,
  type RateLimitGroupName,
  READ_METHODS,
} from "./policies.js";
import { VALUE_EXPLANATIONS, WORKING_TIME_EXPLANATIONS } from "./value-explanations.js";

// ---------------------------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------------------------

/**
 * How a 200 may be cached:
 * - "long": a pure function of the parameters (CACHE_LONG);
 * - "long-unless-omitted": CACHE_LONG, but until midnight in Sweden when the parameter named in `todayParameter`
 *   is omitted (it then means the current year);
 * - "no-store": /health;
 * - "feed": six hours (the window moves with the year).
 */
export type CachePolicy = "long" | "long-unless-omitted" | "no-store" | "feed";

/**
 * Which Netlify Function answers a route (functions/<name>.mts). `ical-query` is the feed function again, for
 * requests that name a feed option (its own, tighter platform limit); `rate-limited` answers the platform's
 * rewrites of over-limit requests; `mcp` the Model Context Protocol endpoint.
 */
export type FunctionName = "v3" | "v2" | "ical" | "ical-query" | "health" | "not-found" | "rate-limited" | "mcp";

/**
 * How a file-backed route answers one of its query parameters:
 * - "placeholder": must be present; its raw value fills `:name` in the file (absent: the function answers);
 * - `{ flag }`: chooses a variant, value -> the file-name part `{name}` (absent: the `false` part; another value: the
 *   function, which answers 400);
 * - "function": its presence sends the request to the function (the file does not depend on it);
 * - "ignored": the file answers whatever it says, on purpose.
 * The CDN's rewrite rules ignore every parameter they do not name, so each one must be classified (`ClassifiedRoute`).
 */
export type QueryUse = "placeholder" | "function" | "ignored" | { readonly flag: Readonly<Record<string, string>> };

/**
 * A static file that answers some requests of a route. `file` is a template: `:name` is a path or query
 * parameter's raw value, `{name}` a flag's file-name part. A request whose placeholder value has no file (a bad or
 * out-of-range value) reaches the function, which answers it from the original URL.
 */
export interface StaticAnswer {
  /** the file, relative to the publish folder's root, e.g. `/v3/data/:year/holidays{sundays}{saturdays}.json` */
  file: string;
  /** every query parameter of the route, by name, and how the file answers it (in the order the rules try them) */
  query?: Readonly<Record<string, QueryUse>>;
  /**
   * which placeholder values the build writes a file for, where not every value in the built range has one (absent:
   * all of them). A request for a file never written reaches the function, on the CDN (a rewrite to a missing file
   * falls through to the next rule) and so in the standalone server's counting (build/deployed.ts); the build writes
   * exactly these (build/layout.ts).
   */
  written?: (values: Readonly<Record<string, string>>) => boolean;
}

/** The names of the query parameters among some parameter keys. */
type QueryNames<K extends ParameterKey> = Declarations[K] extends infer D
  ? D extends { in: "query"; name: infer N }
    ? N
    : never
  : never;
type QueryOf<S> = S extends { query: infer Q } ? Q : Record<never, never>;

/**
 * What a route's `static.query` must be: exactly its query parameters' names, each with its QueryUse. A route with no
 * file, or with neither query parameters nor classifications, needs nothing.
 */
export type ClassifiedRoute<R> = R extends { parameters: readonly (infer K extends ParameterKey)[]; static: infer S }
  ? [QueryNames<K> | keyof QueryOf<S>] extends [never]
    ? unknown
    : {
        static: {
          query: { readonly [N in QueryNames<K> | keyof QueryOf<S>]: N extends QueryNames<K> ? QueryUse : never };
        };
      }
  : unknown;

/** The OpenAPI texts of a route: hand-written prose beside the declaration. */
export interface RouteDoc {
  tag: string;
  operationId: string;
  summary: string;
  description: string;
  /** the description of the 200 */
  ok: string;
  deprecated?: boolean;
}

export type ErrorStatus = 400 | 404 | 406 | 410 | 413 | 415;

export interface Route {
  /** stable identifier, also the key of the handler that implements it */
  id: RouteId;
  /** the OpenAPI path template, e.g. `/v3/days/{date}` */
  path: string;
  /** also answered with one trailing slash (the v2 and feed paths, as their old router did) */
  trailingSlash?: boolean;
  /**
   * The methods it answers (OPTIONS: the CORS preflight); any other is 405 with `Allow` listing these, in serve(),
   * the standalone server's raw guard and the OpenAPI operation alike. Read-only routes: GET, HEAD, OPTIONS.
   */
  methods: readonly HttpMethod[];
  parameters: readonly ParameterKey[];
  /** the body of a 200: a component schema name (contract/bodies.ts), or a content type and inline schema */
  ok: { contentType: "json"; schema: string; array?: boolean } | { contentType: "calendar" };
  /** the body a POST carries: a component schema name of the OpenAPI document (the MCP endpoint's JSON-RPC message) */
  requestBody?: { schema: string; description: string };
  /** documented error statuses besides 304/405/429/500 that every route has */
  errors: readonly ErrorStatus[];
  cache: CachePolicy;
  /** for "long-unless-omitted": the year parameter whose omission means today */
  todayParameter?: string;
  /** whose counter a request spends and whose RateLimit-* headers it carries; the feed's depends on the query (`feed-query`) */
  rateLimitGroup: RateLimitGroupName;
  /**
   * false: never counted anywhere (no platform limit, no counter on the standalone server), never 429; the answers still
   * carry the rate-limit group's RateLimit-* headers, as a dataset file does. /health: monitoring probes are never refused.
   */
  counted?: false;
  fn: FunctionName;
  static?: StaticAnswer;
  doc: RouteDoc;
}

const METHODS = READ_METHODS;

export type { RouteId };

// ---------------------------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------------------------

const MCP_BODY_KIB = MCP_MAX_BODY_BYTES / 1024;

/** "per minute", "per 10 seconds": a window in words. */
export const perWindow = (seconds: number): string => (seconds === 60 ? "per minute" : `per ${seconds} seconds`);

const V2_DEPRECATED =
  "Deprecated: the older unversioned API, frozen apart from bug fixes and being withdrawn; use v3. Every v2 response carries a " +
  "`Link` header to the deprecation notice (relations `deprecation` and `sunset`); after the announcement also `Deprecation` " +
  `and \`Sunset\`. Errors are problem documents. Rate limit: ${RATE_LIMITS.v2.limit} requests ${perWindow(RATE_LIMITS.v2.windowSeconds)} ` +
  "per calling address.";

const FEED_DESCRIPTION =
  "An iCalendar subscription outside the versioned API; its addresses are permanent. With no parameters it holds public and de " +
  "facto holidays only. The window is the current year plus and minus two years (Europe/Stockholm) and cannot be changed. " +
  "All-day events (`DTSTART;VALUE=DATE`), one per observance (and per bridge day, half day, Saturday, Sunday when asked), " +
  `Swedish summary, English name in the description, stable \`UID\`s (\`<date>-<code>@${SERVICE_DOMAIN}\`), ` +
  '`TRANSP:TRANSPARENT` unless `busy`, `X-WR-CALNAME` following the options (e.g. "Svenska helgdagar", "Svenska helgdagar ' +
  'med klämdagar och halvdagar"; it cannot be set separately), `X-PUBLISHED-TTL` and `REFRESH-INTERVAL` of six hours. Cached ' +
  `for six hours. \`due\` (a comma list of codes of /v3/due-dates/catalogue) adds those schedules' due dates as events ` +
  `(summary the schedule's Swedish name, UID \`<date>-due-<code>@${SERVICE_DOMAIN}\`). Unknown parameters are ignored; a ` +
  `non-boolean value of a known option, or an unknown schedule code in \`due\`, is 400. Rate limit: ${RATE_LIMITS.feed.limit} ` +
  `requests ${perWindow(RATE_LIMITS.feed.windowSeconds)}, or ${RATE_LIMITS["feed-query"].limit} when query parameters are present; applies ` +
  "only when a response must be built.";
const FEED_OK = "The calendar (`text/calendar; charset=utf-8`).";

/**
 * The CSV files of the dataset (static-only: no route answers them), built by contract/csv.ts from the engine's
 * objects: a year's days and the default working-time answer (docs/static-dataset.md lists their columns).
 */
const CSV_FILES = {
  daysCsv: {
    file: "/v3/data/:year/days.csv",
    answers:
      "every date of the year as a CSV row (date, weekday, ISO week, holiday type, working day, bridge day, half day, observances, flag days)",
    contentType: "csv",
    rateLimitGroup: "v3",
  },
  workingTimeCsv: {
    file: "/v3/data/:year/working-time.csv",
    answers:
      `the year's working time at ${PARAMETERS.weeklyHours.schema.default} hours a week, profile \`${PARAMETERS.profile.schema.default}\`, ` +
      "as CSV: a row per month, per quarter and for the year",
    contentType: "csv",
    rateLimitGroup: "v3",
  },
} as const;

/** The CSV files in words, for the working-time route's description. */
const WORKING_TIME_CSV_LINKS = Object.values(CSV_FILES)
  .map((f) => `\`${f.file.replace(/:(\w+)/g, "{$1}")}\` (${f.answers})`)
  .join(" and ");

/** A year parameter whose omission means the current year in Sweden, cached until midnight there. */
const yearOrToday = { cache: "long-unless-omitted", todayParameter: "year" } as const;
/** What every v3 route shares. */
const V3_ROUTE = { methods: METHODS, rateLimitGroup: "v3", fn: "v3" } as const;
/** What both addresses of the feed share. */
const FEED_ROUTE = {
  methods: METHODS,
  trailingSlash: true,
  parameters: [...FEED_OPTION_KEYS, "feedDue"],
  ok: { contentType: "calendar" },
  errors: [400],
  cache: "feed",
  rateLimitGroup: "feed",
  fn: "ical",
} as const;
/** What every v2 route shares. */
const V2_ROUTE = {
  methods: METHODS,
  trailingSlash: true,
  ...yearOrToday,
  errors: [400, 410],
  rateLimitGroup: "v2",
  fn: "v2",
} as const;

const ROUTE_TABLE = [
  {
    ...V3_ROUTE,
    id: "holidays",
    path: PATHS.holidays,
    parameters: ["year", "sundays", "saturdays"],
    ok: { contentType: "json", schema: "HolidaysResponse" },
    errors: [400],
    ...yearOrToday,
    static: {
      file: "/v3/data/:year/holidays{sundays}{saturdays}.json",
      query: {
        year: "placeholder",
        sundays: { flag: { true: "-sundays", false: "" } },
        saturdays: { flag: { true: "-saturdays", false: "" } },
      },
    },
    doc: {
      tag: "Calendar",
      operationId: "listHolidays",
      summary: "Public and de facto holidays of a year",
      description:
        "One entry per date, ascending. Every day carrying a named observance is listed (a date with two holidays is one entry " +
        "with two observances); the flags add the remaining Sundays and every Saturday. The flags decide which days are listed, " +
        "never what a day is.",
      ok: "The holidays.",
    },
  },
  {
    ...V3_ROUTE,
    id: "bridgeDays",
    path: PATHS.bridgeDays,
    parameters: ["year"],
    ok: { contentType: "json", schema: "BridgeDaysResponse" },
    errors: [400],
    ...yearOrToday,
    static: { file: "/v3/data/:year/bridge-days.json", query: { year: "placeholder" } },
    doc: {
      tag: "Calendar",
      operationId: "listBridgeDays",
      summary: "Bridge days (klämdagar) of a year",
      description: EXPLANATIONS.bridgeDay,
      ok: "The bridge days.",
    },
  },
  {
    ...V3_ROUTE,
    id: "halfDays",
    path: PATHS.halfDays,
    parameters: ["year"],
    ok: { contentType: "json", schema: "HalfDaysResponse" },
    errors: [400],
    ...yearOrToday,
    static: { file: "/v3/data/:year/half-days.json", query: { year: "placeholder" } },
    doc: {
      tag: "Calendar",
      operationId: "listHalfDays",
      summary: "Half days (halvdagar) of a year",
      description: EXPLANATIONS.halfDay,
      ok: "The half days.",
    },
  },
  {
    ...V3_ROUTE,
    id: "longWeekends",
    path: PATHS.longWeekends,
    parameters: ["year"],
    ok: { contentType: "json", schema: "LongWeekendsResponse" },
    errors: [400],
    ...yearOrToday,
    static: { file: "/v3/data/:year/long-weekends.json", query: { year: "placeholder" } },
    doc: {
      tag: "Time off",
      operationId: "listLongWeekends",
      summary: "Long weekends (långhelger) of a year",
      description: EXPLANATIONS.longWeekend,
      ok: "The long weekends that start in the year.",
    },
  },
  {
    ...V3_ROUTE,
    id: "day",
    path: PATHS.day,
    parameters: ["datePath"],
    ok: { contentType: "json", schema: "Day" },
    errors: [400, 404],
    cache: "long",
    // per-date files exist for the materialised window only (docs/static-dataset.md); other dates reach the function
    static: { file: "/v3/data/days/:date.json" },
    doc: {
      tag: "Calendar",
      operationId: "getDay",
      summary: "What a date is",
      description:
        "Classification is unconditional: there are no query parameters. An ordinary working day is not an error: it returns " +
        "`holidayType: null`, `workingDay: true`, `observances: []`. " +
        EXPLANATIONS.impossibleDate,
      ok: "The day, bare.",
    },
  },
  {
    ...V3_ROUTE,
    id: "period",
    path: PATHS.period,
    parameters: ["periodFrom", "periodTo", "bounds"],
    ok: { contentType: "json", schema: "Period" },
    errors: [400],
    cache: "long",
    doc: {
      tag: "Periods and shifts",
      operationId: "countPeriod",
      summary: "Counts over a period",
      description:
        "Calendar days, duration, working days, days off, bridge days and half days between two dates, per `bounds`. " +
        `${EXPLANATIONS.duration} ${EXPLANATIONS.spanLimit}`,
      ok: "The counts.",
    },
  },
  {
    ...V3_ROUTE,
    id: "shift",
    path: PATHS.shift,
    parameters: ["shiftDate", "add", "postpone"],
    ok: { contentType: "json", schema: "Shift" },
    errors: [400],
    cache: "long",
    doc: {
      tag: "Periods and shifts",
      operationId: "shiftDate",
      summary: "Move a date by calendar units or working days",
      description:
        `Steps are applied strictly in the order given; each reports its own \`result\`. ${EXPLANATIONS.bStep} ${EXPLANATIONS.yStep} ` +
        `${EXPLANATIONS.sundayRule} ${EXPLANATIONS.shiftPeriod} ${EXPLANATIONS.range}`,
      ok: "The shifted date.",
    },
  },
  {
    ...V3_ROUTE,
    id: "leavePlan",
    path: PATHS.leavePlan,
    parameters: ["planFrom", "planTo", "leaveDays", "objective"],
    ok: { contentType: "json", schema: "LeavePlan" },
    errors: [400],
    cache: "long",
    doc: {
      tag: "Time off",
      operationId: "planLeave",
      summary: "The best use of a number of leave days in a span",
      description: EXPLANATIONS.leavePlan,
      ok: "The leave plan.",
    },
  },
  {
    ...V3_ROUTE,
    id: "observances",
    path: PATHS.observances,
    parameters: [],
    ok: { contentType: "json", schema: "ObservanceList" },
    errors: [],
    cache: "long",
    static: { file: "/v3/data/observances.json" },
    doc: {
      tag: "Catalogue",
      operationId: "listObservances",
      summary: "The catalogue of observances",
      description:
        `All ${OBSERVANCE_CODES.length} observances, abolished ones included, in catalogue order, with \`since\`/\`until\` ` +
        "where they apply.",
      ok: "The catalogue.",
    },
  },
  {
    ...V3_ROUTE,
    id: "observance",
    path: PATHS.observance,
    parameters: ["observanceCode", "fromYear", "toYear"],
    ok: { contentType: "json", schema: "OccurrenceList" },
    errors: [400, 404],
    cache: "long-unless-omitted",
    todayParameter: "from",
    // one file per year and code answers `from=Y` with `to` omitted; a request naming `to` reaches the function
    static: {
      file: "/v3/data/:from/observances/:code.json",
      query: { from: "placeholder", to: "function" },
      written: ({ code }) => RULES_BY_CODE.has(code!),
    },
    doc: {
      tag: "Catalogue",
      operationId: "getObservanceOccurrences",
      summary: "An observance and the days it fell on",
      description:
        "Years in which the observance was not a holiday are omitted: `count` can be 0 and the series shorter than the range; the " +
        "range is not validated against the observance's lifetime. " +
        EXPLANATIONS.spanLimit,
      ok: "The observance and its occurrences.",
    },
  },
  {
    ...V3_ROUTE,
    id: "flagDays",
    path: PATHS.flagDays,
    parameters: ["flagDaysYear"],
    ok: { contentType: "json", schema: "FlagDaysResponse" },
    errors: [400],
    ...yearOrToday,
    // files from FLAG_DAYS_FROM on only: an earlier year has no file and reaches the function, which answers its 400
    static: {
      file: "/v3/data/:year/flag-days.json",
      query: { year: "placeholder" },
      written: ({ year }) => Number(year) >= FLAG_DAYS_FROM,
    },
    doc: {
      tag: "Flag days",
      operationId: "listFlagDays",
      summary: "Official flag days (allmänna flaggdagar) of a year",
      description:
        `Every official flag day of the year, ascending by date, each with its code, name and the observance it is (\`holiday\`). ` +
        `A \`year\` from ${FIRST_YEAR} to ${FLAG_DAYS_FROM - 1} is 400 invalid-parameter: official flag days exist from ` +
        `${FLAG_DAYS_FROM}. ${EXPLANATIONS.flagDays} ${EXPLANATIONS.flagDayHoliday}`,
      ok: "The flag days.",
    },
  },
  {
    ...V3_ROUTE,
    id: "flagDayCatalogue",
    path: PATHS.flagDayCatalogue,
    parameters: [],
    ok: { contentType: "json", schema: "FlagDayList" },
    errors: [],
    cache: "long",
    static: { file: "/v3/data/flag-days.json" },
    doc: {
      tag: "Flag days",
      operationId: "listFlagDayRules",
      summary: "The catalogue of flag-day rules",
      description:
        "Every flag-day rule of the table the service answers from, in catalogue order: code, names, the date rule in words " +
        "(Swedish as the ordinance words it), the observance it is, `since`/`until` where it has not applied every year since " +
        `${FLAG_DAYS_FROM}, and the SFS number, proposition or decision it rests on. ${EXPLANATIONS.flagDays}`,
      ok: "The flag-day catalogue.",
    },
  },
  {
    ...V3_ROUTE,
    id: "adjust",
    path: PATHS.adjust,
    parameters: ["adjustDate", "adjustConvention"],
    ok: { contentType: "json", schema: "Adjustment" },
    errors: [400],
    cache: "long",
    doc: {
      tag: "Business days",
      operationId: "adjustDate",
      summary: "Move a date to a business day by a convention",
      description: `${EXPLANATIONS.businessDay} ${VALUE_EXPLANATIONS.conventions} ${VALUE_EXPLANATIONS.conventionRange}`,
      ok: "The adjusted date.",
    },
  },
  {
    ...V3_ROUTE,
    id: "dueDates",
    path: PATHS.dueDates,
    parameters: ["year", "schedule", "dueDay", "dueConvention"],
    ok: { contentType: "json", schema: "DueDatesResponse" },
    errors: [400],
    ...yearOrToday,
    // a file per year and named schedule from its `since` (build/layout.ts); a custom rule, both forms at once, an
    // unknown code or a year before `since` reach the function
    static: {
      file: "/v3/data/:year/due-dates/:schedule.json",
      query: { year: "placeholder", schedule: "placeholder", day: "function", convention: "function" },
      written: ({ year, schedule }) => {
        const since = DUE_DATE_RULES_BY_CODE.get(schedule!)?.since;
        return DUE_DATE_RULES_BY_CODE.has(schedule!) && (since === undefined || Number(year) >= since);
      },
    },
    doc: {
      tag: "Business days",
      operationId: "listDueDates",
      summary: "Due dates and payment days of a year (salary, child benefit, the tax account, or a rule of your own)",
      description: `${VALUE_EXPLANATIONS.dueDates} ${EXPLANATIONS.dueDateForms} ${EXPLANATIONS.unknownCode} ${EXPLANATIONS.businessDay}`,
      ok: "The due dates, in month order.",
    },
  },
  {
    ...V3_ROUTE,
    id: "dueDateCatalogue",
    path: PATHS.dueDateCatalogue,
    parameters: [],
    ok: { contentType: "json", schema: "DueDateScheduleList" },
    errors: [],
    cache: "long",
    static: { file: "/v3/data/due-dates.json" },
    doc: {
      tag: "Business days",
      operationId: "listDueDateSchedules",
      summary: "The catalogue of due-date schedules",
      description:
        "Every named schedule, in catalogue order: code, names, the nominal day of the month (with the months that differ), the " +
        `convention, \`since\` where it does not answer every year from ${FIRST_YEAR}, and the law, authority page or practice it rests on. ` +
        VALUE_EXPLANATIONS.dueDates,
      ok: "The due-date catalogue.",
    },
  },
  {
    ...V3_ROUTE,
    id: "workingTime",
    path: PATHS.workingTime,
    parameters: ["year", "weeklyHours", "profile"],
    ok: { contentType: "json", schema: "WorkingTimeResponse" },
    errors: [400],
    ...yearOrToday,
    // the default answer of every year (weeklyHours and profile as declared) is a file; another week or profile reaches the function
    static: {
      file: "/v3/data/:year/working-time.json",
      query: { year: "placeholder", weeklyHours: "function", profile: "function" },
    },
    doc: {
      tag: "Working time",
      operationId: "getWorkingTime",
      summary: "Working days and working time of a year, per month and quarter (normtid)",
      description:
        "How many working days and hours a year has to work, month by month, by quarter and in total: for payroll, time " +
        `reporting, staffing and budgets. ${WORKING_TIME_EXPLANATIONS.week} ${WORKING_TIME_EXPLANATIONS.profiles} ` +
        `The default answer of every year is also a file of the static dataset, and so are two CSV files: ${WORKING_TIME_CSV_LINKS}.`,
      ok: "The working time of the year.",
    },
  },
  {
    ...V3_ROUTE,
    id: "openapi",
    path: PATHS.openapi,
    parameters: [],
    ok: { contentType: "json", schema: "OpenApiDocument" },
    errors: [],
    cache: "long",
    static: { file: "/v3/data/openapi.json" },
    doc: {
      tag: "Service",
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 description",
      description: "Generated from the running service's engine. No authentication.",
      ok: "The OpenAPI document.",
    },
  },
  {
    methods: METHODS,
    id: "health",
    path: PATHS.health,
    parameters: ["healthReady"],
    ok: { contentType: "json", schema: "Health" },
    errors: [400],
    cache: "no-store",
    // monitoring: never counted, so a probe is never refused; its headers state the v3 rate limit, as /manifest.json's do
    rateLimitGroup: "v3",
    counted: false,
    fn: "health",
    doc: {
      tag: "Service",
      operationId: "getHealth",
      summary: "Service health (liveness) and readiness",
      description:
        "Whether the service is up and which version of the calendar data it serves (a hash of the rules and names), and which " +
        "version of the static dataset (`/manifest.json`) the answering process found on disk when it started: `dataset` is `null` " +
        "when it found none, and `dataset.stale` is true when that dataset was built from other rules or names; `status` stays " +
        "`ok` either way. Answered from memory: nothing is read from disk per request. Never cached. Never rate limited: it is " +
        "monitoring, not a limited surface, so no probe is ever refused (429); the `RateLimit-*` headers it carries state the v3 " +
        "pace, as the dataset files (also never counted) state their surface's, and do not mean it is counted.\n\n" +
        "**Liveness and readiness.** Plain `/health` is the liveness check: 200 whenever the process answers at all (`ready` in " +
        "the body says what `?ready` would). `/health?ready` is the readiness check: 200 with `ready: true` when the answering " +
        "process takes traffic, 503 with `ready: false` (same body shape) while it is starting (the standalone server's " +
        "background site build, `npm start`, is not done) or stopping (a SIGTERM or SIGINT was received and it is draining). " +
        "A Netlify Function is ready whenever it answers. With several workers (`WORKERS`) each answers for itself. Point a " +
        "load balancer's health check or a Kubernetes `readinessProbe` at `/health?ready`, and a `livenessProbe` at `/health` " +
        "(a failing readiness probe takes the instance out of rotation; a failing liveness probe restarts it, which a slow " +
        'start or a drain must not cause). Kubernetes: `readinessProbe: {httpGet: {path: "/health?ready", port: 8888}, ' +
        "periodSeconds: 5}` and `livenessProbe: {httpGet: {path: /health, port: 8888}, periodSeconds: 5, failureThreshold: 3}`.",
      ok: "The service is up (and, with `ready`, ready for traffic).",
    },
  },
  {
    ...FEED_ROUTE,
    id: "feed",
    path: PATHS.feed,
    doc: {
      tag: "Calendar feed",
      operationId: "getCalendarFeed",
      summary: "Calendar feed (preferred address)",
      description: FEED_DESCRIPTION,
      ok: FEED_OK,
    },
  },
  {
    ...FEED_ROUTE,
    id: "feedAlias",
    path: PATHS.feedAlias,
    doc: {
      tag: "Calendar feed",
      operationId: "getCalendarFeedAlias",
      summary: "Calendar feed (same calendar, alternative address)",
      description: FEED_DESCRIPTION,
      ok: FEED_OK,
    },
  },
  {
    ...V2_ROUTE,
    id: "v2Holidays",
    path: PATHS.v2Holidays,
    parameters: ["v2Year", "v2Weekends"],
    ok: { contentType: "json", schema: "V2Holiday", array: true },
    doc: {
      tag: "v2 (deprecated)",
      operationId: "v2ListHolidays",
      summary: "v2: holidays of a year (deprecated)",
      description: `${V2_DEPRECATED} A bare JSON array, one entry per holiday (a date with two holidays appears twice), public and de facto.`,
      ok: "The holidays.",
      deprecated: true,
    },
  },
  {
    ...V2_ROUTE,
    id: "v2HalfDays",
    path: PATHS.v2HalfDays,
    parameters: ["v2Year"],
    ok: { contentType: "json", schema: "V2Date", array: true },
    doc: {
      tag: "v2 (deprecated)",
      operationId: "v2ListHalfDays",
      summary: "v2: half days of a year (deprecated)",
      description: `${V2_DEPRECATED} A bare JSON array of \`{date}\`, one entry per date.`,
      ok: "The half days.",
      deprecated: true,
    },
  },
  {
    ...V2_ROUTE,
    id: "v2BridgeDays",
    path: PATHS.v2BridgeDays,
    parameters: ["v2Year"],
    ok: { contentType: "json", schema: "V2Date", array: true },
    doc: {
      tag: "v2 (deprecated)",
      operationId: "v2ListBridgeDays",
      summary: "v2: bridge days of a year (deprecated)",
      description: `${V2_DEPRECATED} A bare JSON array of \`{date}\`, one entry per date.`,
      ok: "The bridge days.",
      deprecated: true,
    },
  },
  {
    // the Model Context Protocol endpoint (docs/mcp.md): its tools answer what the v3 routes above answer, through their parsers
    id: "mcp",
    path: PATHS.mcp,
    methods: ["POST", "OPTIONS"],
    parameters: [],
    requestBody: {
      schema: "JsonRpcRequest",
      description:
        "One JSON-RPC 2.0 message of the Model Context Protocol (`initialize`, `tools/list`, `tools/call`, `ping`, a notification), " +
        `or a batch of them; \`Content-Type: application/json\`, at most ${MCP_BODY_KIB} KiB.`,
    },
    ok: { contentType: "json", schema: "JsonRpcResponse" },
    errors: [400, 406, 413, 415],
    cache: "no-store",
    rateLimitGroup: "mcp",
    fn: "mcp",
    doc: {
      tag: "Model Context Protocol",
      operationId: "mcp",
      summary: "MCP endpoint for AI assistants (stateless Streamable HTTP, JSON responses)",
      description:
        "The Model Context Protocol over Streamable HTTP, stateless (no `Mcp-Session-Id`) and answering with `application/json` " +
        "(never an event stream): a client POSTs JSON-RPC messages with `Accept: application/json, text/event-stream`. Its tools " +
        "(describe_day, list_holidays, bridge_and_half_days, count_period, shift_date, long_weekends, plan_leave, observance, " +
        "adjust_date, due_dates, flag_days, working_time) call " +
        "the v3 endpoints' engine through the same parameter parsers: a tool's `structuredContent` is the v3 body of the " +
        "equivalent GET, and a value the GET would refuse is a tool error (`isError: true`) carrying the same problem slug and " +
        "detail. Protocol errors (unparseable JSON, not a JSON-RPC message, an unknown method or tool) are JSON-RPC errors; " +
        "HTTP-level refusals are problem documents: 405 for GET and DELETE (no event stream, no sessions), 406 without the " +
        "`Accept` above, 413 over the size limit, 415 for another content type, 429 over the limit " +
        `(${RATE_LIMITS.mcp.limit} tool calls ${perWindow(RATE_LIMITS.mcp.windowSeconds)} per calling address, each counted as the v3 request it ` +
        "answers would be: protocol messages (initialize, notifications, tools/list, ping) and calls the static dataset answers, such as a " +
        `year's holidays, are never counted; where the platform counts, it counts POSTs, ${MCP_PLATFORM_POSTS} a minute). ` +
        "Never cached. See docs/mcp.md for client set-up.",
      ok: "The JSON-RPC response (or a batch of responses); 202 with no body when the POST held only notifications or responses.",
    },
  },
] as const satisfies readonly Route[];

// a file-backed route that leaves a query parameter unclassified (or classifies one it does not have) fails here
ROUTE_TABLE satisfies { readonly [I in keyof typeof ROUTE_TABLE]: ClassifiedRoute<(typeof ROUTE_TABLE)[I]> };

/** Every route, in table order (the first route whose path matches answers). */
export const ROUTES: readonly Route[] = ROUTE_TABLE;

/** The parameter keys a route declares, by its id (the arguments its handler receives: contract/arguments.ts `ArgsOf`). */
export type RouteParameterKey<R extends RouteId> = Extract<
  (typeof ROUTE_TABLE)[number],
  { id: R }
>["parameters"][number];

/** The component schema of a route's 200 body, by its id (contract/bodies.ts; never for a route that answers no JSON). */
export type RouteBodySchema<R extends RouteId> = Extract<
  Extract<(typeof ROUTE_TABLE)[number], { id: R }>["ok"],
  { schema: string }
>["schema"];

export const ROUTE_BY_ID: Readonly<Record<RouteId, Route>> = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as Record<
  RouteId,
  Route
>;

/** Where every request nothing else answers goes: a not-found problem on the not-found rate-limit group. */
export const NOT_FOUND = { rateLimitGroup: "not-found", fn: "not-found" } as const satisfies {
  rateLimitGroup: RateLimitGroupName;
  fn: FunctionName;
};

/** What a dataset file holds: JSON, iCalendar, or CSV (contract/policies.ts gives each its `Content-Type`). */
export type FileContentType = "json" | "calendar" | "csv";

/**
 * Files of the dataset that no API route answers, for bulk clients (CDN-direct), with the rate-limit group whose headers
 * they carry. Listed in the OpenAPI document (`x-static-dataset`) beside the route files.
 */
export interface StaticOnlyFile {
  file: string;
  answers: string;
  contentType: FileContentType;
  rateLimitGroup: RateLimitGroupName;
}

export const STATIC_ONLY_FILES = {
  yearDays: {
    file: "/v3/data/:year/days.json",
    answers: "every Day of the year, ascending: `{year, count, days}`",
    contentType: "json",
    rateLimitGroup: "v3",
  },
  ...CSV_FILES,
  ics: {
    file: "/ics/svenska-helgdagar-:year.ics",
    answers: `\`GET ${PATHS.feed}\` with a window of that one year (public and de facto holidays), ${FIRST_YEAR}-${LAST_YEAR}`,
    contentType: "calendar",
    rateLimitGroup: "feed",
  },
  manifest: {
    file: "/manifest.json",
    answers: "data version, year range, days window, file counts, bytes and content hashes of the dataset",
    contentType: "json",
    rateLimitGroup: "v3",
  },
  // The index comes in parts so that no file of the deploy nears Netlify's per-file size limit (build/layout.ts
  // MAX_FILE_BYTES): listed whole, a full build's index is 18.6 MB. Which part lists a file is build/layout.ts
  // indexPartOf; test/build/materialise.test.ts checks that the part names below are the ones it gives.
  index: {
    file: "/v3/data/index.json",
    answers:
      "the data version and every part of the index with its content hash (`{dataVersion, parts}`): read it, then only the parts whose hash changed",
    contentType: "json",
    rateLimitGroup: "v3",
  },
  indexPart: {
    file: "/v3/data/index/:part.json",
    answers:
      "a part of the index: each dataset file it lists with its content hash, the function's ETag value of that answer (`{files}`); " +
      "a part per century (`19xx` … `99xx`: the years' files, `.ics` and Day files) and `common` (the files of no year)",
    contentType: "json",
    rateLimitGroup: "v3",
  },
} as const satisfies Record<string, StaticOnlyFile>;

/** Where a request no file can answer is rewritten: a path under the v3 function's preferStatic folder with no file. */
export const FUNCTION_FALLBACK = "/v3/data/function";
/** The folder of the dataset files that routes answer from (owned by the v3 function with preferStatic). */
export const DATASET_FOLDER = "/v3/data";

// ---------------------------------------------------------------------------------------------------------------
// Reading the table
// ---------------------------------------------------------------------------------------------------------------

/** `/v3/days/{date}` -> `/v3/days/:date` (Netlify's placeholder syntax). */
export function netlifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** `/v3/days/{date}` -> `/v3/days/*` (a function's `excludedPath`, a `_headers` pattern). */
export function wildcardPath(path: string): string {
  return path.replace(/\{\w+\}.*$/, "*");
}

/**
 * Where the generated rules send feed requests, so that each rate limit is a function of its own on Netlify (a
 * function has one platform limit): requests naming an option to `ical-query`, the others to `ical`. The
 * functions route by the path after the prefix (http/netlify.ts).
 */
export const FEED_FUNCTION_PREFIXES = { feed: "/_feed/plain", "feed-query": "/_feed/query" } as const;

/** Where the platform rewrites an over-limit request: `/rate-limited/<group>` answers the rate-limit group's 429. */
export const RATE_LIMITED_PREFIX = "/rate-limited";

export { CACHE_LONG, DEFAULT_FEED_OPTIONS, RATE_LIMITS };
