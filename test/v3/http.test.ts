import { describe, expect, it, vi } from "vitest";
import { etagOf, serializeJson } from "../../contract/serialize.js";
import {
  ifNoneMatchMatches,
  okAnswer,
  PROBLEM_BASE,
  respond,
  responseOf,
  serve,
  tableRateLimitGroup,
} from "../../http/core.js";
import { handleHealth } from "../../http/health.js";
import { handleNotFound } from "../../http/not-found.js";
import { expectProblem, LONG, NOON_2026_06_15, ORIGIN, v3 } from "./helpers.js";

const EXPOSED = "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset";

function expectCommonHeaders(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-expose-headers")).toBe(EXPOSED);
  expect(res.headers.get("ratelimit-limit")).toBe("10");
  expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
  expect(res.headers.get("ratelimit-remaining")).toBeNull();
  expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
}

const SAMPLE_PATHS = [
  "/v3/holidays?year=2024",
  "/v3/holidays",
  "/v3/bridge-days?year=2024",
  "/v3/half-days",
  "/v3/days/2024-06-21",
  "/v3/period?from=2024-01-01&to=2024-12-31",
  "/v3/shift?date=2024-01-31&add=1m",
  "/v3/observances",
  "/v3/observances/easterSunday?from=2024",
  "/v3/openapi.json",
];

describe("headers on every route", () => {
  it.each(SAMPLE_PATHS)("%s: ETag, CORS, RateLimit, Content-Type", async (path) => {
    const res = await v3(path);
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await res.text();
    expect(res.headers.get("etag")).toBe(etagOf(body));
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });

  it("errors carry CORS and RateLimit headers too", async () => {
    for (const path of ["/v3/holidays?year=x", "/v3/nowhere", "/v3/observances/x"]) expectCommonHeaders(await v3(path));
  });

  it("the body is the engine's value through the one serializer", async () => {
    const res = await v3("/v3/observances");
    const text = await res.text();
    expect(text).toBe(serializeJson(JSON.parse(text)));
  });
});

describe("Cache-Control", () => {
  it("is long for named years and all parameter-determined answers", async () => {
    for (const path of SAMPLE_PATHS.filter((p) => p !== "/v3/holidays" && p !== "/v3/half-days")) {
      expect((await v3(path)).headers.get("cache-control")).toBe(LONG);
    }
  });

  it("lasts until midnight in Stockholm when year is omitted", async () => {
    for (const path of [
      "/v3/holidays",
      "/v3/bridge-days",
      "/v3/half-days",
      "/v3/holidays?sundays=true",
      "/v3/observances/christmasDay",
    ]) {
      expect((await v3(path)).headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
    }
  });

  it("follows the injected clock", async () => {
    // 2026-03-28 23:30 UTC = 2026-03-29 00:30 CET, a 23-hour day: 22.5 h to midnight
    const res = await v3("/v3/holidays", undefined, { clock: () => new Date("2026-03-28T23:30:00Z") });
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=81000");
  });

  it("is no-store on every error", async () => {
    for (const path of ["/v3/holidays?year=1", "/v3/x", "/v3/days/2023-02-29"]) {
      expect((await v3(path)).headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("ETag and If-None-Match", () => {
  it("answers 304 without a body, with the same ETag and Cache-Control", async () => {
    const first = await v3("/v3/holidays?year=2024");
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const res = await v3("/v3/holidays?year=2024", { headers: { "If-None-Match": header } });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe(LONG);
      expectCommonHeaders(res);
    }
  });

  it("answers 200 when the tag differs", async () => {
    const res = await v3("/v3/holidays?year=2024", { headers: { "If-None-Match": '"other"' } });
    expect(res.status).toBe(200);
  });

  it("differs between bodies", async () => {
    const a = (await v3("/v3/holidays?year=2024")).headers.get("etag");
    const b = (await v3("/v3/holidays?year=2025")).headers.get("etag");
    expect(a).not.toBe(b);
  });

  it("matches lists, *, and weak forms", () => {
    expect(ifNoneMatchMatches('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches(' "b" , W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchMatches("*", '"a"')).toBe(true);
    expect(ifNoneMatchMatches('"b"', '"a"')).toBe(false);
    expect(ifNoneMatchMatches(null, '"a"')).toBe(false);
    expect(ifNoneMatchMatches('"a', '"a"')).toBe(false);
  });

  it("okAnswer keeps extra headers; responseOf adds the common ones after them and drops the body for HEAD", async () => {
    const answer = okAnswer(new Request(ORIGIN), "{}", "application/json", "no-store", { Link: "<x>" });
    expect(answer).toEqual({
      status: 200,
      headers: { Link: "<x>", ETag: etagOf("{}"), "Cache-Control": "no-store", "Content-Type": "application/json" },
      body: "{}",
    });
    const res = responseOf(new Request(ORIGIN), answer, { Link: "<y>", "X-Extra": "1" });
    expect(res.headers.get("link")).toBe("<y>");
    expect(res.headers.get("x-extra")).toBe("1");
    expect(await res.text()).toBe("{}");
    const head = responseOf(new Request(ORIGIN, { method: "HEAD" }), answer);
    expect(head.headers.get("etag")).toBe(etagOf("{}"));
    expect(head.body).toBeNull();
    const matched = okAnswer(
      new Request(ORIGIN, { headers: { "If-None-Match": etagOf("{}") } }),
      "{}",
      "application/json",
      "no-store",
    );
    expect(matched).toEqual({ status: 304, headers: { ETag: etagOf("{}"), "Cache-Control": "no-store" }, body: null });
  });
});

describe("HEAD", () => {
  it("answers like GET without a body", async () => {
    const get = await v3("/v3/days/2024-06-21");
    const head = await v3("/v3/days/2024-06-21", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const h of ["etag", "cache-control", "content-type", "ratelimit-limit", "access-control-allow-origin"]) {
      expect(head.headers.get(h)).toBe(get.headers.get(h));
    }
  });

  it("answers errors without a body", async () => {
    const head = await v3("/v3/days/2023-02-29", { method: "HEAD" });
    expect(head.status).toBe(400);
    expect(head.headers.get("content-type")).toBe("application/problem+json");
    expect(await head.text()).toBe("");
  });
});

describe("CORS preflight and methods", () => {
  it("answers OPTIONS with 204 and the allowed methods and headers", async () => {
    const res = await v3("/v3/holidays", {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.org",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match, x-custom",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("if-none-match, x-custom");
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expectCommonHeaders(res);
    expect(await res.text()).toBe("");
  });

  it("allows at least If-None-Match when no headers are requested", async () => {
    const res = await v3("/v3/nowhere", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/If-None-Match/i);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s is 405 with Allow", async (method) => {
    const res = await v3("/v3/holidays?year=2024", { method });
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expectCommonHeaders(res);
    await expectProblem(res, "method-not-allowed", 405);
  });
});

describe("internal errors", () => {
  it("become a 500 problem, never a crash", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = respond(
      serve(tableRateLimitGroup("v3"), () => {
        throw new TypeError("boom");
      }),
    );
    const res = await broken(new Request(ORIGIN + "/v3/holidays"), { rateLimitsEnabled: false });
    expectCommonHeaders(res);
    const body = await expectProblem(res, "internal-error", 500);
    expect(body.detail).not.toContain("boom");
    expect(body.type).toBe(`${PROBLEM_BASE}/internal-error`);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("the problem base never comes from the request", async () => {
    const res = await v3("/v3/x", { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
    expect((await res.json()).type).toBe("https://swedish-calendar.example/problems/not-found");
  });
});

describe("/health and other paths", () => {
  it("reports status, versions and years, never cached", async () => {
    const res = await handleHealth(new Request(ORIGIN + "/health"), { rateLimitsEnabled: false });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expectCommonHeaders(res);
    const body = await res.json();
    // `dataset` depends on the manifest on disk: test/v3/health.test.ts covers it
    expect(body).toEqual({
      status: "ok",
      ready: true,
      apiVersion: "3.0.0",
      dataVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
      years: { from: 1930, to: 9999 },
      dataset: body.dataset,
    });
    expect(body).toHaveProperty("dataset");
  });

  it("answers every other path with a not-found problem", async () => {
    for (const path of ["/", "/nothing", "/v2x", "/health/x"]) {
      const res = await handleNotFound(new Request(ORIGIN + path), { rateLimitsEnabled: false });
      expectCommonHeaders(res);
      await expectProblem(res, "not-found", 404);
    }
  });

  it("uses the injected clock, not the wall clock, for today", async () => {
    const res = await v3("/v3/holidays", undefined, { clock: () => NOON_2026_06_15 });
    expect((await res.json()).year).toBe(2026);
  });
});
