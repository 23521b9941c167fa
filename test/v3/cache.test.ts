import { describe, expect, it } from "vitest";
import { cacheUntilStockholmMidnight, secondsUntilStockholmMidnight, stockholmToday, stockholmYear } from "../../functions/lib/core.js";

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
