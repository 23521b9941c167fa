/**
 * What the platform's rewrite of an over-limit request answers (each function's `config.rateLimit.to` is
 * `/rate-limited/<group>`, contract/static.ts platformRateLimit): the 429 `rate-limited` problem of that rate-limit group,
 * with `Retry-After` (the platform's window is sliding, so the whole window, or v2's block, is the honest wait)
 * and the rate-limit group's RateLimit-* headers.
 */
import { RATE_LIMITS, type RateLimitGroupName } from "../contract/policies.js";
import { RATE_LIMITED_PREFIX } from "../contract/routes.js";
import { rateLimitedAnswer } from "./counters.js";
import { responseOf } from "./http.js";
import { handleNotFound } from "./not-found.js";
import { completed } from "./pipeline.js";

export async function handleRateLimited(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const name = pathname.startsWith(RATE_LIMITED_PREFIX + "/") ? pathname.slice(RATE_LIMITED_PREFIX.length + 1) : "";
  if (!Object.hasOwn(RATE_LIMITS, name)) return handleNotFound(request);
  const rateLimit = RATE_LIMITS[name as RateLimitGroupName];
  const retryAfter = Math.max(rateLimit.windowSeconds, "blockSeconds" in rateLimit ? rateLimit.blockSeconds : 0);
  return responseOf(request, completed(rateLimitedAnswer(rateLimit, retryAfter), rateLimit));
}
