/**
 * End to end through the standalone server (`npm start`): the route table's rewrite rules answer what a literal rule
 * can from the dataset files (built by the e2e global setup's build:data when stale), and everything else reaches the
 * v3 function. The server says which answered (X-Answer-Source, on for the e2e server). File answers carry the
 * function's status, body and spec headers, Content-Type and Cache-Control included (netlify dev's own file server
 * replaces those two: test/e2e/conformance.test.ts lists it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workingTime } from "swedish-calendar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysCsv, workingTimeCsv } from "../../contract/csv.js";
import { PATHS } from "../../contract/paths.js";
import { handleV3 } from "../../http/v3.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { answeredBy, e2eBaseUrl, IDENTITY } from "./base-url.js";
import { FILE_ANSWER_HEADERS } from "./header-lists.js";

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
    for (const name of FILE_ANSWER_HEADERS) {
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
      expect(res.headers.get("etag")).toBe(
        (await handleV3(new Request("http://localhost" + path))).headers.get("etag"),
      );
    }
  });
});

describe.skipIf(process.env.E2E === "off")(
  "working time without a build: the files computed, a file answer never counted, a function answer counted",
  () => {
    let publicDir: string;
    let service: StandaloneServer;
    let base: string;
    const clock = () => new Date("2026-06-15T10:00:00Z");

    beforeAll(async () => {
      publicDir = mkdtempSync(join(tmpdir(), "working-time-unbuilt-"));
      service = createServer({ publicDir, clock, rateLimits: true, answerSourceHeader: true, log: () => {} });
      base = (await service.listen(0, "127.0.0.1")).url;
    });

    afterAll(async () => {
      await service.close(0);
      rmSync(publicDir, { recursive: true, force: true });
    });

    it("serves /v3/data/{year}/working-time.json and the two CSV files, computed, with their content types and the dataset's headers", async () => {
      const json = await fetch(`${base}/v3/data/2026/working-time.json`, { headers: IDENTITY });
      expect(json.status).toBe(200);
      expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await json.text()).toBe(JSON.stringify(workingTime(2026)));
      for (const [path, body] of [
        ["/v3/data/2026/days.csv", daysCsv(2026)],
        ["/v3/data/1930/working-time.csv", workingTimeCsv(workingTime(1930))],
      ]) {
        const res = await fetch(base + path, { headers: IDENTITY });
        expect([path, res.status]).toEqual([path, 200]);
        expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(res.headers.get("cache-control")).toBe(json.headers.get("cache-control"));
        expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(await res.text()).toBe(body);
      }
      // CSV is compressible (server/compress.ts: text/*)
      const gzipped = await fetch(`${base}/v3/data/2026/days.csv`, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(Number(gzipped.headers.get("content-length") ?? Infinity)).toBeLessThan(
        Buffer.byteLength(daysCsv(2026)) / 3,
      );
      // fetch decodes the coding
      expect(await gzipped.text()).toBe(daysCsv(2026));
      // a year outside the range has no file: not found
      expect((await fetch(`${base}/v3/data/1929/days.csv`)).status).toBe(404);
    });

    it("the route with a year only is what the deployed service answers from a file: never counted; with weeklyHours or profile a function answer, counted", async () => {
      for (let i = 0; i < 14; i++) {
        const res = await fetch(`${base}${PATHS.workingTime}?year=${2000 + i}`, { headers: IDENTITY });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(JSON.stringify(workingTime(2000 + i)));
        const csv = await fetch(`${base}/v3/data/${2000 + i}/working-time.csv`);
        expect(csv.status).toBe(200);
        await csv.arrayBuffer();
      }
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${base}${PATHS.workingTime}?year=2026&weeklyHours=${30 + i}`, { headers: IDENTITY });
        statuses.push(res.status);
        if (res.status === 200) expect(answeredBy(res)).toBe("function");
        await res.arrayBuffer();
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      // the counter is spent: a file answer still answers
      expect((await fetch(`${base}${PATHS.workingTime}?year=2030`)).status).toBe(200);
      expect((await fetch(`${base}/v3/data/2030/days.csv`)).status).toBe(200);
    });
  },
);
