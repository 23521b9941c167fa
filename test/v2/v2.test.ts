/**
 * The unversioned (v2) endpoints: shapes, real values, year validation, caching and the Link header on every
 * response. The withdrawal timeline is in withdrawal.test.ts.
 */

import { bridgeDaysOfYear, halfDaysOfYear, holidaysOfYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { v2Holidays } from "../../contract/v2.js";
import { CACHE_LONG, memoryRateLimitStore, PROBLEM_BASE } from "../../http/core.js";
import { handleV2, makeV2Handler } from "../../http/v2.js";
import { DEFAULT_NOTICE_URL } from "../../http/withdrawal.js";
import { HALF_DAYS_2024 } from "../support/hand-checked.js";

const NOW = new Date("2026-03-15T12:00:00Z");
const clock = () => NOW;
const BASE = "https://swedish-calendar.example";
const LINK = '</v2-deprecation/>; rel="deprecation", </v2-deprecation/>; rel="sunset"';
/** No announcement: the behaviour of a deployment without V2_ANNOUNCED_AT. */
const v2 = makeV2Handler({ brownouts: [], noticeUrl: DEFAULT_NOTICE_URL });
const get = (path: string, init?: RequestInit) => v2(new Request(BASE + path, init), { clock });

async function json(path: string): Promise<any> {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  return res.json();
}

/** Saturdays and Sundays of a year counted with the platform's Date, not the engine. */
function weekendCounts(year: number): { saturdays: number; sundays: number } {
  let saturdays = 0;
  let sundays = 0;
  for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += 86400000) {
    const wd = new Date(t).getUTCDay();
    if (wd === 6) saturdays++;
    if (wd === 0) sundays++;
  }
  return { saturdays, sundays };
}

describe("GET /holidays", () => {
  it("is a bare array of {date, code, name: {en, sv}}, one entry per observance, key order as v2 served it", async () => {
    const res = await get("/holidays?year=2024");
    const text = await res.text();
    expect(
      text.startsWith('[{"date":"2024-01-01","code":"newYearsDay","name":{"en":"New Year\'s Day","sv":"Nyårsdagen"}}'),
    ).toBe(true);
    const list = JSON.parse(text);
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(holidaysOfYear(2024).flatMap((d) => d.observances).length);
    for (const entry of list) {
      expect(Object.keys(entry)).toEqual(["date", "code", "name"]);
      expect(Object.keys(entry.name)).toEqual(["en", "sv"]);
    }
    expect(list.map((e: any) => e.code)).toEqual(holidaysOfYear(2024).flatMap((d) => d.observances.map((o) => o.code)));
  });

  it("2024 by hand", async () => {
    const list = await json("/holidays?year=2024");
    expect(list.map((e: any) => `${e.date} ${e.code}`)).toEqual([
      "2024-01-01 newYearsDay",
      "2024-01-06 epiphany",
      "2024-03-29 goodFriday",
      "2024-03-30 holySaturday",
      "2024-03-31 easterSunday",
      "2024-04-01 easterMonday",
      "2024-05-01 mayDay",
      "2024-05-09 ascensionDay",
      "2024-05-18 whitsunEve",
      "2024-05-19 whitsun",
      "2024-06-06 nationalDay",
      "2024-06-21 midsummerEve",
      "2024-06-22 midsummerDay",
      "2024-11-02 allSaintsDay",
      "2024-12-24 christmasEve",
      "2024-12-25 christmasDay",
      "2024-12-26 boxingDay",
      "2024-12-31 newYearsEve",
    ]);
    expect(list.find((e: any) => e.code === "whitsun").name).toEqual({ en: "Whit Sunday", sv: "Pingstdagen" });
  });

  it("a date with two holidays appears twice, in catalogue order (2008-05-01: ascensionDay, mayDay)", async () => {
    const list = await json("/holidays?year=2008");
    expect(list.filter((e: any) => e.date === "2008-05-01")).toEqual([
      { date: "2008-05-01", code: "ascensionDay", name: { en: "Ascension Day", sv: "Kristi himmelsfärdsdag" } },
      { date: "2008-05-01", code: "mayDay", name: { en: "May Day", sv: "Första maj" } },
    ]);
  });

  it("carries the corrected Easter dates (1954, 1981, 2049, 2076)", async () => {
    const easter: Record<number, string> = {
      1954: "1954-04-18",
      1981: "1981-04-19",
      2049: "2049-04-18",
      2076: "2076-04-19",
    };
    for (const [year, date] of Object.entries(easter)) {
      const list = await json(`/holidays?year=${year}`);
      expect(list.find((e: any) => e.code === "easterSunday").date).toBe(date);
    }
  });

  it.each(["true", "TRUE", "True", "tRuE"])(
    "weekends=%s adds an entry for every Saturday and Sunday (2024: 52 + 52)",
    async (value) => {
      const list = await json(`/holidays?year=2024&weekends=${value}`);
      const observances = holidaysOfYear(2024).flatMap((d) => d.observances).length;
      const { saturdays, sundays } = weekendCounts(2024);
      expect(saturdays).toBe(52);
      expect(sundays).toBe(52);
      expect(list.filter((e: any) => e.code === "saturday")).toHaveLength(52);
      expect(list.filter((e: any) => e.code === "sunday")).toHaveLength(52);
      expect(list).toHaveLength(observances + saturdays + sundays);
      expect(list.find((e: any) => e.code === "saturday").name).toEqual({ en: "Saturday", sv: "Lördag" });
      expect(list.find((e: any) => e.code === "sunday").name).toEqual({ en: "Sunday", sv: "Söndag" });
    },
  );

  it("weekend entries also on dates with an observance, after the observances; the list stays in date order", async () => {
    const list = await json("/holidays?year=2024&weekends=true");
    expect(list.filter((e: any) => e.date === "2024-03-31").map((e: any) => e.code)).toEqual([
      "easterSunday",
      "sunday",
    ]);
    expect(list.filter((e: any) => e.date === "2024-06-22").map((e: any) => e.code)).toEqual([
      "midsummerDay",
      "saturday",
    ]);
    const dates = list.map((e: any) => e.date);
    expect(dates).toEqual(dates.slice().sort());
  });

  it("counts weekends exactly in a 53-Saturday year (2022 starts on a Saturday)", () => {
    const { saturdays, sundays } = weekendCounts(2022);
    expect(saturdays).toBe(53);
    const list = v2Holidays(2022, true);
    expect(list.filter((e) => e.code === "saturday")).toHaveLength(saturdays);
    expect(list.filter((e) => e.code === "sunday")).toHaveLength(sundays);
  });

  it.each(["yes", "1", "on", "", "false", "truee", "no"])("weekends=%j reads as false", async (value) => {
    const plain = await json("/holidays?year=2024");
    expect(await json(`/holidays?year=2024&weekends=${value}`)).toEqual(plain);
  });

  it("a bare weekends reads as false", async () => {
    expect(await json("/holidays?year=2024&weekends")).toEqual(await json("/holidays?year=2024"));
  });
});

describe("GET /half-days and /bridge-days", () => {
  it("/half-days is a bare array of {date}, the engine's half days", async () => {
    const list = await json("/half-days?year=2024");
    expect(list).toEqual(halfDaysOfYear(2024).map((d) => ({ date: d.date })));
    expect(list.map((e: any) => e.date)).toEqual(expect.arrayContaining(HALF_DAYS_2024));
    for (const e of list) expect(Object.keys(e)).toEqual(["date"]);
  });

  it("/bridge-days is a bare array of {date}, the engine's bridge days, each date once", async () => {
    const list = await json("/bridge-days?year=2024");
    expect(list).toEqual(bridgeDaysOfYear(2024).map((d) => ({ date: d.date })));
    expect(list.map((e: any) => e.date)).toContain("2024-05-10");
    expect(new Set(list.map((e: any) => e.date)).size).toBe(list.length);
  });

  it("ignores weekends and other unknown parameters", async () => {
    expect(await json("/half-days?year=2024&weekends=true&foo=bar")).toEqual(await json("/half-days?year=2024"));
  });
});

describe("v2 year", () => {
  it("omitted: the current year in Sweden, cached until midnight in Sweden", async () => {
    const res = await get("/holidays");
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list[0].date).toBe("2026-01-01");
    // 2026-03-15 12:00 UTC = 13:00 in Stockholm (CET): 11 hours to midnight
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=39600");
  });

  it("omitted on New Year's Eve 23:30 UTC: already next year in Sweden", async () => {
    const res = await v2(new Request(`${BASE}/bridge-days`), { clock: () => new Date("2026-12-31T23:30:00Z") });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=84600");
    expect(await res.json()).toEqual(bridgeDaysOfYear(2027).map((d) => ({ date: d.date })));
  });

  it("named: the long cache", async () => {
    expect((await get("/holidays?year=2024")).headers.get("Cache-Control")).toBe(CACHE_LONG);
    expect((await get("/half-days?year=1930")).status).toBe(200);
    expect((await get("/bridge-days?year=9999")).status).toBe(200);
  });

  it.each(["", "24", "202", "02024", "+2024", "2024.0", "2024-01-01", "1929", "10000", "abcd", " 2024", "２０２４"])(
    "year=%j is 400 invalid-year (never the default)",
    async (value) => {
      for (const path of ["/holidays", "/half-days", "/bridge-days"]) {
        const res = await get(`${path}?year=${encodeURIComponent(value)}`);
        expect(res.status).toBe(400);
        expect(res.headers.get("Content-Type")).toBe("application/problem+json");
        expect(res.headers.get("Cache-Control")).toBe("no-store");
        expect(res.headers.get("Link")).toBe(LINK);
        const body = await res.json();
        expect(body).toMatchObject({ type: `${PROBLEM_BASE}/invalid-year`, status: 400, title: "Invalid year" });
        expect(body.detail).toContain("year");
      }
    },
  );

  it("a bare year= (no value) and a repeated year are 400 invalid-year", async () => {
    for (const q of ["year", "year=", "year=2024&year=2024"]) {
      const res = await get(`/holidays?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).type).toBe(`${PROBLEM_BASE}/invalid-year`);
    }
  });
});

describe("v2 HTTP", () => {
  it("Link (deprecation, sunset) on every response, no Deprecation or Sunset before an announcement", async () => {
    const ok = await get("/holidays?year=2024");
    const etag = ok.headers.get("ETag")!;
    const responses = [
      ok,
      await get("/holidays?year=2024", { headers: { "If-None-Match": etag } }),
      await get("/holidays?year=99"),
      await get("/holidays?year=2024", { method: "HEAD" }),
      await get("/holidays?year=2024", { method: "POST" }),
      await get("/holidays?year=2024", { method: "OPTIONS" }),
      await get("/nothing-here"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 304, 400, 200, 405, 204, 404]);
    for (const r of responses) {
      expect(r.headers.get("Link")).toBe(LINK);
      expect(r.headers.get("Deprecation")).toBeNull();
      expect(r.headers.get("Sunset")).toBeNull();
      expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(r.headers.get("RateLimit-Limit")).toBe("5");
      expect(r.headers.get("RateLimit-Policy")).toBe("5;w=10");
    }
    expect(responses[1].headers.get("ETag")).toBe(etag);
    expect(await responses[1].text()).toBe("");
    expect(await responses[3].text()).toBe("");
    expect(responses[4].headers.get("Allow")).toContain("GET");
    expect(responses[0].headers.get("Access-Control-Expose-Headers")).toContain("Link");
  });

  it("5 per 10 s, then 429 rate-limited with Retry-After, Link and RateLimit-*", async () => {
    let now = NOW.getTime();
    const ctx = {
      clock: () => new Date(now),
      store: memoryRateLimitStore(),
      rateLimitsEnabled: true,
      clientAddress: "198.51.100.7",
    };
    for (let i = 0; i < 5; i++) expect((await v2(new Request(`${BASE}/holidays?year=2024`), ctx)).status).toBe(200);
    const limited = await v2(new Request(`${BASE}/half-days`), ctx);
    expect(limited.status).toBe(429);
    expect((await limited.json()).type).toBe(`${PROBLEM_BASE}/rate-limited`);
    expect(limited.headers.get("Retry-After")).toBe("10");
    expect(limited.headers.get("Link")).toBe(LINK);
    expect(limited.headers.get("RateLimit-Policy")).toBe("5;w=10");
    now += 10_000;
    expect((await v2(new Request(`${BASE}/holidays?year=2024`), ctx)).status).toBe(200);
  });

  it("the deployment handler reads its configuration from the environment (none here: Link only)", async () => {
    const res = await handleV2(new Request(`${BASE}/holidays?year=2024`), { clock });
    expect(res.status).toBe(200);
    expect(res.headers.get("Link")).toBe(LINK);
  });
});
