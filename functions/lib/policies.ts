import { V3_LIMIT } from "../../data-gen/constants.js";
import type { RateLimitPolicy } from "./ratelimit.js";

/**
 * SPEC.md Limits: 10 requests per minute per calling address on /v3/*. /health and unknown paths carry the
 * same pace on counters of their own. Kept in a module of its own so small functions need not import the v3
 * router. The numbers live in data-gen/constants.ts (the OpenAPI document states the same ones); the functions'
 * `config.rateLimit` repeats them as literals (Netlify reads config statically); test/build/manifest.test.ts checks they agree.
 */
export const V3_POLICY: RateLimitPolicy = V3_LIMIT;
