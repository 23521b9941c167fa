/** The calendar feed over HTTP: loose booleans, headers, conditional requests, methods and rate limits of /ical/*. */
import { describe, expect, it } from "vitest";
import { memoryRateLimitStore, PROBLEM_BASE } from "../../http/core.js";
import { handleFeed } from "../../http/feed.js";
import { BASE, clock, FEED, get, NOW } from "./feed-setup.js";
import { parseCalendar } from "./helpers.js";

describe("feed options over HTTP", () => {
  const nameOf = async (url: string) => parseCalendar(await (await get(url)).text()).name;

  it("both addresses serve the same calendar", async () => {
    const a = await get(FEED);
    const b = await get(`${BASE}/ical/holidays`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.text()).toBe(await b.text());
  });

  it.each(["true", "TRUE", "1", "on", "On", "yes", "YES", ""])("bridge=%s is true", async (value) => {
    expect(await nameOf(`${FEED}?bridge=${value}`)).toBe("Svenska helgdagar med klämdagar");
  });

  it("a bare parameter is true", async () => {
    expect(await nameOf(`${FEED}?half`)).toBe("Svenska helgdagar med halvdagar");
  });

  it.each(["false", "FALSE", "0", "off", "no", "No"])("defacto=%s is false", async (value) => {
    expect(await nameOf(`${FEED}?defacto=${value}`)).toBe("Svenska allmänna helgdagar");
  });

  it.each(["maybe", "2", "tru", "y", "null", " true"])("busy=%j is a 400 invalid-parameter problem", async (value) => {
    const res = await get(`${FEED}?busy=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(body.type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
    expect(body.status).toBe(400);
    expect(body.detail).toContain("busy");
  });

  it("a known parameter given twice is 400, even with equal values", async () => {
    const res = await get(`${FEED}?sundays=true&sundays=true`);
    expect(res.status).toBe(400);
    expect((await res.json()).type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
  });

  it("ignores unknown parameters (also repeated or odd-valued ones)", async () => {
    const plain = await (await get(FEED)).text();
    const res = await get(`${FEED}?utm_source=x&utm_source=y&year=1999&lang=en`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(plain);
  });

  it("the window follows the injected clock's year in Sweden (New Year's Eve 23:30 UTC is already next year)", async () => {
    const at = (iso: string) => handleFeed(new Request(FEED), { clock: () => new Date(iso) });
    const before = parseCalendar(await (await at("2026-12-31T22:30:00Z")).text()).events.map((e) => e.date);
    const after = parseCalendar(await (await at("2026-12-31T23:30:00Z")).text()).events.map((e) => e.date);
    expect(before[0].slice(0, 4)).toBe("2024");
    expect(before[before.length - 1].slice(0, 4)).toBe("2028");
    expect(after[0].slice(0, 4)).toBe("2025");
    expect(after[after.length - 1].slice(0, 4)).toBe("2029");
  });
});

describe("feed HTTP headers", () => {
  it("200: Content-Type, Cache-Control (six hours), ETag, CORS, RateLimit-*", async () => {
    const res = await get(FEED);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=21600");
    expect(res.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
    expect(res.headers.get("RateLimit-Limit")).toBe("30");
    expect(res.headers.get("RateLimit-Policy")).toBe("30;w=10");
    expect(res.headers.get("RateLimit-Remaining")).toBeNull();
  });

  it("with query parameters the policy is 10 per 10 s", async () => {
    const res = await get(`${FEED}?bridge=true`);
    expect(res.headers.get("RateLimit-Limit")).toBe("10");
    expect(res.headers.get("RateLimit-Policy")).toBe("10;w=10");
    const unknownOnly = await get(`${FEED}?utm=1`);
    expect(unknownOnly.headers.get("RateLimit-Policy")).toBe("10;w=10");
    const bad = await get(`${FEED}?bridge=perhaps`);
    expect(bad.headers.get("RateLimit-Policy")).toBe("10;w=10");
  });

  it("the ETag is the same for both addresses and across requests; If-None-Match gives 304 without a body", async () => {
    const etag = (await get(FEED)).headers.get("ETag")!;
    expect((await get(`${BASE}/ical/holidays`)).headers.get("ETag")).toBe(etag);
    const res = await get(FEED, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=21600");
    const weak = await get(FEED, { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await get(`${FEED}?busy`, { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);
  });

  it("HEAD answers like GET without a body", async () => {
    const res = await get(FEED, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("ETag")).toBe((await get(FEED)).headers.get("ETag"));
    expect(await res.text()).toBe("");
  });

  it("OPTIONS is a CORS preflight; POST is 405 with Allow", async () => {
    const pre = await get(FEED, { method: "OPTIONS", headers: { "Access-Control-Request-Headers": "If-None-Match" } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const post = await get(FEED, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toContain("GET");
    expect(post.headers.get("RateLimit-Limit")).toBe("30");
  });
});

describe("feed rate limits (memory store, injected clock)", () => {
  it("30 per 10 s without a query, 10 per 10 s with one, counted separately; 429 rate-limited with Retry-After", async () => {
    let now = NOW.getTime();
    const ctx = {
      clock: () => new Date(now),
      store: memoryRateLimitStore(),
      rateLimitsEnabled: true,
      clientAddress: "192.0.2.1",
    };
    const call = (url: string) => handleFeed(new Request(url), ctx);

    for (let i = 0; i < 10; i++) expect((await call(`${FEED}?half=1`)).status).toBe(200);
    const limited = await call(`${FEED}?half=1`);
    expect(limited.status).toBe(429);
    expect((await limited.json()).type).toBe(`${PROBLEM_BASE}/rate-limited`);
    expect(limited.headers.get("Retry-After")).toBe("10");
    expect(limited.headers.get("RateLimit-Policy")).toBe("10;w=10");
    expect(limited.headers.get("Cache-Control")).toBe("no-store");
    expect(limited.headers.get("Access-Control-Allow-Origin")).toBe("*");

    // the plain feed still has its own 30
    for (let i = 0; i < 30; i++) expect((await call(FEED)).status).toBe(200);
    const plainLimited = await call(FEED);
    expect(plainLimited.status).toBe(429);
    expect(plainLimited.headers.get("RateLimit-Policy")).toBe("30;w=10");

    // another address is not affected
    expect((await handleFeed(new Request(FEED), { ...ctx, clientAddress: "192.0.2.2" })).status).toBe(200);

    now += 10_000;
    expect((await call(`${FEED}?half=1`)).status).toBe(200);
    expect((await call(FEED)).status).toBe(200);
  });

  it("fails open when the store breaks", async () => {
    const broken = {
      hit: async () => {
        throw new Error("store down");
      },
    };
    const res = await handleFeed(new Request(FEED), { clock, store: broken, rateLimitsEnabled: true });
    expect(res.status).toBe(200);
  });
});
