/**
 * What the platform's rewrite of an over-limit request answers (each function's `config.rateLimit.to` is
 * `/rate-limited/<bucket>`, contract/static.ts platformRateLimit): the 429 `rate-limited` problem of that bucket,
 * with `Retry-After` (the platform's window is sliding, so the whole window, or v2's block, is the honest wait)
 * and the bucket's RateLimit-* headers.
 */
import { type BucketName, RATE_LIMITS } from "../contract/policies.js";
import { RATE_LIMITED_PREFIX } from "../contract/routes.js";
import { rateLimitedAnswer } from "./counters.js";
import { responseOf } from "./http.js";
import { handleNotFound } from "./not-found.js";
import { completed } from "./pipeline.js";

export async function handleRateLimited(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const name = pathname.startsWith(RATE_LIMITED_PREFIX + "/") ? pathname.slice(RATE_LIMITED_PREFIX.length + 1) : "";
  if (!Object.hasOwn(RATE_LIMITS, name)) return handleNotFound(request);
  const policy = RATE_LIMITS[name as BucketName];
  const retryAfter = Math.max(policy.windowSeconds, "blockSeconds" in policy ? policy.blockSeconds : 0);
  return responseOf(request, completed(rateLimitedAnswer(policy, retryAfter), policy));
}
