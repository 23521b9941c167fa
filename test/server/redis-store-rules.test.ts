import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RATE_LIMITS } from "../../contract/policies.js";
import { ADMITTED, FAIL_OPEN } from "../../http/ratelimit.js";
import { redisRateLimitStore } from "../../server/redis-store.js";
import { startRedis, type TestRedis } from "../support/redis.js";
import { haveRedis } from "./have-redis.js";

describe.skipIf(!haveRedis)("the Redis limiter store, rule by rule", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await redis?.stop();
  });
  const opened = async (lines: string[] = [], bounds?: { slowAnswerMs: number; timeoutsForOutage: number }) => {
    const store = redisRateLimitStore(redis.url, (level, message) => lines.push(`${level} ${message}`), bounds);
    await store.ready();
    return store;
  };
  const connections = async () =>
    (await redis.command("CLIENT LIST")).split("\n").filter((l) => l.includes("id=")).length;

  it("v2's block: refused for blockSeconds from the refusal, past the window's end, then admitted", async () => {
    const store = await opened();
    try {
      const t = 1_790_000_000_000;
      const v2 = RATE_LIMITS.v2;
      for (let i = 0; i < v2.limit; i++) expect(await store.hit("block", v2, t + i)).toEqual(ADMITTED);
      // refused 5 s into the window: blocked until t + 5 s + 10 s
      expect(await store.hit("block", v2, t + 5000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
      // the window ended at t + 10 s; the block has not
      expect(await store.hit("block", v2, t + 11_000)).toEqual({ allowed: false, retryAfterSeconds: 4 });
      expect(await store.hit("block", v2, t + 14_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(await store.hit("block", v2, t + 15_000)).toEqual(ADMITTED);
      // a rate limit without a block: the refusal waits for the window's end only
      for (let i = 0; i < 10; i++) await store.hit("noblock", RATE_LIMITS.v3, t);
      expect(await store.hit("noblock", RATE_LIMITS.v3, t + 59_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(await store.hit("noblock", RATE_LIMITS.v3, t + 60_000)).toEqual(ADMITTED);
      expect(await redis.command("EXISTS block")).toBe(":0");
      expect(await redis.command("EXISTS swedish-calendar:limit:block")).toBe(":1");
    } finally {
      await store.close();
    }
  });

  it("counts exactly whichever way this machine's clock is off from Redis's (deadlines are read in Redis's clock)", async () => {
    const real = Date.now.bind(Date);
    for (const skewMs of [-5000, 5000]) {
      const spy = vi.spyOn(Date, "now").mockImplementation(() => real() + skewMs);
      const lines: string[] = [];
      const store = await opened(lines);
      try {
        // the clock is read once the connection is ready
        await new Promise((r) => setTimeout(r, 100));
        const now = 1_790_000_000_000 + skewMs;
        const decisions = [];
        for (let i = 0; i < 11; i++) decisions.push(await store.hit(`skew${skewMs}`, RATE_LIMITS.v3, now));
        expect(
          decisions.slice(0, 10).every((d) => d.allowed && !d.failedOpen),
          `skew ${skewMs}`,
        ).toBe(true);
        expect(decisions[10]!.allowed).toBe(false);
        expect(lines).toEqual([]);
      } finally {
        spy.mockRestore();
        await store.close();
      }
    }
  });

  it("with this machine's clock ahead of Redis's, hits sent into a hang are still not counted after it", async () => {
    const real = Date.now.bind(Date);
    const spy = vi.spyOn(Date, "now").mockImplementation(() => real() + 5000);
    const store = await opened([], { slowAnswerMs: 150, timeoutsForOutage: 3 });
    try {
      await new Promise((r) => setTimeout(r, 100));
      redis.pause();
      for (let i = 0; i < 2; i++)
        expect(await store.hit("ahead", RATE_LIMITS.v3, 1_790_000_000_000)).toEqual(FAIL_OPEN);
      await new Promise((r) => setTimeout(r, 300));
      redis.resume();
      await new Promise((r) => setTimeout(r, 200));
      expect(await redis.command("EXISTS swedish-calendar:limit:ahead")).toBe(":0");
      expect(store.degraded()).toBe(false);
    } finally {
      redis.resume();
      spy.mockRestore();
      await store.close();
    }
  });

  it("a late answer is not a second time-out: two hangs of one hit each, with answers between, are no outage", async () => {
    const lines: string[] = [];
    const store = await opened(lines, { slowAnswerMs: 150, timeoutsForOutage: 2 });
    try {
      redis.pause();
      expect(await store.hit("late", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
      redis.resume();
      // the late answer (past its deadline) arrives now; it must not count as a time-out of its own
      await new Promise((r) => setTimeout(r, 200));
      expect(store.degraded()).toBe(false);
      expect(lines).toEqual([]);
    } finally {
      redis.resume();
      await store.close();
    }
  });

  it("an error reply fails open with one warning naming it, and the next answer ends the outage", async () => {
    const lines: string[] = [];
    const store = await opened(lines);
    try {
      // a counter of another type: the script's HMGET answers WRONGTYPE
      await redis.command("SET swedish-calendar:limit:wrongtype x");
      expect(await store.hit("wrongtype", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
      expect(store.degraded()).toBe(true);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^warn limiter: Redis answered with an error \(.*WRONGTYPE.*\); requests are admitted uncounted until it answers again \(fail open\)$/,
      );
      expect(await store.hit("fine", RATE_LIMITS.v3, Date.now())).toEqual(ADMITTED);
      expect(store.degraded()).toBe(false);
      expect(lines[1]).toBe("info limiter: Redis answers again; counting resumed");
    } finally {
      await store.close();
    }
  });

  it("ready() settles at once when connected; close() ends the connection without a warning", async () => {
    const lines: string[] = [];
    const before = await connections();
    const store = await opened(lines);
    expect(await connections()).toBe(before + 1);
    const asked = Date.now();
    await store.ready();
    expect(Date.now() - asked).toBeLessThan(500);
    await store.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(await connections()).toBe(before);
    expect(store.degraded()).toBe(false);
    expect(lines).toEqual([]);
  });

  it("ready() gives up after a second on a Redis that does not answer, saying so; no request waits meanwhile", async () => {
    const lines: string[] = [];
    redis.pause();
    try {
      const started = Date.now();
      const store = redisRateLimitStore(redis.url, (level, message) => lines.push(`${level} ${message}`));
      expect(store.hit("early", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
      await store.ready();
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(store.degraded()).toBe(true);
      expect(lines[0]).toMatch(
        /^warn limiter: Redis is not connected \(connecting\)|^warn limiter: Redis did not answer within 1 s of the start/,
      );
      await store.close();
    } finally {
      redis.resume();
    }
  });

  it("a stopped Redis is named in the warning", async () => {
    const lines: string[] = [];
    const store = await opened(lines);
    try {
      await redis.stop();
      await new Promise((r) => setTimeout(r, 300));
      expect(store.hit("gone", RATE_LIMITS.v3, Date.now())).toEqual(FAIL_OPEN);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^warn limiter: Redis (is unreachable \(.+\)|connection ended|is not connected \(\w+\)); requests are admitted uncounted/,
      );
    } finally {
      await redis.start();
      await store.close();
    }
  });
});
