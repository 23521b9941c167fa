import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  cacheUntilStockholmMidnight,
  secondsUntilStockholmMidnight,
  stockholmToday,
  stockholmYear,
} from "../../http/core.js";

describe("Stockholm time", () => {
  it("counts seconds to midnight on ordinary, 23-hour and 25-hour days", () => {
    expect(secondsUntilStockholmMidnight(new Date("2026-06-15T10:00:00Z"))).toBe(12 * 3600); // 12:00 CEST
    expect(secondsUntilStockholmMidnight(new Date("2026-01-15T22:59:59Z"))).toBe(1); // 23:59:59 CET
    expect(secondsUntilStockholmMidnight(new Date("2026-01-15T23:00:00Z"))).toBe(24 * 3600); // 00:00 CET
    // 2026-03-29 spring forward: 00:30 CET -> midnight is 22.5 h away
    expect(secondsUntilStockholmMidnight(new Date("2026-03-28T23:30:00Z"))).toBe(22.5 * 3600);
    // 2026-10-25 fall back: 00:30 CEST -> midnight is 24.5 h away
    expect(secondsUntilStockholmMidnight(new Date("2026-10-24T22:30:00Z"))).toBe(24.5 * 3600);
    expect(secondsUntilStockholmMidnight(new Date("2026-06-15T10:00:00.400Z"))).toBe(12 * 3600); // whole seconds, rounded up
    expect(cacheUntilStockholmMidnight(new Date("2026-06-15T10:00:00Z"))).toBe("public, max-age=0, s-maxage=43200");
  });

  it("decides the year and the date by Swedish wall-clock time", () => {
    expect(stockholmYear(new Date("2025-12-31T22:59:59Z"))).toBe(2025);
    expect(stockholmYear(new Date("2025-12-31T23:00:00Z"))).toBe(2026);
    expect(stockholmToday(new Date("2026-06-14T22:30:00Z"))).toBe("2026-06-15");
  });
});

describe("Stockholm time against luxon (an independent implementation, the service's former one)", () => {
  const ZONE = "Europe/Stockholm";
  const luxonYear = (now: Date) => DateTime.fromJSDate(now, { zone: ZONE }).year;
  const luxonToday = (now: Date) => DateTime.fromJSDate(now, { zone: ZONE }).toISODate()!;
  const luxonSeconds = (now: Date) => {
    const midnight = DateTime.fromJSDate(now, { zone: ZONE }).startOf("day").plus({ days: 1 });
    return Math.max(1, Math.ceil((midnight.toMillis() - now.getTime()) / 1000));
  };
  const same = (now: Date) => {
    const label = now.toISOString();
    expect(stockholmYear(now), label).toBe(luxonYear(now));
    expect(stockholmToday(now), label).toBe(luxonToday(now));
    expect(secondsUntilStockholmMidnight(now), label).toBe(luxonSeconds(now));
  };

  it("around every change of clocks and every New Year, 1970-2040 (seconds before and after)", () => {
    const instants: number[] = [];
    for (let year = 1970; year <= 2040; year++) {
      // the changes, found by the offset's jumps (luxon's): day by day through the year, then hour by hour in that day
      const offsetAt = (t: number) => DateTime.fromMillis(t, { zone: ZONE }).offset;
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
        if (offsetAt(day) === offsetAt(day + 86_400_000)) continue;
        for (let t = day + 3600_000; t <= day + 86_400_000; t += 3600_000)
          if (offsetAt(t) !== offsetAt(t - 3600_000)) instants.push(t - 3600_000, t);
      }
      instants.push(
        Date.UTC(year, 0, 1) - 3600_000,
        Date.UTC(year, 0, 1) - 1,
        Date.UTC(year, 0, 1),
        Date.UTC(year, 0, 1, 0, 0, 1),
      );
    }
    expect(instants.length).toBeGreaterThanOrEqual(71 * 4 + 40 * 2 * 2); // the New Years, and two changes a year from 1980
    for (const base of instants)
      for (const d of [-86_400_000, -3_601_000, -1000, -1, 0, 1, 999, 1000, 1800_000, 3_599_999, 86_400_000])
        same(new Date(base + d));
  });

  it("at random instants, 1930-2100", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1930, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 5000; i++) same(new Date(from + Math.floor(random() * (to - from))));
  });
});
