/**
 * The Redis limiter store (server/redis-store.ts) against a redis-server of the test's own: the same decisions as the
 * memory store for any sequence of hits (the counting rule in Lua is countHit's), exact under concurrent hits, and
 * failing open when Redis is stopped or slow: every hit admitted without waiting, one warning per outage, exact
 * counting again once Redis answers.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SURFACES, type PaceLimit } from "../../contract/policies.js";
import { memoryRateLimitStore, type RateLimitDecision } from "../../functions/lib/ratelimit.js";
import type { LogLevel } from "../../server/log.js";
import { redisRateLimitStore, redisUrlProblem, type RedisRateLimitStore } from "../../server/redis-store.js";
import { redisBinary, startRedis, type TestRedis } from "../support/redis.js";

const haveRedis = redisBinary() !== undefined;
if (!haveRedis) console.warn("redis-server is not installed: the Redis limiter tests are skipped (apt-get install redis-server)");

describe("REDIS_URL values", () => {
  it.each([
    ["redis://127.0.0.1:6379/0", undefined],
    ["redis://cache.internal", undefined],
    ["rediss://user:secret@cache.internal:6380/2", undefined],
    ["http://127.0.0.1:6379", "is not a redis:// or rediss:// URL"],
    ["127.0.0.1:6379", "is not a URL"],
    ["redis://", "names no host"],
    ["redis://host/db", "names a database that is not a number"],
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
    const paces: PaceLimit[] = [SURFACES.v3, SURFACES.v2, SURFACES["feed-query"]];
    const hit = fc.record({ key: fc.constantFrom("a", "b", "c"), pace: fc.constantFrom(0, 1, 2), stepMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 70_000 })) });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hit, { minLength: 1, maxLength: 60 }), async (hits) => {
        run++;
        const memory = memoryRateLimitStore();
        let now = 1_780_000_000_000 + run * 10_000_000;
        const fromRedis: RateLimitDecision[] = [];
        const fromMemory: RateLimitDecision[] = [];
        for (const { key, pace, stepMs } of hits) {
          now += stepMs;
          const id = `seq${run}:${key}:${pace}`;
          fromRedis.push(await store.hit(id, paces[pace]!, now));
          fromMemory.push(memory.hit(id, paces[pace]!, now) as RateLimitDecision);
        }
        expect(fromRedis).toEqual(fromMemory);
      }),
      { numRuns: 60, seed: 20261126 },
    );
    expect(store.degraded()).toBe(false);
  });

  it("is exact under 50 concurrent hits of one key: 10 admitted", async () => {
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 50 }, () => store.hit("burst", SURFACES.v3, now)));
    expect(decisions.filter((d) => d.allowed).length).toBe(10);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds === 60)).toBe(true);
  });

  it("keys expire by themselves when their window and block have ended", async () => {
    await store.hit("expiring", SURFACES.v2, Date.now());
    const ttl = Number((await redis.command("PTTL swedish-calendar:limit:expiring")).replace(":", ""));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(SURFACES.v2.windowSeconds * 1000);
  });

  it("fails open while Redis is stopped (one warning), and counts exactly again once it is back", async () => {
    logged.length = 0;
    await redis.stop();
    const down = await Promise.all(Array.from({ length: 30 }, () => store.hit("outage", SURFACES.v3, Date.now())));
    expect(down.every((d) => d.allowed)).toBe(true);
    for (let i = 0; i < 20; i++) expect((await store.hit("outage", SURFACES.v3, Date.now())).allowed).toBe(true);
    expect(store.degraded()).toBe(true);
    expect(logged.filter((l) => l.level === "warn").length).toBe(1);

    await redis.start();
    // the client reconnects by itself (at most a second between attempts)
    const deadline = Date.now() + 10_000;
    while (store.degraded() && Date.now() < deadline) {
      await store.hit("probe", SURFACES.v3, Date.now());
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(store.degraded()).toBe(false);
    expect(logged.filter((l) => l.level === "info").map((l) => l.message)).toEqual(["limiter: Redis answers again; counting resumed"]);
    const now = Date.now();
    const after = [];
    for (let i = 0; i < 11; i++) after.push((await store.hit("after-outage", SURFACES.v3, now)).allowed);
    expect(after).toEqual([...Array(10).fill(true), false]);
    expect(logged.filter((l) => l.level === "warn").length).toBe(1);
  });

  it("fails open when Redis answers too slowly: the hit is admitted long before Redis answers", async () => {
    logged.length = 0;
    await redis.command("CLIENT PAUSE 1500 ALL");
    const paused = Date.now();
    const decision = await store.hit("slow", SURFACES.v3, Date.now());
    const waited = Date.now() - paused;
    expect(decision.allowed).toBe(true);
    // not a speed target: the pause is 1.5 s, so an answer within it can only be the store's own timeout
    expect(waited).toBeLessThan(1000);
    expect(store.degraded()).toBe(true);
    expect(logged.filter((l) => l.level === "warn").length).toBe(1);
    await new Promise((r) => setTimeout(r, 1600));
    await store.hit("slow-after", SURFACES.v3, Date.now());
    expect(store.degraded()).toBe(false);
  });
});
