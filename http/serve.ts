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
import {
  CORS_HEADERS,
  type RateLimitPolicy,
  rateLimitHeaders,
  STRICT_TRANSPORT_SECURITY,
} from "../contract/policies.js";
import { problemOf } from "../contract/problems.js";
import { counterOf, limitedOn, limitedUnderGrant } from "./counters.js";
import { type Answer, layeredHeaders, type RequestHead, responseOf } from "./http.js";
import { methodGate } from "./method-gate.js";
import { errorAnswer, problemAnswer } from "./problem.js";
import { type Bucket, type RequestContext, requestContext } from "./request-context.js";

export type { RequestHead };

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
