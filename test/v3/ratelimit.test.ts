import { describe, expect, it, vi } from "vitest";
import {
  type CounterState,
  checkRateLimit,
  countHit,
  memoryRateLimitStore,
  netlifyContext,
  type RateLimitStore,
  requestContext,
  respond,
  SWEEP_EVERY_HITS,
  serve,
} from "../../http/core.js";
import { handleHealth } from "../../http/health.js";
import { expectProblem, v3 } from "./helpers.js";

const T0 = Date.parse("2026-06-15T10:00:00Z");

function clockAt(ms: { now: number }) {
  return () => new Date(ms.now);
}

describe("v3 rate limit: 10 per minute per address", () => {
  it("refuses the 11th request in a minute with 429 and Retry-After, then admits after the window", async () => {
    const store = memoryRateLimitStore();
    const time = { now: T0 };
    const ctx = { store, rateLimitsEnabled: true, clientAddress: "192.0.2.1", clock: clockAt(time) };
    for (let i = 0; i < 10; i++) {
      time.now = T0 + i * 1000;
      const res = await v3("/v3/days/2024-01-01", undefined, ctx);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("10");
      expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
    }
    time.now = T0 + 15_000;
    const refused = await v3("/v3/days/2024-01-01", undefined, ctx);
    expect(refused.headers.get("retry-after")).toBe("45");
    expect(refused.headers.get("ratelimit-limit")).toBe("10");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    await expectProblem(refused, "rate-limited", 429);

    // another address has its own allowance
    expect((await v3("/v3/days/2024-01-01", undefined, { ...ctx, clientAddress: "192.0.2.2" })).status).toBe(200);

    time.now = T0 + 59_999;
    const lastMs = await v3("/v3/days/2024-01-01", undefined, ctx);
    expect(lastMs.status).toBe(429);
    expect(lastMs.headers.get("retry-after")).toBe("1");

    time.now = T0 + 60_000;
    expect((await v3("/v3/days/2024-01-01", undefined, ctx)).status).toBe(200);
  });

  it("counts errors but not preflights", async () => {
    const store = memoryRateLimitStore();
    const ctx = { store, rateLimitsEnabled: true, clientAddress: "a", clock: () => new Date(T0) };
    for (let i = 0; i < 20; i++) expect((await v3("/v3/holidays", { method: "OPTIONS" }, ctx)).status).toBe(204);
    for (let i = 0; i < 10; i++) expect((await v3("/v3/holidays?year=x", undefined, ctx)).status).toBe(400);
    expect((await v3("/v3/holidays?year=2024", undefined, ctx)).status).toBe(429);
  });

  it("is off when rateLimitsEnabled is false (RATE_LIMITS=off)", async () => {
    const store = memoryRateLimitStore();
    const ctx = { store, rateLimitsEnabled: false, clientAddress: "a", clock: () => new Date(T0) };
    for (let i = 0; i < 15; i++) expect((await v3("/v3/days/2024-01-01", undefined, ctx)).status).toBe(200);
    expect(process.env.RATE_LIMITS).toBe("off");
    // on Netlify the platform counts: the function keeps no counter of its own
    const request = new Request("http://x/");
    expect(requestContext(request, netlifyContext(request, { ip: "1.2.3.4" }))).toMatchObject({
      clientAddress: "1.2.3.4",
      rateLimitsEnabled: false,
      store: null,
    });
  });

  it("keys counters by the socket address, never a client-supplied header", async () => {
    const store = memoryRateLimitStore();
    const ctx = { store, rateLimitsEnabled: true, clientAddress: "198.51.100.7", clock: () => new Date(T0) };
    for (let i = 0; i < 10; i++) {
      await v3("/v3/days/2024-01-01", { headers: { "X-Forwarded-For": `10.0.0.${i}` } }, ctx);
    }
    const res = await v3(
      "/v3/days/2024-01-01",
      { headers: { "X-Forwarded-For": "10.9.9.9", "X-Nf-Client-Connection-Ip": "10.9.9.9" } },
      ctx,
    );
    expect(res.status).toBe(429);
  });

  it("/health is never counted: 100 probes in a second are all answered, and they spend no one's allowance", async () => {
    const hits: string[] = [];
    const inner = memoryRateLimitStore();
    const store: RateLimitStore = {
      hit(key, rateLimit, nowMs) {
        hits.push(key);
        return inner.hit(key, rateLimit, nowMs);
      },
    };
    const ctx = { store, rateLimitsEnabled: true, clientAddress: "a", clock: () => new Date(T0) };
    for (let i = 0; i < 100; i++) {
      const health = await handleHealth(new Request(`http://x/health${i % 2 ? "?ready" : ""}`), ctx);
      expect(health.status).toBe(200);
      // the headers every answer carries: the v3 rate limit, as the (also uncounted) dataset files state their rate-limit group's
      expect(health.headers.get("ratelimit-limit")).toBe("10");
      expect(health.headers.get("ratelimit-policy")).toBe("10;w=60");
      expect(health.headers.get("retry-after")).toBeNull();
    }
    expect(hits).toEqual([]);
    // the address's v3 allowance is whole
    for (let i = 0; i < 10; i++) expect((await v3("/v3/days/2024-01-01", undefined, ctx)).status).toBe(200);
    expect((await v3("/v3/days/2024-01-01", undefined, ctx)).status).toBe(429);
    // and a client over its v3 limit is still answered on /health
    expect((await handleHealth(new Request("http://x/health"), ctx)).status).toBe(200);
  });
});

describe("the limiter fails open", () => {
  const throwing: RateLimitStore = {
    async hit() {
      throw new Error("store is down");
    },
  };
  const hanging: RateLimitStore = { hit: () => new Promise(() => {}) };

  it("lets every request through when the store throws", async () => {
    const ctx = { store: throwing, rateLimitsEnabled: true, clientAddress: "a", clock: () => new Date(T0) };
    for (let i = 0; i < 15; i++) {
      const res = await v3("/v3/days/2024-01-01", undefined, ctx);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("10");
    }
  });

  it("lets the request through when the store throws at once, and says so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const broken: RateLimitStore = {
        hit() {
          throw new Error("counter unreadable");
        },
      };
      expect(checkRateLimit(broken, "k", { limit: 1, windowSeconds: 60 }, T0)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
        failedOpen: true,
      });
      expect(warn).toHaveBeenCalledWith("rate limiter failed open: counter unreadable");
    } finally {
      warn.mockRestore();
    }
  });

  it("the memory store is answered at once: a decision, not a promise (no timer per request)", () => {
    const store = memoryRateLimitStore();
    const rateLimit = { limit: 1, windowSeconds: 60 };
    expect(checkRateLimit(store, "k", rateLimit, T0)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(checkRateLimit(store, "k", rateLimit, T0 + 1000)).toEqual({ allowed: false, retryAfterSeconds: 59 });
  });

  it("lets the request through when the store hangs", async () => {
    const decision = await checkRateLimit(hanging, "k", { limit: 1, windowSeconds: 60 }, T0, 50);
    expect(decision).toEqual({ allowed: true, retryAfterSeconds: 0, failedOpen: true });
  });
});

/** One counter's hits in turn, through the pure counting rule: each returns its decision. */
function counter(rateLimit: Parameters<typeof countHit>[1]): (ms: number) => ReturnType<typeof countHit>["decision"] {
  let state: CounterState | null = null;
  return (ms) => {
    const r = countHit(state, rateLimit, ms);
    state = r.state;
    return r.decision;
  };
}

describe("block window (v2: blocked for 10 s once over the limit)", () => {
  it("refuses every request until the block ends", () => {
    const rateLimit = { limit: 5, windowSeconds: 10, blockSeconds: 10 };
    const hit = counter(rateLimit);
    for (let i = 0; i < 5; i++) expect(hit(T0 + i * 100).allowed).toBe(true);
    expect(hit(T0 + 9_000)).toEqual({ allowed: false, retryAfterSeconds: 10 }); // blocked until T0 + 19 s
    expect(hit(T0 + 12_000)).toEqual({ allowed: false, retryAfterSeconds: 7 }); // window over, block not
    expect(hit(T0 + 19_000).allowed).toBe(true);
  });

  it("a hit read a moment before the one that started the block is told the block's length, not a second more", () => {
    // two workers' clocks: the sixth hit (worker B, T0 + 500) blocks until T0 + 10.5 s; the seventh was read by
    // worker A at T0 + 400 and reaches the counters after it
    const rateLimit = { limit: 5, windowSeconds: 10, blockSeconds: 10 };
    const hit = counter(rateLimit);
    for (let i = 0; i < 5; i++) expect(hit(T0 + i * 10).allowed).toBe(true);
    expect(hit(T0 + 500)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(hit(T0 + 400)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // and a window opened by a later clock: at most the window's 60 s
    const window = { limit: 1, windowSeconds: 60 };
    const first = countHit(null, window, T0 + 700);
    expect(countHit(first.state, window, T0 + 100).decision).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("works through serve() with a surface policy", async () => {
    const rateLimitGroup = { name: "blocky", rateLimit: () => ({ limit: 2, windowSeconds: 10, blockSeconds: 30 }) };
    const handler = respond(serve(rateLimitGroup, () => ({ status: 200, headers: {}, body: "ok" })));
    const store = memoryRateLimitStore();
    const time = { now: T0 };
    const ctx = { store, rateLimitsEnabled: true, clientAddress: "a", clock: clockAt(time) };
    const call = async () => handler(new Request("http://x/"), ctx);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.headers.get("ratelimit-policy")).toBe("2;w=10");
    time.now = T0 + 15_000;
    expect((await call()).status).toBe(429);
    time.now = T0 + 30_000;
    expect((await call()).status).toBe(200);
  });
});

describe("the memory store forgets counters that say nothing any more", () => {
  it("sweeps counters whose window (and block) ended, keeps the live ones, and still counts exactly", async () => {
    const store = memoryRateLimitStore();
    const rateLimit = { limit: 2, windowSeconds: 10 };
    // SWEEP_EVERY_HITS - 1 distinct addresses at T0: their windows end at T0 + 10 s
    for (let i = 1; i < SWEEP_EVERY_HITS; i++) await store.hit(`old-${i}`, rateLimit, T0);
    expect(store.size()).toBe(SWEEP_EVERY_HITS - 1);
    // the SWEEP_EVERY_HITS-th hit (the first of "live", 15 s on) sweeps out every old-* counter; "live" reaches its limit
    await store.hit("live", rateLimit, T0 + 15_000);
    expect(store.size()).toBe(1);
    await store.hit("live", rateLimit, T0 + 15_000);
    for (let i = 0; i < SWEEP_EVERY_HITS - 2; i++)
      await store.hit("other", { limit: 1e9, windowSeconds: 10 }, T0 + 20_000);
    expect(store.size()).toBe(2); // "live" (its window runs to 25 s) and "other" survive the next sweep
    expect(await store.hit("live", rateLimit, T0 + 20_000)).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });

  it("keeps a blocked counter until its block ends", async () => {
    const store = memoryRateLimitStore();
    const v2 = { limit: 1, windowSeconds: 1, blockSeconds: 10 };
    await store.hit("b", v2, T0);
    expect((await store.hit("b", v2, T0 + 100)).allowed).toBe(false); // blocked until T0 + 10.1 s
    for (let i = 0; i < SWEEP_EVERY_HITS; i++) await store.hit(`x-${i}`, v2, T0 + 5_000);
    expect(await store.hit("b", v2, T0 + 6_000)).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });
});
