/**
 * The router, derived from the route table (contract/routes.ts): it matches a pathname to a row, reads the row's
 * declared parameters (path values first, so an unknown observance code is 404 before any query parameter is
 * read; then every repeated query parameter; then each value with its declared parser), chooses the cache policy
 * the row declares and hands the typed arguments to the row's handler. Handlers hold only the engine call.
 */
import { invalidParameter, ProblemError } from "../../contract/problems.js";
import { CACHE_LONG, FEED_CACHE_CONTROL, JSON_CONTENT_TYPE, CALENDAR_CONTENT_TYPE, NETLIFY_CDN_CACHE_LONG, NO_STORE } from "../../contract/policies.js";
import { PARAMETERS, matchRoute, type Parameter, type Route, type RouteId } from "../../contract/routes.js";
import { cacheUntilStockholmMidnight } from "./cache.js";
import { okAnswer, type Answer, type RequestHead } from "./http.js";
import { notFound } from "./problem.js";
import type { RequestContext, ServiceContext } from "./serve.js";

/** The parsed parameters of a request, by parameter name; an omitted optional parameter is absent. */
export type RouteArguments = Record<string, unknown>;

export interface RouteCall {
  request: RequestHead;
  url: URL;
  route: Route;
  args: RouteArguments;
  ctx: ServiceContext;
}

/** A row's implementation: the body of the 200 (serialised), or the body and a cache policy of its own (v2). */
export type RouteHandler = (call: RouteCall) => string | { body: string; cacheControl: string };

export type RouteHandlers = Partial<Record<RouteId, RouteHandler>>;

/** Decodes one path segment; invalid percent-encoding is a 400 naming the parameter. */
function decodeSegment(segment: string, name: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidParameter(name, `'${name}' is not valid percent-encoded text`);
  }
}

/** A row's declared parameters, path ones first as the table lists them, then query ones (read once per row). */
const DECLARED = new WeakMap<Route, { path: Parameter[]; query: Parameter[] }>();

function declaredOf(route: Route): { path: Parameter[]; query: Parameter[] } {
  let declared = DECLARED.get(route);
  if (!declared) {
    const all: Parameter[] = route.parameters.map((key) => PARAMETERS[key]);
    DECLARED.set(route, (declared = { path: all.filter((p) => p.in === "path"), query: all.filter((p) => p.in === "query") }));
  }
  return declared;
}

/**
 * Reads a row's parameters from a request, as the table declares them. Throws CalendarError. `params`: the query,
 * or the URL it is read from (then only when the row declares query parameters).
 */
export function readArguments(route: Route, pathValues: Record<string, string>, params: URLSearchParams | URL): RouteArguments {
  const args: RouteArguments = {};
  const declared = declaredOf(route);
  for (const p of declared.path) args[p.name] = p.parse([decodeSegment(pathValues[p.name], p.name)]);
  if (declared.query.length === 0) return args;
  readQuery(declared.query, params instanceof URL ? params.searchParams : params, args);
  return args;
}

function readQuery(declared: Parameter[], params: URLSearchParams, args: RouteArguments): void {
  // every repeated parameter is refused before any value is read
  const values = declared.map((p) => params.getAll(p.name));
  declared.forEach((p, i) => {
    const count = values[i].length;
    if (p.repeat === "reject" && count > 1) {
      throw new ProblemError(p.duplicateSlug ?? "invalid-parameter", `'${p.name}' was given ${count} times; give it once`, p.name);
    }
  });
  declared.forEach((p, i) => {
    const all = values[i];
    if (all.length === 0 && !p.required) return;
    args[p.name] = p.parse(p.repeat === "first" ? all.slice(0, 1) : all);
  });
}

const CDN_CACHE_LONG_HEADERS = Object.freeze({ "Netlify-CDN-Cache-Control": NETLIFY_CDN_CACHE_LONG });

/** The Cache-Control the row declares for these arguments. */
export function cacheControlOf(route: Route, args: RouteArguments, now: Date): string {
  switch (route.cache) {
    case "long":
      return CACHE_LONG;
    case "long-unless-omitted":
      return args[route.todayParameter!] === undefined ? cacheUntilStockholmMidnight(now) : CACHE_LONG;
    case "feed":
      return FEED_CACHE_CONTROL;
    case "no-store":
      return NO_STORE;
  }
}

/**
 * A handler for the rows of `handlers`: anything else (no row, or a row another function answers) is a
 * not-found problem. It reads the URL and the row the request's context has (serve() matched them once); called
 * with a context of no request of its own (in process, as the MCP tools call it), it reads them itself.
 * `pathnameOf` lets an adapter say which other path the request stands for (then matched here).
 */
export function tableRouter(handlers: RouteHandlers, pathnameOf?: (url: URL) => string) {
  return (request: RequestHead, ctx: ServiceContext | RequestContext): Answer => {
    const own = "request" in ctx && ctx.request === request ? ctx : undefined;
    const url = own ? own.url : new URL(request.url);
    const match = pathnameOf ? matchRoute(pathnameOf(url)) : own ? own.match : matchRoute(url.pathname);
    const handler = match && handlers[match.route.id];
    if (!match || !handler) throw notFound(url.pathname);
    const { route } = match;
    const args = readArguments(route, match.pathValues, url);
    const answer = handler({ request, url, route, args, ctx });
    const body = typeof answer === "string" ? answer : answer.body;
    const cacheControl = typeof answer === "string" ? cacheControlOf(route, args, ctx.clock()) : answer.cacheControl;
    const contentType = route.ok.contentType === "json" ? JSON_CONTENT_TYPE : CALENDAR_CONTENT_TYPE;
    // the CDN keeps long-lived function answers in its durable cache (per-date answers outside the dataset window, periods, shifts)
    const extra = cacheControl === CACHE_LONG ? CDN_CACHE_LONG_HEADERS : undefined;
    return okAnswer(request, body, contentType, cacheControl, extra);
  };
}
