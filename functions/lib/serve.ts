/**
 * The request pipeline of every bucket, composed once by serve(). A request is matched once, into its
 * RequestContext (URL, row of the route table, methods, clock), as Hono's context is; every step is a Handler of that
 * context, run in order until one answers, and the first answer is finished (the common headers, recorded in `cacheable`):
 *   policy                the bucket's rate limit (or the client's grant), known before anything can fail
 *   methodGate()          OPTIONS: the CORS preflight (204); a method the row does not declare: 405 with Allow
 *   limit                 over the rate limit: 429 with Retry-After (failing open); never on a row `counted: false` (/health)
 *   the bucket's handler the answer (an Answer, or a Response a library built: the MCP transport's)
 * Whatever a step throws is a problem document (./problem.ts); nothing escapes as an exception. ETag, 304 and
 * Cache-Control of successful answers are ./http.ts's okAnswer(). serve() gives the finished answer (what the
 * standalone server writes straight to node:http), respond() makes it a Response (a Netlify Function's).
 */
import type { Context } from "@netlify/functions";
import {
  allowHeaderOf,
  type BucketName,
  CORS_HEADERS,
  DEFAULT_ALLOWED_HEADERS,
  NO_STORE,
  PREFLIGHT_HEADERS,
  RATE_LIMITS,
  type RateLimitPolicy,
  READ_METHODS,
  rateLimitHeaders,
  STRICT_TRANSPORT_SECURITY,
} from "../../contract/policies.js";
import { problemOf } from "../../contract/problems.js";
import { bucketOf, type Match, matchRoute } from "../../contract/route-match.js";
import { type Answer, layeredHeaders, type RequestHead, responseOf } from "./http.js";
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
  /** the operator's grant to this client on the request's bucket (the standalone server's grants file), if any */
  grant?: Grant;
}

/**
 * What the operator granted a client on one bucket (server/grants.ts): a higher rate limit in the bucket's window, or no
 * limit at all. A granted request's answers state the granted rate limit (none when unlimited); it is counted on a counter
 * of its own, apart from the bucket's ungranted one, so that granting or withdrawing never mixes the two counts.
 */
export interface Grant {
  readonly bucket: BucketName;
  /** the granted rate limit; undefined: admitted without counting */
  readonly policy: RateLimitPolicy | undefined;
  /** what the access line shows: the grant's note, else its place in the file */
  readonly label: string;
}

export function rateLimitsEnabledByEnv(): boolean {
  return process.env.RATE_LIMITS !== "off";
}

/**
 * What a Netlify invocation knows of its context: Netlify's socket address. The rest is requestContext()'s defaults:
 * wall clock and no counter of our own, as the platform enforces every bucket's limit (each function's
 * `config.rateLimit`), exactly and at any scale.
 */
export function netlifyContext(_request: Request, context?: Pick<Context, "ip"> | null): Partial<ServiceContext> {
  return { clientAddress: context?.ip || "unknown" };
}

/**
 * One request, matched once: what every step of the pipeline reads (Hono's per-request context). `cacheable` is
 * written at the end: the final answer of a GET's complete 200 (the standalone server keeps such answers).
 */
export interface RequestContext extends ServiceContext {
  readonly request: RequestHead;
  readonly url: URL;
  /** the row of the route table the path matched, undefined where no row answers */
  readonly match: Match | undefined;
  /** the methods the path answers: its row's, else GET, HEAD, OPTIONS */
  readonly methods: readonly string[];
  /** the bucket's rate limit for this request, once the pipeline has read it (the common headers state it) */
  policy?: RateLimitPolicy;
  cacheable?: CacheableAnswer;
}

/**
 * The one context factory: `partial` itself when it is already this request's (the standalone server makes it with
 * the URL and match its guard read), else one made now with the defaults (wall clock, the calling address unknown,
 * no store, limits as the environment says), parsing the URL and matching its path once, or taking them from
 * `known` when the caller has read them already.
 */
export function requestContext(
  request: RequestHead,
  partial?: Partial<RequestContext>,
  known?: { url: URL; match: Match | undefined },
): RequestContext {
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
    policy: undefined,
    cacheable: undefined,
  };
}

const wallClock: Clock = () => new Date();

/**
 * A rate-limited bucket: its name keys the counters; its rate limit may depend on the request (the feed's does), read
 * from the request's context.
 */
export interface Bucket {
  name: string;
  policy: (request: RequestHead, now: Date, ctx: RequestContext) => RateLimitPolicy;
  /** false: the handler counts what it answers itself (the MCP endpoint's tool calls); the pipeline counts nothing */
  counted?: boolean;
}

/** The bucket of a request by its row of the route table (the context's match); `fallback` for paths no row answers. */
export function tableBucket(fallback: BucketName): Bucket {
  return {
    name: fallback,
    policy: (_request, _now, { match, url }) => RATE_LIMITS[match ? bucketOf(match.route, url) : fallback],
  };
}

/** What a step answers with: an Answer (built once), or a Response a library built (the MCP transport's). */
export type Outcome = Answer | Response;

/**
 * The one step type: what a step makes of a request's context: an answer, or undefined to let the next step answer (a
 * bucket's own handler always answers). Synchronous unless it must wait (a store that answers later, a body read).
 */
export type Handler<O extends Outcome = Answer> = (ctx: RequestContext) => O | undefined | Promise<O | undefined>;

/**
 * A bucket composed (serve()): the finished answer of a request, given a context or a partial one. At once when no
 * step waits (the memory store, a synchronous handler), else when it is ready.
 */
export type Endpoint<O extends Outcome = Answer> = (
  request: RequestHead,
  ctx?: Partial<RequestContext>,
) => O | Promise<O>;

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
      "Access-Control-Allow-Headers": requested?.trim() ? requested : DEFAULT_ALLOWED_HEADERS,
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

/** The counter names of each bucket by rate limit (built once each, not per request). */
const COUNTERS = new WeakMap<Bucket, WeakMap<RateLimitPolicy, string>>();

/** The counter a bucket counts a rate limit on (per calling address): its name and the rate limit. */
export function counterOf(bucket: Bucket, policy: RateLimitPolicy): string {
  let names = COUNTERS.get(bucket);
  if (!names) COUNTERS.set(bucket, (names = new WeakMap()));
  let name = names.get(policy);
  if (name === undefined) names.set(policy, (name = `${bucket.name}:${policy.limit}/${policy.windowSeconds}`));
  return name;
}

/** The counter of a grant with a rate limit: the bucket's, marked as granted and for which bucket (the feed counts two). */
const GRANTED_COUNTERS = new WeakMap<Grant, string>();
function grantedCounterOf(bucket: Pick<Bucket, "name">, grant: Grant & { policy: RateLimitPolicy }): string {
  let name = GRANTED_COUNTERS.get(grant);
  if (name === undefined)
    GRANTED_COUNTERS.set(
      grant,
      (name = `${bucket.name}:${grant.policy.limit}/${grant.policy.windowSeconds}+granted-${grant.bucket}`),
    );
  return name;
}

/**
 * A granted request on a bucket: counted on the grant's own counter against its rate limit (429 when over), or, when the
 * grant has no limit, admitted uncounted (the store is told, for the metrics).
 */
export function limitedUnderGrant(
  bucket: Pick<Bucket, "name">,
  grant: Grant,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (grant.policy)
    return limitedOn(grantedCounterOf(bucket, grant as Grant & { policy: RateLimitPolicy }), grant.policy, ctx, now);
  if (ctx.rateLimitsEnabled && ctx.store)
    ctx.store.admittedUncounted?.(`${bucket.name}:unlimited+granted-${grant.bucket}:${ctx.clientAddress}`);
  return undefined;
}

/** Counts a request on `counter` (for the context's address): the 429 answer when over `policy`, else undefined. */
export function limitedOn(
  counter: string,
  policy: RateLimitPolicy,
  ctx: Pick<ServiceContext, "rateLimitsEnabled" | "store" | "clientAddress">,
  now: Date,
): Answer | undefined | Promise<Answer | undefined> {
  if (!ctx.rateLimitsEnabled || !ctx.store) return undefined;
  const decision = checkRateLimit(ctx.store, `${counter}:${ctx.clientAddress}`, policy, now.getTime());
  const answer = (d: RateLimitDecision) => (d.allowed ? undefined : rateLimitedAnswer(policy, d.retryAfterSeconds));
  return decision instanceof Promise ? decision.then(answer) : answer(decision);
}

/** The 429 problem of a rate limit (also what the platform's rewrite target answers). */
export function rateLimitedAnswer(policy: RateLimitPolicy, retryAfterSeconds: number): Answer {
  return problemAnswer(
    "rate-limited",
    `more than ${policy.limit} requests in ${policy.windowSeconds} seconds from this address; retry after ${retryAfterSeconds} seconds`,
    { "Retry-After": String(retryAfterSeconds) },
  );
}

const NO_PACE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
  ...CORS_HEADERS,
});
const PACE_HEADERS = new WeakMap<RateLimitPolicy, Readonly<Record<string, string>>>();

/** HSTS, CORS and the rate limit's RateLimit-* headers: what every answer carries (one frozen object per rate limit). */
export function commonHeaders(policy: RateLimitPolicy | undefined): Readonly<Record<string, string>> {
  if (!policy) return NO_PACE_HEADERS;
  let headers = PACE_HEADERS.get(policy);
  if (!headers)
    PACE_HEADERS.set(policy, (headers = Object.freeze(layeredHeaders(NO_PACE_HEADERS, rateLimitHeaders(policy)))));
  return headers;
}

/** A final answer: the common headers of `policy`, the answer's own over them, and the request's own (`extra`) over both. */
export function completed(
  answer: Answer,
  policy: RateLimitPolicy | undefined,
  extra?: Readonly<Record<string, string>>,
): Answer {
  return {
    status: answer.status,
    headers: layeredHeaders(commonHeaders(policy), answer.headers, extra),
    body: answer.body,
  };
}

/**
 * What a GET was answered with (a 200, complete, with the counter it was counted on: none for a file), recorded in its
 * RequestContext for the standalone server's cached answers (server/answers.ts); never one with request-specific headers.
 */
export interface CacheableAnswer {
  answer: Answer;
  policy: RateLimitPolicy | undefined;
  counter: string | undefined;
}

/**
 * The final answer of a request: completed() with the rate limit's and the context's headers (a Response a library built
 * gets them added), recorded in the context when it is a GET's 200 that carries no request-specific headers.
 */
export function finish<O extends Outcome>(
  ctx: RequestContext,
  result: O,
  policy: RateLimitPolicy | undefined,
  counter?: string,
): O {
  if (result instanceof Response) return withHeaders(result, layeredHeaders(commonHeaders(policy), ctx.headers)) as O;
  const answer = completed(result as Answer, policy, ctx.headers);
  // a granted client's answer states its own rate limit: never kept for others
  if (answer.status === 200 && ctx.headers === undefined && ctx.grant === undefined && ctx.request.method === "GET")
    ctx.cacheable = { answer, policy, counter };
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
    console.warn(
      `${request.method} ${url.pathname}: the client went away before the request was complete (${typeof code === "string" ? code : "aborted"})`,
    );
    return problemAnswer("invalid-parameter", "the request was not received completely: the connection closed first");
  }
  console.error(error);
  return errorAnswer(error);
}

/**
 * A bucket's handler with every cross-cutting rule before it, composed once: the rate limit, the method gate, the limit,
 * then the handler, the first answer finished. The final Answer keeps its body for HEAD: whoever writes it leaves the
 * body out (respond(), the standalone server).
 */
export function serve<O extends Outcome = Answer>(bucket: Bucket, handler: Handler<O>): Endpoint<O> {
  const steps: Handler<Outcome>[] = [
    (ctx) => readPace(bucket, ctx),
    (ctx) => methodGate(ctx.request, ctx.methods),
    (ctx) => limit(bucket, ctx),
    handler,
  ];
  return (request, partial) => run(bucket, steps, requestContext(request, partial), 0) as O | Promise<O>;
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
 * The steps from `from` on, until one answers; that answer (or a fault's) finished. Synchronous unless a step returns
 * a promise: a request answered in memory allocates no promise and waits for no turn of the event loop.
 */
function run(
  bucket: Bucket,
  steps: readonly Handler<Outcome>[],
  ctx: RequestContext,
  from: number,
): Outcome | Promise<Outcome> {
  try {
    for (let i = from; i < steps.length; i++) {
      const out = steps[i](ctx);
      if (out instanceof Promise) {
        return out.then(
          (o) => (o === undefined ? run(bucket, steps, ctx, i + 1) : final(bucket, ctx, o)),
          (error) => fault(bucket, ctx, error),
        );
      }
      if (out !== undefined) return final(bucket, ctx, out);
    }
    throw new Error(`no step answered ${ctx.url.pathname}`);
  } catch (error) {
    return fault(bucket, ctx, error);
  }
}

/** The first step: the rate limit of the request (a granted client's, the grant's), which every answer states. */
function readPace(bucket: Bucket, ctx: RequestContext): undefined {
  const { grant } = ctx;
  ctx.policy = grant ? grant.policy : bucket.policy(ctx.request, ctx.clock(), ctx);
  return undefined;
}

/**
 * The limit step: 429 over the rate limit (a granted client on its grant's counter), nothing when not counted here.
 * Synchronous when the store is (the memory store), so an admitted request waits for nothing.
 */
function limit(bucket: Bucket, ctx: RequestContext): Answer | undefined | Promise<Answer | undefined> {
  if (!counted(bucket, ctx)) return undefined;
  const now = ctx.clock();
  return ctx.grant
    ? limitedUnderGrant(bucket, ctx.grant, ctx, now)
    : limitedOn(counterOf(bucket, ctx.policy!), ctx.policy!, ctx, now);
}

/** Does the pipeline count this request? Not for a bucket whose handler counts itself, nor on a row never counted (/health). */
function counted(bucket: Bucket, ctx: RequestContext): boolean {
  return bucket.counted !== false && ctx.match?.route.counted !== false;
}

/** An answer finished in its context, with the counter it was counted on. */
function final(bucket: Bucket, ctx: RequestContext, result: Outcome): Outcome {
  const { policy } = ctx;
  if (result instanceof Response) return finish(ctx, result, policy);
  return finish(ctx, result, policy, policy && counted(bucket, ctx) ? counterOf(bucket, policy) : undefined);
}

/** What a thrown error answers, finished. */
function fault(bucket: Bucket, ctx: RequestContext, error: unknown): Outcome {
  return final(bucket, ctx, faultAnswer(ctx.request, error, ctx.url));
}
