/** Counting a request against a rate limit, on the bucket's counter or a grant's: the 429 answer when over it. */
import type { RateLimitPolicy } from "../contract/policies.js";
import type { Answer } from "./http.js";
import { problemAnswer } from "./problem.js";
import { checkRateLimit, type RateLimitDecision } from "./ratelimit.js";
import type { Bucket, Grant, ServiceContext } from "./request-context.js";

/** The counter names of each bucket by rate limit (built once each, not per request). */
const COUNTERS = new WeakMap<Bucket, WeakMap<RateLimitPolicy, string>>();

/** The counter a bucket counts a rate limit on (per calling address): its name and the rate limit. */
export function counterOf(bucket: Bucket, policy: RateLimitPolicy): string {
  let names = COUNTERS.get(bucket);
  if (!names) COUNTERS.set(bucket, (names = new WeakMap()));
  let name = names.get(policy);
  if (name === undefined) names.set(policy, (name = `${bucket.name}:${policy.limit}/${policy.windowSeconds}`));
  return name;
}

/** The counter of a grant with a rate limit: the bucket's, marked as granted and for which bucket (the feed counts two). */
const GRANTED_COUNTERS = new WeakMap<Grant, string>();
function grantedCounterOf(bucket: Pick<Bucket, "name">, grant: Grant & { policy: RateLimitPolicy }): string {
  let name = GRANTED_COUNTERS.get(grant);
  if (name === undefined)
    GRANTED_COUNTERS.set(
      grant,
      (name = `${bucket.name}:${grant.policy.limit}/${grant.policy.windowSeconds}+granted-${grant.bucket}`),
    );
  return name;
}

/**
 * A granted request on a bucket: counted on the grant's own counter against its rate limit (429 when over), or, when the
 * grant has no limit, admitted uncounted (the store is told, for the metrics).
 */
export function limitedUnderGrant(
  bucket: Pick<Bucket, "name">,
  grant: Grant,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (grant.policy)
    return limitedOn(grantedCounterOf(bucket, grant as Grant & { policy: RateLimitPolicy }), grant.policy, ctx, now);
  if (ctx.rateLimitsEnabled && ctx.store)
    ctx.store.admittedUncounted?.(`${bucket.name}:unlimited+granted-${grant.bucket}:${ctx.clientAddress}`);
  return undefined;
}

/** Counts a request on `counter` (for the context's address): the 429 answer when over `policy`, else undefined. */
export function limitedOn(
  counter: string,
  policy: RateLimitPolicy,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (!ctx.rateLimitsEnabled || !ctx.store) return undefined;
  const decision = checkRateLimit(ctx.store, `${counter}:${ctx.clientAddress}`, policy, now.getTime());
  const answer = (d: RateLimitDecision) => (d.allowed ? undefined : rateLimitedAnswer(policy, d.retryAfterSeconds));
  return decision instanceof Promise ? decision.then(answer) : answer(decision);
}

/** The 429 problem of a rate limit (also what the platform's rewrite target answers). */
export function rateLimitedAnswer(policy: RateLimitPolicy, retryAfterSeconds: number): Answer {
  return problemAnswer(
    "rate-limited",
    `more than ${policy.limit} requests in ${policy.windowSeconds} seconds from this address; retry after ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}
