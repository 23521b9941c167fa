/** Errors are problem documents of the slug docs/decisions.md#error-slugs gives, declared by the OpenAPI document. */
import { describe, expect, it } from "vitest";
import type { ProblemSlug } from "../../contract/problems.js";
import { handleFeed } from "../../http/feed.js";
import { handleHealth } from "../../http/health.js";
import { handleV2 } from "../../http/v2.js";
import { handleV3 } from "../../http/v3.js";
import { expectProblem, request, TEST_CONTEXT } from "./helpers.js";
import { checkDeclaredHeaders, problem, validator } from "./response-checks.js";

describe("errors are problem documents of the slug docs/decisions.md gives", () => {
  const v3Cases: [string, ProblemSlug][] = [
    // malformed date (path or query)
    ["/v3/days/2024-1-01", "invalid-parameter"],
    ["/v3/days/20240101", "invalid-parameter"],
    ["/v3/days/abc", "invalid-parameter"],
    ["/v3/period?from=2024-01-01&to=2024-1-2", "invalid-parameter"],
    ["/v3/shift?date=x&add=1d", "invalid-parameter"],
    // wrong-shaped year
    ["/v3/holidays?year=", "invalid-parameter"],
    ["/v3/holidays?year=02024", "invalid-parameter"],
    ["/v3/holidays?year=%2B2024", "invalid-parameter"],
    ["/v3/holidays?year=2024.0", "invalid-parameter"],
    ["/v3/holidays?year=1929", "invalid-parameter"],
    ["/v3/bridge-days?year=10000", "invalid-parameter"],
    ["/v3/half-days?year=abcd", "invalid-parameter"],
    ["/v3/observances/easterSunday?from=1929", "invalid-parameter"],
    // bad boolean
    ["/v3/holidays?year=2024&sundays=1", "invalid-parameter"],
    ["/v3/holidays?year=2024&sundays=True", "invalid-parameter"],
    ["/v3/holidays?year=2024&saturdays=", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=1d&postpone=yes", "invalid-parameter"],
    // bad bounds
    ["/v3/period?from=2024-01-01&to=2024-01-02&bounds=both", "invalid-parameter"],
    // unreadable add, > 20 steps, missing add
    ["/v3/shift?date=2024-01-01&add=%2B1d", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=1x", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=1.5d", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=1D", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01", "invalid-parameter"],
    [`/v3/shift?date=2024-01-01&add=${Array(21).fill("1d").join(",")}`, "invalid-parameter"],
    [`/v3/shift?date=2024-01-01&${Array(21).fill("add=1d").join("&")}`, "invalid-parameter"],
    // range out of order, range or period over 200 years
    ["/v3/period?from=2024-01-02&to=2024-01-01", "invalid-parameter"],
    ["/v3/period?from=1930-01-01&to=2130-01-02", "invalid-parameter"],
    ["/v3/observances/easterSunday?from=2024&to=2023", "invalid-parameter"],
    ["/v3/observances/easterSunday?from=1930&to=2131", "invalid-parameter"],
    // date or step outside 1930-9999
    ["/v3/days/1929-12-31", "invalid-parameter"],
    ["/v3/shift?date=1930-01-01&add=-1d", "invalid-parameter"],
    ["/v3/shift?date=9999-12-31&add=1b", "invalid-parameter"],
    ["/v3/shift?date=9999-12-31&add=1m", "invalid-parameter"],
    ["/v3/shift?date=9999-12-31&add=0d&postpone=true", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=99999999999999999999d", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=-1000000000b", "invalid-parameter"],
    // long weekends and leave plans: year as everywhere; dates, budget, objective, span
    ["/v3/long-weekends?year=1929", "invalid-parameter"],
    ["/v3/long-weekends?year=", "invalid-parameter"],
    // flag days: year as everywhere, and official flag days only from 1983
    ["/v3/flag-days?year=1982", "invalid-parameter"],
    ["/v3/flag-days?year=1930", "invalid-parameter"],
    ["/v3/flag-days?year=", "invalid-parameter"],
    // business days and due dates: a convention, a day, exactly one form, a schedule's years, an unknown schedule
    ["/v3/adjust?date=2026-06-19&convention=Following", "invalid-parameter"],
    ["/v3/adjust?date=2026-06-19", "invalid-parameter"],
    ["/v3/adjust?convention=following", "invalid-parameter"],
    ["/v3/adjust?date=9999-12-31&convention=following", "invalid-parameter"],
    ["/v3/adjust?date=2026-02-29&convention=following", "invalid-date"],
    ["/v3/due-dates?year=2026&day=0&convention=following", "invalid-parameter"],
    ["/v3/due-dates?year=2026&day=32&convention=following", "invalid-parameter"],
    ["/v3/due-dates?year=2026&day=25&convention=next", "invalid-parameter"],
    ["/v3/due-dates?year=2026&schedule=salary-25&day=25&convention=preceding", "invalid-parameter"],
    ["/v3/due-dates?year=2026", "invalid-parameter"],
    ["/v3/due-dates?year=2026&day=25", "invalid-parameter"],
    ["/v3/due-dates?year=2026&convention=preceding", "invalid-parameter"],
    ["/v3/due-dates?year=2011&schedule=tax-account", "invalid-parameter"],
    ["/v3/due-dates?year=1929&schedule=salary-25", "invalid-parameter"],
    ["/v3/due-dates?year=2026&schedule=nope", "invalid-parameter"],
    ["/v3/due-dates?year=2026&schedule=SALARY-25", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=0", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=61", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=05", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=5&objective=max", "invalid-parameter"],
    ["/v3/leave-plan?from=2024-01-01&to=2025-01-01&days=5", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-02-02&to=2026-02-01&days=5", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-02-30&to=2026-03-01&days=5", "invalid-date"],
    ["/v3/leave-plan?to=2026-03-01&days=5", "invalid-parameter"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=5&days=5", "invalid-parameter"],
    // duplicated parameter
    ["/v3/holidays?year=2024&year=2024", "invalid-parameter"],
    ["/v3/period?from=2024-01-01&from=2024-01-01&to=2024-01-02", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&date=2024-01-01&add=1d", "invalid-parameter"],
    // well-formed but impossible date
    ["/v3/days/2023-02-29", "invalid-date"],
    ["/v3/days/2024-13-01", "invalid-date"],
    ["/v3/days/2024-04-31", "invalid-date"],
    ["/v3/days/2024-00-10", "invalid-date"],
    ["/v3/period?from=2024-02-30&to=2024-03-01", "invalid-date"],
    ["/v3/shift?date=2023-02-29&add=1d", "invalid-date"],
    // unknown path, unknown observance code
    ["/v3/holiday", "not-found"],
    ["/v3", "not-found"],
    ["/v3/", "not-found"],
    ["/v3/days", "not-found"],
    ["/v3/holidays/2024", "not-found"],
    ["/v3/observances/saturday", "not-found"],
    ["/v3/observances/EASTERSUNDAY", "not-found"],
    ["/v3/days/2024-01-01/x", "not-found"],
    ["/v3/observances/constructor", "not-found"],
    ["/v3/__proto__", "not-found"],
  ];

  it.each(v3Cases)("%s -> %s", async (path, slug) => {
    await problem(handleV3, path, slug);
  });

  it("a method other than GET, HEAD, OPTIONS is 405 method-not-allowed with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      for (const path of ["/v3/holidays?year=2024", "/v3/days/2024-01-01"]) {
        await problem(handleV3, path, "method-not-allowed", { method });
        const response = await handleV3(request(path, { method }), TEST_CONTEXT);
        expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      }
    }
    await problem(handleHealth, "/health", "method-not-allowed", { method: "POST" });
  });

  it("v2 year errors are invalid-year", async () => {
    for (const path of [
      "/holidays?year=",
      "/holidays?year=24",
      "/holidays?year=2024-01-01",
      "/half-days?year=1929",
      "/bridge-days?year=02024",
      "/holidays?year=10000",
    ]) {
      await problem(handleV2, path, "invalid-year");
    }
  });

  it("feed: a non-boolean option is invalid-parameter", async () => {
    for (const path of ["/ical/holidays?bridge=2", "/ical/svenska-helgdagar.ics?busy=maybe"]) {
      await problem(handleFeed, path, "invalid-parameter");
    }
  });

  it("429 rate-limited is a problem document with Retry-After, declared by the document", async () => {
    const store = (await import("../../http/ratelimit.js")).memoryRateLimitStore();
    const ctx = { ...TEST_CONTEXT, rateLimitsEnabled: true, store };
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await handleV3(request("/v3/observances"), ctx);
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    const body = await expectProblem(validator, last!.clone(), "rate-limited");
    expect(validator.validateBody("/v3/observances", 429, "application/problem+json", body)).toBeNull();
    checkDeclaredHeaders(validator, "/v3/observances", last!, "429");
  });
});
