/** End-to-end: the calendar feed and the v2 endpoints over real HTTP through the standalone server (`npm start`). */

import { holidaysOfYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { parseCalendar } from "../feed/helpers.js";
import { e2eBaseUrl, IDENTITY } from "./base-url.js";

const BASE = e2eBaseUrl();
const PROBLEMS = "https://swedish-calendar.example/problems";
const LINK = '</v2-deprecation/>; rel="deprecation", </v2-deprecation/>; rel="sunset"';
const LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";

const get = (path: string, init?: RequestInit) =>
  fetch(BASE + path, { ...init, headers: { ...IDENTITY, ...(init?.headers as Record<string, string>) } });

describe.skipIf(!BASE)("calendar feed over HTTP (npm start)", () => {
  it.each(["/ical/svenska-helgdagar.ics", "/ical/holidays"])(
    "%s: 200 text/calendar, six-hour cache, ETag, CORS, 30;w=10",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("public, max-age=21600");
      expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("ratelimit-limit")).toBe("30");
      expect(res.headers.get("ratelimit-policy")).toBe("30;w=10");
      const cal = parseCalendar(await res.text());
      expect(cal.name).toBe("Svenska helgdagar");
      expect(cal.refreshInterval).toBe("PT6H");
      expect(cal.events.length).toBeGreaterThan(5 * 15);
      expect(cal.events.every((e) => e.isDate && e.transp === "TRANSPARENT")).toBe(true);
    },
  );

  it("both addresses give the same ETag, and If-None-Match gives 304", async () => {
    const a = await get("/ical/svenska-helgdagar.ics");
    const b = await get("/ical/holidays");
    const etag = a.headers.get("etag")!;
    expect(b.headers.get("etag")).toBe(etag);
    await a.arrayBuffer();
    await b.arrayBuffer();
    const cached = await get("/ical/holidays", { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);
  });

  it("options over HTTP: loose booleans, 10;w=10 with a query, 400 for a bad boolean", async () => {
    const res = await get("/ical/svenska-helgdagar.ics?bridge&half=YES&busy=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe("10;w=10");
    const cal = parseCalendar(await res.text());
    expect(cal.name).toBe("Svenska helgdagar med klämdagar och halvdagar (upptagen tid)");
    expect(cal.events.every((e) => e.transp === "OPAQUE")).toBe(true);

    const bad = await get("/ical/holidays?sundays=maybe");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(bad.headers.get("cache-control")).toBe("no-store");
    expect((await bad.json()).type).toBe(`${PROBLEMS}/invalid-parameter`);
  });
});

describe.skipIf(!BASE)("v2 over HTTP (npm start)", () => {
  it("/holidays?year=2024: bare array, JSON, long cache, Link", async () => {
    const res = await get("/holidays?year=2024");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(res.headers.get("link")).toBe(LINK);
    expect(res.headers.get("ratelimit-limit")).toBe("5");
    expect(res.headers.get("ratelimit-policy")).toBe("5;w=10");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const list = await res.json();
    expect(list).toHaveLength(holidaysOfYear(2024).flatMap((d) => d.observances).length);
    expect(list[0]).toEqual({
      date: "2024-01-01",
      code: "newYearsDay",
      name: { en: "New Year's Day", sv: "Nyårsdagen" },
    });
  });

  it("/holidays?year=2024&weekends=TRUE adds the 104 weekend days", async () => {
    const list = await (await get("/holidays?year=2024&weekends=TRUE")).json();
    expect(list).toHaveLength(holidaysOfYear(2024).flatMap((d) => d.observances).length + 104);
  });

  it("/half-days and /bridge-days answer bare arrays of {date} with Link", async () => {
    for (const path of ["/half-days?year=2024", "/bridge-days?year=2024"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("link")).toBe(LINK);
      const list = await res.json();
      expect(list.length).toBeGreaterThan(0);
      for (const e of list) expect(Object.keys(e)).toEqual(["date"]);
    }
  });

  it("a bad year is a 400 invalid-year problem that still carries Link", async () => {
    const res = await get("/holidays?year=2024-01-01");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("link")).toBe(LINK);
    expect((await res.json()).type).toBe(`${PROBLEMS}/invalid-year`);
  });
});
