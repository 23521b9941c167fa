/**
 * Responses of the handlers validate against what the OpenAPI document (its strict form) says for their path and
 * status; errors are problem documents of the slug docs/decisions.md#error-slugs gives; engine outputs validate directly.
 */
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import {
  bridgeDaysOfYear, catalogue, dayFromCivil, fromIsoDate, halfDaysOfYear, holidaysOfYear, leavePlan, period, shift,
  OBSERVANCE_RULES, FIRST_YEAR, LAST_YEAR,
} from "swedish-calendar/core";
import { occurrenceSeries, catalogueResource, longWeekendsResource } from "../../contract/resources.js";
import { type ProblemSlug } from "../../contract/problems.js";
import { openApiDocument } from "../../contract/openapi.js";
import { responseExamples } from "../../functions/lib/openapi.js";
import { v2BridgeDays, v2HalfDays, v2Holidays } from "../../contract/v2.js";
import { handleV3 } from "../../functions/lib/v3.js";
import { handleHealth } from "../../functions/lib/health.js";
import { handleV2 } from "../../functions/lib/v2.js";
import { handleFeed } from "../../functions/lib/feed.js";
import {
  describeErrors, documentValidator, expectProblem, mediaTypeOf, request, resolve, schemaValidators, TEST_CONTEXT,
  type DocumentValidator,
} from "./helpers.js";

type Json = Record<string, any>;
type Handler = (request: Request, ctx?: any) => Promise<Response>;

const validator = documentValidator();
const schema = schemaValidators();

const YEARS = [1930, 1938, 1939, 1952, 1953, 1954, 1981, 2004, 2005, 2008, 2024, 2025, 2049, 2076, 9999];

/** Checks the headers the document declares for a response (presence and schema) and returns nothing. */
function checkDeclaredHeaders(v: DocumentValidator, template: string, response: Response, label: string) {
  const declared = v.responseOf(template, response.status);
  expect(declared, `${label}: the document declares status ${response.status}`).toBeDefined();
  const optional = new Set(["Deprecation", "Sunset", "Access-Control-Expose-Headers"]);
  if (response.status === 410) optional.add("Retry-After");
  for (const [name, header] of Object.entries((declared!.headers ?? {}) as Json)) {
    const value = response.headers.get(name);
    if (value === null) {
      expect(optional.has(name), `${label}: header ${name} missing`).toBe(true);
      continue;
    }
    const h = resolve(v.doc, header);
    if (h.schema?.const !== undefined) expect(value, `${label}: ${name}`).toBe(h.schema.const);
    if (h.schema?.pattern) expect(value, `${label}: ${name}`).toMatch(new RegExp(h.schema.pattern));
  }
}

/** Calls a handler and validates a 200 JSON response against the document; returns the body. */
async function ok(handler: Handler, pathAndQuery: string): Promise<any> {
  const response = await handler(request(pathAndQuery), TEST_CONTEXT);
  const text = await response.text();
  expect(response.status, `${pathAndQuery}: ${text}`).toBe(200);
  expect(response.headers.get("Content-Type"), pathAndQuery).toBe("application/json; charset=utf-8");
  const template = validator.templateOf(new URL(pathAndQuery, "https://x").pathname);
  expect(template, pathAndQuery).toBeDefined();
  const body = JSON.parse(text);
  const errors = validator.validateBody(template!, 200, "application/json", body);
  expect(errors, `${pathAndQuery}: ${describeErrors(errors)}`).toBeNull();
  checkDeclaredHeaders(validator, template!, response, pathAndQuery);
  return body;
}

async function problem(handler: Handler, pathAndQuery: string, slug: ProblemSlug, init?: RequestInit): Promise<Json> {
  const response = await handler(request(pathAndQuery, init), TEST_CONTEXT);
  const label = `${init?.method ?? "GET"} ${pathAndQuery}`;
  const template = validator.templateOf(new URL(pathAndQuery, "https://x").pathname);
  const body = await expectProblem(validator, response.clone(), slug, label);
  if (template && slug !== "not-found") {
    // the document declares this status for this path, with the Problem schema
    const errors = validator.validateBody(template, response.status, "application/problem+json", body);
    expect(errors, `${label}: ${describeErrors(errors)}`).toBeNull();
    checkDeclaredHeaders(validator, template, response, label);
  } else {
    expect(validator.validateComponentResponse("NotFound", "application/problem+json", body), label).toBeNull();
  }
  expect(response.headers.get("RateLimit-Limit"), label).toMatch(/^\d+$/);
  expect(response.headers.get("Access-Control-Allow-Origin"), label).toBe("*");
  return body;
}

describe("v3 responses validate against the document", () => {
  it("/v3/holidays for a sample of years and every flag combination", async () => {
    for (const year of YEARS) {
      for (const flags of ["", "&sundays=true", "&saturdays=true", "&sundays=true&saturdays=true", "&sundays=false&saturdays=false"]) {
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
        for (const day of body.days) expect(day).toMatchObject({ holidayType: null, workingDay: true, observances: [] });
      }
    }
    await ok(handleV3, "/v3/bridge-days");
    await ok(handleV3, "/v3/half-days?unknown=1");
  });

  it("/v3/days/{date}", async () => {
    for (const date of [
      "1930-01-01", "1930-03-25", "1939-05-01", "1952-06-23", "1953-06-19", "2008-05-01", "2024-06-21", "2024-06-22",
      "2024-06-24", "2024-02-29", "2049-06-06", "2076-06-06", "2025-03-17", "2025-03-15", "2025-03-16", "9999-12-31",
    ]) {
      const body = await ok(handleV3, `/v3/days/${date}`);
      expect(body.date).toBe(date);
    }
  });

  it("/v3/period with every bounds", async () => {
    const pairs = [
      ["2024-01-01", "2024-12-31"], ["2024-01-31", "2024-02-28"], ["2024-01-31", "2024-02-27"], ["2024-05-05", "2024-05-05"],
      ["2024-05-05", "2024-05-06"], ["1930-01-01", "2130-01-01"], ["9799-12-31", "9999-12-31"], ["1953-06-01", "1953-07-01"],
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
      "date=2024-01-31&add=1m", "date=2024-01-31&add=1m&add=1m", "date=2024-01-31&add=1m,1m", "date=2024-02-29&add=1y",
      "date=2024-06-21&add=0b", "date=2024-06-21&add=1b", "date=2024-06-21&add=-1b", "date=2024-06-20&add=1d&postpone=true",
      "date=2024-12-20&add=-3w&postpone=false", "date=2024-03-01&add=-1d&postpone=true", "date=1930-01-01&add=201y",
      "date=9999-12-31&add=-8069y", "date=2025-01-01&add=10b,-10b,1m,-1m,1y,-1y,1w,-1w,1d,-1d,0d,0b,0m,0y,0w,5b,5d,2m,3y,4w",
      "date=2025-06-19&add=1d&postpone=true", "date=2024-12-23&add=1d&postpone=true", "date=1930-01-01&add=2000000b",
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
      "from=2026-01-01&to=2026-12-31&days=25", "from=2026-01-01&to=2026-12-31&days=60&objective=most",
      "from=2026-01-01&to=2026-12-31&days=60&objective=longest", "from=2024-01-01&to=2024-12-31&days=1&objective=longest",
      "from=2026-04-03&to=2026-04-06&days=5", "from=2026-04-03&to=2026-04-06&days=5&objective=longest",
      "from=1930-01-01&to=1930-12-31&days=30", "from=9999-01-01&to=9999-12-31&days=30&objective=longest",
      "from=2026-04-07&to=2026-04-07&days=1", "from=2026-04-01&to=2026-04-10&days=60&x=1",
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

describe("errors are problem documents of the slug docs/decisions.md gives", () => {
  const v3Cases: [string, ProblemSlug][] = [
    // malformed date (path or query)
    ["/v3/days/2024-1-01", "invalid-parameter"], ["/v3/days/20240101", "invalid-parameter"], ["/v3/days/abc", "invalid-parameter"],
    ["/v3/period?from=2024-01-01&to=2024-1-2", "invalid-parameter"], ["/v3/shift?date=x&add=1d", "invalid-parameter"],
    // wrong-shaped year
    ["/v3/holidays?year=", "invalid-parameter"], ["/v3/holidays?year=02024", "invalid-parameter"],
    ["/v3/holidays?year=%2B2024", "invalid-parameter"], ["/v3/holidays?year=2024.0", "invalid-parameter"],
    ["/v3/holidays?year=1929", "invalid-parameter"], ["/v3/bridge-days?year=10000", "invalid-parameter"],
    ["/v3/half-days?year=abcd", "invalid-parameter"], ["/v3/observances/easterSunday?from=1929", "invalid-parameter"],
    // bad boolean
    ["/v3/holidays?year=2024&sundays=1", "invalid-parameter"], ["/v3/holidays?year=2024&sundays=True", "invalid-parameter"],
    ["/v3/holidays?year=2024&saturdays=", "invalid-parameter"], ["/v3/shift?date=2024-01-01&add=1d&postpone=yes", "invalid-parameter"],
    // bad bounds
    ["/v3/period?from=2024-01-01&to=2024-01-02&bounds=both", "invalid-parameter"],
    // unreadable add, > 20 steps, missing add
    ["/v3/shift?date=2024-01-01&add=%2B1d", "invalid-parameter"], ["/v3/shift?date=2024-01-01&add=1x", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=1.5d", "invalid-parameter"], ["/v3/shift?date=2024-01-01&add=1D", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=", "invalid-parameter"], ["/v3/shift?date=2024-01-01", "invalid-parameter"],
    [`/v3/shift?date=2024-01-01&add=${Array(21).fill("1d").join(",")}`, "invalid-parameter"],
    [`/v3/shift?date=2024-01-01&${Array(21).fill("add=1d").join("&")}`, "invalid-parameter"],
    // range out of order, range or period over 200 years
    ["/v3/period?from=2024-01-02&to=2024-01-01", "invalid-parameter"], ["/v3/period?from=1930-01-01&to=2130-01-02", "invalid-parameter"],
    ["/v3/observances/easterSunday?from=2024&to=2023", "invalid-parameter"], ["/v3/observances/easterSunday?from=1930&to=2131", "invalid-parameter"],
    // date or step outside 1930-9999
    ["/v3/days/1929-12-31", "invalid-parameter"], ["/v3/shift?date=1930-01-01&add=-1d", "invalid-parameter"],
    ["/v3/shift?date=9999-12-31&add=1b", "invalid-parameter"], ["/v3/shift?date=9999-12-31&add=1m", "invalid-parameter"],
    ["/v3/shift?date=9999-12-31&add=0d&postpone=true", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&add=99999999999999999999d", "invalid-parameter"], ["/v3/shift?date=2024-01-01&add=-1000000000b", "invalid-parameter"],
    // long weekends and leave plans: year as everywhere; dates, budget, objective, span
    ["/v3/long-weekends?year=1929", "invalid-parameter"], ["/v3/long-weekends?year=", "invalid-parameter"],
    // flag days: year as everywhere, and official flag days only from 1983
    ["/v3/flag-days?year=1982", "invalid-parameter"], ["/v3/flag-days?year=1930", "invalid-parameter"], ["/v3/flag-days?year=", "invalid-parameter"],
    // business days and due dates: a convention, a day, exactly one form, a schedule's years, an unknown schedule
    ["/v3/adjust?date=2026-06-19&convention=Following", "invalid-parameter"], ["/v3/adjust?date=2026-06-19", "invalid-parameter"],
    ["/v3/adjust?convention=following", "invalid-parameter"], ["/v3/adjust?date=9999-12-31&convention=following", "invalid-parameter"],
    ["/v3/adjust?date=2026-02-29&convention=following", "invalid-date"],
    ["/v3/due-dates?year=2026&day=0&convention=following", "invalid-parameter"], ["/v3/due-dates?year=2026&day=32&convention=following", "invalid-parameter"],
    ["/v3/due-dates?year=2026&day=25&convention=next", "invalid-parameter"], ["/v3/due-dates?year=2026&schedule=salary-25&day=25&convention=preceding", "invalid-parameter"],
    ["/v3/due-dates?year=2026", "invalid-parameter"], ["/v3/due-dates?year=2026&day=25", "invalid-parameter"], ["/v3/due-dates?year=2026&convention=preceding", "invalid-parameter"],
    ["/v3/due-dates?year=2011&schedule=tax-account", "invalid-parameter"], ["/v3/due-dates?year=1929&schedule=salary-25", "invalid-parameter"],
    ["/v3/due-dates?year=2026&schedule=nope", "invalid-parameter"], ["/v3/due-dates?year=2026&schedule=SALARY-25", "invalid-parameter"],
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
    ["/v3/holidays?year=2024&year=2024", "invalid-parameter"], ["/v3/period?from=2024-01-01&from=2024-01-01&to=2024-01-02", "invalid-parameter"],
    ["/v3/shift?date=2024-01-01&date=2024-01-01&add=1d", "invalid-parameter"],
    // well-formed but impossible date
    ["/v3/days/2023-02-29", "invalid-date"], ["/v3/days/2024-13-01", "invalid-date"], ["/v3/days/2024-04-31", "invalid-date"],
    ["/v3/days/2024-00-10", "invalid-date"], ["/v3/period?from=2024-02-30&to=2024-03-01", "invalid-date"],
    ["/v3/shift?date=2023-02-29&add=1d", "invalid-date"],
    // unknown path, unknown observance code
    ["/v3/holiday", "not-found"], ["/v3", "not-found"], ["/v3/", "not-found"], ["/v3/days", "not-found"],
    ["/v3/holidays/2024", "not-found"], ["/v3/observances/saturday", "not-found"], ["/v3/observances/EASTERSUNDAY", "not-found"],
    ["/v3/days/2024-01-01/x", "not-found"], ["/v3/observances/constructor", "not-found"], ["/v3/__proto__", "not-found"],
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
    for (const path of ["/holidays?year=", "/holidays?year=24", "/holidays?year=2024-01-01", "/half-days?year=1929", "/bridge-days?year=02024", "/holidays?year=10000"]) {
      await problem(handleV2, path, "invalid-year");
    }
  });

  it("feed: a non-boolean option is invalid-parameter", async () => {
    for (const path of ["/ical/holidays?bridge=2", "/ical/svenska-helgdagar.ics?busy=maybe"]) {
      await problem(handleFeed, path, "invalid-parameter");
    }
  });

  it("429 rate-limited is a problem document with Retry-After, declared by the document", async () => {
    const store = (await import("../../functions/lib/ratelimit.js")).memoryRateLimitStore();
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

describe("engine outputs validate directly against schemas.ts", () => {
  it("every year's holiday lists (all flag variants), bridge days and half days", () => {
    const holidays = schema("HolidaysResponse");
    const bridge = schema("BridgeDaysResponse");
    const half = schema("HalfDaysResponse");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += year < 2100 ? 1 : 7) {
      for (const options of [{}, { sundays: true, saturdays: true }]) {
        const days = holidaysOfYear(year, options);
        expect(holidays({ year, count: days.length, days }), `${year}: ${describeErrors(holidays.errors)}`).toBe(true);
      }
      const b = bridgeDaysOfYear(year);
      expect(bridge({ year, count: b.length, days: b }), `${year}`).toBe(true);
      const h = halfDaysOfYear(year);
      expect(half({ year, count: h.length, days: h }), `${year}`).toBe(true);
    }
  });

  it("long weekends of every year, leave plans of every 37th year (whole years, both objectives, several budgets)", () => {
    const lw = schema("LongWeekendsResponse");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      const r = longWeekendsResource(year);
      if (!lw(r)) expect.fail(`${year}: ${describeErrors(lw.errors)}`);
    }
    const lp = schema("LeavePlan");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 37) {
      for (const objective of ["most", "longest"] as const) {
        for (const days of [1, 5, 25, 60]) {
          const p = leavePlan(dayFromCivil(year, 1, 1), dayFromCivil(year, 12, 31), days, objective);
          expect(lp(p), `${year} ${objective} ${days}: ${describeErrors(lp.errors)}`).toBe(true);
        }
      }
    }
  });

  it("catalogue, occurrences, periods, shifts, v2 shapes", () => {
    expect(schema("ObservanceList")(catalogueResource())).toBe(true);
    const occ = schema("OccurrenceList");
    for (const rule of OBSERVANCE_RULES) {
      const o = occurrenceSeries(rule.code, 1930, 2130);
      expect(occ(o), `${rule.code}: ${describeErrors(occ.errors)}`).toBe(true);
    }
    const p = schema("Period");
    for (const bounds of ["inclusive", "exclusive", "from", "to"] as const) {
      for (const [a, b] of [["2024-01-01", "2024-12-31"], ["2024-03-03", "2024-03-03"], ["1930-01-01", "2130-01-01"]]) {
        expect(p(period(fromIsoDate(a), fromIsoDate(b), bounds)), describeErrors(p.errors)).toBe(true);
      }
    }
    const s = schema("Shift");
    const result = shift(fromIsoDate("2024-01-31"), [{ unit: "m", amount: 1 }, { unit: "b", amount: -3 }, { unit: "y", amount: 201 }], true);
    expect(s(result), describeErrors(s.errors)).toBe(true);
    expect(result.period).toBeNull();
    const v2h = schema("V2Holiday");
    const v2d = schema("V2Date");
    for (const year of YEARS) {
      for (const e of v2Holidays(year, true)) expect(v2h(e), JSON.stringify(e)).toBe(true);
      for (const e of [...v2HalfDays(year), ...v2BridgeDays(year)]) expect(v2d(e)).toBe(true);
    }
  });
});
