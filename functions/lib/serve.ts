/**
 * The cross-cutting rules of the HTTP layer, as small pieces each surface composes. A surface is
 * `(Request) => Response`; inside, the pieces build answers (./http.ts `Answer`: status, headers, body) and serve()
 * makes one Response of the final answer, with every header known at construction. As Hono's `dispatch` does, a
 * request is matched once, into its RequestContext (URL, row of the route table, methods, clock reading); every
 * later step reads that context instead of matching again, and the final answer is recorded there (`served`):
 *   preflight()           OPTIONS: the CORS preflight, 204, allowing the path's methods
 *   methodNotAllowed()    a method the path's row does not declare (GET, HEAD, OPTIONS where no row answers): 405 with Allow
 *   methodGate()          the two above, as every answer (function or file) applies them first
 *   rateLimited()         over the surface's pace: 429 with Retry-After (failing open); a row `counted: false` (/health) never;
 *                         a client the operator granted more (ServiceContext `grant`) is counted on its granted pace, or not at all
 *   errorAnswer()         every thrown error as a problem document (./problem.ts)
 *   commonHeaders()       HSTS, CORS and RateLimit-* on every answer
 *   finish()              the Response: answer + common headers, no body for HEAD (a handler's own Response, such as
 *                         the MCP transport's, gets the same headers added)
 * ETag, 304 and Cache-Control of successful answers are ./http.ts's okAnswer(). `serveAnswers()` composes them into
 * the final Answer of a request (what the standalone server writes straight to node:http), `serve()` into a Response
 * (a Netlify Function's, and the MCP endpoint's, whose transport builds a Response itself).
 */
import type { Context } from "@netlify/functions";
import {
  ALLOWED_METHODS, CORS_HEADERS, DEFAULT_ALLOWED_HEADERS, NO_STORE, PREFLIGHT_HEADERS, READ_METHODS, STRICT_TRANSPORT_SECURITY, SURFACES,
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

/**
 * Fills in what a caller (usually a test) left out: wall clock, no store, limits as the environment says. What else
 * the caller's context holds is kept (a RequestContext stays one, for the request it was made for).
 */
export function completeContext<T extends Partial<ServiceContext>>(partial?: T): T & ServiceContext {
  return {
    ...(partial as T),
    clock: partial?.clock ?? (() => new Date()),
    clientAddress: partial?.clientAddress ?? "unknown",
    store: partial?.store === undefined ? null : partial.store,
    rateLimitsEnabled: partial?.rateLimitsEnabled ?? rateLimitsEnabledByEnv(),
    headers: partial?.headers,
  };
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
 * The RequestContext of a request: `partial` itself when it is already this request's (the standalone server makes
 * it with the URL and match its guard read), else one made now, parsing the URL and matching its path once, or
 * taking them from `known` when the caller has read them already.
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

/** A handler answers with an Answer (built once) or, where a library builds it (the MCP transport), a Response. */
export type Handler = (request: Request, ctx: RequestContext) => Promise<Answer | Response> | Answer | Response;
/** A handler that reads only the request's head and answers with an Answer (every handler but the MCP endpoint's). */
export type AnswerHandler = (request: RequestHead, ctx: RequestContext) => Promise<Answer> | Answer;
/** What the pipeline runs: either kind of handler, given the request's head (serve() closes over the whole Request). */
type PipelineHandler = (request: RequestHead, ctx: RequestContext) => Promise<Answer | Response> | Answer | Response;
export type ServedHandler = (request: Request, ctx?: Partial<ServiceContext>) => Promise<Response>;
/**
 * A surface's handler with every rule around it (serveAnswers()): the final Answer of a request, at once when
 * nothing on its way waits (the memory store, a synchronous handler), else when it is ready.
 */
export type AnsweringHandler = (request: RequestHead, ctx?: Partial<ServiceContext>) => Answer | Promise<Answer>;

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

/**
 * 429 when the request is over its pace; undefined when admitted, limits are off or there is no counter. Synchronous
 * when the store answers synchronously (the memory store), so an admitted request waits for nothing.
 */
export function rateLimited(surface: Surface, pace: PaceLimit, ctx: ServiceContext, now: Date): Answer | undefined | Promise<Answer | undefined> {
  return limitedOn(counterOf(surface, pace), pace, ctx, now);
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
 * grant has no limit, admitted uncounted (the store is told, for the metrics). See rateLimited().
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

/** Counts a request on `counter` (for the context's address): the 429 answer when over `pace`; see rateLimited(). */
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

/** HEAD answers like GET, without a body (for a Response built elsewhere; answers get theirs in responseOf). */
export function withoutBody(request: Request, response: Response): Response {
  if (request.method !== "HEAD" || response.body === null) return response;
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A final answer: the common headers of `pace`, the answer's own over them, and the request's own (`extra`) over both. */
export function completed(answer: Answer, pace: PaceLimit | undefined, extra?: Readonly<Record<string, string>>): Answer {
  return { status: answer.status, headers: layeredHeaders(commonHeaders(pace), answer.headers, extra), body: answer.body };
}

/**
 * What a GET was answered with (a 200, complete, with the counter it was counted on: none for a file), recorded in
 * its RequestContext: the standalone server keeps the answers that stay the same for their target
 * (server/answers.ts). Answers with request-specific headers (v2's, which change along the withdrawal) are not
 * recorded.
 */
export interface Served {
  answer: Answer;
  pace: PaceLimit | undefined;
  counter: string | undefined;
}

/** The Response of a final answer (completed()); a Response built elsewhere gets the common and extra headers. */
export function finish(request: Request, result: Answer | Response, pace: PaceLimit | undefined, extra?: Readonly<Record<string, string>>): Response {
  if (result instanceof Response) return withoutBody(request, withHeaders(result, layeredHeaders(commonHeaders(pace), extra)));
  return responseOf(request, completed(result, pace, extra));
}

/**
 * The final answer of a request (completed() with the pace's and the context's headers), recorded in the context
 * when it is a GET's 200 that carries no request-specific headers.
 */
export function settle(ctx: RequestContext, result: Answer, pace: PaceLimit | undefined, counter?: string): Answer {
  const answer = completed(result, pace, ctx.headers);
  // a granted client's answer states its own pace: never kept for others
  if (answer.status === 200 && ctx.headers === undefined && ctx.grant === undefined && ctx.request.method === "GET") ctx.served = { answer, pace, counter };
  return answer;
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
 * A surface's handler with every cross-cutting rule around it, in order: the method gate (preflight, 405), the
 * surface's pace (429), the handler, problems for whatever it throws, the common headers. Nothing escapes as an
 * exception. Each step reads the request's context (matched once, ./RequestContext). The final Answer keeps its body
 * for HEAD: whoever writes it leaves the body out (responseOf, the standalone server).
 */
export function serveAnswers(surface: Surface, handler: AnswerHandler): AnsweringHandler {
  return (request, partial) => pipeline(surface, handler, requestContext(request, partial)) as Answer | Promise<Answer>;
}

/** The Response of an answering handler (a Netlify Function's, an in-process caller's): no body for HEAD. */
export function responding(answering: AnsweringHandler): ServedHandler {
  return async (request, partial) => responseOf(request, await answering(request, partial));
}

/** serveAnswers() for a handler that needs the whole Request (its body) and may answer with a Response of its own. */
export function serve(surface: Surface, handler: Handler): ServedHandler {
  return async (request, partial) => {
    const ctx = requestContext(request, partial);
    const result = await pipeline(surface, (_head, c) => handler(request, c), ctx);
    return result instanceof Response ? finish(request, result, ctx.pace, ctx.headers) : responseOf(request, result);
  };
}

/**
 * The steps on a context: the final answer (recorded in the context when kept answers may use it). Synchronous
 * unless a step returns a promise (a store that answers later, a handler that reads a body): a request answered in
 * memory allocates no promise and waits for no turn of the event loop.
 */
function pipeline(
  surface: Surface,
  handler: PipelineHandler,
  ctx: RequestContext,
): Answer | Response | Promise<Answer | Response> {
  const { request } = ctx;
  try {
    const now = ctx.clock();
    // the pace is known before anything can fail: every answer, a fault's included, states it (a granted one, the grant's)
    const { grant } = ctx;
    ctx.pace = grant ? grant.pace : surface.policy(request, now, ctx);
    const gate =
      methodGate(request, ctx.methods) ??
      (!counted(surface, ctx) ? undefined : grant ? limitedUnderGrant(surface, grant, ctx, now) : rateLimited(surface, ctx.pace!, ctx, now));
    if (gate instanceof Promise) {
      return gate.then((over) => (over ? final(surface, ctx, over) : handled(surface, handler, ctx))).catch((error) => fault(surface, ctx, error));
    }
    return gate ? final(surface, ctx, gate) : handled(surface, handler, ctx);
  } catch (error) {
    return fault(surface, ctx, error);
  }
}

/** Does the pipeline count this request? Not for a surface whose handler counts itself, nor on a row never counted (/health). */
function counted(surface: Surface, ctx: RequestContext): boolean {
  return surface.counted !== false && ctx.match?.route.counted !== false;
}

/** The handler's answer, final (no closure made per request: these are plain functions of the context). */
function handled(
  surface: Surface,
  handler: PipelineHandler,
  ctx: RequestContext,
): Answer | Response | Promise<Answer | Response> {
  const answered = handler(ctx.request, ctx);
  return answered instanceof Promise ? answered.then((result) => final(surface, ctx, result), (error) => fault(surface, ctx, error)) : final(surface, ctx, answered);
}

/** An answer settled in its context with the pace's headers (a Response a library built goes on as it is). */
function final(surface: Surface, ctx: RequestContext, result: Answer | Response): Answer | Response {
  const { pace } = ctx;
  return result instanceof Response ? result : settle(ctx, result, pace, pace && counted(surface, ctx) ? counterOf(surface, pace) : undefined);
}

/** What a thrown error answers, final. */
function fault(surface: Surface, ctx: RequestContext, error: unknown): Answer | Response {
  return final(surface, ctx, faultAnswer(ctx.request, error, ctx.url));
}
