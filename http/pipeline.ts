/**
 * The request pipeline: one ordered list of steps, each `(ctx, next) => answer` as in Hono. A step answers the request
 * itself, or calls `next()` to have the steps after it answer and may change what comes back. The request is matched
 * once, into its RequestContext (URL, route, methods, clock), which every step reads.
 *
 * Every rate-limit group's list starts with the same four steps (sharedSteps), then its own:
 *   finished        the common headers on whatever comes back (HSTS, CORS, RateLimit-*), a thrown error as a problem
 *   rateLimitOf     the group's rate limit for this request (or the client's grant), which every answer states
 *   methodCheck     OPTIONS: the CORS preflight (204); a method the route does not declare: 405 with Allow
 *   rateLimited     over the rate limit: 429 with Retry-After (failing open); never on a route `counted: false`
 *   ...the group's route handler (./router.ts), or another step that answers
 * serve() composes such a list into one step; respond() runs a step on a Fetch Request (a Netlify Function's).
 * On the standalone server the same steps run behind the Node server's own (server/pipeline.ts).
 * Synchronous unless a step must wait (a store that answers later, a body read): a request answered in memory
 * allocates no promise. ETag, 304 and Cache-Control of successful answers are ./http.ts's okAnswer().
 */
import { CORS_HEADERS, type RateLimit, rateLimitHeaders, STRICT_TRANSPORT_SECURITY } from "../contract/policies.js";
import { problemOf } from "../contract/problems.js";
import { counterOf, limitedOn, limitedUnderGrant } from "./counters.js";
import { type Answer, layeredHeaders, type RequestHead, responseOf } from "./http.js";
import { methodGate } from "./method-gate.js";
import { errorAnswer, problemAnswer } from "./problem.js";
import { type RateLimitGroup, type RequestContext, requestContext } from "./request-context.js";

export type { RequestHead };

/** What runs the steps after a step: their answer. */
export type Next = () => Answer | Promise<Answer>;

/**
 * A step of the pipeline: the request's answer, its own or the one next() gives (which it may change). `C` is what it
 * reads of the request: the request's context, or on the standalone server a request on Node (server/pipeline.ts).
 */
export type Step<C = RequestContext> = (ctx: C, next: Next) => Answer | Promise<Answer>;

/**
 * The steps as one step: each runs with a next() that runs the ones after it; after the last, `next` of the caller.
 * One next() per request for all the steps (it moves a cursor), so a step calls it at most once.
 */
export function pipeline<C>(steps: readonly Step<C>[]): Step<C> {
  return (ctx, last) => {
    let i = 0;
    const next: Next = () => (i < steps.length ? steps[i++](ctx, next) : last());
    return next();
  };
}

/** The last `next` of a list whose final step must answer: reached only when none did. */
export const noStepAnswered =
  (ctx: RequestContext): Next =>
  () => {
    throw new Error(`no step answered ${ctx.url.pathname}`);
  };

/** A Fetch Request's answer by a step (a pipeline), as a Response without a body for HEAD: a Netlify Function's. */
export function respond(step: Step): (request: Request, ctx?: Partial<RequestContext>) => Promise<Response> {
  return async (request, partial) => {
    const ctx = requestContext(request, partial);
    return responseOf(request, await step(ctx, noStepAnswered(ctx)));
  };
}

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

const HSTS_AND_CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY,
  ...CORS_HEADERS,
});
const COMMON_HEADERS_BY_RATE_LIMIT = new WeakMap<RateLimit, Readonly<Record<string, string>>>();

/** HSTS, CORS and the rate limit's RateLimit-* headers: what every answer carries (one frozen object per rate limit). */
export function commonHeaders(rateLimit: RateLimit | undefined): Readonly<Record<string, string>> {
  if (!rateLimit) return HSTS_AND_CORS_HEADERS;
  let headers = COMMON_HEADERS_BY_RATE_LIMIT.get(rateLimit);
  if (!headers)
    COMMON_HEADERS_BY_RATE_LIMIT.set(
      rateLimit,
      (headers = Object.freeze(layeredHeaders(HSTS_AND_CORS_HEADERS, rateLimitHeaders(rateLimit)))),
    );
  return headers;
}

/** A final answer: the common headers of `rateLimit`, the answer's own over them, and the request's own (`extra`) over both. */
export function completed(
  answer: Answer,
  rateLimit: RateLimit | undefined,
  extra?: Readonly<Record<string, string>>,
): Answer {
  return {
    status: answer.status,
    headers: layeredHeaders(commonHeaders(rateLimit), answer.headers, extra),
    body: answer.body,
  };
}

/**
 * The final answer of a request: completed() with the rate limit's and the context's headers, recorded in the context when it is a GET's 200 that carries no request-specific headers.
 */
export function finish(
  ctx: RequestContext,
  result: Answer,
  rateLimit: RateLimit | undefined,
  counter?: string,
): Answer {
  const answer = completed(result, rateLimit, ctx.headers);
  // a granted client's answer states its own rate limit: never cached for others
  if (answer.status === 200 && ctx.headers === undefined && ctx.grant === undefined && ctx.request.method === "GET")
    ctx.cacheable = { answer, rateLimit, counter };
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
    console.warn(
      `${request.method} ${url.pathname}: the client went away before the request was complete (${typeof code === "string" ? code : "aborted"})`,
    );
    return problemAnswer("invalid-parameter", "the request was not received completely: the connection closed first");
  }
  console.error(error);
  return errorAnswer(error);
}

/**
 * A rate-limit group's steps (sharedSteps) and then its own, composed once into one step. The final Answer keeps its
 * body for HEAD: whoever writes it leaves the body out (respond(), the standalone server).
 */
export function serve(rateLimitGroup: RateLimitGroup, ...steps: Step[]): Step {
  return pipeline([...sharedSteps(rateLimitGroup), ...steps]);
}

/** The steps every rate-limit group's list starts with, in order. */
export function sharedSteps(rateLimitGroup: RateLimitGroup): Step[] {
  return [finished(rateLimitGroup), rateLimitOf(rateLimitGroup), methodCheck, rateLimited(rateLimitGroup)];
}

/**
 * The common headers on the answer of the steps after it, recorded in the context when cacheable (finish()); what
 * they throw (or reject with) is a problem document, finished the same way: nothing escapes as an exception.
 */
function finished(rateLimitGroup: RateLimitGroup): Step {
  return (ctx, next) => {
    let answer: Answer | Promise<Answer>;
    try {
      answer = next();
    } catch (error) {
      return final(rateLimitGroup, ctx, faultAnswer(ctx.request, error, ctx.url));
    }
    if (answer instanceof Promise)
      return answer.then(
        (a) => final(rateLimitGroup, ctx, a),
        (error) => final(rateLimitGroup, ctx, faultAnswer(ctx.request, error, ctx.url)),
      );
    return final(rateLimitGroup, ctx, answer);
  };
}

/** The rate limit of the request (a granted client's, the grant's), which every answer states. */
function rateLimitOf(rateLimitGroup: RateLimitGroup): Step {
  return (ctx, next) => {
    const { grant } = ctx;
    ctx.rateLimit = grant ? grant.rateLimit : rateLimitGroup.rateLimit(ctx.request, ctx.clock(), ctx);
    return next();
  };
}

/** OPTIONS: the CORS preflight; a method the route does not declare: 405 with Allow; else the steps after it. */
const methodCheck: Step = (ctx, next) => methodGate(ctx.request, ctx.methods) ?? next();

/**
 * 429 over the rate limit (a granted client on its grant's counter), else the steps after it; nothing counted where
 * the group does not count here. Synchronous when the store is (the memory store), so an admitted request waits for
 * nothing.
 */
function rateLimited(rateLimitGroup: RateLimitGroup): Step {
  return (ctx, next) => {
    if (!counted(rateLimitGroup, ctx)) return next();
    const now = ctx.clock();
    const over = ctx.grant
      ? limitedUnderGrant(rateLimitGroup, ctx.grant, ctx, now)
      : limitedOn(counterOf(rateLimitGroup, ctx.rateLimit!), ctx.rateLimit!, ctx, now);
    if (over instanceof Promise) return over.then((o) => o ?? next());
    return over ?? next();
  };
}

/** Does the pipeline count this request? Not for a group whose handler counts itself, nor on a route never counted (/health). */
function counted(rateLimitGroup: RateLimitGroup, ctx: RequestContext): boolean {
  return rateLimitGroup.counted !== false && ctx.match?.route.counted !== false;
}

/** An answer finished in its context, with the counter it was counted on. */
function final(rateLimitGroup: RateLimitGroup, ctx: RequestContext, answer: Answer): Answer {
  const { rateLimit } = ctx;
  return finish(
    ctx,
    answer,
    rateLimit,
    rateLimit && counted(rateLimitGroup, ctx) ? counterOf(rateLimitGroup, rateLimit) : undefined,
  );
}
