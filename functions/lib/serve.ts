/**
 * The cross-cutting rules of the HTTP layer, as small pieces each surface composes (Hono/Fetch style:
 * `(Request) => Response` and plain functions around it):
 *   preflight()           OPTIONS: the CORS preflight, 204, allowing the path's methods
 *   methodNotAllowed()    a method the path's row does not declare (GET, HEAD, OPTIONS where no row answers): 405 with Allow
 *   methodGate()          the two above, as every answer (function or file) applies them first
 *   rateLimited()         over the surface's pace: 429 with Retry-After (failing open)
 *   errorResponse()       every thrown error as a problem document (./problem.ts)
 *   withCommonHeaders()   HSTS, CORS and RateLimit-* on every answer
 *   withoutBody()         HEAD answers like GET without a body
 * ETag, 304 and Cache-Control of successful answers are ./http.ts's okResponse(). `serve()` composes them.
 */
import type { Context } from "@netlify/functions";
import {
  ALLOWED_METHODS, CORS_HEADERS, DEFAULT_ALLOWED_HEADERS, NO_STORE, PREFLIGHT_HEADERS, READ_METHODS, STRICT_TRANSPORT_SECURITY, SURFACES,
  allowHeaderOf, rateLimitHeaders, type PaceLimit, type SurfaceName,
} from "../../contract/policies.js";
import { matchRoute, surfaceOf } from "../../contract/routes.js";
import { CalendarError } from "../../data-gen/index.js";
import { urlOf } from "./http.js";
import { errorResponse, problemResponse } from "./problem.js";
import { checkRateLimit, type RateLimitStore } from "./ratelimit.js";

/** The clock is injectable so tests can fix "today", "midnight" and rate-limit windows. */
export type Clock = () => Date;

export interface ServiceContext {
  clock: Clock;
  /** the calling address (the socket's, never a client-supplied header) */
  clientAddress: string;
  /** where rate-limit counters live; null = no counting (on Netlify the platform counts) */
  store: RateLimitStore | null;
  rateLimitsEnabled: boolean;
}

export { ALLOWED_METHODS };

export function rateLimitsEnabledByEnv(): boolean {
  return process.env.RATE_LIMITS !== "off";
}

/**
 * The context of a Netlify invocation: wall clock, Netlify's socket address, and no counter of our own: the
 * platform enforces every surface's limit (each function's `config.rateLimit`), exactly and at any scale.
 */
export function netlifyContext(_request: Request, context?: Pick<Context, "ip"> | null): ServiceContext {
  return { clock: () => new Date(), clientAddress: context?.ip || "unknown", store: null, rateLimitsEnabled: rateLimitsEnabledByEnv() };
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

/** A rate-limited surface: its name keys the counters; its pace may depend on the request (the feed's does). */
export interface Surface {
  name: string;
  policy: (request: Request, now: Date) => PaceLimit;
}

/** The surface of a request by its row of the route table; `fallback` for paths no row answers. */
export function tableSurface(fallback: SurfaceName): Surface {
  return {
    name: fallback,
    policy: (request) => {
      const url = urlOf(request);
      const route = matchRoute(url.pathname)?.route;
      return SURFACES[route ? surfaceOf(route, url) : fallback];
    },
  };
}

export type Handler = (request: Request, ctx: ServiceContext) => Promise<Response> | Response;
export type ServedHandler = (request: Request, ctx?: Partial<ServiceContext>) => Promise<Response>;

/**
 * A response with extra headers. The handlers' own responses have mutable headers and are changed in place, which
 * keeps their body as built (a string, not a stream: the Node bridge writes it in one go); a response whose headers
 * are immutable (one from fetch()) is copied.
 */
export function withHeaders(response: Response, extra: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** The methods a path answers: its row's (contract/routes.ts `methods`), or GET, HEAD, OPTIONS where no row answers. */
export function methodsOf(pathname: string): readonly string[] {
  return matchRoute(pathname)?.route.methods ?? READ_METHODS;
}

/** OPTIONS: the CORS preflight (204), allowing `methods` and the headers the browser asks for. */
export function preflight(request: Request, methods: readonly string[] = READ_METHODS): Response {
  const requested = request.headers.get("Access-Control-Request-Headers");
  return new Response(null, {
    status: 204,
    headers: {
      ...PREFLIGHT_HEADERS,
      "Access-Control-Allow-Methods": allowHeaderOf(methods),
      "Access-Control-Allow-Headers": requested && requested.trim() ? requested : DEFAULT_ALLOWED_HEADERS,
      "Cache-Control": NO_STORE,
    },
  });
}

/** 405 with Allow for a method not in `allowed` (default GET, HEAD, OPTIONS); undefined when the method is allowed. */
export function methodNotAllowed(method: string, allowed: readonly string[] = READ_METHODS): Response | undefined {
  if (allowed.includes(method)) return undefined;
  const allow = allowHeaderOf(allowed);
  const shown = /^[A-Za-z-]{1,20}$/.test(method) ? method : "this method";
  return problemResponse("method-not-allowed", `method ${shown} is not allowed; use ${allow}`, { Allow: allow });
}

/** The preflight or the 405 a request's method gets among `methods`; undefined when it goes on to be answered. */
export function methodGate(request: Request, methods: readonly string[] = READ_METHODS): Response | undefined {
  if (request.method === "OPTIONS" && methods.includes("OPTIONS")) return preflight(request, methods);
  return methodNotAllowed(request.method, methods);
}

/** 429 when the request is over its pace; undefined when admitted, limits are off or there is no counter. */
export async function rateLimited(surface: Surface, pace: PaceLimit, ctx: ServiceContext, now: Date): Promise<Response | undefined> {
  if (!ctx.rateLimitsEnabled || !ctx.store) return undefined;
  const key = `${surface.name}:${pace.limit}/${pace.windowSeconds}:${ctx.clientAddress}`;
  const decision = await checkRateLimit(ctx.store, key, pace, now.getTime());
  if (decision.allowed) return undefined;
  return rateLimitedResponse(pace, decision.retryAfterSeconds);
}

/** The 429 problem of a pace (also what the platform's rewrite target answers). */
export function rateLimitedResponse(pace: PaceLimit, retryAfterSeconds: number): Response {
  return problemResponse(
    "rate-limited",
    `more than ${pace.limit} requests in ${pace.windowSeconds} seconds from this address; retry after ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** HSTS, CORS and the surface's RateLimit-* headers, on every answer. */
export function withCommonHeaders(response: Response, pace: PaceLimit | undefined): Response {
  return withHeaders(response, {
    "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
    ...CORS_HEADERS,
    ...(pace ? rateLimitHeaders(pace) : {}),
  });
}

/** HEAD answers like GET, without a body. */
export function withoutBody(request: Request, response: Response): Response {
  if (request.method !== "HEAD" || response.body === null) return response;
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A surface's handler with every cross-cutting rule around it. Nothing escapes as an exception. */
export function serve(surface: Surface, handler: Handler): ServedHandler {
  return async (request, partial) => {
    const ctx = completeContext(partial);
    let pace: PaceLimit | undefined;
    let response: Response;
    try {
      const now = ctx.clock();
      pace = surface.policy(request, now);
      response =
        methodGate(request, methodsOf(urlOf(request).pathname)) ?? (await rateLimited(surface, pace, ctx, now)) ?? (await handler(request, ctx));
    } catch (error) {
      if (!(error instanceof CalendarError)) console.error(error);
      response = errorResponse(error);
    }
    return withoutBody(request, withCommonHeaders(response, pace));
  };
}
