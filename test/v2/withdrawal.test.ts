/**
 * The v2 withdrawal timeline (docs/contract.md#withdrawal-of-v2, docs/decisions.md#v2-withdrawal), walked with an injected clock:
 * announcement 2026-01-15 09:00 UTC, sunset 2026-07-15 09:00 UTC.
 */
import { describe, expect, it } from "vitest";
import { CACHE_LONG, memoryRateLimitStore, PROBLEM_BASE } from "../../http/core.js";
import { makeV2Handler } from "../../http/v2.js";
import {
  addUtcMonths,
  DEFAULT_NOTICE_URL,
  type WithdrawalConfig,
  withdrawalConfigFromEnv,
  withdrawalState,
} from "../../http/withdrawal.js";

const BASE = "https://swedish-calendar.example";
const ANNOUNCED = new Date("2026-01-15T09:00:00Z");
const SUNSET_HTTP = "Wed, 15 Jul 2026 09:00:00 GMT";
const DEPRECATION = "@1768467600";
const LINK = '</v2-deprecation/>; rel="deprecation", </v2-deprecation/>; rel="sunset"';

const config: WithdrawalConfig = {
  announcedAt: ANNOUNCED,
  brownouts: [
    { start: new Date("2026-05-01T10:00:00Z") }, // more than a month before the sunset: does not count
    { start: new Date("2026-07-01T10:00:00Z") }, // in the last month: 410 from 10:00 to 11:00
    { start: new Date("2026-06-15T09:00:00Z") }, // exactly sunset minus one month: counts
  ],
  noticeUrl: DEFAULT_NOTICE_URL,
};

/** One request at a moment, with a fresh counter store so only the phase matters. */
async function at(iso: string, path = "/holidays?year=2024", cfg = config): Promise<Response> {
  const handler = makeV2Handler(cfg);
  return handler(new Request(BASE + path), {
    clock: () => new Date(iso),
    store: memoryRateLimitStore(),
    rateLimitsEnabled: true,
    clientAddress: "203.0.113.5",
  });
}

function expectAnnounced(res: Response) {
  expect(res.headers.get("Link")).toBe(LINK);
  expect(res.headers.get("Deprecation")).toBe(DEPRECATION);
  expect(res.headers.get("Sunset")).toBe(SUNSET_HTTP);
}

async function expectGone(res: Response) {
  expect(res.status).toBe(410);
  expect(res.headers.get("Content-Type")).toBe("application/problem+json");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  const body = await res.json();
  expect(body).toMatchObject({ type: `${PROBLEM_BASE}/gone`, status: 410, title: "Gone" });
  expect(body.detail).toContain("/v3/");
  expectAnnounced(res);
}

describe("the withdrawal timeline", () => {
  it("no announcement configured: Link only, 5 per 10 s, answers 200 at any time", async () => {
    const none: WithdrawalConfig = { brownouts: config.brownouts, noticeUrl: DEFAULT_NOTICE_URL };
    for (const iso of ["2026-01-01T00:00:00Z", "2026-07-01T10:30:00Z", "2040-01-01T00:00:00Z"]) {
      const res = await at(iso, "/holidays?year=2024", none);
      expect(res.status).toBe(200);
      expect(res.headers.get("Link")).toBe(LINK);
      expect(res.headers.get("Deprecation")).toBeNull();
      expect(res.headers.get("Sunset")).toBeNull();
      expect(res.headers.get("RateLimit-Policy")).toBe("5;w=10");
      expect(res.headers.get("Cache-Control")).toBe(CACHE_LONG);
    }
  });

  it("just before the announcement moment: Link only, and the cache ends at the announcement", async () => {
    const res = await at("2026-01-15T08:59:00Z");
    expect(res.status).toBe(200);
    expect(res.headers.get("Link")).toBe(LINK);
    expect(res.headers.get("Deprecation")).toBeNull();
    expect(res.headers.get("Sunset")).toBeNull();
    expect(res.headers.get("RateLimit-Limit")).toBe("5");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
  });

  it("at the announcement: Deprecation @epoch, Sunset six months later as an HTTP date, still 5 per 10 s", async () => {
    const res = await at("2026-01-15T09:00:00Z");
    expect(res.status).toBe(200);
    expectAnnounced(res);
    expect(res.headers.get("RateLimit-Limit")).toBe("5");
    expect(res.headers.get("RateLimit-Policy")).toBe("5;w=10");
    // a named year is cached no longer than 30 days and without stale-while-revalidate past the sunset
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=2592000");
  });

  it("Sunset is never earlier than the Deprecation moment", () => {
    const s = withdrawalState(config, new Date("2026-02-01T00:00:00Z"));
    expect(Date.parse(s.headers.Sunset) / 1000).toBeGreaterThan(+s.headers.Deprecation.slice(1));
  });

  it("+1 month: 3 per 10 s (5 until the second before)", async () => {
    expect((await at("2026-02-15T08:59:59Z")).headers.get("RateLimit-Policy")).toBe("5;w=10");
    const res = await at("2026-02-15T09:00:00Z");
    expect(res.status).toBe(200);
    expectAnnounced(res);
    expect(res.headers.get("RateLimit-Limit")).toBe("3");
    expect(res.headers.get("RateLimit-Policy")).toBe("3;w=10");
  });

  it("+3 months: 1 per 10 s", async () => {
    expect((await at("2026-04-15T08:59:59Z")).headers.get("RateLimit-Policy")).toBe("3;w=10");
    const res = await at("2026-04-15T09:00:00Z");
    expect(res.status).toBe(200);
    expectAnnounced(res);
    expect(res.headers.get("RateLimit-Limit")).toBe("1");
    expect(res.headers.get("RateLimit-Policy")).toBe("1;w=10");
  });

  it("a brownout window more than a month before the sunset does not count", async () => {
    const res = await at("2026-05-01T10:30:00Z");
    expect(res.status).toBe(200);
    expectAnnounced(res);
  });

  it("inside a brownout window in the last month: 410 gone on every v2 path, with Retry-After until its end", async () => {
    for (const path of ["/holidays?year=2024", "/half-days", "/bridge-days?year=bad", "/holidays?weekends=true"]) {
      const res = await at("2026-07-01T10:00:00Z", path);
      expect(res.headers.get("Retry-After")).toBe("3600");
      expect(res.headers.get("RateLimit-Policy")).toBe("1;w=10");
      await expectGone(res);
    }
    const late = await at("2026-07-01T10:59:59Z");
    expect(late.headers.get("Retry-After")).toBe("1");
    await expectGone(late);
  });

  it("a brownout starting exactly at sunset minus one month counts", async () => {
    await expectGone(await at("2026-06-15T09:30:00Z"));
  });

  it("outside the brownout windows of the last month: 200", async () => {
    for (const iso of ["2026-07-01T09:59:59Z", "2026-07-01T11:00:00Z", "2026-07-14T12:00:00Z"]) {
      const res = await at(iso);
      expect(res.status).toBe(200);
      expectAnnounced(res);
    }
  });

  it("a cached answer never outlives the next brownout or the sunset", async () => {
    expect((await at("2026-07-01T09:00:00Z")).headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600");
    expect((await at("2026-07-15T08:00:00Z")).headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=3600");
    // an omitted year (until midnight in Sweden) is capped the same way
    expect((await at("2026-07-15T08:00:00Z", "/half-days")).headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=3600",
    );
  });

  it("at the sunset and for ever after: 410 gone, on every path, with the withdrawal headers", async () => {
    expect((await at("2026-07-15T08:59:59Z")).status).toBe(200);
    for (const iso of [
      "2026-07-15T09:00:00Z",
      "2026-08-01T00:00:00Z",
      "2030-01-01T00:00:00Z",
      "9999-12-31T23:59:59Z",
    ]) {
      for (const path of ["/holidays?year=2024", "/half-days?year=2024", "/bridge-days", "/holidays?year=x"]) {
        const res = await at(iso, path);
        expect(res.headers.get("Retry-After")).toBeNull();
        await expectGone(res);
      }
    }
  });

  it("after the sunset a client is never rate limited: every request is 410, never 429", async () => {
    const handler = makeV2Handler(config);
    const ctx = {
      clock: () => new Date("2026-08-01T00:00:00Z"),
      store: memoryRateLimitStore(),
      rateLimitsEnabled: true,
      clientAddress: "203.0.113.9",
    };
    for (let i = 0; i < 20; i++) expect((await handler(new Request(`${BASE}/holidays`), ctx)).status).toBe(410);
  });
});

describe("v2 limits along the timeline (one client, injected clock)", () => {
  function client(startIso: string) {
    let now = Date.parse(startIso);
    const handler = makeV2Handler(config);
    const ctx = {
      clock: () => new Date(now),
      store: memoryRateLimitStore(),
      rateLimitsEnabled: true,
      clientAddress: "203.0.113.77",
    };
    return {
      call: (path = "/holidays?year=2024") => handler(new Request(BASE + path), ctx),
      advance: (ms: number) => (now += ms),
    };
  }

  it("over the limit the client is blocked for 10 seconds, longer than the window would", async () => {
    const c = client("2026-03-01T12:00:00Z"); // 3 per 10 s
    for (let i = 0; i < 3; i++) expect((await c.call()).status).toBe(200);
    c.advance(5_000);
    const over = await c.call();
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe("10");
    expectAnnounced(over);
    expect(over.headers.get("RateLimit-Policy")).toBe("3;w=10");
    c.advance(6_000); // the window of the first request has ended, the block has not
    const stillBlocked = await c.call();
    expect(stillBlocked.status).toBe(429);
    expect(stillBlocked.headers.get("Retry-After")).toBe("4");
    c.advance(4_000);
    expect((await c.call()).status).toBe(200);
  });

  it("before the announcement: 5 per 10 s and a 10-second block", async () => {
    const c = client("2026-01-01T12:00:00Z");
    for (let i = 0; i < 5; i++) expect((await c.call()).status).toBe(200);
    const over = await c.call("/bridge-days");
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe("10");
    expect(over.headers.get("Link")).toBe(LINK);
    expect(over.headers.get("Deprecation")).toBeNull();
    c.advance(9_999);
    expect((await c.call()).status).toBe(429);
    c.advance(1);
    expect((await c.call()).status).toBe(200);
  });

  it("from +3 months: the second request within 10 s is refused", async () => {
    const c = client("2026-05-20T12:00:00Z");
    const first = await c.call();
    expect(first.status).toBe(200);
    expect(first.headers.get("RateLimit-Limit")).toBe("1");
    const second = await c.call("/half-days");
    expect(second.status).toBe(429);
    expect(second.headers.get("RateLimit-Limit")).toBe("1");
    expectAnnounced(second);
    c.advance(10_000);
    expect((await c.call()).status).toBe(200);
  });
});

describe("withdrawal configuration", () => {
  it("reads V2_ANNOUNCED_AT, V2_BROWNOUTS (comma-separated) and V2_NOTICE_URL", () => {
    const { warnings, ...cfg } = withdrawalConfigFromEnv({
      V2_ANNOUNCED_AT: "2026-01-15T09:00:00Z",
      V2_BROWNOUTS: "2026-06-20T10:00:00Z, 2026-07-01T12:00:00+02:00,",
      V2_NOTICE_URL: "https://swedish-calendar.example/v2-deprecation/",
    });
    expect(warnings).toEqual([]);
    expect(cfg.announcedAt?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(cfg.brownouts.map((b) => b.start.toISOString())).toEqual([
      "2026-06-20T10:00:00.000Z",
      "2026-07-01T10:00:00.000Z",
    ]);
    expect(cfg.noticeUrl).toBe("https://swedish-calendar.example/v2-deprecation/");
    const state = withdrawalState(cfg, new Date("2026-02-01T00:00:00Z"));
    expect(state.headers.Link).toBe(
      '<https://swedish-calendar.example/v2-deprecation/>; rel="deprecation", <https://swedish-calendar.example/v2-deprecation/>; rel="sunset"',
    );
  });

  it("absent variables: no announcement, no brownouts, the default notice", () => {
    const { warnings, ...cfg } = withdrawalConfigFromEnv({});
    expect(cfg).toEqual({ announcedAt: undefined, brownouts: [], noticeUrl: "/v2-deprecation/" });
    expect(warnings).toEqual([]);
  });

  it("unreadable values are ignored with a warning", () => {
    const { warnings, ...cfg } = withdrawalConfigFromEnv({
      V2_ANNOUNCED_AT: "next spring",
      V2_BROWNOUTS: "2026-07-01T10:00:00Z,soon",
    });
    expect(cfg.announcedAt).toBeUndefined();
    expect(cfg.brownouts).toHaveLength(1);
    expect(warnings).toHaveLength(2);
  });

  it("six months are calendar months, clamped to the end of a shorter month", () => {
    expect(addUtcMonths(new Date("2026-08-31T12:00:00Z"), 6).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(addUtcMonths(new Date("2027-08-31T12:00:00Z"), 6).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addUtcMonths(new Date("2026-07-15T09:00:00Z"), -1).toISOString()).toBe("2026-06-15T09:00:00.000Z");
    expect(addUtcMonths(new Date("2026-03-31T00:00:00Z"), 1).toISOString()).toBe("2026-04-30T00:00:00.000Z");
  });

  it("an announcement with fractional seconds is read in whole seconds", () => {
    const s = withdrawalState(
      { announcedAt: new Date("2026-01-15T09:00:00.750Z"), brownouts: [], noticeUrl: "/n/" },
      new Date("2026-02-01T00:00:00Z"),
    );
    expect(s.headers.Deprecation).toBe(DEPRECATION);
    expect(s.headers.Sunset).toBe(SUNSET_HTTP);
  });
});
