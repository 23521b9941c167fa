/**
 * The OpenAPI 3.1 description of the service, served at the `openapi` route. Pure and deterministic (no clock):
 * the same engine version always gives the same document, byte for byte.
 *
 * Derived from the contract: `paths` (one operation per row of the route table, its parameters and responses),
 * `components.parameters` (the table's parameters, with their prose and schemas here), `x-static-dataset` (the
 * generated rewrite rules that a file answers, and the static-only files), and `components.schemas` from
 * contract/bodies.ts (one TypeBox declaration per body shape). The served document
 * is the public form, in which additive fields may appear (no `additionalProperties: false`);
 * `openApiDocument({ strict: true })` is the same document with the strict schemas, for the contract tests.
 */
import {
  SERVICE_DOMAIN, FIRST_YEAR, LAST_YEAR, FLAG_DAYS_FROM, BOUNDS, DATE_PARAMETER_SOURCE as DATE_PARAMETER_PATTERN,
  LEAVE_OBJECTIVES, MAX_LEAVE_DAYS, MAX_PLAN_DAYS, MAX_SPAN_YEARS, MAX_STEPS, STEP_CHAIN_SOURCE as STEP_CHAIN_PATTERN,
  CONVENTIONS, DUE_DATE_SCHEDULE_CODES, DUE_DAY_SOURCE,
} from "swedish-calendar/core";
import {
  API_VERSION, CACHE_LONG, FEED_CACHE_CONTROL as FEED_CACHE, MCP_MAX_BODY_BYTES, NO_STORE, PROBLEM_BASE, SURFACES,
  V2_LIMIT_AFTER_ONE_MONTH, V2_LIMIT_AFTER_THREE_MONTHS, allowHeaderOf,
} from "./policies.js";
import { PROBLEM_STATUS, PROBLEM_TITLES, type ProblemSlug } from "./problems.js";
import { LOOSE_BOOLEAN_SOURCE as LOOSE_BOOLEAN_PATTERN } from "./query.js";
import {
  OBSERVANCE_CODES, PROBLEM_SLUGS, READINGS, SCHEMA_BASE, SCHEMAS, loosen, problemType, type SchemaName,
} from "./bodies.js";
import { PATHS, type RouteId } from "./paths.js";
import { DATASET_FOLDER, PARAMETERS, ROUTES, STATIC_ONLY_FILES, perWindow, type Route } from "./routes.js";
import { redirectRules } from "./static.js";
import { SAMPLE_REQUESTS, type ResponseExamples } from "./examples.js";

export interface OpenApiOptions {
  /** strict schemas (`additionalProperties: false` everywhere), for tests; default false (the public contract) */
  strict?: boolean;
  /**
   * The 2xx example of each row, the answer to its sample request (contract/examples.ts), as the handlers compute it
   * (functions/lib/openapi.ts passes them: the contract cannot call the functions). Absent: no 2xx examples.
   */
  examples?: ResponseExamples;
}

// ---------------------------------------------------------------------------------------------
// Static dataset (CDN-direct files): the URL patterns build/layout.ts writes.
// ---------------------------------------------------------------------------------------------

export interface StaticFile {
  /** URL path of the file, relative to the server, e.g. `/v3/data/{year}/holidays.json` */
  path: string;
  /** which API requests it answers byte for byte (the generated rewrite rules), or what it holds */
  answers: string;
}

const braces = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/**
 * The files of the dataset: for each file template of the route table, the requests the generated rewrite rules
 * answer from it (so this list, `_redirects` and the build cannot disagree); then the static-only files.
 */
export function staticDatasetFiles(): StaticFile[] {
  return datasetFileRows().map(({ path, requests, holds }) => ({ path, answers: requests ? requests.join(" | ") : holds! }));
}

/** The files of the dataset: a route file with the requests it answers, a static-only file with what it holds. */
function datasetFileRows(): { path: string; requests?: string[]; holds?: string }[] {
  const byFile = new Map<string, string[]>();
  for (const rule of redirectRules()) {
    if (!rule.to.startsWith(DATASET_FOLDER + "/") || rule.to.endsWith("/function")) continue;
    const query = Object.entries(rule.query).map(([k, v]) => `${k}=${braces(v)}`).join("&");
    const request = `GET ${braces(rule.from)}${query ? "?" + query : ""}`;
    const path = braces(rule.to);
    byFile.set(path, [...(byFile.get(path) ?? []), request]);
  }
  const rows: { path: string; requests?: string[]; holds?: string }[] = [...byFile].map(([path, requests]) => ({ path, requests }));
  for (const file of Object.values(STATIC_ONLY_FILES)) rows.push({ path: braces(file.file), holds: file.answers });
  return rows;
}

export const STATIC_DATASET_NOTE =
  "Year-level resources (the holidays list in its four `sundays`/`saturdays` variants, bridge days, half days, long weekends, " +
  "flag days from 1983, each named due-date schedule from its `since`), the catalogue and occurrence series, the flag-day and due-date catalogues, this document, per-date Day files for a window of years and per-year `.ics` " +
  "downloads are precomputed and also served CDN-direct as static files. A request the dataset can answer is answered " +
  "from it with the same status, body, `ETag` and spec headers as the function would give; such requests, and the files " +
  "by their own paths, are never counted against the rate limits (a server without a built dataset computes them, " +
  "uncounted too). Requests a file cannot answer (a bad parameter, an omitted `year`, period, shift, leave plans, the " +
  "subscription feed, v2, dates outside the materialised window) reach the dynamic service.";

// ---------------------------------------------------------------------------------------------
// The HTTP layer's constants the document states come from contract/policies.ts (SURFACES, cache policies); the
// functions send the same.
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

const componentRef = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const schemaRef = (name: SchemaName | "OpenApiDocument") => componentRef("schemas", name);

/** A schema of schemas.ts as an OpenAPI component: no `$schema`/`$id`; refs point into components. */
function toComponent(schema: Json): Json {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === "$ref" && typeof v === "string" && v.startsWith(SCHEMA_BASE + "/")) {
          out.$ref = `#/components/schemas/${v.slice(SCHEMA_BASE.length + 1)}`;
        } else out[k] = rewrite(v);
      }
      return out;
    }
    return value;
  };
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rewrite(rest) as Json;
}

function componentSchemas(strict: boolean): Json {
  const out: Json = {};
  for (const [name, schema] of Object.entries(SCHEMAS)) out[name] = toComponent(strict ? schema : loosen(schema));
  // not a schema of schemas.ts: the body of /v3/openapi.json itself
  out.OpenApiDocument = {
    type: "object",
    description: "This OpenAPI 3.1 document.",
    required: ["openapi", "info", "paths"],
    properties: { openapi: { type: "string", const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
  };
  for (const [name, schema] of Object.entries(JSON_RPC_SCHEMAS)) out[name] = strict ? schema : loosen(schema);
  return out;
}

/**
 * Not schemas of schemas.ts either: the JSON-RPC 2.0 envelopes the MCP endpoint reads and answers (the messages
 * themselves are the Model Context Protocol's, specified at modelcontextprotocol.io and validated by its SDK). Closed
 * envelopes, as JSON-RPC 2.0 and the SDK read them; the public form is loosened like every other schema.
 */
const JSON_RPC_ID = { type: ["string", "integer"], description: "The request's id, echoed in its response." };
const JSON_RPC_MESSAGE: Json = {
  type: "object",
  description:
    "A JSON-RPC 2.0 message of the Model Context Protocol: a request (`id` and `method`: `initialize`, `ping`, `tools/list`, " +
    "`tools/call`), a notification (`method` without `id`, e.g. `notifications/initialized`) or a response.",
  required: ["jsonrpc"],
  properties: {
    jsonrpc: { type: "string", const: "2.0" },
    id: JSON_RPC_ID,
    method: { type: "string", examples: ["tools/call"] },
    params: { type: "object" },
  },
  additionalProperties: false,
};
const JSON_RPC_SCHEMAS: Json = {
  JsonRpcRequest: {
    description: "One message, or a batch (an array) of at most 100.",
    oneOf: [JSON_RPC_MESSAGE, { type: "array", minItems: 1, maxItems: 100, items: JSON_RPC_MESSAGE }],
    examples: [
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "describe_day", arguments: { date: "2026-06-19" } } },
    ],
  },
  JsonRpcResponse: {
    description:
      "The response to each request: `result`, or `error` with a JSON-RPC code (-32700 unparseable JSON or not a JSON-RPC " +
      "message, -32600 invalid request, -32601 unknown method, -32602 invalid params or an unknown tool). A tool that refuses " +
      "its arguments answers a `result` with `isError: true` and the problem slug and detail the v3 endpoint gives.",
    oneOf: [
      {
        type: "object",
        required: ["jsonrpc", "id"],
        properties: {
          jsonrpc: { type: "string", const: "2.0" },
          id: { ...JSON_RPC_ID, type: ["string", "integer", "null"] },
          result: { type: "object" },
          error: {
            type: "object",
            required: ["code", "message"],
            properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      { type: "array", items: { type: "object" } },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

const HEADERS: Json = {
  "Cache-Control": {
    description:
      `Successful answers for a named year, a date, a period, a shift, a leave plan, the catalogue and this document: \`${CACHE_LONG}\`. ` +
      "The same endpoints with `year` omitted: `public, max-age=0, s-maxage=<seconds until midnight in Sweden>` " +
      "(Europe/Stockholm wall-clock time, days of 23 and 25 hours included). `/health` and every error: `no-store`. " +
      `The calendar feed: six hours (\`${FEED_CACHE}\`).`,
    schema: { type: "string" },
    example: CACHE_LONG,
  },
  "Cache-Control-No-Store": {
    description: "Errors and `/health` are never cached.",
    schema: { type: "string", const: NO_STORE },
  },
  ETag: {
    description:
      "Strong hash of the body. A request with `If-None-Match` matching it (a list, `*`, or the weak form `W/\"...\"` of the tag) " +
      "gets 304 with the same `ETag` and `Cache-Control` and no body.",
    schema: { type: "string", pattern: '^"[^"]+"$' },
    example: '"Xk2c9W1mZq0pQx7vYb3hLa"',
  },
  "RateLimit-Limit": {
    description:
      `Requests allowed in the window: ${SURFACES.v3.limit} on /v3/*, ${SURFACES.v2.limit} on v2, ${SURFACES.feed.limit} ` +
      `on the calendar feed (${SURFACES["feed-query"].limit} when the request has query parameters). Sent on every response. ` +
      "`RateLimit-Remaining` is not sent.",
    schema: { type: "string", pattern: "^[0-9]+$" },
    example: String(SURFACES.v3.limit),
  },
  "RateLimit-Policy": {
    description:
      `\`limit;w=seconds\`: \`${SURFACES.v3.limit};w=${SURFACES.v3.windowSeconds}\` on /v3/*, ` +
      `\`${SURFACES.v2.limit};w=${SURFACES.v2.windowSeconds}\` on v2, \`${SURFACES.feed.limit};w=${SURFACES.feed.windowSeconds}\` ` +
      `or \`${SURFACES["feed-query"].limit};w=${SURFACES["feed-query"].windowSeconds}\` on the calendar feed. Sent on every response.`,
    schema: { type: "string", pattern: "^[0-9]+;w=[0-9]+$" },
    example: `${SURFACES.v3.limit};w=${SURFACES.v3.windowSeconds}`,
  },
  "Retry-After": {
    description: "Whole seconds until a request would be admitted.",
    schema: { type: "integer", minimum: 1 },
    example: 42,
  },
  "Access-Control-Allow-Origin": {
    description: "CORS is open to every origin.",
    schema: { type: "string", const: "*" },
  },
  "Access-Control-Expose-Headers": {
    description: "Headers exposed to browsers.",
    schema: { type: "string" },
    example: "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset",
  },
  Allow: {
    description: "The methods the service answers.",
    schema: { type: "string", const: "GET, HEAD, OPTIONS" },
  },
  Link: {
    description:
      'On every v2 response: points to the deprecation notice with the relations `deprecation` and `sunset` (`<...>; rel="deprecation", <...>; rel="sunset"`).',
    schema: { type: "string" },
  },
  Deprecation: {
    description:
      "Sent on v2 once the withdrawal is announced: a structured-field date (RFC 9745), `@` followed by the announcement's seconds since the epoch. Absent until then.",
    schema: { type: "string", pattern: "^@-?[0-9]+$" },
    example: "@1767225600",
  },
  Sunset: {
    description:
      "Sent on v2 once the withdrawal is announced: the HTTP date (RFC 8594) six months after the announcement, never earlier than the deprecation moment. Absent until then.",
    schema: { type: "string" },
    example: "Wed, 01 Jul 2026 00:00:00 GMT",
  },
};

const h = (name: string) => componentRef("headers", name);

const COMMON_HEADERS = {
  "RateLimit-Limit": h("RateLimit-Limit"),
  "RateLimit-Policy": h("RateLimit-Policy"),
  "Access-Control-Allow-Origin": h("Access-Control-Allow-Origin"),
  "Access-Control-Expose-Headers": h("Access-Control-Expose-Headers"),
};
const OK_HEADERS = { "Cache-Control": h("Cache-Control"), ETag: h("ETag"), ...COMMON_HEADERS };
const ERROR_HEADERS = { "Cache-Control": h("Cache-Control-No-Store"), ...COMMON_HEADERS };
const V2_HEADERS = { Link: h("Link"), Deprecation: h("Deprecation"), Sunset: h("Sunset") };

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const PROBLEM_DETAILS: Record<ProblemSlug, string> = {
  "invalid-parameter": "'year' must be a four-digit year from 1930 to 9999",
  "invalid-date": "'date' is not a calendar date: 2023-02-29 does not exist",
  "invalid-year": "'year' must be a four-digit year from 1930 to 9999",
  "not-found": "no resource at '/v3/holiday'; see /v3/openapi.json for the routes",
  "method-not-allowed": "method POST is not allowed; use GET, HEAD, OPTIONS",
  "not-acceptable": "the 'Accept' header must list both application/json and text/event-stream (MCP Streamable HTTP)",
  gone: "the unversioned API has been withdrawn; use /v3/",
  "content-too-large": `the request body is larger than ${MCP_MAX_BODY_BYTES} bytes`,
  "unsupported-media-type": "the 'Content-Type' header must be application/json (a JSON-RPC message)",
  "rate-limited": `more than ${SURFACES.v3.limit} requests in ${SURFACES.v3.windowSeconds} seconds from this address; retry after 42 seconds`,
  "uri-too-long": "the request target is longer than 8192 bytes",
  "request-header-fields-too-large": "the request's header fields are larger than 16384 bytes",
  "request-timeout": "the request was not received completely in time",
  "expectation-failed": "the 'Expect' header 'x-custom' is not supported; only '100-continue' is",
  "internal-error": "the server failed to answer this request; please try again later",
};

function problemExample(slug: ProblemSlug): Json {
  return {
    summary: slug,
    value: { type: problemType(slug), title: PROBLEM_TITLES[slug], status: PROBLEM_STATUS[slug], detail: PROBLEM_DETAILS[slug] },
  };
}

function problemResponse(description: string, slugs: ProblemSlug[], extraHeaders: Json = {}): Json {
  return {
    description: `${description} Problem type${slugs.length > 1 ? "s" : ""}: ${slugs.map((s) => `\`${problemType(s)}\``).join(", ")}.`,
    headers: { ...ERROR_HEADERS, ...extraHeaders },
    content: {
      "application/problem+json": {
        schema: schemaRef("Problem"),
        examples: Object.fromEntries(slugs.map((s) => [s, problemExample(s)])),
      },
    },
  };
}

const RESPONSES: Json = {
  NotModified: {
    description: "`If-None-Match` matched the current `ETag`: no body; the same `ETag` and `Cache-Control` as the 200.",
    headers: OK_HEADERS,
  },
  BadRequest: problemResponse(
    "A known parameter failed validation. " +
      "`invalid-parameter`: malformed date (path or query), wrong-shaped year, bad boolean, bad `bounds`, unreadable `add`, more " +
      `than ${MAX_STEPS} steps, bad \`days\` or \`objective\`, range out of order, range or period over ${MAX_SPAN_YEARS} years, ` +
      `leave-plan span over ${MAX_PLAN_DAYS} days, date or step outside ${FIRST_YEAR}-${LAST_YEAR}, a flag-day year before ${FLAG_DAYS_FROM}, ` +
      "bad `convention` or `day`, a convention needing a business day outside the range, not exactly one form of /v3/due-dates, an " +
      "unknown due-date schedule code (`schedule`, the feed's `due`), a due-date year before its schedule's `since`, a missing " +
      "required parameter, duplicated parameter. `invalid-date`: well-formed but impossible date (2023-02-29, 2024-13-01, 2024-04-31).",
    ["invalid-parameter", "invalid-date"],
  ),
  NotFound: problemResponse("No such route, or no observance with that code (a path value: an unknown code in the query is 400).", ["not-found"]),
  MethodNotAllowed: problemResponse(
    "A method other than GET, HEAD or OPTIONS (listed on every operation because OpenAPI has no place for undeclared methods).",
    ["method-not-allowed"],
    { Allow: h("Allow") },
  ),
  TooManyRequests: problemResponse("Too many requests from this address in the window; wait `Retry-After` seconds.", ["rate-limited"], {
    "Retry-After": h("Retry-After"),
  }),
  InternalError: problemResponse("Server fault.", ["internal-error"]),
  UriTooLong: problemResponse("The request target is too long (answered by the server before any route).", ["uri-too-long"]),
  HeaderFieldsTooLarge: problemResponse("The request's header fields are too large (answered by the server before any route).", ["request-header-fields-too-large"]),
  RequestTimeout: problemResponse("The request's headers or body did not arrive completely in time (answered by the server before any route).", ["request-timeout"]),
  ExpectationFailed: problemResponse("An `Expect` header other than `100-continue` (answered by the server before any route).", ["expectation-failed"]),
  V2BadRequest: problemResponse(
    "`year` malformed, empty, not exactly four digits or outside 1930-9999. It never falls back to the default; only omission does.",
    ["invalid-year"],
    V2_HEADERS,
  ),
  V2NotModified: {
    description: "`If-None-Match` matched the current `ETag`: no body.",
    headers: { ...OK_HEADERS, ...V2_HEADERS },
  },
  V2TooManyRequests: problemResponse(
    `More than the v2 limit (${SURFACES.v2.limit} ${perWindow(SURFACES.v2.windowSeconds)}, tightened to ${V2_LIMIT_AFTER_ONE_MONTH} from ` +
      `one month after the announcement and to ${V2_LIMIT_AFTER_THREE_MONTHS} from three months after it); a client over the limit is ` +
      `blocked for ${SURFACES.v2.blockSeconds} seconds.`,
    ["rate-limited"],
    { "Retry-After": h("Retry-After"), ...V2_HEADERS },
  ),
  Gone: problemResponse(
    "The unversioned API is withdrawn: during an announced one-hour brownout window in the last month before the sunset, and " +
      "permanently from the sunset (announcement + 6 months).",
    ["gone"],
    { ...V2_HEADERS, "Retry-After": { ...h("Retry-After"), description: "During a brownout: whole seconds until the window ends. Absent after the sunset." } },
  ),
  FeedBadRequest: problemResponse("A known feed option has a value that is not a boolean, or `due` names no schedule or an unknown one.", ["invalid-parameter"]),
  McpNotAcceptable: problemResponse(
    "`Accept` does not list both `application/json` and `text/event-stream`, as the Streamable HTTP transport requires.",
    ["not-acceptable"],
  ),
  McpContentTooLarge: problemResponse(`The body is larger than ${MCP_MAX_BODY_BYTES / 1024} KiB.`, ["content-too-large"]),
  McpUnsupportedMediaType: problemResponse("`Content-Type` is not `application/json`.", ["unsupported-media-type"]),
};

const r = (name: string) => componentRef("responses", name);

function jsonOk(description: string, schema: Json, headers: Json = OK_HEADERS, sample?: Json): Json {
  return { description, headers, content: { "application/json": { schema, ...sample } } };
}

/** The responses of a v3 (or other JSON, non-v2) operation. */
function v3Responses(ok: Json, { notFound = true, badRequest = true } = {}): Json {
  return {
    "200": ok,
    "304": r("NotModified"),
    ...(badRequest ? { "400": r("BadRequest") } : {}),
    ...(notFound ? { "404": r("NotFound") } : {}),
    "405": r("MethodNotAllowed"),
    "408": r("RequestTimeout"),
    "414": r("UriTooLong"),
    "417": r("ExpectationFailed"),
    "429": r("TooManyRequests"),
    "431": r("HeaderFieldsTooLarge"),
    "500": r("InternalError"),
  };
}

function v2Responses(ok: Json): Json {
  return {
    "200": ok,
    "304": r("V2NotModified"),
    "400": r("V2BadRequest"),
    "405": r("MethodNotAllowed"),
    "408": r("RequestTimeout"),
    "410": r("Gone"),
    "414": r("UriTooLong"),
    "417": r("ExpectationFailed"),
    "429": r("V2TooManyRequests"),
    "431": r("HeaderFieldsTooLarge"),
    "500": r("InternalError"),
  };
}

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

function feedOption(name: string, defaultValue: boolean, effect: string): Json {
  return {
    name,
    in: "query",
    allowEmptyValue: true,
    description: `${effect} Default \`${defaultValue}\`. ${READINGS.looseBoolean}`,
    schema: { type: "string", pattern: LOOSE_BOOLEAN_PATTERN, default: String(defaultValue) },
  };
}

/** A `YYYY-MM-DD` parameter (a path or query date). */
function dateParameter(name: string, location: "path" | "query", description: string, example: string): Json {
  return { name, in: location, description, schema: { type: "string", pattern: DATE_PARAMETER_PATTERN }, example };
}

/**
 * The prose and schema of each parameter the route table declares (by its `component`). Whether it is required is the
 * table's: PARAMETER_COMPONENTS adds it.
 */
const PARAMETER_PROSE: Json = {
  Year: {
    name: "year",
    in: "query",
    description: `The year. ${READINGS.year} ${READINGS.duplicates}`,
    schema: { type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR },
    example: 2024,
  },
  Sundays: {
    name: "sundays",
    in: "query",
    description:
      "Also list every remaining Sunday of the year (`holidayType: public`, empty `observances`). A Sunday carrying a named holiday " +
      `is listed regardless. It decides which days are listed, never what a day is. ${READINGS.strictBoolean}`,
    schema: { type: "boolean", default: false },
  },
  Saturdays: {
    name: "saturdays",
    in: "query",
    description:
      "Also list every Saturday (`holidayType: defacto`, empty `observances` unless it carries a named observance). Independent " +
      `of \`sundays\`. ${READINGS.strictBoolean}`,
    schema: { type: "boolean", default: false },
  },
  DatePath: dateParameter("date", "path", `The date, \`YYYY-MM-DD\`. ${READINGS.impossibleDate}`, "2024-06-21"),
  PeriodFrom: dateParameter("from", "query", "First date of the period, `YYYY-MM-DD`. " + READINGS.impossibleDate, "2024-01-01"),
  PeriodTo: dateParameter(
    "to",
    "query",
    "Last date of the period, `YYYY-MM-DD`. Earlier than `from` is 400 invalid-parameter (the service does not swap them). " +
      READINGS.spanLimit,
    "2024-12-31",
  ),
  Bounds: {
    name: "bounds",
    in: "query",
    description:
      "Which endpoints are counted: `inclusive` both, `exclusive` neither, `from` the start date only, `to` the end date only. " +
      "It governs every number in the response. Two identical dates with `exclusive` give `calendarDays: 0` and `counted: null`. " +
        "`from` and `to` are half-open (`from` counts the start up to but not including the end, `to` the reverse), so they always count `to − from` days: " +
        "two identical dates give `calendarDays: 0` and `counted: null` with them too.",
    schema: { type: "string", enum: [...BOUNDS], default: "inclusive" },
  },
  ShiftDate: dateParameter("date", "query", "The date to move from, `YYYY-MM-DD`. " + READINGS.impossibleDate, "2024-01-31"),
  Add: {
    name: "add",
    in: "query",
    style: "form",
    explode: true,
    description:
      "Steps: an optional leading minus, digits, then one unit letter (`d` days, `b` working days, `w` weeks, `m` months, `y` " +
      "years; lowercase). No leading plus. Repeat `add` (canonical) or comma-separate steps in one value: both forms mean the same " +
      `chain. 1 to ${MAX_STEPS} steps in total, applied strictly in the order given; order changes the answer. A month step clamps ` +
      "to the last day of a shorter month (`constrained: true`). A zero step leaves the date untouched, even on a holiday. " +
      `${READINGS.bStep} ${READINGS.yStep} ${READINGS.range} An unreadable chain (bad unit, non-integer amount, leading plus, more ` +
      `than ${MAX_STEPS} steps) is 400 invalid-parameter. \`add\` is the only parameter that may be repeated.`,
    schema: {
      type: "array",
      minItems: 1,
      maxItems: MAX_STEPS,
      items: { type: "string", pattern: STEP_CHAIN_PATTERN },
    },
    example: ["1m", "-2b"],
  },
  Postpone: {
    name: "postpone",
    in: "query",
    description: `${READINGS.sundayRule} ${READINGS.strictBoolean}`,
    schema: { type: "boolean", default: false },
  },
  PlanFrom: dateParameter("from", "query", "First day of the span to plan, `YYYY-MM-DD`, counted. " + READINGS.impossibleDate, "2026-01-01"),
  PlanTo: dateParameter(
    "to",
    "query",
    `Last day of the span to plan, \`YYYY-MM-DD\`, counted. Earlier than \`from\` is 400 invalid-parameter (the service does ` +
      `not swap them); the span counts both ends and holds at most ${MAX_PLAN_DAYS} days (\`to - from + 1 <= ${MAX_PLAN_DAYS}\`, so ` +
      `2026-01-01..2026-12-31 and 2024-01-01..2024-12-31 fit, 2024-01-01..2025-01-01 does not), else 400 invalid-parameter. ` +
      READINGS.impossibleDate,
    "2026-12-31",
  ),
  LeaveDays: {
    name: "days",
    in: "query",
    description:
      `The leave budget: the most working days the plan may take off, 1 to ${MAX_LEAVE_DAYS}, written in plain digits. \`0\`, ` +
      `a sign, a leading zero, decimals, an empty value or more than ${MAX_LEAVE_DAYS} is 400 invalid-parameter.`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LEAVE_DAYS },
    example: 25,
  },
  Objective: {
    name: "objective",
    in: "query",
    description:
      "What the plan maximises: `most`, the total number of days in the breaks that hold leave; `longest`, the longest single " +
      "such break. Ties: fewer leave days, then the earliest leave dates. Any other value is 400 invalid-parameter.",
    schema: { type: "string", enum: [...LEAVE_OBJECTIVES], default: LEAVE_OBJECTIVES[0] },
  },
  ObservanceCode: {
    name: "code",
    in: "path",
    description: `A code from the catalogue (/v3/observances). ${READINGS.unknownCode}`,
    schema: { type: "string", enum: [...OBSERVANCE_CODES] },
    example: "midsummerEve",
  },
  FromYear: {
    name: "from",
    in: "query",
    description: `First year, ${FIRST_YEAR} to ${LAST_YEAR} (exactly four digits). Default: the current year in Sweden.`,
    schema: { type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR },
    example: 2020,
  },
  ToYear: {
    name: "to",
    in: "query",
    description:
      `Last year, ${FIRST_YEAR} to ${LAST_YEAR} (exactly four digits). Default: the same as \`from\`. Earlier than \`from\` is ` +
      `400 invalid-parameter; \`to - from > ${MAX_SPAN_YEARS}\` is 400 invalid-parameter.`,
    schema: { type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR },
    example: 2030,
  },
  AdjustDate: dateParameter("date", "query", "The date to adjust, `YYYY-MM-DD`. " + READINGS.impossibleDate, "2026-06-19"),
  AdjustConvention: {
    name: "convention",
    in: "query",
    description: `${READINGS.conventions} ${READINGS.conventionRange} Any other value is 400 invalid-parameter.`,
    schema: { type: "string", enum: [...CONVENTIONS] },
    example: "modified-following",
  },
  Schedule: {
    name: "schedule",
    in: "query",
    description:
      "A named schedule, a code of the catalogue (/v3/due-dates/catalogue). Not together with `day` and `convention`. " +
      `${READINGS.unknownCode} ${READINGS.dueDates}`,
    schema: { type: "string", enum: [...DUE_DATE_SCHEDULE_CODES] },
    example: "child-benefit",
  },
  DueDay: {
    name: "day",
    in: "query",
    description:
      "The nominal day of a rule of your own: 1 to 31 in plain digits (past the month's end: the month's last day) or `last`; " +
      "with `convention`, instead of `schedule`. A leading zero, a sign, `0`, `32` or an empty value is 400 invalid-parameter.",
    schema: { type: "string", pattern: DUE_DAY_SOURCE },
    example: "25",
  },
  DueConvention: {
    name: "convention",
    in: "query",
    description: `The convention of a rule of your own, with \`day\`, instead of \`schedule\`. ${READINGS.conventions} ${READINGS.conventionRange}`,
    schema: { type: "string", enum: [...CONVENTIONS] },
    example: "preceding",
  },
  V2Year: {
    name: "year",
    in: "query",
    description:
      `Exactly four digits, ${FIRST_YEAR} to ${LAST_YEAR}. A short value, a full date or an empty value is 400 invalid-year; it ` +
      "never falls back to the default. Only omission gives the default, the current year in Sweden.",
    schema: { type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR },
    example: 2024,
  },
  V2Weekends: {
    name: "weekends",
    in: "query",
    description:
      "`true` in any letter case adds an entry for every Saturday (code `saturday`) and Sunday (code `sunday`), also on dates that " +
      "carry an observance. Any other value reads as `false` (never an error).",
    schema: { type: "string", default: "false" },
  },
  FeedDefacto: feedOption("defacto", true, "Include the de facto holidays (the five eves)."),
  FeedBridge: feedOption("bridge", false, "Include bridge days (klämdagar)."),
  FeedHalf: feedOption("half", false, "Include half days (halvdagar)."),
  FeedSaturdays: feedOption("saturdays", false, "Include every Saturday."),
  FeedSundays: feedOption("sundays", false, "Include every Sunday."),
  FeedFlags: feedOption(
    "flags",
    false,
    "Include the official flag days (allmänna flaggdagar, from 1983) as events of their own: summary `<Swedish name> (flaggdag)`, " +
      "UID `<date>-flagDay-<code>@" + SERVICE_DOMAIN + "` (codes of /v3/flag-days/catalogue), also on dates that carry a holiday " +
      "event; the calendar name gains \"och flaggdagar\".",
  ),
  FeedDue: {
    name: "due",
    in: "query",
    description:
      "A comma-separated list of due-date schedule codes (/v3/due-dates/catalogue): each schedule's due dates in the window, from " +
      "its `since`, as events of their own: summary the schedule's Swedish name (\"Lön\", \"Barnbidrag\", \"Skattekontot: " +
      `förfallodag\"), UID \`<date>-due-<code>@${SERVICE_DOMAIN}\`; the calendar name gains \"betalningsdagar\". An empty value ` +
      `is 400 invalid-parameter. ${READINGS.unknownCode}`,
    schema: { type: "string", pattern: `^(${DUE_DATE_SCHEDULE_CODES.join("|")})(,(${DUE_DATE_SCHEDULE_CODES.join("|")}))*$` },
    example: "salary-25,child-benefit",
  },
  FeedBusy: feedOption("busy", false, "Mark events as busy time (`TRANSP:OPAQUE`) rather than free (`TRANSP:TRANSPARENT`)."),
};

/**
 * `components.parameters`: each entry of PARAMETER_PROSE with `required` from the route table and, for a required query
 * parameter, what its absence answers (contract/routes.ts `param`). The MCP tools' input schemas are built from the
 * same entries (functions/lib/mcp-tools.ts).
 */
export const PARAMETER_COMPONENTS: Json = Object.fromEntries(
  Object.entries(PARAMETER_PROSE).map(([component, prose]) => {
    const parameter = Object.values(PARAMETERS).find((p) => p.component === component);
    if (!parameter) throw new Error(`openapi.ts: no parameter of the route table has the component ${component}`);
    const { name, in: location, description, ...rest } = prose as { name: string; in: string; description: string };
    const absent = parameter.required && parameter.in === "query" ? ` ${READINGS.required(parameter.name)}` : "";
    return [component, { name, in: location, required: parameter.required, description: description + absent, ...rest }];
  }),
);

const p = (name: string) => componentRef("parameters", name);

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/** A row's operation: `get` for the read-only rows, `post` for a row that answers POST (the MCP endpoint). */
function operationMethod(route: Route): "get" | "post" {
  return route.methods.includes("GET") ? "get" : "post";
}

function op(method: "get" | "post", tag: string, operationId: string, summary: string, description: string, parameters: Json[], responses: Json, extra: Json = {}): Json {
  return { [method]: { tags: [tag], operationId, summary, description, ...(parameters.length ? { parameters } : {}), responses, ...extra } };
}

/** The MCP endpoint's responses: JSON-RPC answers for the protocol, problem documents for HTTP-level refusals. */
function mcpResponses(route: Route, examples: ResponseExamples | undefined): Json {
  const noStore = { "Cache-Control": h("Cache-Control-No-Store"), ...COMMON_HEADERS };
  const jsonRpc = (description: string, example?: Json) => ({
    description,
    headers: noStore,
    content: { "application/json": { schema: schemaRef(route.ok.contentType === "json" ? (route.ok.schema as SchemaName) : "Problem"), ...example } },
  });
  const allow = allowHeaderOf(route.methods);
  return {
    "200": jsonRpc(route.doc.ok, sampleOf(route.id, examples)),
    "202": { description: "The POST held only notifications or responses: accepted, no body.", headers: noStore },
    "400": jsonRpc(
      "A protocol error, answered as a JSON-RPC error (not a problem document): the body is not JSON, not a JSON-RPC message, " +
        "or a batch of more than 100; or `MCP-Protocol-Version` names a version the server does not speak.",
    ),
    "405": problemResponse(`A method other than ${allow}: GET (the server offers no event stream) and DELETE (no sessions) included.`, ["method-not-allowed"], {
      Allow: { description: "The methods this endpoint answers.", schema: { type: "string", const: allow } },
    }),
    "406": r("McpNotAcceptable"),
    "408": r("RequestTimeout"),
    "413": r("McpContentTooLarge"),
    "414": r("UriTooLong"),
    "415": r("McpUnsupportedMediaType"),
    "417": r("ExpectationFailed"),
    "429": r("TooManyRequests"),
    "431": r("HeaderFieldsTooLarge"),
    "500": r("InternalError"),
  };
}

/** `examples` of a 200's media type: the answer to the row's sample request (contract/examples.ts), when given. */
function sampleOf(id: RouteId, examples: ResponseExamples | undefined): Json | undefined {
  if (!examples || !Object.hasOwn(examples, id)) return undefined;
  const { request, summary } = SAMPLE_REQUESTS[id];
  const method = id === "mcp" ? "POST" : "GET";
  return { examples: { sample: { summary, description: `\`${method} ${request}\``, value: examples[id] } } };
}

/** The responses of a row: by the function that answers it and the errors it documents. */
function responsesOf(route: Route, examples: ResponseExamples | undefined): Json {
  if (route.fn === "mcp") return mcpResponses(route, examples);
  const ok = route.ok;
  const sample = sampleOf(route.id, examples);
  if (ok.contentType === "calendar") {
    return {
      "200": {
        description: route.doc.ok,
        headers: OK_HEADERS,
        content: { "text/calendar": { schema: { type: "string", pattern: "^BEGIN:VCALENDAR" }, ...sample } },
      },
      "304": r("NotModified"),
      "400": r("FeedBadRequest"),
      "405": r("MethodNotAllowed"),
      "408": r("RequestTimeout"),
      "414": r("UriTooLong"),
      "417": r("ExpectationFailed"),
      "429": r("TooManyRequests"),
      "431": r("HeaderFieldsTooLarge"),
      "500": r("InternalError"),
    };
  }
  const schema = ok.array ? { type: "array", items: schemaRef(ok.schema as SchemaName) } : schemaRef(ok.schema as SchemaName);
  if (route.fn === "v2") return v2Responses(jsonOk(route.doc.ok, schema, { ...OK_HEADERS, ...V2_HEADERS }, sample));
  if (route.cache === "no-store") {
    return {
      "200": jsonOk(route.doc.ok, schema, { "Cache-Control": h("Cache-Control-No-Store"), ETag: h("ETag"), ...COMMON_HEADERS }, sample),
      "304": r("NotModified"),
      "405": r("MethodNotAllowed"),
      "408": r("RequestTimeout"),
      "414": r("UriTooLong"),
      "417": r("ExpectationFailed"),
      "429": r("TooManyRequests"),
      "431": r("HeaderFieldsTooLarge"),
      "500": r("InternalError"),
    };
  }
  return v3Responses(jsonOk(route.doc.ok, schema, OK_HEADERS, sample), { notFound: route.errors.includes(404), badRequest: route.errors.includes(400) });
}

/** The request body of a row that takes one (the MCP endpoint's JSON-RPC message). */
function requestBodyOf(route: Route): Json {
  if (!route.requestBody) return {};
  const { schema, description } = route.requestBody;
  return { requestBody: { required: true, description, content: { "application/json": { schema: componentRef("schemas", schema) } } } };
}

/** One operation per row of the route table: GET for the read-only rows, POST for the MCP endpoint. */
function paths(examples: ResponseExamples | undefined): Json {
  return Object.fromEntries(
    ROUTES.map((route) => [
      route.path,
      op(
        operationMethod(route),
        route.doc.tag,
        route.doc.operationId,
        route.doc.summary,
        route.doc.description,
        route.parameters.map((key) => p(PARAMETERS[key].component)),
        responsesOf(route, examples),
        { ...requestBodyOf(route), ...(route.doc.deprecated ? { deprecated: true } : {}) },
      ),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// The description
// ---------------------------------------------------------------------------------------------

/** When each problem type is answered, in words (the document's slug table; the site's API page lists it too). */
export const PROBLEM_WHEN: Readonly<Record<ProblemSlug, string>> = {
  "invalid-parameter":
    "a parameter fails validation: malformed date (path or query), wrong-shaped year, bad boolean, bad `bounds`, unreadable " +
    `\`add\`, more than ${MAX_STEPS} steps, bad \`days\` or \`objective\`, range out of order, range or period over ` +
    `${MAX_SPAN_YEARS} years, leave-plan span over ${MAX_PLAN_DAYS} days, date or step outside ${FIRST_YEAR}-${LAST_YEAR}, ` +
    `a flag-day year before ${FLAG_DAYS_FROM}, bad \`convention\` or \`day\`, a convention needing a business day outside ` +
    "the range, not exactly one form of /v3/due-dates, an unknown due-date schedule code (`schedule`, the feed's `due`), a " +
    "due-date year before its schedule's `since`, a missing required parameter, duplicated parameter",
  "invalid-date": "right format, impossible calendar date (2023-02-29, 2024-13-01, 2024-04-31)",
  "invalid-year": "v2 `year` malformed, empty or outside 1930 to 9999",
  "not-found": "no such route, or no observance with that code (a path value; an unknown code in the query is 400 invalid-parameter)",
  "method-not-allowed":
    "a method the route does not answer: other than GET, HEAD, OPTIONS, or on `/mcp` other than POST, OPTIONS (header `Allow`; an " +
    "addition to the specification's table)",
  "not-acceptable": "a POST to `/mcp` whose `Accept` does not list both `application/json` and `text/event-stream`",
  gone: "a retired endpoint (the v2 withdrawal)",
  "content-too-large": `a POST to \`/mcp\` with a body over ${MCP_MAX_BODY_BYTES / 1024} KiB`,
  "unsupported-media-type": "a POST to `/mcp` whose `Content-Type` is not `application/json`",
  "rate-limited": "too many requests in the window; `Retry-After` gives seconds to wait",
  "uri-too-long": "the request target is too long (the standalone server's limit: 8 KiB)",
  "request-header-fields-too-large": "the request's header fields are too large (the standalone server's limit: 16 KiB)",
  "request-timeout": "the request's headers or body did not arrive completely in time (the standalone server)",
  "expectation-failed": "an `Expect` header other than `100-continue` (the standalone server)",
  "internal-error": "server fault",
};

function slugTable(): string {
  const when = PROBLEM_WHEN;
  return [
    "| Slug | Status | When |",
    "|---|---|---|",
    ...PROBLEM_SLUGS.map((s) => `| \`${s}\` | ${PROBLEM_STATUS[s]} | ${when[s]} |`),
  ].join("\n");
}

/**
 * The dataset's files as a Markdown table: a route file's requests each in a code span of its own, separated by
 * "or" (a `|` inside a cell, even in code, would end the cell in Markdown), a static-only file's contents as prose
 * (its own code spans kept). No cell holds a `|`: test/contract/openapi.test.ts checks every row has two cells.
 */
function staticDatasetSection(): string {
  const cell = (row: ReturnType<typeof datasetFileRows>[number]) => (row.requests ? row.requests.map((r) => `\`${r}\``).join(" or ") : capitalised(row.holds!));
  const rows = datasetFileRows().map((row) => `| \`${row.path}\` | ${cell(row)} |`);
  const files = rows.length ? "\n\n| File | Answers |\n|---|---|\n" + rows.join("\n") : "";
  return `## Static dataset\n\n${STATIC_DATASET_NOTE}${files}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function description(): string {
  return [
    "Swedish public holidays, de facto holidays, bridge days (klämdagar), half days (halvdagar), ISO week numbers, long " +
      "weekends, leave plans, flag days, business-day conventions, due dates, counts over a period, date " +
      `arithmetic and a catalogue of named holidays, for every date from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31. Read-only: ` +
      "every endpoint is GET (HEAD answers like GET without a body; OPTIONS is the CORS preflight and answers 204), except the " +
      "Model Context Protocol endpoint `POST /mcp`, whose tools answer the same questions for AI assistants. HTTPS only; " +
      "CORS is open to every origin; no authentication.",
    "## Conventions\n\n" +
      "- Dates are ISO 8601 `YYYY-MM-DD`; 'today' and the default `year` are decided by Swedish local time (Europe/Stockholm).\n" +
      `- Years range from ${FIRST_YEAR} to ${LAST_YEAR}; \`year\` is exactly four digits.\n` +
      "- Weekdays use ISO numbering: 1 is Monday, 7 is Sunday.\n" +
      "- v3 booleans are lowercase `true` or `false` and nothing else; the calendar feed accepts looser spellings.\n" +
      "- Unknown query parameters are ignored. Known parameters are validated strictly; a known parameter given twice is 400, " +
      "except the repeatable `add`.\n" +
      "- A list is wrapped in an envelope carrying `count` beside the named list field; a single resource is returned bare. " +
      "Additive fields may appear on v3 objects: read the named fields.\n" +
      "- Answers are a pure function of the request parameters.",
    "## Readings\n\n" +
      [
        READINGS.holidayType,
        READINGS.bridgeDay,
        READINGS.halfDay,
        "Duration: " + READINGS.duration,
        READINGS.spanLimit,
        READINGS.range,
        READINGS.bStep,
        READINGS.yStep,
        READINGS.sundayRule,
        "Shift period: " + READINGS.shiftPeriod,
        "ISO week: " + READINGS.isoWeek,
        READINGS.longWeekend,
        "Leave plan: " + READINGS.leavePlan,
        "Flag days: " + READINGS.flagDays + " `holiday` of a flag day: " + READINGS.flagDayHoliday,
        READINGS.businessDay + " " + READINGS.conventions + " " + READINGS.conventionRange,
        READINGS.dueDates + " " + READINGS.dueDateForms,
      ]
        .map((t) => `- ${t}`)
        .join("\n"),
    "## Errors\n\n" +
      "Errors are problem documents (RFC 9457, `application/problem+json`) with `type`, `title`, `status` and a `detail` naming " +
      "the parameter and the accepted form. Branch on `type`, never on `title` or `detail`. `type` is " +
      `\`${PROBLEM_BASE}/\` followed by a slug; the prefix is fixed and the URIs name the errors, they are not pages. Errors ` +
      "are never cached (`Cache-Control: no-store`).\n\n" +
      slugTable(),
    "## Limits and caching\n\n" +
      `Per calling address: /v3/* ${SURFACES.v3.limit} requests ${perWindow(SURFACES.v3.windowSeconds)}; v2 ${SURFACES.v2.limit} ` +
      `${perWindow(SURFACES.v2.windowSeconds)} (blocked for ${SURFACES.v2.blockSeconds} seconds when over); calendar feed ${SURFACES.feed.limit} ` +
      `${perWindow(SURFACES.feed.windowSeconds)}, or ${SURFACES["feed-query"].limit} when query parameters are present; \`/health\` ` +
      `${SURFACES.v3.limit} ${perWindow(SURFACES.v3.windowSeconds)} on its own counter; \`/mcp\` ${SURFACES.mcp.limit} ` +
      `${perWindow(SURFACES.mcp.windowSeconds)} on its own counter. Over the limit: 429 \`rate-limited\` with \`Retry-After\`. Every ` +
      "response carries `RateLimit-Limit` and `RateLimit-Policy` (`limit;w=seconds`); `RateLimit-Remaining` is not sent. No daily " +
      `or monthly quota. Successful answers carry a strong \`ETag\` and \`Cache-Control: ${CACHE_LONG}\` (with \`year\` omitted: ` +
      "`s-maxage` until midnight in Sweden); `If-None-Match` gives 304.",
    "## Versioning\n\n" +
      `This is version ${API_VERSION} of the v3 API under \`/v3/\`. The unversioned v2 endpoints (\`/holidays\`, \`/half-days\`, ` +
      "`/bridge-days`) are deprecated and being withdrawn: every v2 response carries `Link` (relations `deprecation` and " +
      "`sunset`); once the withdrawal is announced, `Deprecation` (`@<epoch seconds>`) and `Sunset` (six months later) appear, " +
      `the v2 limit tightens to ${V2_LIMIT_AFTER_ONE_MONTH} ${perWindow(SURFACES.v2.windowSeconds)} after one month and ` +
      `${V2_LIMIT_AFTER_THREE_MONTHS} ${perWindow(SURFACES.v2.windowSeconds)} after three, one-hour brownouts in the last ` +
      "month answer 410 `gone`, and from the sunset every v2 request answers 410 `gone`. The calendar feed and `/health` are " +
      "outside the versioned API.",
    staticDatasetSection(),
  ].join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** The OpenAPI 3.1.0 document of the service. Deterministic: no clock, no environment. */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const strict = options.strict === true;
  const info = {
    title: "Swedish Calendar Service",
    version: API_VERSION,
    summary: "Swedish public holidays, de facto holidays, bridge days, half days, ISO weeks, long weekends, leave plans, periods and date shifting, 1930-9999.",
  };
  // the document cannot hold itself: its own example is its head and one path (`/health`), as generated here
  let examples: ResponseExamples | undefined;
  if (options.examples) {
    const { openapi: _self, ...others } = options.examples;
    examples = { ...others, openapi: { openapi: "3.1.0", info, paths: { [PATHS.health]: (paths(others) as Json)[PATHS.health] } } };
  }
  return {
    openapi: "3.1.0",
    info: { ...info, description: description() },
    servers: [{ url: "/", description: "Relative to the address this document was fetched from (HTTPS only)." }],
    tags: [
      { name: "Calendar", description: "Days, holiday lists, bridge days and half days." },
      { name: "Periods and shifts", description: "Counting over a period and moving a date." },
      { name: "Time off", description: "Long weekends and the best use of leave days." },
      { name: "Catalogue", description: "The 20 named observances and their occurrences." },
      { name: "Flag days", description: "Official flag days (allmänna flaggdagar) from 1983, and the rules they follow." },
      { name: "Business days", description: "Business-day conventions and Swedish due dates (salary, child benefit, the tax account, or a rule of your own)." },
      { name: "Service", description: "This document and monitoring." },
      { name: "Calendar feed", description: "iCalendar subscription (outside the versioned API; permanent addresses)." },
      { name: "v2 (deprecated)", description: "The older unversioned API, being withdrawn." },
      { name: "Model Context Protocol", description: "Tools for AI assistants over MCP (stateless Streamable HTTP); see docs/mcp.md." },
    ],
    paths: paths(examples),
    components: {
      schemas: componentSchemas(strict),
      parameters: PARAMETER_COMPONENTS,
      headers: HEADERS,
      responses: RESPONSES,
    },
    "x-problem-base": PROBLEM_BASE,
    "x-problem-types": Object.fromEntries(PROBLEM_SLUGS.map((s) => [s, { type: problemType(s), status: PROBLEM_STATUS[s] }])),
    "x-static-dataset": { description: STATIC_DATASET_NOTE, files: staticDatasetFiles() },
  };
}
