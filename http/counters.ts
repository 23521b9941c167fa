/** Counting a request against a rate limit, on the rate-limit group's counter or a grant's: the 429 answer when over it. */
import type { RateLimit } from "../contract/policies.js";
import type { Answer } from "./http.js";
import { problemAnswer } from "./problem.js";
import { checkRateLimit, type RateLimitDecision } from "./ratelimit.js";
import type { Grant, RateLimitGroup, ServiceContext } from "./request-context.js";

/** The counter names of each rate-limit group by rate limit (built once each, not per request). */
const COUNTERS = new WeakMap<RateLimitGroup, WeakMap<RateLimit, string>>();

/** The counter a rate-limit group counts a rate limit on (per calling address): its name and the rate limit. */
export function counterOf(rateLimitGroup: RateLimitGroup, rateLimit: RateLimit): string {
  let names = COUNTERS.get(rateLimitGroup);
  if (!names) COUNTERS.set(rateLimitGroup, (names = new WeakMap()));
  let name = names.get(rateLimit);
  if (name === undefined)
    names.set(rateLimit, (name = `${rateLimitGroup.name}:${rateLimit.limit}/${rateLimit.windowSeconds}`));
  return name;
}

/** The counter of a grant with a rate limit: the rate-limit group's, marked as granted and for which rate-limit group (the feed counts two). */
const GRANTED_COUNTERS = new WeakMap<Grant, string>();
function grantedCounterOf(
  rateLimitGroup: Pick<RateLimitGroup, "name">,
  grant: Grant & { rateLimit: RateLimit },
): string {
  let name = GRANTED_COUNTERS.get(grant);
  if (name === undefined)
    GRANTED_COUNTERS.set(
      grant,
      (name = `${rateLimitGroup.name}:${grant.rateLimit.limit}/${grant.rateLimit.windowSeconds}+granted-${grant.rateLimitGroup}`),
    );
  return name;
}

/**
 * A granted request on a rate-limit group: counted on the grant's own counter against its rate limit (429 when over), or, when the
 * grant has no limit, admitted uncounted (the store is told, for the metrics).
 */
export function limitedUnderGrant(
  rateLimitGroup: Pick<RateLimitGroup, "name">,
  grant: Grant,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (grant.rateLimit)
    return limitedOn(
      grantedCounterOf(rateLimitGroup, grant as Grant & { rateLimit: RateLimit }),
      grant.rateLimit,
      ctx,
      now,
    );
  if (ctx.rateLimitsEnabled && ctx.store)
    ctx.store.admittedUncounted?.(
      `${rateLimitGroup.name}:unlimited+granted-${grant.rateLimitGroup}:${ctx.clientAddress}`,
    );
  return undefined;
}

/** Counts a request on `counter` (for the context's address): the 429 answer when over `rateLimit`, else undefined. */
export function limitedOn(
  counter: string,
  rateLimit: RateLimit,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (!ctx.rateLimitsEnabled || !ctx.store) return undefined;
  const decision = checkRateLimit(ctx.store, `${counter}:${ctx.clientAddress}`, rateLimit, now.getTime());
  const answer = (d: RateLimitDecision) => (d.allowed ? undefined : rateLimitedAnswer(rateLimit, d.retryAfterSeconds));
  return decision instanceof Promise ? decision.then(answer) : answer(decision);
}

/** The 429 problem of a rate limit (also what the platform's rewrite target answers). */
export function rateLimitedAnswer(rateLimit: RateLimit, retryAfterSeconds: number): Answer {
  return problemAnswer(
    "rate-limited",
    `more than ${rateLimit.limit} requests in ${rateLimit.windowSeconds} seconds from this address; retry after ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}
