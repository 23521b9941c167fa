/**
 * What the platform's rewrite of an over-limit request answers (each function's `config.rateLimit.to` is
 * `/rate-limited/<surface>`, contract/static.ts platformRateLimit): the 429 `rate-limited` problem of that surface,
 * with `Retry-After` (the platform's window is sliding, so the whole window, or v2's block, is the honest wait)
 * and the surface's RateLimit-* headers.
 */
import { SURFACES, type SurfaceName } from "../../contract/policies.js";
import { RATE_LIMITED_PREFIX } from "../../contract/routes.js";
import { handleNotFound } from "./not-found.js";
import { responseOf } from "./http.js";
import { completed, rateLimitedAnswer } from "./serve.js";

export async function handleRateLimited(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const name = pathname.startsWith(RATE_LIMITED_PREFIX + "/") ? pathname.slice(RATE_LIMITED_PREFIX.length + 1) : "";
  if (!Object.hasOwn(SURFACES, name)) return handleNotFound(request);
  const pace = SURFACES[name as SurfaceName];
  const retryAfter = Math.max(pace.windowSeconds, "blockSeconds" in pace ? pace.blockSeconds : 0);
  return responseOf(request, completed(rateLimitedAnswer(pace, retryAfter), pace));
}
