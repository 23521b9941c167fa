/**
 * The calendar subscription feed over HTTP (SPEC.md "Calendar feed"): /ical/svenska-helgdagar.ics and
 * /ical/holidays serve the same calendar. The window is the current year in Sweden ± 2 and cannot be changed.
 */
import { FEED_CACHE_CONTROL, FEED_LIMIT, FEED_LIMIT_WITH_QUERY } from "../../data-gen/constants.js";
import { parseLooseBoolean, singleParam } from "../../data-gen/index.js";
import { buildFeed, DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES, type FeedOptions } from "../../data-gen/feed.js";
import { stockholmYear } from "./cache.js";
import { okResponse } from "./http.js";
import { notFound } from "./problem.js";
import type { RateLimitPolicy } from "./ratelimit.js";
import { routePathname, withoutTrailingSlash } from "./routes.js";
import { serve, type ServiceContext, type Surface } from "./serve.js";

/** The two permanent addresses of the feed (the function's `config.path`). */
export const FEED_FUNCTION_PATHS = ["/ical/svenska-helgdagar.ics", "/ical/holidays"] as const;

export const FEED_CONTENT_TYPE = "text/calendar; charset=utf-8";
/** Six hours, for browsers, calendar clients and shared caches alike; matches X-PUBLISHED-TTL / REFRESH-INTERVAL. */
export { FEED_CACHE_CONTROL };
/** Years before and after the current year in Sweden. */
export const FEED_WINDOW_RADIUS = 2;

/** SPEC.md Limits: 30 per 10 s, or 10 per 10 s when the request has query parameters (a custom build). */
export const FEED_POLICY: RateLimitPolicy = FEED_LIMIT;
export const FEED_POLICY_WITH_QUERY: RateLimitPolicy = FEED_LIMIT_WITH_QUERY;
/** Netlify's platform limit (it cannot look at the query): the larger of the two. */
export const FEED_PLATFORM_RATE_LIMIT = { windowLimit: FEED_LIMIT.limit, windowSize: FEED_LIMIT.windowSeconds } as const;

export function feedPolicy(request: Request): RateLimitPolicy {
  const params = new URL(request.url).searchParams;
  return [...params.keys()].length > 0 ? FEED_POLICY_WITH_QUERY : FEED_POLICY;
}

export const FEED_SURFACE: Surface = { name: "feed", policy: (request) => feedPolicy(request) };

/**
 * The options of a request: each known parameter at most once (twice is 400), read as a loose boolean
 * (true/1/on/yes/bare, false/0/off/no, any case; anything else 400). Unknown parameters are ignored.
 */
export function feedOptionsOf(params: URLSearchParams): FeedOptions {
  const options: FeedOptions = { ...DEFAULT_FEED_OPTIONS };
  for (const name of FEED_OPTION_NAMES) {
    const raw = singleParam(params, name);
    if (raw !== undefined) options[name] = parseLooseBoolean(raw, name);
  }
  return options;
}

/** Built feeds of the current window, by option set (at most 64); emptied when the window moves. */
const built = new Map<string, string>();
let builtFor: number | undefined;

function feedBody(year: number, options: FeedOptions): string {
  if (builtFor !== year) {
    built.clear();
    builtFor = year;
  }
  const key = FEED_OPTION_NAMES.map((n) => (options[n] ? "1" : "0")).join("");
  let body = built.get(key);
  if (body === undefined) {
    body = buildFeed(year - FEED_WINDOW_RADIUS, year + FEED_WINDOW_RADIUS, options);
    built.set(key, body);
  }
  return body;
}

function routeFeed(request: Request, ctx: ServiceContext): Response {
  const url = new URL(request.url);
  const pathname = withoutTrailingSlash(routePathname(url));
  if (!(FEED_FUNCTION_PATHS as readonly string[]).includes(pathname)) throw notFound(url.pathname);
  const options = feedOptionsOf(url.searchParams);
  const body = feedBody(stockholmYear(ctx.clock()), options);
  return okResponse(request, body, FEED_CONTENT_TYPE, FEED_CACHE_CONTROL);
}

/** Every feed request: options, window from the clock, ETag/304, with the shared HTTP rules of serve(). */
export const handleFeed = serve(FEED_SURFACE, routeFeed);
