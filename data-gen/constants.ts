/**
 * Constants of the deployment that the HTTP layer (functions/) sends and the documents (schemas.ts, openapi.ts,
 * the dataset manifest) state. Each is written here once and imported everywhere else. This module imports
 * nothing, so a function bundle that needs one constant pulls in no more than this file.
 *
 * netlify.toml (`[[headers]]`) and the functions' `config.rateLimit` must repeat some values as literals (Netlify
 * reads them statically); test/build/static-dataset.test.ts and test/build/manifest.test.ts check they agree.
 */

/** Version of the v3 API: the OpenAPI `info.version`, `/health`'s `apiVersion`, the dataset manifest's `apiVersion`. */
export const API_VERSION = "3.0.0";

/** The service's own name space for identifiers (problem types, schema ids, feed UIDs). Not a page. */
export const SERVICE_DOMAIN = "swedish-calendar.example";

/**
 * The fixed prefix of every problem `type` URI (SPEC.md "Errors"): `{problem_base}/{slug}`.
 * One constant of the deployment, never derived from the request. The URIs name errors; they are not pages.
 */
export const PROBLEM_BASE = `https://${SERVICE_DOMAIN}/problems`;

/** Answers that depend only on their parameters: cached by the CDN for 30 days, revalidated for a year. */
export const CACHE_LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";
/**
 * HTTPS only (DECISIONS.md "HTTP details"): every answer tells browsers to use HTTPS for a year. The platform
 * redirects plain HTTP to HTTPS; browsers ignore the header on plain-HTTP localhost answers.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Errors and /health. */
export const NO_STORE = "no-store";
/** The calendar feed: six hours, for browsers, calendar clients and shared caches alike (matches X-PUBLISHED-TTL). */
export const FEED_CACHE_CONTROL = "public, max-age=21600";

/** A pace limit: `limit` requests per `windowSeconds` per calling address (DECISIONS.md "HTTP details"). */
export interface PaceLimit {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** /v3/* (and, on counters of their own, /health and unknown paths): 10 per minute. */
export const V3_LIMIT: PaceLimit = Object.freeze({ limit: 10, windowSeconds: 60 });
/** v2 before the withdrawal tightens it: 5 per 10 s. */
export const V2_LIMIT: PaceLimit = Object.freeze({ limit: 5, windowSeconds: 10 });
/** v2 from one month after the announcement, and from three months after it (same window). */
export const V2_LIMIT_AFTER_ONE_MONTH = 3;
export const V2_LIMIT_AFTER_THREE_MONTHS = 1;
/** A v2 client over the limit is refused for this long, in every phase. */
export const V2_BLOCK_SECONDS = 10;
/** The calendar feed: 30 per 10 s, or 10 per 10 s when the request has query parameters. */
export const FEED_LIMIT: PaceLimit = Object.freeze({ limit: 30, windowSeconds: 10 });
export const FEED_LIMIT_WITH_QUERY: PaceLimit = Object.freeze({ limit: 10, windowSeconds: 10 });
