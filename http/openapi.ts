/**
 * The served OpenAPI document: contract/openapi.ts's public form with a 2xx example on every route, each the answer to
 * the route's sample request (contract/examples.ts) computed by the code that answers it over HTTP: the request is
 * matched and read by the route table's argument reader (contract/arguments.ts, as the routers read it), then V3_BODIES (v3), the feed
 * handler at the sample clock (the feed, cut to an excerpt), contract/v2.ts (v2), healthBody (/health) or the MCP
 * tool (/mcp). Serialised by ./openapi-body.ts.
 */
import {
  calendarExcerpt,
  MCP_SAMPLE_CALL,
  type ResponseExamples,
  SAMPLE_CLOCK,
  SAMPLE_REQUESTS,
} from "../contract/examples.js";
import { openApiDocument } from "../contract/openapi.js";
import { matchRoute } from "../contract/route-match.js";
import type { RouteId } from "../contract/routes.js";
import { serializeJson } from "../contract/serialize.js";
import { v2BridgeDays, v2HalfDays, v2Holidays } from "../contract/v2.js";
import { FEED_HANDLERS } from "./feed.js";
import { healthBody } from "./health.js";
import { callResult, runToolNow, TOOL_BY_NAME } from "./mcp-tools.js";
import { requestContext } from "./request-context.js";
import { type ArgsOf, readRequestArguments } from "./router.js";
import { bodyOf, isV3BodyRoute } from "./v3-bodies.js";

const SAMPLE_NOW = new Date(SAMPLE_CLOCK);

/** The URL of a route's sample request. */
const sampleUrl = (id: RouteId) => new URL(SAMPLE_REQUESTS[id].request, "http://localhost");

/** The sample request of a route, read as the router reads a request (contract/arguments.ts): its parsed, typed arguments. */
function sampleArguments<R extends RouteId>(id: R): ArgsOf<R> {
  const url = sampleUrl(id);
  const match = matchRoute(url.pathname);
  if (match?.route.id !== id) throw new Error(`the sample request of ${id} does not reach it: ${url.pathname}`);
  return readRequestArguments(id, match.pathValues, url.searchParams);
}

/** The year of a v2 sample (every sample names its year). */
const v2Year = (id: "v2HalfDays" | "v2BridgeDays" | "v2Holidays") => sampleArguments(id).year!;

/** The body of a route's sample request, as the handler answers it (JSON values parsed back from the served bytes). */
function sampleAnswer(id: RouteId): unknown {
  if (isV3BodyRoute(id)) return JSON.parse(serializeJson(bodyOf(id, sampleArguments(id), SAMPLE_NOW)));
  switch (id) {
    case "feed":
    case "feedAlias": {
      const url = sampleUrl(id);
      const request = new Request(url);
      const ctx = requestContext(request, { clock: () => SAMPLE_NOW });
      const route = matchRoute(url.pathname)!.route;
      const answer = FEED_HANDLERS[id]!({ request, url, route, args: sampleArguments(id), ctx });
      return calendarExcerpt(typeof answer === "string" ? answer : answer.body);
    }
    case "v2Holidays":
      return v2Holidays(v2Year(id), sampleArguments(id).weekends);
    case "v2HalfDays":
      return v2HalfDays(v2Year(id));
    case "v2BridgeDays":
      return v2BridgeDays(v2Year(id));
    case "health":
      // as a deployed function answers: the dataset lives on the CDN, so no manifest is on its disk
      return { ...healthBody(), dataset: null };
    case "mcp": {
      const tool = TOOL_BY_NAME.get(MCP_SAMPLE_CALL.name)!;
      return {
        jsonrpc: "2.0",
        id: 1,
        result: callResult(tool, runToolNow(tool, { ...MCP_SAMPLE_CALL.arguments }, SAMPLE_NOW)),
      };
    }
    default:
      return undefined; // openapi: the document cannot hold itself (contract/openapi.ts writes its excerpt)
  }
}

/**
 * The body of /health's 503 (NOT_READY_SAMPLE): what the standalone server's health answering says while it starts,
 * one process counting in memory, no dataset on disk (test/contract/openapi-examples.test.ts asks the handler).
 */
export function notReadyAnswer(): unknown {
  return { ...healthBody(NOT_READY_OPTIONS), dataset: null };
}

/** The standalone server's facts while it starts, as the NOT_READY_SAMPLE example shows them. */
export const NOT_READY_OPTIONS = {
  ready: () => false,
  server: () => ({ workers: 1, worker: 1, limiter: { store: "memory" as const, degraded: false } }),
};

/** The 2xx example of every route, and /health's 503. */
export function responseExamples(): ResponseExamples {
  const examples: ResponseExamples = {};
  for (const id of Object.keys(SAMPLE_REQUESTS) as RouteId[]) {
    const value = sampleAnswer(id);
    if (value !== undefined) examples[id] = value;
  }
  examples.healthNotReady = notReadyAnswer();
  return examples;
}

/** The served OpenAPI document (the public form, with the examples). */
export function publicOpenApiDocument(): Record<string, unknown> {
  return openApiDocument({ examples: responseExamples() });
}
