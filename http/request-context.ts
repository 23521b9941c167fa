/** What every step of a request's pipeline (./pipeline.ts) reads: the service's context, the request's, and its rate-limit group. */
import type { Context } from "@netlify/functions";
import { RATE_LIMITS, type RateLimit, type RateLimitGroupName, READ_METHODS } from "../contract/policies.js";
import { type Match, matchRoute, rateLimitGroupOf } from "../contract/route-match.js";
import type { Answer, RequestHead } from "./http.js";
import type { RateLimitStore } from "./ratelimit.js";

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
  /** the operator's grant to this client on the request's rate-limit group (the standalone server's grants file), if any */
  grant?: Grant;
}

/**
 * What the operator granted a client on one rate-limit group (server/grants.ts): a higher rate limit in the rate-limit group's window, or no
 * limit at all. A granted request's answers state the granted rate limit (none when unlimited); it is counted on a counter
 * of its own, apart from the rate-limit group's ungranted one, so that granting or withdrawing never mixes the two counts.
 */
export interface Grant {
  readonly rateLimitGroup: RateLimitGroupName;
  /** the granted rate limit; undefined: admitted without counting */
  readonly rateLimit: RateLimit | undefined;
  /** what the access line shows: the grant's note, else its place in the file */
  readonly label: string;
}

export function rateLimitsEnabledByEnv(): boolean {
  return process.env.RATE_LIMITS !== "off";
}

/**
 * What a Netlify invocation knows of its context: Netlify's socket address. The rest is requestContext()'s defaults:
 * wall clock and no counter of our own, as the platform enforces every rate-limit group's limit (each function's
 * `config.rateLimit`), exactly and at any scale.
 */
export function netlifyContext(_request: Request, context?: Pick<Context, "ip"> | null): Partial<ServiceContext> {
  return { clientAddress: context?.ip || "unknown" };
}

/**
 * One request, matched once: what every step of the pipeline reads (Hono's per-request context). `cacheable` is
 * written at the end: the final answer of a GET's complete 200 (the standalone server caches such answers).
 */
export interface RequestContext extends ServiceContext {
  readonly request: RequestHead;
  readonly url: URL;
  /** the route the path matched, undefined where no route answers */
  readonly match: Match | undefined;
  /** the methods the path answers: its route's, else GET, HEAD, OPTIONS */
  readonly methods: readonly string[];
  /** the group's rate limit for this request, once the pipeline has read it (the common headers state it) */
  rateLimit?: RateLimit;
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
    rateLimit: undefined,
    cacheable: undefined,
  };
}

const wallClock: Clock = () => new Date();

/**
 * A rate-limit group: its name keys the counters; its rate limit may depend on the request (the feed's does), read
 * from the request's context.
 */
export interface RateLimitGroup {
  name: string;
  rateLimit: (request: RequestHead, now: Date, ctx: RequestContext) => RateLimit;
  /** false: the handler counts what it answers itself (the MCP endpoint's tool calls); the pipeline counts nothing */
  counted?: boolean;
}

/** The rate-limit group of a request by its route (the context's match); `fallback` for paths no route answers. */
export function tableRateLimitGroup(fallback: RateLimitGroupName): RateLimitGroup {
  return {
    name: fallback,
    rateLimit: (_request, _now, { match, url }) => RATE_LIMITS[match ? rateLimitGroupOf(match.route, url) : fallback],
  };
}

/**
 * What a GET was answered with (a 200, complete, with the counter it was counted on: none for a file), recorded in its
 * RequestContext for the standalone server's cached answers (server/answers.ts); never one with request-specific headers.
 */
export interface CacheableAnswer {
  answer: Answer;
  rateLimit: RateLimit | undefined;
  counter: string | undefined;
}
