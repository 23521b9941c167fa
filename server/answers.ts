/**
 * Answers cached for a repeated target, as the CDN caches them in production (docs/contract.md#caching), so the
 * standalone server answers the same way: which answers, for how long, and how a repeat is counted,
 * docs/http-layer.md#two-ways-to-run-one-set-of-handlers. A route a dataset file could answer is cached only a second,
 * as long as the file lookup is trusted (./files.ts STAT_TTL_MS). An answer is cached from its target's second request
 * on, so a stream of distinct targets caches nothing and costs nothing extra.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_LONG, FEED_CACHE_CONTROL, type RateLimit } from "../contract/policies.js";
import { secondsUntilStockholmMidnight } from "../http/cache.js";
import { type Answer, ifNoneMatchMatches, layeredHeaders } from "../http/http.js";
import type { CacheableAnswer } from "../http/request-context.js";
import { type Coding, encoded, etagFor, negotiate, varies, withVary } from "./compress.js";
import { STAT_TTL_MS } from "./files.js";
import { MEMO_KEY_LENGTH } from "./memo.js";
import { noteBodyBytes } from "./node-io.js";

/** A cached answer in one coding: its headers for a 200 (HEAD's are the same), for a 304, and its body. */
export interface CachedForm {
  /** the 200's headers, Content-Length included (HEAD sends them too) */
  readonly headers: Readonly<Record<string, string>>;
  /** the 304's: the 200's without Content-Type and Content-Length (as okAnswer builds it) */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  readonly etag: string;
}

export interface CachedAnswer extends CachedForm {
  /** a cached answer is a 200 (written from its stored forms: writeCached) */
  readonly status: 200;
  /** HEAD's: the 200's (Content-Length included, as writeAnswer writes a HEAD) */
  readonly headHeaders: Readonly<Record<string, string>>;
  /** can it be sent compressed? (./compress.ts: a compressible type, large enough) */
  readonly varies: boolean;
  /** its compressed forms, made on the first request in each coding (./compress.ts keeps the compressed bytes) */
  readonly forms: Partial<Record<Exclude<Coding, "identity">, CachedForm | Promise<CachedForm>>>;
  /** the counter a repeat of this target is counted on; undefined for a file and the feed (served regardless) */
  readonly counter: { readonly name: string; readonly rateLimit: RateLimit } | undefined;
  /** epoch ms after which the answer is not used */
  readonly validUntil: number;
  /** the route that answered it (its id), for the access line and the metrics */
  readonly route: string;
  readonly bytes: number;
}

/** How an answer came about: a file of the publish folder, a function answering a route a file could answer, any other function. */
export type AnswerSource = "file" | "static-route" | "function";

/** Is a repeat of this cached answer counted? Not the feed's (counted only when built); every other one is, as its function counts. */
export function countedWhenCached(cacheControl: string | undefined): boolean {
  return cacheControl !== FEED_CACHE_CONTROL;
}

/** How long (epoch ms) a served answer may be cached, from its source and Cache-Control; undefined: not at all. */
export function cachedUntil(source: AnswerSource, cacheControl: string | undefined, now: Date): number | undefined {
  const t = now.getTime();
  if (source === "file") return t + STAT_TTL_MS;
  let until: number;
  if (cacheControl === CACHE_LONG) until = Infinity;
  else if (cacheControl === FEED_CACHE_CONTROL) until = t + secondsUntilStockholmMidnight(now) * 1000;
  else return undefined;
  return source === "static-route" ? Math.min(until, t + STAT_TTL_MS) : until;
}

const without = (headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> => {
  const copy: Record<string, string> = {};
  for (const name in headers) if (!names.includes(name)) copy[name] = headers[name];
  return copy;
};

/** The cached form of a served 200 (with `extra` headers, e.g. the answer source tests ask for), valid until `validUntil`. */
export function cachedAnswer(
  cacheable: CacheableAnswer,
  validUntil: number,
  route: string,
  extra?: Readonly<Record<string, string>>,
): CachedAnswer | undefined {
  const { answer } = cacheable;
  const etag = answer.headers.ETag;
  if (answer.status !== 200 || answer.body === null || etag === undefined) return undefined;
  // bytes, encoded once: text with letters beyond ASCII (å, ä, ö) would be encoded again on every write
  const body = typeof answer.body === "string" ? Buffer.from(answer.body, "utf8") : answer.body;
  const length = body.byteLength;
  const headers = layeredHeaders(answer.headers, extra);
  const compressible = varies(headers, length);
  if (compressible) headers.Vary = withVary(headers.Vary);
  const notModifiedHeaders = without(headers, ["Content-Type"]);
  headers["Content-Length"] = String(length);
  return {
    status: 200,
    headers,
    headHeaders: headers,
    notModifiedHeaders,
    body,
    etag,
    varies: compressible,
    forms: {},
    counter:
      cacheable.counter !== undefined && cacheable.rateLimit && countedWhenCached(answer.headers["Cache-Control"])
        ? { name: cacheable.counter, rateLimit: cacheable.rateLimit }
        : undefined,
    validUntil,
    route,
    bytes: length + 1024,
  };
}

/**
 * Targets asked for once, remembered as 32-bit fingerprints in a table of this many slots (a newer target whose slot
 * is taken replaces the older one): a fixed 512 KiB, and no string kept alive per target, which a Set of distinct
 * targets did (each one surviving into the old generation, where collecting it costs far more).
 */
const SEEN_SLOTS = 1 << 17;

/** FNV-1a over a text's UTF-16 code units: a target's fingerprint (never 0, the empty slot). */
export function fingerprintOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0 || 1;
}

/**
 * Hand-written on purpose, not lru-cache (docs/architecture.md, "Kept hand-written, and why"): the seen-once table
 * above, validity judged against the clock the caller passes, and a hit that writes nothing; bench/caches.ts.
 */
export class AnswerCache {
  private readonly cached = new Map<string, CachedAnswer>();
  private readonly seen = new Uint32Array(SEEN_SLOTS);
  private bytes = 0;
  /** The bytes the cached answers take (their bodies and a share for their headers). */
  get cachedBytes(): number {
    return this.bytes;
  }
  /**
   * Targets in the order they were cached, oldest first from `head`: eviction takes from the front. (Scanning the Map
   * from its front instead walked past every entry deleted before, which V8 keeps until the Map is rebuilt: once the
   * cache was full, each set() paid for all earlier evictions.) A target cached again is queued again; a queued entry
   * whose answer is no longer the one cached under its target is skipped.
   */
  private order: { target: string; answer: CachedAnswer }[] = [];
  private head = 0;

  constructor(private readonly maxBytes: number = 32 * 1024 * 1024) {}

  /** The answer cached for a target, while it is valid at `nowMs`. */
  get(target: string, nowMs: number): CachedAnswer | undefined {
    const cached = this.cached.get(target);
    if (cached === undefined) return undefined;
    if (nowMs <= cached.validUntil) return cached;
    this.delete(target, cached);
    return undefined;
  }

  /**
   * Whether an answer for this target is worth caching: it has been asked for recently (its fingerprint is in its
   * slot). Remembers it otherwise. Two targets with one fingerprint are taken for one: the second is cached on its
   * first request, which costs memory within the budget, never a wrong answer (answers are cached by their target).
   * A target longer than MEMO_KEY_LENGTH is never cached (memory stays bounded whatever the targets).
   */
  wanted(target: string): boolean {
    if (target.length > MEMO_KEY_LENGTH) return false;
    const fingerprint = fingerprintOf(target);
    const slot = fingerprint & (SEEN_SLOTS - 1);
    if (this.seen[slot] === fingerprint) return true;
    this.seen[slot] = fingerprint;
    return false;
  }

  set(target: string, answer: CachedAnswer): void {
    const old = this.cached.get(target);
    if (old) this.delete(target, old);
    if (answer.bytes > this.maxBytes / 8) return;
    this.cached.set(target, answer);
    this.order.push({ target, answer });
    this.bytes += answer.bytes;
    while (this.bytes > this.maxBytes && this.head < this.order.length) {
      const oldest = this.order[this.head++];
      if (this.cached.get(oldest.target) === oldest.answer) this.delete(oldest.target, oldest.answer);
    }
    // drop the consumed front and the entries of answers no longer cached (replaced, expired) once they are most of the
    // queue, so it stays within about twice the answers cached whatever the churn
    if (
      this.order.length - this.head > 2 * this.cached.size + 1024 ||
      (this.head > 1024 && this.head * 2 > this.order.length)
    ) {
      this.order = this.order.slice(this.head).filter((entry) => this.cached.get(entry.target) === entry.answer);
      this.head = 0;
    }
  }

  get size(): number {
    return this.cached.size;
  }

  private delete(target: string, cached: CachedAnswer): void {
    this.cached.delete(target);
    this.bytes -= cached.bytes;
  }
}

/** A cached answer in a coding: made once (its body compressed once, ./compress.ts), then reused. */
function formOf(cached: CachedAnswer, coding: Coding): CachedForm | Promise<CachedForm> {
  if (coding === "identity") return cached;
  const known = cached.forms[coding];
  if (known) return known;
  const make = (body: Uint8Array): CachedForm => {
    const etag = etagFor(cached.etag, coding);
    const headers = {
      ...cached.headers,
      "Content-Encoding": coding,
      ETag: etag,
      "Content-Length": String(body.byteLength),
    };
    const form = { headers, notModifiedHeaders: without(headers, ["Content-Type", "Content-Length"]), body, etag };
    cached.forms[coding] = form;
    return form;
  };
  const body = encoded(cached.body, coding);
  if (!(body instanceof Promise)) return make(body);
  const pending = body.then(make, () => {
    cached.forms[coding] = undefined;
    return cached;
  });
  cached.forms[coding] = pending;
  return pending;
}

/**
 * Writes a cached answer for a GET or HEAD, in the coding the request prefers: 304 when If-None-Match matches that
 * coding's ETag, no body for HEAD.
 */
/** Is this answer a cached one (written from its stored forms: writeCached), not one made for this request? */
export function isCachedAnswer(answer: Answer): answer is CachedAnswer {
  return (answer as Partial<CachedAnswer>).forms !== undefined;
}

export function writeCached(req: IncomingMessage, res: ServerResponse, cached: CachedAnswer): void {
  const form = formOf(cached, cached.varies ? negotiate(req.headers["accept-encoding"]) : "identity");
  if (form instanceof Promise) form.then((f) => writeForm(req, res, f)).catch(() => res.destroy());
  else writeForm(req, res, form);
}

function writeForm(req: IncomingMessage, res: ServerResponse, form: CachedForm): void {
  const condition = req.headers["if-none-match"];
  if (condition !== undefined && ifNoneMatchMatches(condition, form.etag)) {
    res.writeHead(304, form.notModifiedHeaders);
    res.end();
  } else if (req.method === "HEAD") {
    res.writeHead(200, form.headers);
    res.end();
  } else {
    res.writeHead(200, form.headers);
    noteBodyBytes(res, form.body.byteLength);
    res.end(form.body);
  }
}
