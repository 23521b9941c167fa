/**
 * The standalone server's cached answers (server/answers.ts) over real HTTP: a repeated target is answered from memory
 * exactly as a server keeping nothing answers it (status, every header but Date, body; GET, HEAD, If-None-Match),
 * counted on the same counter (429s included, under concurrency too), and given up when it stops being valid
 * (the feed at midnight in Stockholm, a rebuilt dataset file within a second). Two servers in this process over one
 * small dataset: one keeping answers, one with `answerCacheBytes: 0`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS, pathOf } from "../../contract/paths.js";
import { CACHE_LONG, FEED_CACHE_CONTROL, NO_STORE } from "../../contract/policies.js";
import { memoryRateLimitStore, type RateLimitStore } from "../../http/ratelimit.js";
import { AnswerCache, cachedAnswer, cachedUntil } from "../../server/answers.js";
import { COMPRESS_MIN_BYTES } from "../../server/compress.js";
import { STAT_TTL_MS } from "../../server/files.js";
import { MEMO_KEY_LENGTH, memoOf } from "../../server/memo.js";
import { createServer, type StandaloneOptions, type StandaloneServer } from "../../server/standalone.js";
import { materialiseYear } from "../support/one-year-dataset.js";

const SKIP = process.env.E2E === "off";

interface Seen {
  status: number;
  headers: [string, string][];
  body: string;
}

async function see(url: string, init?: RequestInit): Promise<Seen> {
  const res = await fetch(url, init);
  const headers = [...res.headers].filter(([name]) => name !== "date");
  return { status: res.status, headers, body: await res.text() };
}

/** Every route with a 200 that may be cached, one that may not, and answers that are never cached. */
const CACHED_TARGETS = [
  `${PATHS.holidays}?year=2024`, // the dataset file
  `${PATHS.holidays}?year=1990&sundays=true`, // a static route the function answers (no file for 1990)
  pathOf("day", { date: "1950-06-21" }),
  `${PATHS.period}?from=1950-01-01&to=2149-12-31`,
  `${PATHS.shift}?date=2024-01-31&add=1m&add=-2b&add=3w&postpone=true`,
  `${PATHS.leavePlan}?from=2025-04-01&to=2025-06-30&days=5`,
  `${PATHS.bridgeDays}?year=1977`,
  `${PATHS.halfDays}?year=2031`,
  `${PATHS.longWeekends}?year=2026`,
  `${PATHS.flagDays}?year=2030`,
  PATHS.flagDayCatalogue,
  `${PATHS.adjust}?date=2026-06-19&convention=modified-following`,
  `${PATHS.dueDates}?year=2026&schedule=tax-account`,
  `${PATHS.workingTime}?year=2024`, // the dataset file
  `${PATHS.workingTime}?year=2027&weeklyHours=38.25&profile=state`, // the function
  `${PATHS.dueDates}?year=2026&day=25&convention=preceding`,
  PATHS.dueDateCatalogue,
  PATHS.observances,
  `${pathOf("observance", { code: "epiphany" })}?from=2020&to=2030`,
  PATHS.openapi,
  PATHS.feed,
  `${PATHS.feed}?bridge=true&flags=1`,
  `${PATHS.feedAlias}?half=yes`,
];
const NEVER_CACHED = [
  PATHS.health, // no-store
  PATHS.holidays, // the year omitted: valid until midnight only, like the CDN's copy
  `${PATHS.v2Holidays}?year=2024`, // v2's headers change along the withdrawal
  pathOf("day", { date: "2024-02-30" }), // a problem
  `${PATHS.period}?from=2024-01-01`, // a problem
  "/no/such/path",
];

describe.skipIf(SKIP)("kept answers: the same as computed ones, counted the same, given up when stale", () => {
  let publicDir: string;
  const servers: StandaloneServer[] = [];
  let now = Date.parse("2026-06-15T10:00:00Z");
  const clock = () => new Date(now);

  async function start(options: Partial<StandaloneOptions> = {}): Promise<{ base: string; service: StandaloneServer }> {
    const service = createServer({
      publicDir,
      clock,
      rateLimits: false,
      answerSourceHeader: true,
      log: () => {},
      ...options,
    });
    servers.push(service);
    return { base: (await service.listen(0, "127.0.0.1")).url, service };
  }

  beforeAll(async () => {
    publicDir = mkdtempSync(join(tmpdir(), "kept-answers-"));
    await materialiseYear(publicDir, 2024);
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.close(0);
    rmSync(publicDir, { recursive: true, force: true });
  });

  it("every route: a repeat, HEAD and a conditional GET are answered exactly as a server keeping nothing answers them", async () => {
    const cached = await start();
    const plain = await start({ answerCacheBytes: 0 });
    for (const target of [...CACHED_TARGETS, ...NEVER_CACHED]) {
      const first = await see(cached.base + target);
      const expected = await see(plain.base + target);
      expect(first, target).toEqual(expected);
      const etag = first.headers.find(([name]) => name === "etag")?.[1];
      const variants: [string, RequestInit | undefined][] = [
        ["GET again", undefined],
        ["HEAD", { method: "HEAD" }],
        ["If-None-Match", { headers: { "If-None-Match": etag ?? '"x"' } }],
        ["If-None-Match, another tag", { headers: { "If-None-Match": '"other", W/"x"' } }],
      ];
      for (const [name, init] of variants) {
        expect(await see(cached.base + target, init), `${target}: ${name}`).toEqual(
          await see(plain.base + target, init),
        );
      }
    }
    expect(cached.service.cachedAnswers()).toBe(CACHED_TARGETS.length);
    expect(plain.service.cachedAnswers()).toBe(0);
  }, 60_000);

  it("a conditional GET of a kept answer is a 304 with its ETag and Cache-Control and no body", async () => {
    const { base } = await start();
    const target = `${PATHS.period}?from=2000-01-01&to=2000-12-31`;
    const first = await fetch(base + target);
    await first.text();
    const again = await fetch(base + target, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toBe(CACHE_LONG);
    expect(again.headers.get("content-type")).toBeNull();
    expect(await again.text()).toBe("");
  });

  it("repeats are counted on the function's counter: 10 × 200 then 429s, the 429 as a server keeping nothing answers it", async () => {
    const target = pathOf("day", { date: "1960-01-01" });
    const cached = await start({ rateLimits: true });
    const plain = await start({ rateLimits: true, answerCacheBytes: 0 });
    const seenCached: Seen[] = [];
    const seenPlain: Seen[] = [];
    for (let i = 0; i < 13; i++) {
      seenCached.push(await see(cached.base + target));
      seenPlain.push(await see(plain.base + target));
    }
    expect(seenCached.map((s) => s.status)).toEqual([...Array(10).fill(200), 429, 429, 429]);
    expect(seenCached).toEqual(seenPlain);
    expect(cached.service.cachedAnswers()).toBe(1);
  });

  it("with a counter store that answers later (a promise), repeats are counted all the same, HEAD included", async () => {
    const memory = memoryRateLimitStore();
    const later: RateLimitStore = {
      hit: (key, rateLimit, nowMs) =>
        new Promise((resolve) => setTimeout(() => resolve(memory.hit(key, rateLimit, nowMs)), 1)),
    };
    const plainMemory = memoryRateLimitStore();
    const plainLater: RateLimitStore = {
      hit: (key, rateLimit, nowMs) => Promise.resolve(plainMemory.hit(key, rateLimit, nowMs)),
    };
    const cached = await start({ rateLimits: true, store: later });
    const plain = await start({ rateLimits: true, store: plainLater, answerCacheBytes: 0 });
    const target = `${PATHS.halfDays}?year=1999`;
    const methods = ["GET", "GET", "HEAD", "GET", "HEAD", "GET", "GET", "GET", "GET", "GET", "HEAD", "GET", "HEAD"];
    const seenCached: Seen[] = [];
    for (const method of methods) {
      const [a, b] = [await see(cached.base + target, { method }), await see(plain.base + target, { method })];
      expect(a, method).toEqual(b);
      seenCached.push(a);
    }
    expect(seenCached.map((s) => s.status)).toEqual([...Array(10).fill(200), 429, 429, 429]);
    expect(cached.service.cachedAnswers()).toBe(1);
  });

  it("48 concurrent repeats of a kept answer from one address: exactly 8 × 200 and 40 × 429", async () => {
    const { base, service } = await start({ rateLimits: true });
    const target = `${PATHS.shift}?date=2024-05-01&add=10b`;
    expect((await see(base + target)).status).toBe(200);
    expect(service.cachedAnswers()).toBe(0); // asked once: remembered, not kept
    expect((await see(base + target)).status).toBe(200);
    expect(service.cachedAnswers()).toBe(1);
    const answers = await Promise.all(Array.from({ length: 48 }, () => see(base + target)));
    const statuses = answers.map((a) => a.status);
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length]).toEqual([8, 40]);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.headers).toContainEqual(["cache-control", NO_STORE]);
      expect(Number(a.headers.find(([n]) => n === "retry-after")?.[1])).toBeGreaterThanOrEqual(1);
    }
  });

  it("the feed is kept until midnight in Stockholm: at the new year its window moves and the answer with it", async () => {
    now = Date.parse("2026-12-31T22:59:30Z"); // 23:59:30 in Stockholm
    const cached = await start();
    const plain = await start({ answerCacheBytes: 0 });
    const before = await see(cached.base + PATHS.feed);
    expect(before.body).toContain("DTSTART;VALUE=DATE:20240101");
    expect(before.body).not.toContain("DTSTART;VALUE=DATE:20290101");
    expect(await see(cached.base + PATHS.feed)).toEqual(before);
    now = Date.parse("2026-12-31T23:00:01Z"); // 00:00:01 on 1 January 2027 in Stockholm
    const after = await see(cached.base + PATHS.feed);
    expect(after.body).not.toContain("DTSTART;VALUE=DATE:20240101");
    expect(after.body).toContain("DTSTART;VALUE=DATE:20290101");
    expect(after).toEqual(await see(plain.base + PATHS.feed));
    now = Date.parse("2026-06-15T10:00:00Z");
  });

  it("a rebuilt dataset file is answered within a second, as the file cache sees it", async () => {
    const { base } = await start();
    const target = `${PATHS.holidays}?year=2024`;
    const first = await see(base + target);
    expect(first.headers).toContainEqual(["x-answer-source", "file"]);
    expect(await see(base + target)).toEqual(first); // kept from this second request on
    const file = join(publicDir, "v3", "data", "2024", "holidays.json");
    const original = readFileSync(file);
    try {
      const changed = JSON.stringify({ ...JSON.parse(original.toString("utf8")), rebuilt: true });
      writeFileSync(file, changed);
      expect((await see(base + target)).body).toBe(first.body); // still within the second
      await new Promise((resolve) => setTimeout(resolve, STAT_TTL_MS + 100));
      now += STAT_TTL_MS + 100;
      const rebuilt = await see(base + target);
      expect(rebuilt.body).toBe(changed);
      expect(rebuilt.headers.find(([n]) => n === "etag")).not.toEqual(first.headers.find(([n]) => n === "etag"));
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe("memos per target (server/memo.ts)", () => {
  it("remember a computed value per key, the least recently used out when full, and never remember a key longer than MEMO_KEY_LENGTH", () => {
    const calls: string[] = [];
    const memo = memoOf(3, (key) => {
      calls.push(key);
      return key.length;
    });
    expect([memo("/a"), memo("/a"), memo("/bb"), memo("/a")]).toEqual([2, 2, 3, 2]);
    expect(calls).toEqual(["/a", "/bb"]);
    memo("/c");
    memo("/d"); // the fourth key: /bb, the least recently used, goes
    memo("/a");
    expect(calls).toEqual(["/a", "/bb", "/c", "/d"]);
    memo("/bb");
    expect(calls).toEqual(["/a", "/bb", "/c", "/d", "/bb"]);
    // an undefined value is remembered too
    const none = memoOf(2, (key) => void calls.push(key));
    none("/u");
    none("/u");
    expect(calls.filter((k) => k === "/u")).toHaveLength(1);
    const long = "/" + "x".repeat(MEMO_KEY_LENGTH);
    expect([memo(long), memo(long)]).toEqual([MEMO_KEY_LENGTH + 1, MEMO_KEY_LENGTH + 1]);
    expect(calls.filter((k) => k === long)).toHaveLength(2);
  });
});

describe("what is kept, and for how long (server/answers.ts)", () => {
  const now = new Date("2026-03-28T22:00:00Z"); // 23:00 in Stockholm, the night before summer time starts

  it("keptUntil: functions with CACHE_LONG for good, rows a file could answer and files for a second, the feed until midnight", () => {
    const t = now.getTime();
    expect(cachedUntil("function", CACHE_LONG, now)).toBe(Infinity);
    expect(cachedUntil("static-route", CACHE_LONG, now)).toBe(t + STAT_TTL_MS);
    expect(cachedUntil("file", "public, max-age=0, must-revalidate", now)).toBe(t + STAT_TTL_MS);
    expect(cachedUntil("function", FEED_CACHE_CONTROL, now)).toBe(Date.parse("2026-03-28T23:00:00Z"));
    expect(cachedUntil("function", NO_STORE, now)).toBeUndefined();
    expect(cachedUntil("function", "public, max-age=0, s-maxage=3600", now)).toBeUndefined();
    expect(cachedUntil("function", undefined, now)).toBeUndefined();
  });

  const cacheable = (body: string, etag = '"e"') => ({
    answer: {
      status: 200,
      headers: { ETag: etag, "Cache-Control": CACHE_LONG, "Content-Type": "application/json" },
      body,
    },
    rateLimit: { limit: 10, windowSeconds: 60 },
    counter: "v3:10/60",
  });

  it("keptAnswer: bytes, Content-Length, and the HEAD and 304 headers derived from the 200's", () => {
    const cached = cachedAnswer(cacheable('{"name":"Nyårsdagen"}'), Infinity, "holidays", {
      "X-Answer-Source": "function",
    })!;
    expect(Buffer.from(cached.body).toString("utf8")).toBe('{"name":"Nyårsdagen"}');
    expect(cached.headers).toEqual({
      ETag: '"e"',
      "Cache-Control": CACHE_LONG,
      "Content-Type": "application/json",
      "X-Answer-Source": "function",
      "Content-Length": "22", // å is two bytes
    });
    expect(cached.headHeaders).toEqual(cached.headers); // HEAD: GET's headers, Content-Length included
    expect(cached.notModifiedHeaders).toEqual({
      ETag: '"e"',
      "Cache-Control": CACHE_LONG,
      "X-Answer-Source": "function",
    });
    expect(cached.varies).toBe(false); // under COMPRESS_MIN_BYTES: no Vary, never compressed
    const large = cachedAnswer(
      cacheable(JSON.stringify({ text: "x".repeat(COMPRESS_MIN_BYTES) })),
      Infinity,
      "holidays",
    )!;
    expect([large.varies, large.headers.Vary, large.notModifiedHeaders.Vary]).toEqual([
      true,
      "Accept-Encoding",
      "Accept-Encoding",
    ]);
    expect(cached.counter).toEqual({ name: "v3:10/60", rateLimit: { limit: 10, windowSeconds: 60 } });
    expect(
      cachedAnswer({ ...cacheable("x"), answer: { status: 200, headers: {}, body: "x" } }, Infinity, "holidays"),
    ).toBeUndefined(); // no ETag
  });

  it("AnswerCache: expired answers are given up, and the oldest go first when the bytes run out", () => {
    const cache = new AnswerCache(64 * 1024);
    const entry = (n: number, until = Infinity) => cachedAnswer(cacheable("x".repeat(n), `"${n}"`), until, "holidays")!;
    cache.set("/a", entry(1000, 5_000));
    expect(cache.get("/a", 5_000)?.etag).toBe('"1000"');
    expect(cache.get("/a", 5_001)).toBeUndefined();
    expect(cache.size).toBe(0);
    for (let i = 0; i < 40; i++) cache.set(`/k${i}`, entry(4000 + i));
    // 40 answers of ~5 KiB do not fit in 64 KiB: the oldest were given up, the newest are there
    expect(cache.get("/k0", 0)).toBeUndefined();
    expect(cache.get("/k39", 0)?.etag).toBe('"4039"');
    expect(cache.size).toBeLessThanOrEqual(13);
    cache.set("/huge", entry(64 * 1024)); // more than an eighth of the whole: never cached
    expect(cache.get("/huge", 0)).toBeUndefined();
  });

  it("AnswerCache.wanted: a target is worth keeping from its second request on", () => {
    const cache = new AnswerCache();
    expect([
      cache.wanted("/a"),
      cache.wanted("/b"),
      cache.wanted("/a"),
      cache.wanted("/a"),
      cache.wanted("/b"),
    ]).toEqual([false, false, true, true, true]);
    const long = `/v3/period?from=2024-01-01&to=2024-12-31&x=${"y".repeat(MEMO_KEY_LENGTH)}`;
    expect([cache.wanted(long), cache.wanted(long)]).toEqual([false, false]); // long targets are never cached
  });
});
