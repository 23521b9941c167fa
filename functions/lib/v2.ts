/**
 * The older unversioned endpoints (SPEC.md "Older unversioned endpoints (v2)"): /holidays, /half-days,
 * /bridge-days at the root, frozen apart from bug fixes and being withdrawn (./withdrawal.ts).
 *
 * Every v2 response (200, 304, errors, 405, 429, 410) carries Link and, once the withdrawal is announced,
 * Deprecation and Sunset. RateLimit-* reflect the policy of the moment (5, 3 or 1 per 10 s).
 */
import { V2_LIMIT } from "../../data-gen/constants.js";
import { parseV2Year, CalendarError } from "../../data-gen/index.js";
import { serializeJson } from "../../data-gen/serialize.js";
import { parseV2Weekends, v2BridgeDays, v2HalfDays, v2Holidays } from "../../data-gen/v2.js";
import { CACHE_LONG, cacheUntilStockholmMidnight, stockholmYear } from "./cache.js";
import { jsonResponse } from "./http.js";
import { notFound, problemResponse } from "./problem.js";
import { routePathname, withoutTrailingSlash } from "./routes.js";
import { completeContext, serve, type ServedHandler, type ServiceContext, type Surface } from "./serve.js";
import { withdrawalConfigFromEnv, withdrawalState, type WithdrawalConfig } from "./withdrawal.js";

/** The paths of the v2 function (its `config.path`). */
export const V2_FUNCTION_PATHS = ["/holidays", "/half-days", "/bridge-days"] as const;

/** Netlify's platform limit for v2: the normal pace; the function itself tightens it along the timeline. */
export const V2_PLATFORM_RATE_LIMIT = { windowLimit: V2_LIMIT.limit, windowSize: V2_LIMIT.windowSeconds } as const;

/**
 * The v2 `year`: omitted means the current year in Sweden (cached until midnight there); anything given must be
 * exactly four digits in 1930-9999 (an empty, short or date-shaped value is 400 invalid-year, never the default).
 * Given twice is invalid-year as well.
 */
function v2Year(params: URLSearchParams, ctx: ServiceContext): { year: number; cache: string } {
  const all = params.getAll("year");
  if (all.length > 1) throw new CalendarError("invalid-year", `'year' was given ${all.length} times; give it once`, "year");
  const now = ctx.clock();
  if (all.length === 0) return { year: stockholmYear(now), cache: cacheUntilStockholmMidnight(now) };
  return { year: parseV2Year(all[0]), cache: CACHE_LONG };
}

/**
 * Once the end of v2 is configured, a cached 200 must not outlive the next moment the v2 answer changes: the
 * announcement (Deprecation and Sunset appear), a brownout, or the sunset. The shared-cache lifetime is capped
 * there, without stale-while-revalidate (which would serve the old answer once more after that moment).
 */
export function capCacheControl(cacheControl: string, config: WithdrawalConfig, now: Date): string {
  const nextChange = nextChangeAfter(config, now);
  if (nextChange === undefined) return cacheControl;
  const seconds = Math.max(0, Math.floor((nextChange - now.getTime()) / 1000));
  const sMaxAge = +(/s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  const stale = +(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1] ?? 0);
  if (sMaxAge + stale <= seconds) return cacheControl;
  return `public, max-age=0, s-maxage=${Math.min(sMaxAge, seconds)}`;
}

/** The next moment after `now` at which a v2 answer changes its headers or turns into a 410. */
function nextChangeAfter(config: WithdrawalConfig, now: Date): number | undefined {
  if (!config.announcedAt) return undefined;
  const t = now.getTime();
  const announced = Math.floor(config.announcedAt.getTime() / 1000) * 1000;
  if (announced > t) return announced;
  const sunset = withdrawalState(config, now).sunset;
  if (!sunset) return undefined;
  let next = sunset.getTime();
  for (const { start } of config.brownouts) {
    const s = start.getTime();
    if (s > t && s < next && withdrawalState(config, start).gone) next = s;
  }
  return next;
}

type Route = (request: Request, params: URLSearchParams, ctx: ServiceContext) => { body: string; cache: string };

const ROUTES: Record<string, Route> = {
  "/holidays"(_request, params, ctx) {
    const { year, cache } = v2Year(params, ctx);
    // v2 never rejected `weekends`: the first value decides, `true` in any letter case, anything else is false
    return { body: serializeJson(v2Holidays(year, parseV2Weekends(params.get("weekends")))), cache };
  },
  "/half-days"(_request, params, ctx) {
    const { year, cache } = v2Year(params, ctx);
    return { body: serializeJson(v2HalfDays(year)), cache };
  },
  "/bridge-days"(_request, params, ctx) {
    const { year, cache } = v2Year(params, ctx);
    return { body: serializeJson(v2BridgeDays(year)), cache };
  },
};

/** The v2 router; `config` decides the caching cap near the withdrawal. */
function routeV2(config: WithdrawalConfig) {
  return (request: Request, ctx: ServiceContext): Response => {
    const url = new URL(request.url);
    const pathname = withoutTrailingSlash(routePathname(url));
    const route = Object.hasOwn(ROUTES, pathname) ? ROUTES[pathname] : undefined;
    if (!route) throw notFound(url.pathname);
    const now = ctx.clock();
    const { body, cache } = route(request, url.searchParams, ctx);
    return jsonResponse(request, body, capCacheControl(cache, config, now));
  };
}

/** v2 with a given withdrawal configuration (tests inject it; the deployment reads the environment). */
export function makeV2Handler(config: WithdrawalConfig): ServedHandler {
  const surface: Surface = { name: "v2", policy: (_request, now) => withdrawalState(config, now).policy };
  const answer = serve(surface, routeV2(config));
  const gone = serve(surface, (_request, ctx) => {
    const state = withdrawalState(config, ctx.clock());
    const retry = state.gone?.retryAfterSeconds;
    return problemResponse("gone", state.gone?.detail ?? "the unversioned API is withdrawn; use /v3/", retry ? { "Retry-After": String(retry) } : undefined);
  });
  return async (request, partial) => {
    const base = completeContext(partial);
    // one moment for the whole request, so the phase cannot change half-way through
    const now = base.clock();
    const ctx: ServiceContext = { ...base, clock: () => now };
    const state = withdrawalState(config, now);
    // 410 answers are not counted: from the sunset (or in a brownout) every v2 request answers 410, never 429
    const response = state.gone ? await gone(request, { ...ctx, rateLimitsEnabled: false }) : await answer(request, ctx);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(state.headers)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

let envConfig: WithdrawalConfig | undefined;

/** The deployment's withdrawal configuration (V2_ANNOUNCED_AT, V2_BROWNOUTS, V2_NOTICE_URL), read once. */
export function v2ConfigFromEnvironment(): WithdrawalConfig {
  if (!envConfig) {
    const { warnings, ...config } = withdrawalConfigFromEnv(process.env);
    for (const w of warnings) console.warn(w);
    envConfig = config;
  }
  return envConfig;
}

let envHandler: ServedHandler | undefined;

/** Every v2 request of the deployment. */
export const handleV2: ServedHandler = (request, ctx) => (envHandler ??= makeV2Handler(v2ConfigFromEnvironment()))(request, ctx);
