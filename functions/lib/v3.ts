import {
  CalendarError, findRule, parseBounds, parseIsoDate, parseSteps, parseStrictBoolean, parseYear, period, shift, singleParam,
} from "../../data-gen/index.js";
import {
  bridgeDaysResource, catalogueResource, dayResource, halfDaysResource, holidaysResource, occurrenceSeries,
} from "../../data-gen/resources.js";
import { serializeJson } from "../../data-gen/serialize.js";
import { CACHE_LONG, cacheUntilStockholmMidnight, stockholmYear } from "./cache.js";
import { jsonResponse } from "./http.js";
import { openApiBody } from "./openapi.js";
import { notFound } from "./problem.js";
import { V3_POLICY } from "./policies.js";
import { devFallbackBase, routePathname } from "./routes.js";
import { serve, type ServiceContext, type Surface } from "./serve.js";

export { V3_POLICY };
export const V3_SURFACE: Surface = {
  name: "v3",
  policy: () => V3_POLICY,
  counts: (request) => devFallbackBase(routePathname(request.url)) === undefined,
};

/** A year parameter that may be omitted: omission means the current year in Sweden and a cache until midnight. */
function yearParam(params: URLSearchParams, name: string, ctx: ServiceContext): { year: number; cache: string } | { year: undefined; cache: string } {
  const raw = singleParam(params, name);
  if (raw === undefined) return { year: undefined, cache: cacheUntilStockholmMidnight(ctx.clock()) };
  return { year: parseYear(raw, name), cache: CACHE_LONG };
}

function year(params: URLSearchParams, ctx: ServiceContext): { year: number; cache: string } {
  const p = yearParam(params, "year", ctx);
  return { year: p.year ?? stockholmYear(ctx.clock()), cache: p.cache };
}

function flag(params: URLSearchParams, name: string): boolean {
  const raw = singleParam(params, name);
  return raw === undefined ? false : parseStrictBoolean(raw, name);
}

let catalogueBody: string | undefined;

type Route = (request: Request, params: URLSearchParams, ctx: ServiceContext, rest: string[], pathname: string) => Response;

const ROUTES: Record<string, Route> = {
  holidays(request, params, ctx) {
    const { year: y, cache } = year(params, ctx);
    const sundays = flag(params, "sundays");
    const saturdays = flag(params, "saturdays");
    return jsonResponse(request, serializeJson(holidaysResource(y, { sundays, saturdays })), cache);
  },
  "bridge-days"(request, params, ctx) {
    const { year: y, cache } = year(params, ctx);
    return jsonResponse(request, serializeJson(bridgeDaysResource(y)), cache);
  },
  "half-days"(request, params, ctx) {
    const { year: y, cache } = year(params, ctx);
    return jsonResponse(request, serializeJson(halfDaysResource(y)), cache);
  },
  days(request, _params, _ctx, rest, pathname) {
    if (rest.length !== 1 || rest[0] === "") throw notFound(pathname);
    const date = parseIsoDate(decodeSegment(rest[0]), "date");
    return jsonResponse(request, serializeJson(dayResource(date)), CACHE_LONG);
  },
  period(request, params) {
    const fromText = singleParam(params, "from");
    const toText = singleParam(params, "to");
    const boundsText = singleParam(params, "bounds");
    const from = parseIsoDate(fromText, "from");
    const to = parseIsoDate(toText, "to");
    const bounds = boundsText === undefined ? "inclusive" : parseBounds(boundsText);
    return jsonResponse(request, serializeJson(period(from, to, bounds, fromText, toText)), CACHE_LONG);
  },
  shift(request, params) {
    const dateText = singleParam(params, "date");
    const date = parseIsoDate(dateText, "date");
    const steps = parseSteps(params.getAll("add"));
    const postpone = flag(params, "postpone");
    return jsonResponse(request, serializeJson(shift(date, steps, postpone, dateText)), CACHE_LONG);
  },
  observances(request, params, ctx, rest, pathname) {
    if (rest.length === 0) return jsonResponse(request, (catalogueBody ??= serializeJson(catalogueResource())), CACHE_LONG);
    if (rest.length !== 1 || rest[0] === "") throw notFound(pathname);
    findRule(decodeSegment(rest[0])); // an unknown code is 404 before any parameter is read
    const from = yearParam(params, "from", ctx);
    const toRaw = singleParam(params, "to");
    const fromYear = from.year ?? stockholmYear(ctx.clock());
    const toYear = toRaw === undefined ? fromYear : parseYear(toRaw, "to");
    return jsonResponse(request, serializeJson(occurrenceSeries(decodeSegment(rest[0]), fromYear, toYear)), from.cache);
  },
  "openapi.json"(request) {
    return jsonResponse(request, openApiBody(), CACHE_LONG);
  },
};

/** Routes without sub-paths: anything after them is not found. */
const LEAF_ROUTES = new Set(["holidays", "bridge-days", "half-days", "period", "shift", "openapi.json"]);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The v3 router: reads the pathname (after routePathname) and the query, never the host. */
export function routeV3(request: Request, ctx: ServiceContext): Response {
  const url = new URL(request.url);
  const pathname = routePathname(url);
  const base = devFallbackBase(pathname);
  if (base !== undefined) {
    // netlify dev's retry of a 404 (see devFallbackBase): answer the base path's not-found problem
    try {
      routePath(request, url, base, ctx);
    } catch (error) {
      if (error instanceof CalendarError && error.status === 404) throw error;
    }
    throw notFound(url.pathname);
  }
  return routePath(request, url, pathname, ctx);
}

function routePath(request: Request, url: URL, pathname: string, ctx: ServiceContext): Response {
  const segments = pathname.split("/").slice(1); // "/v3/days/x" -> ["v3", "days", "x"]
  if (segments[0] !== "v3" || segments.length < 2) throw notFound(pathname);
  const [, name, ...rest] = segments;
  const route = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
  if (!route || (LEAF_ROUTES.has(name) && rest.length > 0)) throw notFound(pathname);
  return route(request, url.searchParams, ctx, rest, pathname);
}

/** Every /v3 request: validation, engine, serialisation, with the shared HTTP rules of serve(). */
export const handleV3 = serve(V3_SURFACE, routeV3);

