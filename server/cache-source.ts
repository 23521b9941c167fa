/**
 * Caching answers for repeated targets (./answers.ts holds what a cached answer is and the bounded cache): which
 * answers are cached, and a repeat answered from memory, counted as its function counts it. Also the answer-source
 * header tests ask for (`file` or `function`).
 */
import type { IncomingMessage } from "node:http";
import { limitedOn } from "../http/counters.js";
import { type Answer, layeredHeaders } from "../http/http.js";
import { completed } from "../http/pipeline.js";
import type { RequestContext } from "../http/request-context.js";
import { AnswerCache, type AnswerSource, type CachedAnswer, cachedAnswer, cachedUntil } from "./answers.js";
import type { ServerConfig } from "./config.js";

/** The header that says what answered (`file` or `function`), sent only when `answerSourceHeader` is on (tests). */
export const ANSWER_SOURCE_HEADER = "X-Answer-Source";

/**
 * What answered a request, as the access line and the metrics tell it: a cached answer, a file (dataset or site),
 * computed, or refused by the socket guard below the HTTP layer (./sockets.ts).
 */
export type ObservedSource = "kept" | "file" | "computed" | "refused";

const SOURCE = Symbol("answer source");
type Sourced = RequestContext & { [SOURCE]?: ObservedSource };

/** What answered the request of this context (as a cache hit or recordSource() recorded it); computed when neither did. */
export const sourceOf = (ctx: RequestContext): ObservedSource => (ctx as Sourced)[SOURCE] ?? "computed";

export interface AnswerCaching {
  readonly cache: AnswerCache;
  /** the answer-source header of `source`, when the server sends it */
  sourceHeader(source: "file" | "function"): Record<string, string> | undefined;
  /** the answer with its answer-source header, when the server sends it; records the source on the request's context */
  recordSource(ctx: RequestContext, answer: Answer, source: "file" | "function"): Answer;
  /** caches a GET's 200 (as its context recorded it) for its target when it stays the same for it, then records its source */
  cached(ctx: RequestContext, target: string | undefined, answer: Answer, source: AnswerSource): Answer;
  /** a repeated target: counted as its function counts it, then its cached answer (the 429 when over) */
  repeat(req: IncomingMessage, cached: CachedAnswer, now: Date): Answer | Promise<Answer>;
}

export function answerCaching(config: ServerConfig): AnswerCaching {
  const { sendAnswerSource, answerCacheBytes, rateLimitsEnabled, store, clock, clientOf } = config;
  const cache = new AnswerCache(answerCacheBytes);
  const sourceHeader = (source: "file" | "function") =>
    sendAnswerSource ? { [ANSWER_SOURCE_HEADER]: source } : undefined;
  const recordSource = (ctx: RequestContext, answer: Answer, source: "file" | "function"): Answer => {
    (ctx as Sourced)[SOURCE] = source === "file" ? "file" : "computed";
    const header = sourceHeader(source);
    return header
      ? { status: answer.status, headers: layeredHeaders(answer.headers, header), body: answer.body }
      : answer;
  };
  return {
    cache,
    sourceHeader,
    recordSource,
    cached(ctx, target, answer, source) {
      const shown = source === "file" ? "file" : "function";
      let cacheable =
        ctx.cacheable !== undefined && target !== undefined && answerCacheBytes > 0 && cache.wanted(target)
          ? ctx.cacheable
          : undefined;
      // an answer the deployed service serves as a file (answered uncounted): its repeats are not counted either
      if (cacheable && rateLimitsEnabled && !ctx.rateLimitsEnabled) cacheable = { ...cacheable, counter: undefined };
      if (cacheable) {
        const until = cachedUntil(source, cacheable.answer.headers["Cache-Control"], clock());
        const entry =
          until === undefined
            ? undefined
            : cachedAnswer(cacheable, until, ctx.match?.route.id ?? "-", sourceHeader(shown));
        if (entry) cache.set(target!, entry);
      }
      return recordSource(ctx, answer, shown);
    },
    repeat(req, cached, now) {
      const counter = cached.counter;
      if (!counter) return cached;
      const limited = limitedOn(
        counter.name,
        counter.rateLimit,
        { rateLimitsEnabled, store, clientAddress: clientOf(req) },
        now,
      );
      const answerOf = (over: Answer | undefined): Answer =>
        over ? completed(over, counter.rateLimit, sourceHeader("function")) : cached;
      return limited instanceof Promise ? limited.then(answerOf) : answerOf(limited);
    },
  };
}
