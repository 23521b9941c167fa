/**
 * The request pipeline of every surface, composed once by serve(). A request is matched once, into its
 * RequestContext (URL, row of the route table, methods, clock), as Hono's context is; every step is a Handler of that
 * context, run in order until one answers, and the first answer is settled (the common headers, recorded in `served`):
 *   pace                  the surface's pace (or the client's grant), known before anything can fail
 *   methodGate()          OPTIONS: the CORS preflight (204); a method the row does not declare: 405 with Allow
 *   limit                 over the pace: 429 with Retry-After (failing open); never on a row `counted: false` (/health)
 *   the surface's handler the answer (an Answer, or a Response a library built: the MCP transport's)
 * Whatever a step throws is a problem document (./problem.ts); nothing escapes as an exception. ETag, 304 and
 * Cache-Control of successful answers are ./http.ts's okAnswer(). serve() gives the settled answer (what the
 * standalone server writes straight to node:http), respond() makes it a Response (a Netlify Function's).
 */
import type { Context } from "@netlify/functions";
import {
  CORS_HEADERS, DEFAULT_ALLOWED_HEADERS, NO_STORE, PREFLIGHT_HEADERS, READ_METHODS, STRICT_TRANSPORT_SECURITY, SURFACES,
  allowHeaderOf, rateLimitHeaders, type PaceLimit, type SurfaceName,
} from "../../contract/policies.js";
import { matchRoute, surfaceOf, type Match } from "../../contract/route-match.js";
import { problemOf } from "../../contract/problems.js";
import { layeredHeaders, responseOf, type Answer, type RequestHead } from "./http.js";
import { errorAnswer, problemAnswer } from "./problem.js";
import { checkRateLimit, type RateLimitDecision, type RateLimitStore } from "./ratelimit.js";

export type { RequestHead };

/** The clock is injectable so tests can fix "today", "midnight" and rate-limit windows. */
export type Clock = () => Date;

export interface ServiceContext {
  clock: Clock;
  /** the calling address (the socket's, never a client-supplied header) */
  clientAddress: string;
  /** where rate-limit counters live; null = no counting (on Netlify the platform counts) */
  store: RateLimitStore | null;
  rateLimitsEnabled: boolean;
  /** headers every answer to this request carries besides the common ones, winning over them (v2's Link, Deprecation, Sunset) */
  headers?: Readonly<Record<string, string>>;
  /** the operator's grant to this client on the request's surface (the standalone server's grants file), if any */
  grant?: Grant;
}

/**
 * What the operator granted a client on one surface (server/grants.ts): a higher pace in the surface's window, or no
 * limit at all. A granted request's answers state the granted pace (none when unlimited); it is counted on a counter
 * of its own, apart from the surface's ungranted one, so that granting or withdrawing never mixes the two counts.
 */
export interface Grant {
  readonly surface: SurfaceName;
  /** the granted pace; undefined: admitted without counting */
  readonly pace: PaceLimit | undefined;
  /** what the access line shows: the grant's note, else its place in the file */
  readonly label: string;
}

export function rateLimitsEnabledByEnv(): boolean {
  return process.env.RATE_LIMITS !== "off";
}

/**
 * What a Netlify invocation knows of its context: Netlify's socket address. The rest is requestContext()'s defaults:
 * wall clock and no counter of our own, as the platform enforces every surface's limit (each function's
 * `config.rateLimit`), exactly and at any scale.
 */
export function netlifyContext(_request: Request, context?: Pick<Context, "ip"> | null): Partial<ServiceContext> {
  return { clientAddress: context?.ip || "unknown" };
}

/**
 * One request, matched once: what every step of the pipeline reads (Hono's per-request context). `served` is
 * written at the end: the final answer of a GET's complete 200 (the standalone server keeps such answers).
 */
export interface RequestContext extends ServiceContext {
  readonly request: RequestHead;
  readonly url: URL;
  /** the row of the route table the path matched, undefined where no row answers */
  readonly match: Match | undefined;
  /** the methods the path answers: its row's, else GET, HEAD, OPTIONS */
  readonly methods: readonly string[];
  /** the surface's pace for this request, once the pipeline has read it (the common headers state it) */
  pace?: PaceLimit;
  served?: Served;
}

/**
 * The one context factory: `partial` itself when it is already this request's (the standalone server makes it with
 * the URL and match its guard read), else one made now with the defaults (wall clock, the calling address unknown,
 * no store, limits as the environment says), parsing the URL and matching its path once, or taking them from
 * `known` when the caller has read them already.
 */
export function requestContext(request: RequestHead, partial?: Partial<RequestContext>, known?: { url: URL; match: Match | undefined }): RequestContext {
  if (partial?.request === request && partial.url !== undefined && "match" in partial) return partial as RequestContext;
  const url = known?.url ?? new URL(request.url);
  const match = known ? known.match : matchRoute(url.pathname);
  // one object literal of a fixed shape (no spreading: this is made for every request)
  return {
    clock: partial?.clock ?? wallClock,
    clientAddress: partial?.clientAddress ?? "unknown",
    store: partial?.store === undefined ? null : partial.store,
    rateLimitsEnabled: partial?.rateLimitsEnabled ?? rateLimitsEnabledByEnv(),
    headers: partial?.headers,
    grant: partial?.grant,
    request,
    url,
    match,
    methods: match?.route.methods ?? READ_METHODS,
    pace: undefined,
    served: undefined,
  };
}

const wallClock: Clock = () => new Date();

/**
 * A rate-limited surface: its name keys the counters; its pace may depend on the request (the feed's does), read
 * from the request's context.
 */
export interface Surface {
  name: string;
  policy: (request: RequestHead, now: Date, ctx: RequestContext) => PaceLimit;
  /** false: the handler counts what it answers itself (the MCP endpoint's tool calls); the pipeline counts nothing */
  counted?: boolean;
}

/** The surface of a request by its row of the route table (the context's match); `fallback` for paths no row answers. */
export function tableSurface(fallback: SurfaceName): Surface {
  return {
    name: fallback,
    policy: (_request, _now, { match, url }) => SURFACES[match ? surfaceOf(match.route, url) : fallback],
  };
}

/** What a step answers with: an Answer (built once), or a Response a library built (the MCP transport's). */
export type Outcome = Answer | Response;

/**
 * The one step type: what a step makes of a request's context: an answer, or undefined to let the next step answer (a
 * surface's own handler always answers). Synchronous unless it must wait (a store that answers later, a body read).
 */
export type Handler<O extends Outcome = Answer> = (ctx: RequestContext) => O | undefined | Promise<O | undefined>;

/**
 * A surface composed (serve()): the settled answer of a request, given a context or a partial one. At once when no
 * step waits (the memory store, a synchronous handler), else when it is ready.
 */
export type Endpoint<O extends Outcome = Answer> = (request: RequestHead, ctx?: Partial<RequestContext>) => O | Promise<O>;

/** An endpoint as a Netlify Function (and an in-process caller) calls it: a Fetch Request in, a Response out. */
export type FetchHandler = (request: Request, ctx?: Partial<RequestContext>) => Promise<Response>;

/**
 * A response with extra headers. The handlers' own responses have mutable headers and are changed in place, which
 * keeps their body as built (a string, not a stream: the Node bridge writes it in one go); a response whose headers
 * are immutable (one from fetch()) is copied.
 */
export function withHeaders(response: Response, extra: Readonly<Record<string, string>>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** OPTIONS: the CORS preflight (204), allowing `methods` and the headers the browser asks for. */
export function preflight(request: RequestHead, methods: readonly string[] = READ_METHODS): Answer {
  const requested = request.headers.get("Access-Control-Request-Headers");
  return {
    status: 204,
    headers: {
      ...PREFLIGHT_HEADERS,
      "Access-Control-Allow-Methods": allowHeaderOf(methods),
      "Access-Control-Allow-Headers": requested && requested.trim() ? requested : DEFAULT_ALLOWED_HEADERS,
      "Cache-Control": NO_STORE,
    },
    body: null,
  };
}

/** 405 with Allow for a method not in `allowed` (default GET, HEAD, OPTIONS); undefined when the method is allowed. */
export function methodNotAllowed(method: string, allowed: readonly string[] = READ_METHODS): Answer | undefined {
  if (allowed.includes(method)) return undefined;
  const allow = allowHeaderOf(allowed);
  const shown = /^[A-Za-z-]{1,20}$/.test(method) ? method : "this method";
  return problemAnswer("method-not-allowed", `method ${shown} is not allowed; use ${allow}`, { Allow: allow });
}

/** The preflight or the 405 a request's method gets among `methods`; undefined when it goes on to be answered. */
export function methodGate(request: RequestHead, methods: readonly string[] = READ_METHODS): Answer | undefined {
  if (request.method === "OPTIONS" && methods.includes("OPTIONS")) return preflight(request, methods);
  return methodNotAllowed(request.method, methods);
}

/** The counter names of each surface by pace (built once each, not per request). */
const COUNTERS = new WeakMap<Surface, WeakMap<PaceLimit, string>>();

/** The counter a surface counts a pace on (per calling address): its name and the pace. */
export function counterOf(surface: Surface, pace: PaceLimit): string {
  let names = COUNTERS.get(surface);
  if (!names) COUNTERS.set(surface, (names = new WeakMap()));
  let name = names.get(pace);
  if (name === undefined) names.set(pace, (name = `${surface.name}:${pace.limit}/${pace.windowSeconds}`));
  return name;
}

/** The counter of a grant with a pace: the surface's, marked as granted and for which surface (the feed counts two). */
const GRANTED_COUNTERS = new WeakMap<Grant, string>();
function grantedCounterOf(surface: Pick<Surface, "name">, grant: Grant & { pace: PaceLimit }): string {
  let name = GRANTED_COUNTERS.get(grant);
  if (name === undefined) GRANTED_COUNTERS.set(grant, (name = `${surface.name}:${grant.pace.limit}/${grant.pace.windowSeconds}+granted-${grant.surface}`));
  return name;
}

/**
 * A granted request on a surface: counted on the grant's own counter against its pace (429 when over), or, when the
 * grant has no limit, admitted uncounted (the store is told, for the metrics).
 */
export function limitedUnderGrant(
  surface: Pick<Surface, "name">,
  grant: Grant,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (grant.pace) return limitedOn(grantedCounterOf(surface, grant as Grant & { pace: PaceLimit }), grant.pace, ctx, now);
  if (ctx.rateLimitsEnabled && ctx.store) ctx.store.admittedUncounted?.(`${surface.name}:unlimited+granted-${grant.surface}:${ctx.clientAddress}`);
  return undefined;
}

/** Counts a request on `counter` (for the context's address): the 429 answer when over `pace`, else undefined. */
export function limitedOn(
  counter: string,
  pace: PaceLimit,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (!ctx.rateLimitsEnabled || !ctx.store) return undefined;
  const decision = checkRateLimit(ctx.store, `${counter}:${ctx.clientAddress}`, pace, now.getTime());
  const answer = (d: RateLimitDecision) => (d.allowed ? undefined : rateLimitedAnswer(pace, d.retryAfterSeconds));
  return decision instanceof Promise ? decision.then(answer) : answer(decision);
}

/** The 429 problem of a pace (also what the platform's rewrite target answers). */
export function rateLimitedAnswer(pace: PaceLimit, retryAfterSeconds: number): Answer {
  return problemAnswer(
    "rate-limited",
    `more than ${pace.limit} requests in ${pace.windowSeconds} seconds from this address; retry after ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

const NO_PACE_HEADERS: Readonly<Record<string, string>> = Object.freeze({ "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY, ...CORS_HEADERS });
const PACE_HEADERS = new WeakMap<PaceLimit, Readonly<Record<string, string>>>();

/** HSTS, CORS and the pace's RateLimit-* headers: what every answer carries (one frozen object per pace). */
export function commonHeaders(pace: PaceLimit | undefined): Readonly<Record<string, string>> {
  if (!pace) return NO_PACE_HEADERS;
  let headers = PACE_HEADERS.get(pace);
  if (!headers) PACE_HEADERS.set(pace, (headers = Object.freeze(layeredHeaders(NO_PACE_HEADERS, rateLimitHeaders(pace)))));
  return headers;
}

/** A final answer: the common headers of `pace`, the answer's own over them, and the request's own (`extra`) over both. */
export function completed(answer: Answer, pace: PaceLimit | undefined, extra?: Readonly<Record<string, string>>): Answer {
  return { status: answer.status, headers: layeredHeaders(commonHeaders(pace), answer.headers, extra), body: answer.body };
}

/**
 * What a GET was answered with (a 200, complete, with the counter it was counted on: none for a file), recorded in its
 * RequestContext for the standalone server's kept answers (server/answers.ts); never one with request-specific headers.
 */
export interface Served {
  answer: Answer;
  pace: PaceLimit | undefined;
  counter: string | undefined;
}

/**
 * The final answer of a request: completed() with the pace's and the context's headers (a Response a library built
 * gets them added), recorded in the context when it is a GET's 200 that carries no request-specific headers.
 */
export function settle<O extends Outcome>(ctx: RequestContext, result: O, pace: PaceLimit | undefined, counter?: string): O {
  if (result instanceof Response) return withHeaders(result, layeredHeaders(commonHeaders(pace), ctx.headers)) as O;
  const answer = completed(result as Answer, pace, ctx.headers);
  // a granted client's answer states its own pace: never kept for others
  if (answer.status === 200 && ctx.headers === undefined && ctx.grant === undefined && ctx.request.method === "GET") ctx.served = { answer, pace, counter };
  return answer as O;
}

/** Error codes of a request whose client went away before it was complete (an upload cut short, a reset). */
const CLIENT_GONE_CODES = new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE"]);

/** Did this error come from the client going away mid-request (not a fault of the server)? */
export function clientWentAway(request: RequestHead, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && CLIENT_GONE_CODES.has(code)) return true;
  try {
    return request.signal?.aborted === true;
  } catch {
    return false;
  }
}

/**
 * The answer to an error thrown while answering: a ProblemError's or CalendarError's problem; a client that went away gets a 400 (it
 * caused it, and reads nothing anyway) and one log line without a stack trace, since any client can cause as many
 * as it likes; anything else is a fault of the server, logged with its stack, 500.
 */
export function faultAnswer(request: RequestHead, error: unknown, url = new URL(request.url)): Answer {
  if (problemOf(error)) return errorAnswer(error);
  if (clientWentAway(request, error)) {
    const code = (error as { code?: unknown } | null)?.code;
    console.warn(`${request.method} ${url.pathname}: the client went away before the request was complete (${typeof code === "string" ? code : "aborted"})`);
    return problemAnswer("invalid-parameter", "the request was not received completely: the connection closed first");
  }
  console.error(error);
  return errorAnswer(error);
}

/**
 * A surface's handler with every cross-cutting rule before it, composed once: the pace, the method gate, the limit,
 * then the handler, the first answer settled. The final Answer keeps its body for HEAD: whoever writes it leaves the
 * body out (respond(), the standalone server).
 */
export function serve<O extends Outcome = Answer>(surface: Surface, handler: Handler<O>): Endpoint<O> {
  const steps: Handler<Outcome>[] = [
    (ctx) => readPace(surface, ctx),
    (ctx) => methodGate(ctx.request, ctx.methods),
    (ctx) => limit(surface, ctx),
    handler,
  ];
  return (request, partial) => run(surface, steps, requestContext(request, partial), 0) as O | Promise<O>;
}

/** The Response of an endpoint's answer, without a body for HEAD. */
export function respond(endpoint: Endpoint<Outcome>): FetchHandler {
  return async (request, partial) => {
    const outcome = await endpoint(request, partial);
    if (!(outcome instanceof Response)) return responseOf(request, outcome);
    if (request.method !== "HEAD" || outcome.body === null) return outcome;
    return new Response(null, { status: outcome.status, statusText: outcome.statusText, headers: outcome.headers });
  };
}

/**
 * The steps from `from` on, until one answers; that answer (or a fault's) settled. Synchronous unless a step returns
 * a promise: a request answered in memory allocates no promise and waits for no turn of the event loop.
 */
function run(surface: Surface, steps: readonly Handler<Outcome>[], ctx: RequestContext, from: number): Outcome | Promise<Outcome> {
  try {
    for (let i = from; i < steps.length; i++) {
      const out = steps[i](ctx);
      if (out instanceof Promise) {
        return out.then(
          (o) => (o === undefined ? run(surface, steps, ctx, i + 1) : final(surface, ctx, o)),
          (error) => fault(surface, ctx, error),
        );
      }
      if (out !== undefined) return final(surface, ctx, out);
    }
    throw new Error(`no step answered ${ctx.url.pathname}`);
  } catch (error) {
    return fault(surface, ctx, error);
  }
}

/** The first step: the pace of the request (a granted client's, the grant's), which every answer states. */
function readPace(surface: Surface, ctx: RequestContext): undefined {
  const { grant } = ctx;
  ctx.pace = grant ? grant.pace : surface.policy(ctx.request, ctx.clock(), ctx);
  return undefined;
}

/**
 * The limit step: 429 over the pace (a granted client on its grant's counter), nothing when not counted here.
 * Synchronous when the store is (the memory store), so an admitted request waits for nothing.
 */
function limit(surface: Surface, ctx: RequestContext): Answer | undefined | Promise<Answer | undefined> {
  if (!counted(surface, ctx)) return undefined;
  const now = ctx.clock();
  return ctx.grant ? limitedUnderGrant(surface, ctx.grant, ctx, now) : limitedOn(counterOf(surface, ctx.pace!), ctx.pace!, ctx, now);
}

/** Does the pipeline count this request? Not for a surface whose handler counts itself, nor on a row never counted (/health). */
function counted(surface: Surface, ctx: RequestContext): boolean {
  return surface.counted !== false && ctx.match?.route.counted !== false;
}

/** An answer settled in its context, with the counter it was counted on. */
function final(surface: Surface, ctx: RequestContext, result: Outcome): Outcome {
  const { pace } = ctx;
  if (result instanceof Response) return settle(ctx, result, pace);
  return settle(ctx, result, pace, pace && counted(surface, ctx) ? counterOf(surface, pace) : undefined);
}

/** What a thrown error answers, settled. */
function fault(surface: Surface, ctx: RequestContext, error: unknown): Outcome {
  return final(surface, ctx, faultAnswer(ctx.request, error, ctx.url));
}
