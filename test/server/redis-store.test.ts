/**
 * The Redis limiter store (server/redis-store.ts) against a redis-server of the test's own: the same decisions as the
 * memory store for any sequence of hits (the counting rule in Lua is countHit's), exact under concurrent hits, and
 * the hits of one turn of the event loop counted in one round trip, exactly, and
 * failing open when Redis is stopped or hangs: a slow answer waited for (and counted) within the bound, an outage
 * declared after that many time-outs in a row (then every hit admitted at once), one warning per outage, hits sent
 * while it hung never counted, exact counting again once Redis answers.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimit } from "../../contract/policies.js";
import { FAIL_OPEN, memoryRateLimitStore, type RateLimitDecision } from "../../http/ratelimit.js";
import type { LogLevel } from "../../server/log.js";
import { type RedisRateLimitStore, redisRateLimitStore, redisUrlProblem } from "../../server/redis-store.js";
import { TIMEOUTS_FOR_OUTAGE } from "../../server/store-watch.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { haveRedis } from "./have-redis.js";

describe("REDIS_URL values", () => {
  it.each([
    ["redis://127.0.0.1:6379/0", undefined],
    ["redis://cache.internal", undefined],
    ["rediss://user:secret@cache.internal:6380/2", undefined],
    ["http://127.0.0.1:6379", "is not a redis:// or rediss:// URL"],
    ["127.0.0.1:6379", "is not a URL"],
    ["redis://", "names no host"],
    ["redis://host/db", "names a database that is not a number"],
    ["redis://cache.internal/", undefined],
    ["redis://cache.internal/12", undefined],
    ["redis://cache.internal/1x", "names a database that is not a number"],
    ["redis://cache.internal/x1", "names a database that is not a number"],
    ["redis://cache.internal/1/2", "names a database that is not a number"],
    ["not a url", "is not a URL"],
  ])("%s: %s", (value, problem) => expect(redisUrlProblem(value)).toBe(problem));
});

describe.skipIf(!haveRedis)("the Redis limiter store", () => {
  let redis: TestRedis;
  const logged: { level: LogLevel; message: string }[] = [];
  let store: RedisRateLimitStore;

  beforeAll(async () => {
    redis = await startRedis();
    store = redisRateLimitStore(redis.url, (level, message) => logged.push({ level, message }));
    await store.ready();
  });
  afterAll(async () => {
    await store?.close();
    await redis?.stop();
  });

  it("decides every hit as the memory store does (random sequences of keys, paces and times)", async () => {
    const rateLimits: RateLimit[] = [RATE_LIMITS.v3, RATE_LIMITS.v2, RATE_LIMITS["feed-query"]];
    const hit = fc.record({
      key: fc.constantFrom("a", "b", "c"),
      rateLimit: fc.constantFrom(0, 1, 2),
      stepMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 70_000 })),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hit, { minLength: 1, maxLength: 60 }), async (hits) => {
        run++;
        const memory = memoryRateLimitStore();
        let now = 1_780_000_000_000 + run * 10_000_000;
        const fromRedis: RateLimitDecision[] = [];
        const fromMemory: RateLimitDecision[] = [];
        for (const { key, rateLimit, stepMs } of hits) {
          now += stepMs;
          const id = `seq${run}:${key}:${rateLimit}`;
          fromRedis.push(await store.hit(id, rateLimits[rateLimit]!, now));
          fromMemory.push(memory.hit(id, rateLimits[rateLimit]!, now) as RateLimitDecision);
        }
        expect(fromRedis).toEqual(fromMemory);
      }),
      { numRuns: 60, seed: 20261126 },
    );
    expect(store.degraded()).toBe(false);
  });

  it("is exact under 50 concurrent hits of one key: 10 admitted", async () => {
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => store.hit("burst", RATE_LIMITS.v3, now)));
    expect(decisions.filter((d) => d.allowed).length).toBe(10);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds === 60)).toBe(true);
  });

  it("counts the hits of one turn of the event loop in one round trip, exactly", async () => {
    // the script is loaded (a first EVALSHA answered NOSCRIPT is followed by an EVAL)
    await store.hit("warm", RATE_LIMITS.v3, Date.now());
    const scriptCalls = async () => {
      const stats = await redis.command("INFO commandstats");
      return [...stats.matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    expect(await redis.command("CONFIG RESETSTAT")).toBe("+OK");
    const now = Date.now();
    // 30 hits of one key, 15 of another, 8 of a v2 key (blocked after its limit of 5): one turn
    const keys = [...Array(30).fill("turn-a"), ...Array(15).fill("turn-b"), ...Array(8).fill("turn-c")];
    const rateLimits = keys.map((k) => (k === "turn-c" ? RATE_LIMITS.v2 : RATE_LIMITS.v3));
    const decisions = await Promise.all(keys.map((k, i) => store.hit(k, rateLimits[i]!, now)));
    expect(await scriptCalls()).toBe(1);
    const memory = memoryRateLimitStore();
    expect(decisions).toEqual(keys.map((k, i) => memory.hit(k, rateLimits[i]!, now)));
    expect(decisions.filter((d) => d.allowed).length).toBe(10 + 10 + RATE_LIMITS.v2.limit);
    // hits of separate turns: a call each
    expect(await redis.command("CONFIG RESETSTAT")).toBe("+OK");
    for (let i = 0; i < 3; i++) await store.hit("turn-d", RATE_LIMITS.v3, now);
    expect(await scriptCalls()).toBe(3);
  });

  it("keys expire by themselves when their window and block have ended", async () => {
    await store.hit("expiring", RATE_LIMITS.v2, Date.now());
    const ttl = Number((await redis.command("PTTL swedish-calendar:limit:expiring")).replace(":", ""));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(RATE_LIMITS.v2.windowSeconds * 1000);
  });

  it("fails open while Redis is stopped (one warning), and counts exactly again once it is back", async () => {
    logged.length = 0;
    await redis.stop();
    const down = await Promise.all(Array.from({ length: 30 }, () => store.hit("outage", RATE_LIMITS.v3, Date.now())));
    expect(down.every((d) => d.allowed)).toBe(true);
    for (let i = 0; i < 20; i++) expect((await store.hit("outage", RATE_LIMITS.v3, Date.now())).allowed).toBe(true);
    expect(store.degraded()).toBe(true);
    expect(logged.filter((l) => l.level === "warn").length).toBe(1);

    await redis.start();
    // the client reconnects by itself (at most a second between attempts)
    const deadline = Date.now() + 10_000;
    while (store.degraded() && Date.now() < deadline) {
      await store.hit("probe", RATE_LIMITS.v3, Date.now());
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(store.degraded()).toBe(false);
    expect(logged.filter((l) => l.level === "info").map((l) => l.message)).toEqual([
      "limiter: Redis answers again; counting resumed",
    ]);
    const now = Date.now();
    const after = [];
    for (let i = 0; i < 11; i++) after.push((await store.hit("after-outage", RATE_LIMITS.v3, now)).allowed);
    expect(after).toEqual([...Array(10).fill(true), false]);
    expect(logged.filter((l) => l.level === "warn").length).toBe(1);
  });

  it("waits for a slow answer within SLOW_ANSWER_MS and counts it (slowness is not an outage)", async () => {
    logged.length = 0;
    await redis.command("CLIENT PAUSE 300 ALL");
    const paused = Date.now();
    const decision = await store.hit("slow", RATE_LIMITS.v3, Date.now());
    expect(Date.now() - paused).toBeGreaterThanOrEqual(250);
    expect(decision).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(store.degraded()).toBe(false);
    expect(logged).toEqual([]);
    expect(await redis.command("HGET swedish-calendar:limit:slow c")).toMatch(/^\$1\r\n1$/);
  });

  it(`declares an outage after ${TIMEOUTS_FOR_OUTAGE} time-outs in a row, not before; then admits at once; up again once Redis answers`, async () => {
    const lines: { level: LogLevel; message: string }[] = [];
    const bounds = { slowAnswerMs: 150, timeoutsForOutage: TIMEOUTS_FOR_OUTAGE };
    const short = redisRateLimitStore(redis.url, (level, message) => lines.push({ level, message }), bounds);
    await short.ready();
    try {
      redis.pause();
      const waited: number[] = [];
      for (let i = 0; i < TIMEOUTS_FOR_OUTAGE; i++) {
        expect(short.degraded()).toBe(false);
        const asked = Date.now();
        expect(await short.hit("stalled", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
        waited.push(Date.now() - asked);
      }
      // each waited for its bound (a generous upper bound: the machine is loaded)
      expect(waited.every((ms) => ms >= 140 && ms < 1500)).toBe(true);
      expect(short.degraded()).toBe(true);
      expect(lines).toEqual([
        {
          level: "warn",
          message: `limiter: Redis did not answer ${TIMEOUTS_FOR_OUTAGE} requests in a row within 150 ms; requests are admitted uncounted until it answers again (fail open)`,
        },
      ]);
      // down: decided at once, without asking Redis (not even a promise)
      for (let i = 0; i < 20; i++) expect(short.hit("stalled", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
      await new Promise((r) => setTimeout(r, 500));
      redis.resume();
      const deadline = Date.now() + 10_000;
      while (short.degraded() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(short.degraded()).toBe(false);
      expect(lines.map((l) => l.level)).toEqual(["warn", "info"]);
      expect(lines[1]!.message).toBe("limiter: Redis answers again; counting resumed");
      // the hits sent while it hung reached Redis after their deadline: none was counted, so this key has its 10
      const now = Date.now();
      const after = [];
      for (let i = 0; i < 11; i++) after.push((await short.hit("stalled", RATE_LIMITS.v3, now)).allowed);
      expect(after).toEqual([...Array(10).fill(true), false]);
    } finally {
      redis.resume();
      await short.close();
    }
  });

  it("an answer in time ends a run of time-outs: two, an answer, two again is no outage", async () => {
    const lines: LogLevel[] = [];
    const short = redisRateLimitStore(redis.url, (level) => lines.push(level), {
      slowAnswerMs: 150,
      timeoutsForOutage: 3,
    });
    await short.ready();
    try {
      for (const round of [1, 2]) {
        redis.pause();
        for (let i = 0; i < 2; i++)
          expect(await short.hit(`run${round}`, RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
        redis.resume();
        expect((await short.hit(`run${round}-answered`, RATE_LIMITS.v3, Date.now())).failedOpen).toBeUndefined();
      }
      expect(short.degraded()).toBe(false);
      expect(lines).toEqual([]);
    } finally {
      redis.resume();
      await short.close();
    }
  });
});
