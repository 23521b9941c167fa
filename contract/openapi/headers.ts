/**
 * `components.headers`: the HTTP layer's constants the document states come from contract/policies.ts (RATE_LIMITS,
 * cache policies); the functions send the same.
 */
import { CACHE_LONG, FEED_CACHE_CONTROL as FEED_CACHE, NO_STORE, RATE_LIMITS } from "../policies.js";
import { componentRef, type Json } from "./json.js";

export const HEADERS: Json = {
  "Cache-Control": {
    description:
      `Successful answers for a named year, a date, a period, a shift, a leave plan, the catalogue and this document: \`${CACHE_LONG}\`. ` +
      "The same endpoints with `year` omitted: `public, max-age=0, s-maxage=<seconds until midnight in Sweden>` " +
      "(Europe/Stockholm wall-clock time, days of 23 and 25 hours included). `/health` and every error: `no-store`. " +
      `The calendar feed: six hours (\`${FEED_CACHE}\`).`,
    schema: { type: "string" },
    example: CACHE_LONG,
  },
  "Cache-Control-No-Store": {
    description: "Errors and `/health` are never cached.",
    schema: { type: "string", const: NO_STORE },
  },
  ETag: {
    description:
      'Strong hash of the body. A request with `If-None-Match` matching it (a list, `*`, or the weak form `W/"..."` of the tag) ' +
      "gets 304 with the same `ETag` and `Cache-Control` and no body.",
    schema: { type: "string", pattern: '^"[^"]+"$' },
    example: '"Xk2c9W1mZq0pQx7vYb3hLa"',
  },
  "RateLimit-Limit": {
    description:
      `Requests allowed in the window: ${RATE_LIMITS.v3.limit} on /v3/*, ${RATE_LIMITS.v2.limit} on v2, ${RATE_LIMITS.feed.limit} ` +
      `on the calendar feed (${RATE_LIMITS["feed-query"].limit} when the request has query parameters). Sent on every response, ` +
      `also on answers that are never counted: the dataset files state their surface's pace, \`/health\` the v3 pace (${RATE_LIMITS.v3.limit}). ` +
      "`RateLimit-Remaining` is not sent.",
    schema: { type: "string", pattern: "^[0-9]+$" },
    example: String(RATE_LIMITS.v3.limit),
  },
  "RateLimit-Policy": {
    description:
      `\`limit;w=seconds\`: \`${RATE_LIMITS.v3.limit};w=${RATE_LIMITS.v3.windowSeconds}\` on /v3/*, ` +
      `\`${RATE_LIMITS.v2.limit};w=${RATE_LIMITS.v2.windowSeconds}\` on v2, \`${RATE_LIMITS.feed.limit};w=${RATE_LIMITS.feed.windowSeconds}\` ` +
      `or \`${RATE_LIMITS["feed-query"].limit};w=${RATE_LIMITS["feed-query"].windowSeconds}\` on the calendar feed. Sent on every response ` +
      "(on `/health`, which is never counted, the v3 pace).",
    schema: { type: "string", pattern: "^[0-9]+;w=[0-9]+$" },
    example: `${RATE_LIMITS.v3.limit};w=${RATE_LIMITS.v3.windowSeconds}`,
  },
  "Retry-After": {
    description: "Whole seconds until a request would be admitted.",
    schema: { type: "integer", minimum: 1 },
    example: 42,
  },
  "Access-Control-Allow-Origin": {
    description: "CORS is open to every origin.",
    schema: { type: "string", const: "*" },
  },
  "Access-Control-Expose-Headers": {
    description: "Headers exposed to browsers.",
    schema: { type: "string" },
    example: "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset",
  },
  Allow: {
    description: "The methods the service answers.",
    schema: { type: "string", const: "GET, HEAD, OPTIONS" },
  },
  Link: {
    description:
      'On every v2 response: points to the deprecation notice with the relations `deprecation` and `sunset` (`<...>; rel="deprecation", <...>; rel="sunset"`).',
    schema: { type: "string" },
  },
  Deprecation: {
    description:
      "Sent on v2 once the withdrawal is announced: a structured-field date (RFC 9745), `@` followed by the announcement's seconds since the epoch. Absent until then.",
    schema: { type: "string", pattern: "^@-?[0-9]+$" },
    example: "@1767225600",
  },
  Sunset: {
    description:
      "Sent on v2 once the withdrawal is announced: the HTTP date (RFC 8594) six months after the announcement, never earlier than the deprecation moment. Absent until then.",
    schema: { type: "string" },
    example: "Wed, 01 Jul 2026 00:00:00 GMT",
  },
};

export const h = (name: string) => componentRef("headers", name);

export const COMMON_HEADERS = {
  "RateLimit-Limit": h("RateLimit-Limit"),
  "RateLimit-Policy": h("RateLimit-Policy"),
  "Access-Control-Allow-Origin": h("Access-Control-Allow-Origin"),
  "Access-Control-Expose-Headers": h("Access-Control-Expose-Headers"),
};
export const OK_HEADERS = { "Cache-Control": h("Cache-Control"), ETag: h("ETag"), ...COMMON_HEADERS };
export const ERROR_HEADERS = { "Cache-Control": h("Cache-Control-No-Store"), ...COMMON_HEADERS };
export const V2_HEADERS = { Link: h("Link"), Deprecation: h("Deprecation"), Sunset: h("Sunset") };
