/** End-to-end: the v3 endpoints, /health and unknown paths over real HTTP through the standalone server (`npm start`). */
import { describe, expect, it } from "vitest";
import { BRIDGE_DAYS_2024, HALF_DAYS_2024 } from "../support/hand-checked.js";
import { answeredBy, e2eBaseUrl, IDENTITY } from "./base-url.js";

const BASE = e2eBaseUrl();
const LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";
const PROBLEMS = "https://swedish-calendar.example/problems";
const EXPOSED = "ETag, RateLimit-Limit, RateLimit-Policy, Retry-After, Link, Deprecation, Sunset";

function get(path: string, init?: RequestInit) {
  return fetch(BASE + path, { ...init, headers: { ...IDENTITY, ...(init?.headers as Record<string, string>) } });
}

function expectSpecHeaders(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-expose-headers")).toBe(EXPOSED);
  expect(res.headers.get("ratelimit-limit")).toBe("10");
  expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
  // HTTPS only: on every answer, file or function
  expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
}

/**
 * What answered: the dataset rules send the requests a file can answer to public/ (the route table's rewrite rules),
 * the rest reaches the function. Each test names which one it expects, so a routing change cannot pass unnoticed.
 */
type Source = "function" | "static";

/**
 * File and function answers carry the same spec headers: the exact Cache-Control and a strong ETag on both (the
 * standalone server gives file answers the headers of the generated `_headers`; netlify dev's own file server does
 * not, see test/e2e/conformance.test.ts).
 */
async function expectOk(path: string, source: Source, cacheControl: string | RegExp = LONG) {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(answeredBy(res), `${path} answered by the ${source}`).toBe(source);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  if (typeof cacheControl === "string") expect(res.headers.get("cache-control")).toBe(cacheControl);
  else expect(res.headers.get("cache-control")).toMatch(cacheControl);
  expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  expectSpecHeaders(res);
  return { res, body: await res.json() };
}

async function expectProblemOver(path: string, slug: string, status: number, init?: RequestInit) {
  const res = await get(path, init);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expectSpecHeaders(res);
  const body = await res.json();
  expect(body).toMatchObject({ type: `${PROBLEMS}/${slug}`, status });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  return { res, body };
}

describe.skipIf(!BASE)("v3 over HTTP (npm start)", () => {
  it("GET /v3/holidays?year=2024", async () => {
    const { body } = await expectOk("/v3/holidays?year=2024", "static");
    expect(body).toMatchObject({ year: 2024, count: 18 });
    expect(body.days[0].observances[0].code).toBe("newYearsDay");
    expect((await expectOk("/v3/holidays?year=2024&sundays=true&saturdays=true", "static")).body.count).toBe(115);
  });

  it("GET /v3/holidays without year: current Swedish year, cached until midnight", async () => {
    const { res, body } = await expectOk("/v3/holidays", "function", /^public, max-age=0, s-maxage=\d+$/);
    const seconds = Number(/s-maxage=(\d+)/.exec(res.headers.get("cache-control")!)![1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(25 * 3600);
    const year = Number(
      new Intl.DateTimeFormat("en", { timeZone: "Europe/Stockholm", year: "numeric" }).format(new Date()),
    );
    expect(body.year).toBe(year);
  });

  it("GET /v3/bridge-days and /v3/half-days", async () => {
    const dates = async (path: string) => (await expectOk(path, "static")).body.days.map((d: any) => d.date);
    expect(await dates("/v3/bridge-days?year=2024")).toEqual(BRIDGE_DAYS_2024);
    expect(await dates("/v3/half-days?year=2024")).toEqual(HALF_DAYS_2024);
  });

  it("GET /v3/days/{date}", async () => {
    expect((await expectOk("/v3/days/2024-06-21", "static")).body).toMatchObject({
      date: "2024-06-21",
      weekday: 5,
      holidayType: "defacto",
      workingDay: false,
    });
    expect((await expectOk("/v3/days/1940-01-10", "function")).body).toEqual({
      date: "1940-01-10",
      weekday: 3,
      isoWeek: { year: 1940, week: 2 },
      holidayType: null,
      workingDay: true,
      observances: [],
      flagDay: [],
    });
    await expectProblemOver("/v3/days/2023-02-29", "invalid-date", 400);
    await expectProblemOver("/v3/days/2024-1-1", "invalid-parameter", 400);
  });

  it("GET /v3/period", async () => {
    const { body } = await expectOk("/v3/period?from=2024-01-01&to=2024-12-31&bounds=inclusive", "function");
    expect(body).toMatchObject({
      calendarDays: 366,
      workingDays: 251,
      bridgeDays: 5,
      halfDays: 6,
      duration: { years: 1, months: 0, days: 0 },
    });
    await expectProblemOver("/v3/period?from=2024-02-01&to=2024-01-01", "invalid-parameter", 400);
    await expectProblemOver("/v3/period?from=1930-01-01&to=2130-01-02", "invalid-parameter", 400);
  });

  it("GET /v3/shift", async () => {
    const { body } = await expectOk("/v3/shift?date=2024-06-20&add=1d&postpone=true", "function");
    expect(body).toMatchObject({ postponed: true, landed: { date: "2024-06-21" }, result: { date: "2024-06-24" } });
    const chain = await expectOk("/v3/shift?date=2024-01-31&add=1m&add=1d", "function");
    expect(chain.body.steps.map((s: any) => s.result.date)).toEqual(["2024-02-29", "2024-03-01"]);
    await expectProblemOver("/v3/shift?date=2024-01-01&add=%2B1d", "invalid-parameter", 400);
  });

  it("GET /v3/observances and /v3/observances/{code}", async () => {
    expect((await expectOk("/v3/observances", "static")).body.count).toBe(20);
    const { body } = await expectOk("/v3/observances/easterSunday?from=1954&to=1954", "function");
    expect(body.occurrences[0].day.date).toBe("1954-04-18");
    await expectOk("/v3/observances/easterSunday", "function", /^public, max-age=0, s-maxage=\d+$/);
    const { body: problem } = await expectProblemOver("/v3/observances/unknownCode", "not-found", 404);
    expect(problem.detail).toContain("unknownCode");
  });

  it("GET /v3/flag-days and /v3/flag-days/catalogue: files for 1983-9999, the function's 400 before", async () => {
    const { body } = await expectOk("/v3/flag-days?year=2024", "static");
    expect(body).toMatchObject({ year: 2024, count: 18 });
    expect(body.flagDays.find((f: any) => f.date === "2024-06-09")).toMatchObject({
      code: "europeanParliamentElection",
      holiday: null,
    });
    expect((await expectOk("/v3/flag-days?year=1983", "static")).body.count).toBe(16);
    const { body: problem } = await expectProblemOver("/v3/flag-days?year=1982", "invalid-parameter", 400);
    expect(problem.detail).toContain("1983");
    await expectOk("/v3/flag-days", "function", /^public, max-age=0, s-maxage=\d+$/);
    expect((await expectOk("/v3/flag-days/catalogue", "static")).body.count).toBe(21);
    expect((await expectOk("/v3/days/2024-04-30", "static")).body.flagDay).toEqual(["kingsBirthday"]);
  });

  it("GET /v3/openapi.json", async () => {
    const { body } = await expectOk("/v3/openapi.json", "static");
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.info.version).toBe("3.0.0");
  });

  it("strict validation: sundays=1, sundays=True, year=, year=0999, duplicates", async () => {
    for (const q of [
      "sundays=1",
      "sundays=True",
      "year=",
      "year=0999",
      "year=02024",
      "year=abc",
      "year=1929",
      "year=2024&sundays=1",
    ]) {
      await expectProblemOver(`/v3/holidays?${q}`, "invalid-parameter", 400);
    }
    // duplicated parameters on routes the function answers (query rules cannot see repetitions: docs/static-dataset.md)
    for (const path of [
      "/v3/holidays?year=2024&year=2024&sundays=maybe",
      "/v3/period?from=2024-01-01&from=2024-01-02&to=2024-02-01",
      "/v3/shift?date=2024-01-01&date=2024-01-01&add=1d",
    ]) {
      await expectProblemOver(path, "invalid-parameter", 400);
    }
    expect((await get("/v3/holidays?year=2024&unknown=1")).status).toBe(200);
  });

  it("ETag and If-None-Match give 304 without a body (function answer)", async () => {
    const first = await get("/v3/days/1950-12-24");
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`]) {
      const res = await get("/v3/days/1950-12-24", { headers: { "If-None-Match": header } });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe(LONG);
      expect(await res.text()).toBe("");
    }
  });

  it("ETag and If-None-Match give 304 without a body (static answer)", async () => {
    const first = await get("/v3/days/2024-12-24");
    expect(answeredBy(first)).toBe("static");
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
      const res = await get("/v3/days/2024-12-24", { headers: { "If-None-Match": header } });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe(LONG);
      expect(await res.text()).toBe("");
    }
  });

  it("HEAD answers without a body", async () => {
    const fromFile = await get("/v3/holidays?year=2024", { method: "HEAD" });
    expect(fromFile.status).toBe(200);
    expect(answeredBy(fromFile)).toBe("static");
    expect(await fromFile.text()).toBe("");
    const res = await get("/v3/holidays", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(answeredBy(res)).toBe("function");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("etag")).toMatch(/^"/);
    expectSpecHeaders(res);
    expect(await res.text()).toBe("");
  });

  it.each([
    ["on a static path", "/v3/holidays?year=2024"],
    ["on a function path", "/v3/period?from=2024-01-01&to=2024-01-02"],
  ])("CORS preflight %s: 204 with the allow headers", async (_, path) => {
    const res = await get(path, {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.org",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toMatch(/if-none-match/i);
    expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
  });

  it("other methods: 405 with Allow", async () => {
    const { res } = await expectProblemOver("/v3/period?from=2024-01-01&to=2024-01-02", "method-not-allowed", 405, {
      method: "POST",
      body: "x",
    });
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("unknown paths: not-found problems", async () => {
    const { body } = await expectProblemOver("/v3/nothing-here", "not-found", 404);
    expect(body.detail).toContain("/v3/nothing-here");
    await expectProblemOver("/v3/holidays/2024", "not-found", 404);
    await expectProblemOver("/no/such/path", "not-found", 404);
  });

  it("GET /health", async () => {
    const res = await get("/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expectSpecHeaders(res);
    expect(await res.json()).toMatchObject({ status: "ok", apiVersion: "3.0.0", years: { from: 1930, to: 9999 } });
  });
});
