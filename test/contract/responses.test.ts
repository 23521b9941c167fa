/**
 * Responses of the handlers validate against what the OpenAPI document (its strict form) says for their path and
 * status. Errors: responses-errors.test.ts; engine outputs: responses-engine.test.ts.
 */

import { Validator } from "@seriousme/openapi-schema-validator";
import { OBSERVANCE_RULES } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../contract/openapi.js";
import { handleFeed } from "../../http/feed.js";
import { handleHealth } from "../../http/health.js";
import { responseExamples } from "../../http/openapi.js";
import { handleV2 } from "../../http/v2.js";
import { handleV3 } from "../../http/v3.js";
import { mediaTypeOf, request, TEST_CONTEXT } from "./helpers.js";
import { checkDeclaredHeaders, type Json, ok, validator, YEARS } from "./response-checks.js";

describe("v3 responses validate against the document", () => {
  it("/v3/holidays for a sample of years and every flag combination", async () => {
    for (const year of YEARS) {
      for (const flags of [
        "",
        "&sundays=true",
        "&saturdays=true",
        "&sundays=true&saturdays=true",
        "&sundays=false&saturdays=false",
      ]) {
        const body = await ok(handleV3, `/v3/holidays?year=${year}${flags}`);
        expect(body.year).toBe(year);
        expect(body.count).toBe(body.days.length);
      }
    }
    const current = await ok(handleV3, "/v3/holidays");
    expect(current.year).toBe(2025);
  });

  it("/v3/bridge-days and /v3/half-days", async () => {
    for (const year of YEARS) {
      for (const path of ["/v3/bridge-days", "/v3/half-days"]) {
        const body = await ok(handleV3, `${path}?year=${year}`);
        for (const day of body.days)
          expect(day).toMatchObject({ holidayType: null, workingDay: true, observances: [] });
      }
    }
    await ok(handleV3, "/v3/bridge-days");
    await ok(handleV3, "/v3/half-days?unknown=1");
  });

  it("/v3/days/{date}", async () => {
    for (const date of [
      "1930-01-01",
      "1930-03-25",
      "1939-05-01",
      "1952-06-23",
      "1953-06-19",
      "2008-05-01",
      "2024-06-21",
      "2024-06-22",
      "2024-06-24",
      "2024-02-29",
      "2049-06-06",
      "2076-06-06",
      "2025-03-17",
      "2025-03-15",
      "2025-03-16",
      "9999-12-31",
    ]) {
      const body = await ok(handleV3, `/v3/days/${date}`);
      expect(body.date).toBe(date);
    }
  });

  it("/v3/period with every bounds", async () => {
    const pairs = [
      ["2024-01-01", "2024-12-31"],
      ["2024-01-31", "2024-02-28"],
      ["2024-01-31", "2024-02-27"],
      ["2024-05-05", "2024-05-05"],
      ["2024-05-05", "2024-05-06"],
      ["1930-01-01", "2130-01-01"],
      ["9799-12-31", "9999-12-31"],
      ["1953-06-01", "1953-07-01"],
    ];
    for (const [from, to] of pairs) {
      for (const bounds of ["", "&bounds=inclusive", "&bounds=exclusive", "&bounds=from", "&bounds=to"]) {
        const body = await ok(handleV3, `/v3/period?from=${from}&to=${to}${bounds}`);
        expect(body.workingDays + body.daysOff.total).toBe(body.calendarDays);
        expect(body.daysOff.publicHolidays + body.daysOff.defactoHolidays).toBe(body.daysOff.total);
        expect(body.daysOff.namedDays + body.daysOff.weekendDays).toBe(body.daysOff.total);
      }
    }
    const empty = await ok(handleV3, "/v3/period?from=2024-05-05&to=2024-05-05&bounds=exclusive");
    expect(empty.counted).toBeNull();
    expect(empty.calendarDays).toBe(0);
  });

  it("/v3/shift with a variety of chains", async () => {
    const cases = [
      "date=2024-01-31&add=1m",
      "date=2024-01-31&add=1m&add=1m",
      "date=2024-01-31&add=1m,1m",
      "date=2024-02-29&add=1y",
      "date=2024-06-21&add=0b",
      "date=2024-06-21&add=1b",
      "date=2024-06-21&add=-1b",
      "date=2024-06-20&add=1d&postpone=true",
      "date=2024-12-20&add=-3w&postpone=false",
      "date=2024-03-01&add=-1d&postpone=true",
      "date=1930-01-01&add=201y",
      "date=9999-12-31&add=-8069y",
      "date=2025-01-01&add=10b,-10b,1m,-1m,1y,-1y,1w,-1w,1d,-1d,0d,0b,0m,0y,0w,5b,5d,2m,3y,4w",
      "date=2025-06-19&add=1d&postpone=true",
      "date=2024-12-23&add=1d&postpone=true",
      "date=1930-01-01&add=2000000b",
    ];
    for (const query of cases) {
      const body = await ok(handleV3, `/v3/shift?${query}`);
      expect(body.steps.length).toBeGreaterThan(0);
      if (!body.postpone) expect(body.result).toEqual(body.landed);
      if (body.period) expect(body.period.from <= body.period.to).toBe(true);
    }
    const long = await ok(handleV3, "/v3/shift?date=1930-01-01&add=201y");
    expect(long.period).toBeNull();
  });

  it("/v3/long-weekends for a sample of years, and the current year", async () => {
    for (const year of YEARS) {
      const body = await ok(handleV3, `/v3/long-weekends?year=${year}`);
      expect(body.year).toBe(year);
      expect(body.count).toBe(body.longWeekends.length);
    }
    expect((await ok(handleV3, "/v3/long-weekends")).year).toBe(2025);
  });

  it("/v3/leave-plan with both objectives, budgets 1-60, a span without working days, a whole leap year", async () => {
    const cases = [
      "from=2026-01-01&to=2026-12-31&days=25",
      "from=2026-01-01&to=2026-12-31&days=60&objective=most",
      "from=2026-01-01&to=2026-12-31&days=60&objective=longest",
      "from=2024-01-01&to=2024-12-31&days=1&objective=longest",
      "from=2026-04-03&to=2026-04-06&days=5",
      "from=2026-04-03&to=2026-04-06&days=5&objective=longest",
      "from=1930-01-01&to=1930-12-31&days=30",
      "from=9999-01-01&to=9999-12-31&days=30&objective=longest",
      "from=2026-04-07&to=2026-04-07&days=1",
      "from=2026-04-01&to=2026-04-10&days=60&x=1",
    ];
    for (const query of cases) {
      const body = await ok(handleV3, `/v3/leave-plan?${query}`);
      expect(body.used).toBeLessThanOrEqual(body.budget);
    }
    const empty = await ok(handleV3, "/v3/leave-plan?from=2026-04-03&to=2026-04-06&days=5");
    expect(empty).toMatchObject({ used: 0, daysOff: 0, breaks: [] });
  });

  it("/v3/observances and /v3/observances/{code} for every code", async () => {
    const list = await ok(handleV3, "/v3/observances");
    expect(list.count).toBe(20);
    for (const rule of OBSERVANCE_RULES) {
      await ok(handleV3, `/v3/observances/${rule.code}`);
      await ok(handleV3, `/v3/observances/${rule.code}?from=1930&to=2130`);
      await ok(handleV3, `/v3/observances/${rule.code}?from=9999`);
    }
    const none = await ok(handleV3, "/v3/observances/nationalDay?from=1930&to=2004");
    expect(none.count).toBe(0);
  });

  it("/v3/openapi.json is a document that validates against its own schema", async () => {
    const body = await ok(handleV3, "/v3/openapi.json");
    expect(body.openapi).toBe("3.1.0");
  });

  it("/v3/openapi.json serves exactly openApiDocument() (the public form) with the 2xx examples", async () => {
    const response = await handleV3(request("/v3/openapi.json"), TEST_CONTEXT);
    const text = await response.text();
    expect(text).toBe(JSON.stringify(openApiDocument({ examples: responseExamples() })));
    const result = await new Validator().validate(JSON.parse(text));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("/health", async () => {
    const body = await ok(handleHealth, "/health");
    expect(body.status).toBe("ok");
    expect(body.apiVersion).toBe(openApiDocument().info && (openApiDocument() as Json).info.version);
  });

  it("304 on a matching If-None-Match is declared and has no body", async () => {
    for (const path of ["/v3/holidays?year=2024", "/v3/days/2024-06-21", "/v3/observances"]) {
      const first = await handleV3(request(path), TEST_CONTEXT);
      const etag = first.headers.get("ETag")!;
      const second = await handleV3(request(path, { headers: { "If-None-Match": etag } }), TEST_CONTEXT);
      expect(second.status).toBe(304);
      expect(await second.text()).toBe("");
      checkDeclaredHeaders(validator, validator.templateOf(new URL(path, "https://x").pathname)!, second, path);
    }
  });
});

describe("v2 and feed responses validate against the document", () => {
  it("/holidays, /half-days, /bridge-days", async () => {
    for (const year of YEARS) {
      await ok(handleV2, `/holidays?year=${year}`);
      const weekends = await ok(handleV2, `/holidays?year=${year}&weekends=TRUE`);
      expect(weekends.some((e: Json) => e.code === "sunday")).toBe(true);
      await ok(handleV2, `/half-days?year=${year}`);
      await ok(handleV2, `/bridge-days?year=${year}`);
    }
    await ok(handleV2, "/holidays?weekends=nonsense");
  });

  it("every v2 response carries Link", async () => {
    const response = await handleV2(request("/holidays?year=2024"), TEST_CONTEXT);
    expect(response.headers.get("Link")).toMatch(/rel="deprecation"/);
  });

  it("the calendar feed answers text/calendar", async () => {
    for (const path of ["/ical/svenska-helgdagar.ics", "/ical/holidays?bridge&half=YES&busy=0"]) {
      const response = await handleFeed(request(path), TEST_CONTEXT);
      expect(response.status).toBe(200);
      expect(mediaTypeOf(response)).toBe("text/calendar");
      expect(await response.text()).toMatch(/^BEGIN:VCALENDAR/);
      checkDeclaredHeaders(validator, validator.templateOf(new URL(path, "https://x").pathname)!, response, path);
    }
  });
});
