/**
 * The older unversioned endpoints (docs/contract.md#the-v2-endpoints): /holidays, /half-days,
 * /bridge-days at the root, frozen apart from bug fixes and being withdrawn (./withdrawal.ts).
 *
 * Every v2 response (200, 304, errors, 405, 429, 410) carries Link and, once the withdrawal is announced,
 * Deprecation and Sunset. RateLimit-* reflect the rate limit of the moment (5, 3 or 1 per 10 s).
 */
import { serializeJson } from "../contract/serialize.js";
import { v2BridgeDays, v2HalfDays, v2Holidays } from "../contract/v2.js";
import { stockholmYear } from "./cache.js";
import { layeredHeaders } from "./http.js";
import { respond, type Step, serve } from "./pipeline.js";
import { problemAnswer } from "./problem.js";
import type { RateLimitGroup } from "./request-context.js";
import { cacheControlOf, type RouteCall, type RouteHandlers, tableRouter } from "./router.js";
import { type WithdrawalConfig, withdrawalConfigFromEnv, withdrawalState } from "./withdrawal.js";

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

/** The v2 routes; `config` decides the caching cap near the withdrawal. */
function v2Handlers(config: WithdrawalConfig): RouteHandlers {
  const answer =
    (list: (year: number) => unknown) =>
    ({ route, args, ctx }: Pick<RouteCall<"v2HalfDays">, "route" | "args" | "ctx">) => {
      const now = ctx.clock();
      const year = args.year ?? stockholmYear(now);
      return {
        body: serializeJson(list(year)),
        cacheControl: capCacheControl(cacheControlOf(route, args, now), config, now),
      };
    };
  return {
    // v2 never rejected `weekends`: the first value decides, `true` in any letter case, anything else is false
    v2Holidays: (call) => answer((year) => v2Holidays(year, call.args.weekends))(call),
    v2HalfDays: answer(v2HalfDays),
    v2BridgeDays: answer(v2BridgeDays),
  };
}

/** v2's answers with a given withdrawal configuration (the standalone server's; tests inject it). */
export function makeV2Answering(config: WithdrawalConfig): Step {
  const rateLimitGroup: RateLimitGroup = {
    name: "v2",
    rateLimit: (_request, now) => withdrawalState(config, now).rateLimit,
  };
  const answer = serve(rateLimitGroup, tableRouter(v2Handlers(config)));
  const gone = serve(rateLimitGroup, (ctx) => {
    const state = withdrawalState(config, ctx.clock());
    const retry = state.gone?.retryAfterSeconds;
    return problemAnswer(
      "gone",
      state.gone?.detail ?? "the unversioned API is withdrawn; use /v3/",
      retry ? { "Retry-After": String(retry) } : undefined,
    );
  });
  // the withdrawal's step: the moment, its headers, then the answer or 410
  return (ctx, next) => {
    // one moment for the whole request, so the phase cannot change half-way through
    const now = ctx.clock();
    const state = withdrawalState(config, now);
    ctx.clock = () => now;
    ctx.headers = ctx.headers ? layeredHeaders(state.headers, ctx.headers) : state.headers;
    if (!state.gone) return answer(ctx, next);
    // 410 answers are not counted: from the sunset (or in a brownout) every v2 request answers 410, never 429
    ctx.rateLimitsEnabled = false;
    return gone(ctx, next);
  };
}

/** v2 with a given withdrawal configuration, as Responses (tests inject it; the deployment reads the environment). */
export function makeV2Handler(config: WithdrawalConfig): ReturnType<typeof respond> {
  return respond(makeV2Answering(config));
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

let envHandler: ReturnType<typeof respond> | undefined;

/** Every v2 request of the deployment. */
export const handleV2: ReturnType<typeof respond> = (request, ctx) =>
  (envHandler ??= makeV2Handler(v2ConfigFromEnvironment()))(request, ctx);
