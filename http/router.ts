/**
 * The router, derived from the route table (contract/routes.ts): it matches a pathname to a route, reads the route's
 * declared parameters with the one argument reader (contract/arguments.ts: path values first, so an unknown observance
 * code is 404 before any query parameter is read; then every repeated query parameter; then each value with its
 * declared reader), chooses the cache policy the route declares and hands the typed arguments to the route's handler.
 * Handlers hold only the engine call.
 */
import { type ArgsOf, readArguments, requestValues } from "../contract/arguments.js";
import {
  CACHE_LONG,
  CALENDAR_CONTENT_TYPE,
  FEED_CACHE_CONTROL,
  JSON_CONTENT_TYPE,
  NETLIFY_CDN_CACHE_LONG,
  NO_STORE,
} from "../contract/policies.js";
import type { Route, RouteId } from "../contract/routes.js";
import { cacheUntilStockholmMidnight } from "./cache.js";
import { type Answer, okAnswer, type RequestHead } from "./http.js";
import { notFound } from "./problem.js";
import type { RequestContext, ServiceContext } from "./request-context.js";

export type { ArgsOf };

export interface RouteCall<R extends RouteId = RouteId> {
  request: RequestHead;
  url: URL;
  route: Route;
  /** the route's parameters, read and typed (contract/arguments.ts) */
  args: ArgsOf<R>;
  ctx: ServiceContext;
}

/** A route's implementation: the body of the 200 (serialised), or the body and a cache policy of its own (v2). */
export type RouteHandler<R extends RouteId = RouteId> = (
  call: RouteCall<R>,
) => string | { body: string; cacheControl: string };

/** The handlers of some routes, each typed by its route's arguments. */
export type RouteHandlers = { [R in RouteId]?: RouteHandler<R> };

/**
 * Reads a route's parameters from a request, as the table declares them (contract/arguments.ts). Throws CalendarError or
 * ProblemError. `params`: the query, or the URL it is read from (then only when the route declares query parameters).
 */
export function readRequestArguments<R extends RouteId>(
  id: R,
  pathValues: Record<string, string>,
  params: URLSearchParams | URL,
): ArgsOf<R> {
  return readArguments(id, requestValues(pathValues, params));
}

const CDN_CACHE_LONG_HEADERS = Object.freeze({ "Netlify-CDN-Cache-Control": NETLIFY_CDN_CACHE_LONG });

/** The Cache-Control the route declares for these arguments. */
export function cacheControlOf(route: Route, args: object, now: Date): string {
  switch (route.cache) {
    case "long":
      return CACHE_LONG;
    case "long-unless-omitted":
      return (args as Record<string, unknown>)[route.todayParameter!] === undefined
        ? cacheUntilStockholmMidnight(now)
        : CACHE_LONG;
    case "feed":
      return FEED_CACHE_CONTROL;
    case "no-store":
      return NO_STORE;
  }
}

/**
 * A handler for the routes of `handlers`: anything else (no route, or a route another function answers) is a not-found
 * problem. It reads the URL and the route the request's context matched once (serve(), requestContext()).
 */
export function tableRouter(handlers: RouteHandlers): (ctx: RequestContext) => Answer {
  return (ctx) => {
    const { request, url, match } = ctx;
    // a route's handler and its arguments belong to the same route (the compiler cannot follow a runtime id): one handler type
    const handler = match && (handlers[match.route.id] as RouteHandler | undefined);
    if (!match || !handler) throw notFound(url.pathname);
    const { route } = match;
    const args = readRequestArguments(route.id, match.pathValues, url);
    const answer = handler({ request, url, route, args, ctx });
    const body = typeof answer === "string" ? answer : answer.body;
    const cacheControl = typeof answer === "string" ? cacheControlOf(route, args, ctx.clock()) : answer.cacheControl;
    const contentType = route.ok.contentType === "json" ? JSON_CONTENT_TYPE : CALENDAR_CONTENT_TYPE;
    // the CDN keeps long-lived function answers in its durable cache (per-date answers outside the dataset window, periods, shifts)
    const extra = cacheControl === CACHE_LONG ? CDN_CACHE_LONG_HEADERS : undefined;
    return okAnswer(request, body, contentType, cacheControl, extra);
  };
}
