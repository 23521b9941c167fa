import type { Context } from "@netlify/functions";
import { NO_STORE, STRICT_TRANSPORT_SECURITY } from "../../data-gen/constants.js";
import { CalendarError } from "../../data-gen/index.js";
import { errorResponse, problemResponse } from "./problem.js";
import {
  blobsRateLimitStore, checkRateLimit, rateLimitHeaders, type RateLimitPolicy, type RateLimitStore,
} from "./ratelimit.js";

/** The clock is injectable so tests can fix "today", "midnight" and rate-limit windows. */
export type Clock = () => Date;

export interface ServiceContext {
  clock: Clock;
  /** the calling address (the socket's, never a client-supplied header) */
  clientAddress: string;
  /** where rate-limit counters live; null = no counting */
  store: RateLimitStore | null;
  rateLimitsEnabled: boolean;
}

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
export const EXPOSED_HEADERS = "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset";
export const PREFLIGHT_MAX_AGE_SECONDS = 86400;

export function rateLimitsEnabledByEnv(): boolean {
  return process.env.RATE_LIMITS !== "off";
}

let sharedBlobsStore: RateLimitStore | undefined;

/**
 * The context of a real invocation: wall clock, Netlify's socket address, the Blobs store.
 * Environment: RATE_LIMITS=off disables limiting (tests, benchmarks); RATE_LIMIT_STORE names the Blobs store
 * of the counters (default "rate-limits"; the end-to-end test uses a fresh one per run).
 */
export function defaultContext(_request: Request, netlifyContext?: Pick<Context, "ip"> | null): ServiceContext {
  return {
    clock: () => new Date(),
    clientAddress: netlifyContext?.ip || "unknown",
    store: (sharedBlobsStore ??= blobsRateLimitStore(process.env.RATE_LIMIT_STORE || undefined)),
    rateLimitsEnabled: rateLimitsEnabledByEnv(),
  };
}

/** Fills in what a caller (usually a test) left out: wall clock, no store, limits as the environment says. */
export function completeContext(partial?: Partial<ServiceContext>): ServiceContext {
  return {
    clock: partial?.clock ?? (() => new Date()),
    clientAddress: partial?.clientAddress ?? "unknown",
    store: partial?.store === undefined ? null : partial.store,
    rateLimitsEnabled: partial?.rateLimitsEnabled ?? rateLimitsEnabledByEnv(),
  };
}

/** A rate-limited surface: its name keys the counters; its policy may depend on the request (the feed's does). */
export interface Surface {
  name: string;
  policy: (request: Request, now: Date) => RateLimitPolicy;
  /** whether a request is counted (default: every GET and HEAD) */
  counts?: (request: Request) => boolean;
}

export type Handler = (request: Request, ctx: ServiceContext) => Promise<Response> | Response;
export type ServedHandler = (request: Request, ctx?: Partial<ServiceContext>) => Promise<Response>;

/** Copies a response with extra headers (the headers of a Response may be immutable). */
function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function preflight(request: Request): Response {
  const requested = request.headers.get("Access-Control-Request-Headers");
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers": requested && requested.trim() ? requested : "If-None-Match",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      "Cache-Control": NO_STORE,
    },
  });
}

/**
 * Wraps a handler with every cross-cutting rule of the HTTP layer: CORS and preflight, 405 for other methods,
 * rate limiting (failing open), RateLimit-* headers on every response, problem documents for every error,
 * and HEAD without a body. Nothing escapes as an exception.
 */
export function serve(surface: Surface, handler: Handler): ServedHandler {
  return async (request, partial) => {
    const ctx = completeContext(partial);
    let policy: RateLimitPolicy | undefined;
    let response: Response;
    try {
      const now = ctx.clock();
      policy = surface.policy(request, now);
      if (request.method === "OPTIONS") {
        response = preflight(request);
      } else if (request.method !== "GET" && request.method !== "HEAD") {
        response = problemResponse("method-not-allowed", `method ${request.method} is not allowed; use ${ALLOWED_METHODS}`, {
          Allow: ALLOWED_METHODS,
        });
      } else {
        let retryAfter = 0;
        if (ctx.rateLimitsEnabled && ctx.store && (surface.counts?.(request) ?? true)) {
          const key = `${surface.name}:${policy.limit}/${policy.windowSeconds}:${ctx.clientAddress}`;
          const decision = await checkRateLimit(ctx.store, key, policy, now.getTime());
          if (!decision.allowed) retryAfter = decision.retryAfterSeconds;
        }
        response = retryAfter > 0
          ? problemResponse(
              "rate-limited",
              `more than ${policy.limit} requests in ${policy.windowSeconds} seconds from this address; retry after ${retryAfter} seconds`,
              { "Retry-After": String(retryAfter) },
            )
          : await handler(request, ctx);
      }
    } catch (error) {
      if (!(error instanceof CalendarError)) console.error(error);
      response = errorResponse(error);
    }
    const extra: Record<string, string> = {
      "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": EXPOSED_HEADERS,
      ...(policy ? rateLimitHeaders(policy) : {}),
    };
    response = withHeaders(response, extra);
    if (request.method === "HEAD" && response.body !== null) {
      response = new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return response;
  };
}
