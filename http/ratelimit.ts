import type { RateLimit } from "../contract/policies.js";

export type { RateLimit };

export interface RateLimitDecision {
  allowed: boolean;
  /** whole seconds until a request would be admitted (0 when allowed) */
  retryAfterSeconds: number;
  /** admitted uncounted because the store failed (the limiter fails open) */
  failedOpen?: true;
}

/** A request admitted and counted. */
export const ADMITTED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 });
/** The decision of a store that failed: the request goes through, uncounted. */
export const FAIL_OPEN: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0, failedOpen: true });

/** Where the counters live: the standalone server keeps them in its memory (on Netlify the platform counts). */
export interface RateLimitStore {
  /** counts a hit; a store in memory answers at once, one elsewhere may answer with a promise */
  hit(key: string, rateLimit: RateLimit, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
  /** a request admitted without counting (an operator's grant without a limit): noted, never counted (the metrics) */
  admittedUncounted?(key: string): void;
}

/** One counter: a fixed window that starts with its first request. */
export interface CounterState {
  windowStart: number;
  count: number;
  blockedUntil: number;
}

/** The pure counting rule shared by every store: returns the new state and the decision. */
export function countHit(
  state: CounterState | null,
  rateLimit: RateLimit,
  nowMs: number,
): { state: CounterState; decision: RateLimitDecision } {
  const windowMs = rateLimit.windowSeconds * 1000;
  // a time before the window's start (another process's clock, read a moment earlier than the hit that opened the
  // window, or a clock set back) counts in the window: only the window's end opens a new one
  const s: CounterState =
    state && nowMs < state.windowStart + windowMs
      ? { ...state }
      : { windowStart: nowMs, count: 0, blockedUntil: state?.blockedUntil ?? 0 };
  if (nowMs < s.blockedUntil) {
    return {
      state: s,
      decision: { allowed: false, retryAfterSeconds: retryAfterSeconds(s.blockedUntil, nowMs, rateLimit) },
    };
  }
  if (s.count < rateLimit.limit) {
    s.count++;
    return { state: s, decision: { allowed: true, retryAfterSeconds: 0 } };
  }
  let admitAt = s.windowStart + windowMs;
  if (rateLimit.blockSeconds) {
    s.blockedUntil = Math.max(s.blockedUntil, nowMs + rateLimit.blockSeconds * 1000);
    admitAt = Math.max(admitAt, s.blockedUntil);
  }
  return { state: s, decision: { allowed: false, retryAfterSeconds: retryAfterSeconds(admitAt, nowMs, rateLimit) } };
}

/**
 * Whole seconds from `nowMs` until `admitAtMs`, at least 1 and never more than the rate limit's longest wait (its window,
 * or its block): a hit whose time was read a moment before the hit that opened the window or the block (another
 * worker's or instance's clock) would otherwise be told a second more than the block lasts.
 */
export function retryAfterSeconds(admitAtMs: number, nowMs: number, rateLimit: RateLimit): number {
  const longest = Math.max(rateLimit.windowSeconds, rateLimit.blockSeconds ?? 0);
  return Math.min(longest, Math.max(1, Math.ceil((admitAtMs - nowMs) / 1000)));
}

/** How often (in hits) the memory store sweeps out counters whose window and block have ended. */
export const SWEEP_EVERY_HITS = 4096;

/**
 * Counters in this process's memory: the standalone server's limiter (exact under concurrent bursts, since a hit is
 * counted synchronously) and in-process tests. Counters whose window and block have both ended say nothing any
 * more and are swept out every SWEEP_EVERY_HITS hits, so memory follows the addresses active in the last window,
 * not every address ever seen.
 */
export function memoryRateLimitStore(): RateLimitStore & { clear(): void; size(): number } {
  const counters = new Map<string, { state: CounterState; expiresAt: number }>();
  let hits = 0;
  const sweep = (nowMs: number) => {
    for (const [key, entry] of counters) if (entry.expiresAt <= nowMs) counters.delete(key);
  };
  return {
    hit(key, rateLimit, nowMs) {
      if (++hits % SWEEP_EVERY_HITS === 0) sweep(nowMs);
      const { state, decision } = countHit(counters.get(key)?.state ?? null, rateLimit, nowMs);
      counters.set(key, {
        state,
        expiresAt: Math.max(state.windowStart + rateLimit.windowSeconds * 1000, state.blockedUntil),
      });
      return decision;
    },
    clear() {
      counters.clear();
    },
    size() {
      return counters.size;
    },
  };
}

/** A store call that takes longer than this is treated as broken: the request goes through. */
export const RATE_LIMIT_TIMEOUT_MS = 1500;

function failOpen(error: unknown): RateLimitDecision {
  console.warn(`rate limiter failed open: ${(error as Error)?.message ?? error}`);
  return FAIL_OPEN;
}

/**
 * Asks the store, failing open: an error, or an answer later than `timeoutMs`, admits the request. A store that
 * answers at once (the memory store) is answered at once, without a timer.
 */
export function checkRateLimit(
  store: RateLimitStore,
  key: string,
  rateLimit: RateLimit,
  nowMs: number,
  timeoutMs = RATE_LIMIT_TIMEOUT_MS,
): RateLimitDecision | Promise<RateLimitDecision> {
  let pending: RateLimitDecision | Promise<RateLimitDecision>;
  try {
    pending = store.hit(key, rateLimit, nowMs);
  } catch (error) {
    return failOpen(error);
  }
  if (!(pending instanceof Promise)) return pending;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RateLimitDecision>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`rate limiter failed open: no answer within ${timeoutMs} ms`);
      resolve(FAIL_OPEN);
    }, timeoutMs);
  });
  return Promise.race([pending, timeout]).then(
    (decision) => {
      clearTimeout(timer);
      return decision;
    },
    (error) => {
      clearTimeout(timer);
      return failOpen(error);
    },
  );
}

/** The RateLimit-Limit and RateLimit-Policy headers of a rate limit (declared with the rate limits). */
export { rateLimitHeaders } from "../contract/policies.js";
