/**
 * The HTTP facts of the contract that are not routes: the problem base, cache policies, the headers every answer carries, the
 * rate-limit groups and their limits. Each value is written here once; the handlers (functions/), the standalone
 * server, the generated `_headers`/`_redirects` (build/routing.ts), the functions' `config` (checked by
 * test/contract/routing.test.ts) and the OpenAPI document read them from here. This module imports nothing, so
 * a small function bundle that needs one constant pulls in no more than this file (and the two constants of
 * engine/constants.ts).
 */
import { SERVICE_DOMAIN } from "swedish-calendar/core";

/** Version of the v3 API: the OpenAPI `info.version`, `/health`'s `apiVersion`, the dataset manifest's `apiVersion`. */
export const API_VERSION = "3.0.0";

/**
 * The fixed prefix of every problem `type` URI (docs/contract.md#errors): `{problem_base}/{slug}`.
 * One constant of the deployment, never derived from the request. The URIs name errors; they are not pages.
 */
export const PROBLEM_BASE = `https://${SERVICE_DOMAIN}/problems`;

/** Answers that depend only on their parameters: cached by the CDN for 30 days, revalidated for a year (docs/contract.md#caching). */
export const CACHE_LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";
/** Errors, /health, 304-less problem answers: never cached. */
export const NO_STORE = "no-store";
/** The calendar feed: six hours, for browsers, calendar clients and shared caches alike (matches X-PUBLISHED-TTL). */
export const FEED_CACHE_CONTROL = "public, max-age=21600";
/**
 * Netlify's CDN keeps a function's long-cached answer in its durable cache, shared by every edge node, so a
 * per-date answer outside the materialised window is computed once per date, not once per node.
 * Sent beside CACHE_LONG on function answers (ignored by the standalone server's clients).
 */
export const NETLIFY_CDN_CACHE_LONG = "public, durable, s-maxage=2592000, stale-while-revalidate=31536000";

/**
 * HTTPS only (docs/contract.md#headers-and-methods): every answer tells browsers to use HTTPS for a year. The platform
 * redirects plain HTTP to HTTPS; browsers ignore the header on plain-HTTP localhost answers.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
export const PROBLEM_CONTENT_TYPE = "application/problem+json";
export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";
/** The dataset's CSV files (RFC 4180; UTF-8 says `charset`, as RFC 7111 allows for text/csv). */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** The methods a route of the table may declare (contract/routes.ts `methods`). */
export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST";
/**
 * The methods of every read-only route, and of every path no route answers (OPTIONS is the CORS preflight). A route
 * may declare others (`POST, OPTIONS` for the MCP endpoint); a method its route does not declare is 405 with `Allow`.
 */
export const READ_METHODS = ["GET", "HEAD", "OPTIONS"] as const satisfies readonly HttpMethod[];
/** The `Allow` (and `Access-Control-Allow-Methods`) value of a list of methods. */
export const allowHeaderOf = (methods: readonly string[]): string => methods.join(", ");
/** `Allow` of the read-only routes: GET, HEAD, OPTIONS. */
export const ALLOWED_METHODS = allowHeaderOf(READ_METHODS);
export const EXPOSED_HEADERS = "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset";
export const PREFLIGHT_MAX_AGE_SECONDS = 86400;
/** The request headers a preflight allows when the browser names none. */
export const DEFAULT_ALLOWED_HEADERS = "If-None-Match";

/** The CORS headers of every answer (and, on a file answer, of its `_headers` rule). */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": EXPOSED_HEADERS,
});

/** What a preflight answers besides the allowed headers (which echo the request's). */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Access-Control-Allow-Methods": ALLOWED_METHODS,
  "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
});

/** A rate limit: `limit` requests per `windowSeconds` per calling address; a client over it may be blocked. */
export interface RateLimit {
  readonly limit: number;
  readonly windowSeconds: number;
  /** once over the limit, every request is refused for this long (v2: 10 s) */
  readonly blockSeconds?: number;
}

/**
 * The rate-limit groups and their headers (docs/contract.md#rate-limits). Every route of the table names one.
 * `not-found` carries the v3 rate limit on a counter of its own, so a typo never eats into a client's v3 allowance.
 * `feed-query` is the feed when the request carries query parameters. `/health` is on none of its own: it is
 * monitoring, never counted (its route says `counted: false`), and states the v3 rate limit in its headers, as the dataset
 * files (also never counted) state their rate-limit group's.
 */
export const RATE_LIMITS = {
  v3: { limit: 10, windowSeconds: 60 },
  v2: { limit: 5, windowSeconds: 10, blockSeconds: 10 },
  feed: { limit: 30, windowSeconds: 10 },
  "feed-query": { limit: 10, windowSeconds: 10 },
  "not-found": { limit: 10, windowSeconds: 60 },
  /**
   * the MCP endpoint (POST /mcp): v3's rate limit, on the tool calls a v3 request would be counted for (protocol messages and
   * calls the deployed service answers with dataset files are not counted); on Netlify MCP_PLATFORM_POSTS
   */
  mcp: { limit: 10, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitGroupName = keyof typeof RATE_LIMITS;

/**
 * On Netlify the platform counts the MCP function's POSTs (it cannot read a body to tell a tool call from a protocol
 * message): this many a minute per address, room for a client's handshake (initialize, the initialized notification,
 * tools/list) and the `mcp` rate-limit group's ten calls, twice over for a reconnect. The standalone server counts the calls.
 */
export const MCP_PLATFORM_POSTS = 2 * (3 + RATE_LIMITS.mcp.limit);

/**
 * The MCP endpoint's largest request body (bytes): a JSON-RPC message of this service is a few hundred bytes; a larger
 * body is 413 content-too-large before it is read any further.
 */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/** v2 along the withdrawal timeline (same window and block): from one month after the announcement, and from three. */
export const V2_LIMIT_AFTER_ONE_MONTH = 3;
export const V2_LIMIT_AFTER_THREE_MONTHS = 1;
/**
 * The v2 platform limits along the timeline, in order: a deploy-time setting on Netlify (functions/v2.mts
 * `windowLimit`, changed and redeployed at each step, docs/netlify.md#rate-limits-on-netlify); the config tests
 * accept exactly these values there.
 */
export const V2_PLATFORM_STEPS = [RATE_LIMITS.v2.limit, V2_LIMIT_AFTER_ONE_MONTH, V2_LIMIT_AFTER_THREE_MONTHS] as const;

/** `RateLimit-Limit` and `RateLimit-Policy` of a rate limit. */
export function rateLimitHeaders(rateLimit: RateLimit): Record<string, string> {
  return {
    "RateLimit-Limit": String(rateLimit.limit),
    "RateLimit-Policy": `${rateLimit.limit};w=${rateLimit.windowSeconds}`,
  };
}
