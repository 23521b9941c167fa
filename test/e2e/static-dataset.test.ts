/**
 * End to end through the standalone server (`npm start`): the route table's rewrite rules answer what a literal rule
 * can from the dataset files (built by the e2e global setup's build:data when stale), and everything else reaches the
 * v3 function. The server says which answered (X-Answer-Source, on for the e2e server). File answers carry the
 * function's status, body and spec headers, Content-Type and Cache-Control included (netlify dev's own file server
 * replaces those two: test/e2e/conformance.test.ts lists it).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { handleV3 } from "../../functions/lib/v3.js";
import { IDENTITY, answeredBy, e2eBaseUrl } from "./base-url.js";

const BASE = e2eBaseUrl();
describe.skipIf(!BASE)("static dataset over the standalone server", () => {
  it.each([
    "/v3/holidays?year=2024&x=1",
    "/v3/holidays?year=1930&sundays=true&saturdays=true",
    "/v3/holidays?year=9999&saturdays=true",
    "/v3/holidays?year=1953&sundays=false",
    "/v3/bridge-days?year=2005",
    "/v3/half-days?year=1952",
    "/v3/observances",
    "/v3/observances/whitMonday?from=2004",
    "/v3/openapi.json",
  ])("%s is served from the file with the function's status, body and headers", async (path) => {
    const res = await fetch(BASE + path, { headers: IDENTITY });
    const fn = await handleV3(new Request("http://localhost" + path));
    expect(res.status).toBe(200);
    expect(answeredBy(res)).toBe("static");
    expect(await res.text()).toBe(await fn.text());
    for (const name of ["content-type", "cache-control", "etag", "access-control-allow-origin", "access-control-expose-headers", "ratelimit-limit", "ratelimit-policy", "strict-transport-security"]) {
      expect([name, res.headers.get(name)]).toEqual([name, fn.headers.get(name)]);
    }
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(BASE + path, { headers: { ...IDENTITY, "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it.each([
    ["/v3/holidays?year=2024&sundays=1", 400],
    ["/v3/holidays?year=abc", 400],
    ["/v3/holidays?year=1929", 400],
    ["/v3/holidays?year=2024&saturdays=yes&sundays=true", 400],
    ["/v3/days/2023-02-29", 400],
    ["/v3/observances/nope?from=2024", 404],
  ])("%s reaches the function: %i problem document", async (path, status) => {
    const res = await fetch(BASE + path);
    expect(res.status).toBe(status);
    expect(answeredBy(res)).toBe("function");
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const fn = await handleV3(new Request("http://localhost" + path));
    expect(await res.text()).toBe(await fn.text());
  });

  it("an omitted year, a range and a date outside the days window are function answers with identical bytes", async () => {
    for (const path of ["/v3/holidays", "/v3/observances/easterSunday?from=2000&to=2010", "/v3/days/1931-06-19"]) {
      const res = await fetch(BASE + path, { headers: IDENTITY });
      expect(res.status).toBe(200);
      expect(answeredBy(res)).toBe("function");
      expect(res.headers.get("etag")).toBe((await handleV3(new Request("http://localhost" + path))).headers.get("etag"));
    }
  });
});
