/**
 * `components.responses` and each operation's responses: problem documents with an example per slug, the 200 of each
 * route by the function that answers it (with its sample answer, contract/examples.ts), the MCP endpoint's JSON-RPC
 * answers.
 */
import { FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR, MAX_PLAN_DAYS, MAX_SPAN_YEARS, MAX_STEPS } from "swedish-calendar/core";
import { problemType, type SchemaName } from "../bodies.js";
import { NOT_READY_SAMPLE, type ResponseExamples, SAMPLE_REQUESTS, type SampleRequest } from "../examples.js";
import type { RouteId } from "../paths.js";
import {
  allowHeaderOf,
  MCP_MAX_BODY_BYTES,
  RATE_LIMITS,
  V2_LIMIT_AFTER_ONE_MONTH,
  V2_LIMIT_AFTER_THREE_MONTHS,
} from "../policies.js";
import { PROBLEM_STATUS, PROBLEM_TITLES, type ProblemSlug } from "../problems.js";
import { perWindow, type Route } from "../routes.js";
import { COMMON_HEADERS, ERROR_HEADERS, h, OK_HEADERS, V2_HEADERS } from "./headers.js";
import { componentRef, type Json, schemaRef } from "./json.js";

const PROBLEM_DETAILS: Record<ProblemSlug, string> = {
  "invalid-parameter": `'year' must be a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}`,
  "invalid-date": "'date' is not a calendar date: 2023-02-29 does not exist",
  "invalid-year": `'year' must be a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}`,
  "not-found": "no resource at '/v3/holiday'; see /v3/openapi.json for the routes",
  "method-not-allowed": "method POST is not allowed; use GET, HEAD, OPTIONS",
  "not-acceptable": "the 'Accept' header must list both application/json and text/event-stream (MCP Streamable HTTP)",
  gone: "the unversioned API has been withdrawn; use /v3/",
  "content-too-large": `the request body is larger than ${MCP_MAX_BODY_BYTES} bytes`,
  "unsupported-media-type": "the 'Content-Type' header must be application/json (a JSON-RPC message)",
  "rate-limited": `more than ${RATE_LIMITS.v3.limit} requests in ${RATE_LIMITS.v3.windowSeconds} seconds from this address; retry after 42 seconds`,
  "uri-too-long": "the request target is longer than 8192 bytes",
  "request-header-fields-too-large": "the request's header fields are larger than 16384 bytes",
  "request-timeout": "the request was not received completely in time",
  "expectation-failed": "the 'Expect' header 'x-custom' is not supported; only '100-continue' is",
  "internal-error": "the server failed to answer this request; please try again later",
};

function problemExample(slug: ProblemSlug): Json {
  return {
    summary: slug,
    value: {
      type: problemType(slug),
      title: PROBLEM_TITLES[slug],
      status: PROBLEM_STATUS[slug],
      detail: PROBLEM_DETAILS[slug],
    },
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

export const RESPONSES: Json = {
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
  NotFound: problemResponse(
    "No such route, or no observance with that code (a path value: an unknown code in the query is 400).",
    ["not-found"],
  ),
  MethodNotAllowed: problemResponse(
    "A method other than GET, HEAD or OPTIONS (listed on every operation because OpenAPI has no place for undeclared methods).",
    ["method-not-allowed"],
    { Allow: h("Allow") },
  ),
  TooManyRequests: problemResponse(
    "Too many requests from this address in the window; wait `Retry-After` seconds.",
    ["rate-limited"],
    {
      "Retry-After": h("Retry-After"),
    },
  ),
  InternalError: problemResponse("Server fault.", ["internal-error"]),
  UriTooLong: problemResponse("The request target is too long (answered by the server before any route).", [
    "uri-too-long",
  ]),
  HeaderFieldsTooLarge: problemResponse(
    "The request's header fields are too large (answered by the server before any route).",
    ["request-header-fields-too-large"],
  ),
  RequestTimeout: problemResponse(
    "The request's headers or body did not arrive completely in time (answered by the server before any route).",
    ["request-timeout"],
  ),
  ExpectationFailed: problemResponse(
    "An `Expect` header other than `100-continue` (answered by the server before any route).",
    ["expectation-failed"],
  ),
  V2BadRequest: problemResponse(
    `\`year\` malformed, empty, not exactly four digits or outside ${FIRST_YEAR}-${LAST_YEAR}. It never falls back to the default; only omission does.`,
    ["invalid-year"],
    V2_HEADERS,
  ),
  V2NotModified: {
    description: "`If-None-Match` matched the current `ETag`: no body.",
    headers: { ...OK_HEADERS, ...V2_HEADERS },
  },
  V2TooManyRequests: problemResponse(
    `More than the v2 limit (${RATE_LIMITS.v2.limit} ${perWindow(RATE_LIMITS.v2.windowSeconds)}, tightened to ${V2_LIMIT_AFTER_ONE_MONTH} from ` +
      `one month after the announcement and to ${V2_LIMIT_AFTER_THREE_MONTHS} from three months after it); a client over the limit is ` +
      `blocked for ${RATE_LIMITS.v2.blockSeconds} seconds.`,
    ["rate-limited"],
    { "Retry-After": h("Retry-After"), ...V2_HEADERS },
  ),
  Gone: problemResponse(
    "The unversioned API is withdrawn: during an announced one-hour brownout window in the last month before the sunset, and " +
      "permanently from the sunset (announcement + 6 months).",
    ["gone"],
    {
      ...V2_HEADERS,
      "Retry-After": {
        ...h("Retry-After"),
        description: "During a brownout: whole seconds until the window ends. Absent after the sunset.",
      },
    },
  ),
  FeedBadRequest: problemResponse(
    "A known feed option has a value that is not a boolean, or `due` names no schedule or an unknown one.",
    ["invalid-parameter"],
  ),
  McpNotAcceptable: problemResponse(
    "`Accept` does not list both `application/json` and `text/event-stream`, as the Streamable HTTP transport requires.",
    ["not-acceptable"],
  ),
  McpContentTooLarge: problemResponse(`The body is larger than ${MCP_MAX_BODY_BYTES / 1024} KiB.`, [
    "content-too-large",
  ]),
  McpUnsupportedMediaType: problemResponse("`Content-Type` is not `application/json`.", ["unsupported-media-type"]),
};

const r = (name: string) => componentRef("responses", name);

/** What any request to a v3 or feed operation can meet whatever it asks: a method, a size, a rate limit or a fault. */
const requestResponses = (): Json => ({
  "405": r("MethodNotAllowed"),
  "408": r("RequestTimeout"),
  "414": r("UriTooLong"),
  "417": r("ExpectationFailed"),
  "429": r("TooManyRequests"),
  "431": r("HeaderFieldsTooLarge"),
  "500": r("InternalError"),
});

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
    ...requestResponses(),
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

/** The MCP endpoint's responses: JSON-RPC answers for the protocol, problem documents for HTTP-level refusals. */
function mcpResponses(route: Route, examples: ResponseExamples | undefined): Json {
  const noStore = { "Cache-Control": h("Cache-Control-No-Store"), ...COMMON_HEADERS };
  const jsonRpc = (description: string, example?: Json) => ({
    description,
    headers: noStore,
    content: {
      "application/json": {
        schema: schemaRef(route.ok.contentType === "json" ? (route.ok.schema as SchemaName) : "Problem"),
        ...example,
      },
    },
  });
  const allow = allowHeaderOf(route.methods);
  return {
    "200": jsonRpc(route.doc.ok, sampleOf(route.id, examples)),
    "202": { description: "The POST held only notifications or responses: accepted, no body.", headers: noStore },
    "400": jsonRpc(
      "A protocol error, answered as a JSON-RPC error (not a problem document): the body is not JSON, not a JSON-RPC message, " +
        "or a batch of more than 100; or `MCP-Protocol-Version` names a version the server does not speak.",
    ),
    "405": problemResponse(
      `A method other than ${allow}: GET (the server offers no event stream) and DELETE (no sessions) included.`,
      ["method-not-allowed"],
      {
        Allow: { description: "The methods this endpoint answers.", schema: { type: "string", const: allow } },
      },
    ),
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

/** `examples` of a media type: the answer to a sample request (contract/examples.ts), named `sample`. */
const exampleOf = ({ request, summary }: SampleRequest, method: string, value: unknown): Json => ({
  examples: { sample: { summary, description: `\`${method} ${request}\``, value } },
});

/** `examples` of a 200's media type: the answer to the route's sample request, when given. */
export function sampleOf(id: RouteId, examples: ResponseExamples | undefined): Json | undefined {
  if (!examples || !Object.hasOwn(examples, id)) return undefined;
  return exampleOf(SAMPLE_REQUESTS[id], id === "mcp" ? "POST" : "GET", examples[id]);
}

/** `examples` of /health's 503: the answer to NOT_READY_SAMPLE, when given. */
function notReadyOf(examples: ResponseExamples | undefined): Json | undefined {
  if (!examples || !Object.hasOwn(examples, "healthNotReady")) return undefined;
  return exampleOf(NOT_READY_SAMPLE, "GET", examples.healthNotReady);
}

/** The responses of a route: by the function that answers it and the errors it documents. */
export function responsesOf(route: Route, examples: ResponseExamples | undefined): Json {
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
      ...requestResponses(),
    };
  }
  const schema = ok.array
    ? { type: "array", items: schemaRef(ok.schema as SchemaName) }
    : schemaRef(ok.schema as SchemaName);
  if (route.fn === "v2") return v2Responses(jsonOk(route.doc.ok, schema, { ...OK_HEADERS, ...V2_HEADERS }, sample));
  if (route.cache === "no-store") {
    // /health: never counted, so no 429; `?ready` answers 503 with the same body while the process starts or stops
    const noStore = { "Cache-Control": h("Cache-Control-No-Store"), ...COMMON_HEADERS };
    return {
      "200": jsonOk(route.doc.ok, schema, { ...noStore, ETag: h("ETag") }, sample),
      "304": r("NotModified"),
      ...(route.errors.includes(400) ? { "400": r("BadRequest") } : {}),
      "405": r("MethodNotAllowed"),
      "408": r("RequestTimeout"),
      "414": r("UriTooLong"),
      "417": r("ExpectationFailed"),
      ...(route.counted === false ? {} : { "429": r("TooManyRequests") }),
      "431": r("HeaderFieldsTooLarge"),
      "500": r("InternalError"),
      "503": {
        description:
          "Asked with `ready` (`/health?ready`): the answering process is not ready for traffic (starting, or stopping); the body " +
          "is the same document with `ready: false`. Plain `/health` never answers 503.",
        headers: noStore,
        content: { "application/json": { schema, ...notReadyOf(examples) } },
      },
    };
  }
  return v3Responses(jsonOk(route.doc.ok, schema, OK_HEADERS, sample), {
    notFound: route.errors.includes(404),
    badRequest: route.errors.includes(400),
  });
}
