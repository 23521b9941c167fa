import { describe, expect, it } from "vitest";
import { SAMPLE_REQUESTS } from "../../contract/examples.js";
import { PARAMETERS } from "../../contract/parameters.js";
import { ROUTES } from "../../contract/routes.js";
import { expectProblem, v3 } from "./helpers.js";

/** [path, slug, status, parameter named in the detail] */
const CASES: [string, string, number, string?][] = [
  // strict booleans
  ["/v3/holidays?year=2024&sundays=1", "invalid-parameter", 400, "sundays"],
  ["/v3/holidays?year=2024&sundays=True", "invalid-parameter", 400, "sundays"],
  ["/v3/holidays?year=2024&saturdays=yes", "invalid-parameter", 400, "saturdays"],
  ["/v3/holidays?year=2024&sundays=", "invalid-parameter", 400, "sundays"],
  ["/v3/shift?date=2024-01-01&add=1d&postpone=TRUE", "invalid-parameter", 400, "postpone"],
  // years
  ["/v3/holidays?year=", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=0999", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=02024", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=+2024", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=2024.0", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=1929", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=2024-01-01", "invalid-parameter", 400, "year"],
  ["/v3/bridge-days?year=abcd", "invalid-parameter", 400, "year"],
  ["/v3/half-days?year=10000", "invalid-parameter", 400, "year"],
  // duplicated known parameters
  ["/v3/holidays?year=2024&year=2024", "invalid-parameter", 400, "year"],
  ["/v3/holidays?year=2024&sundays=true&sundays=true", "invalid-parameter", 400, "sundays"],
  ["/v3/period?from=2024-01-01&from=2024-01-01&to=2024-02-01", "invalid-parameter", 400, "from"],
  ["/v3/period?from=2024-01-01&to=2024-02-01&bounds=from&bounds=to", "invalid-parameter", 400, "bounds"],
  ["/v3/shift?date=2024-01-01&date=2024-01-02&add=1d", "invalid-parameter", 400, "date"],
  ["/v3/shift?date=2024-01-01&add=1d&postpone=true&postpone=true", "invalid-parameter", 400, "postpone"],
  ["/v3/observances/christmasDay?from=2020&from=2021", "invalid-parameter", 400, "from"],
  // dates
  ["/v3/days/2023-02-29", "invalid-date", 400, "date"],
  ["/v3/days/2024-13-01", "invalid-date", 400, "date"],
  ["/v3/days/2024-04-31", "invalid-date", 400, "date"],
  ["/v3/days/2024-1-01", "invalid-parameter", 400, "date"],
  ["/v3/days/20240101", "invalid-parameter", 400, "date"],
  ["/v3/days/today", "invalid-parameter", 400, "date"],
  ["/v3/days/1929-12-31", "invalid-parameter", 400, "date"],
  ["/v3/period?from=2023-02-29&to=2024-01-01", "invalid-date", 400, "from"],
  ["/v3/period?from=2024-01-01&to=2024-02-30", "invalid-date", 400, "to"],
  ["/v3/period?from=2024-01-01", "invalid-parameter", 400, "to"],
  ["/v3/period?to=2024-01-01", "invalid-parameter", 400, "from"],
  ["/v3/period?from=2024/01/01&to=2024-02-01", "invalid-parameter", 400, "from"],
  ["/v3/period?from=2024-01-01&to=2024-02-01&bounds=both", "invalid-parameter", 400, "bounds"],
  ["/v3/period?from=2024-01-01&to=2024-02-01&bounds=Inclusive", "invalid-parameter", 400, "bounds"],
  // ranges
  ["/v3/period?from=2024-02-01&to=2024-01-01", "invalid-parameter", 400, "to"],
  ["/v3/period?from=1930-01-01&to=2130-01-02", "invalid-parameter", 400, "to"],
  ["/v3/observances/christmasDay?from=2021&to=2020", "invalid-parameter", 400, "to"],
  ["/v3/observances/christmasDay?from=1930&to=2131", "invalid-parameter", 400, "to"],
  ["/v3/observances/christmasDay?from=24", "invalid-parameter", 400, "from"],
  ["/v3/observances/christmasDay?to=", "invalid-parameter", 400, "to"],
  // shift chains
  ["/v3/shift?date=2024-01-01", "invalid-parameter", 400, "add"],
  ["/v3/shift?add=1d", "invalid-parameter", 400, "date"],
  ["/v3/shift?date=2024-01-01&add=", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=%2B1d", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=1x", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=1D", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=1.5d", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=d", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=1d,", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=1d%202d", "invalid-parameter", 400, "add"],
  [
    `/v3/shift?date=2024-01-01&${Array.from({ length: 21 }, () => "add=1d").join("&")}`,
    "invalid-parameter",
    400,
    "add",
  ],
  [
    `/v3/shift?date=2024-01-01&add=${Array.from({ length: 21 }, () => "1d").join(",")}`,
    "invalid-parameter",
    400,
    "add",
  ],
  ["/v3/shift?date=2024-01-01&add=-95y", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=9999-12-31&add=1d", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=1930-01-01&add=-1b", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-01-01&add=99999999999999999999d", "invalid-parameter", 400, "add"],
  ["/v3/shift?date=2024-02-30&add=1d", "invalid-date", 400, "date"],
  // not found
  ["/v3/observances/unknownCode", "not-found", 404, "unknownCode"],
  ["/v3/observances/ChristmasDay", "not-found", 404],
  ["/v3/nothing", "not-found", 404],
  ["/v3", "not-found", 404],
  ["/v3/", "not-found", 404],
  ["/v3/holidays/2024", "not-found", 404],
  ["/v3/days", "not-found", 404],
  ["/v3/days/", "not-found", 404],
  ["/v3/days/2024-01-01/extra", "not-found", 404],
  ["/v3/observances/christmasDay/2024", "not-found", 404],
  ["/v4/holidays", "not-found", 404],
];

describe("problem documents for bad input", () => {
  it.each(CASES)("%s -> %s %d", async (path, slug, status, parameter) => {
    await expectProblem(await v3(path), slug, status, parameter);
  });

  it("the Sunday rule past 9999-12-31 is a 400", async () => {
    await expectProblem(
      await v3("/v3/shift?date=9999-12-31&add=0d&postpone=true"),
      "invalid-parameter",
      400,
      "postpone",
    );
  });

  it("an unknown code is 404 even when its parameters are bad", async () => {
    await expectProblem(await v3("/v3/observances/nope?from=1"), "not-found", 404);
  });

  it("ignores unknown parameters", async () => {
    expect((await v3("/v3/holidays?year=2024&weekends=true&foo=bar&foo=baz")).status).toBe(200);
    expect((await v3("/v3/period?from=2024-01-01&to=2024-01-02&x=1&x=2")).status).toBe(200);
  });

  it("names the accepted form in the detail", async () => {
    const body = await expectProblem(await v3("/v3/holidays?year=2024&sundays=1"), "invalid-parameter", 400, "sundays");
    expect(body.detail).toMatch(/true or false/);
    const date = await expectProblem(await v3("/v3/days/2024-1-1"), "invalid-parameter", 400, "date");
    expect(date.detail).toMatch(/YYYY-MM-DD/);
  });
});

/**
 * Every required query parameter of every v3 route, left out of the route's sample request (which
 * names them all): one answer, whatever the parameter's parser would make of no value. A required path parameter
 * cannot be left out of a URL (the path is then another, or none: 404); the MCP tools, which can leave it out, are
 * checked in test/contract/mcp.test.ts.
 */
const REQUIRED = ROUTES.filter((route) => route.fn === "v3").flatMap((route) =>
  route.parameters
    .map((key) => PARAMETERS[key])
    .filter((p) => p.required && p.in === "query")
    .map((p) => [route.id, p.name] as const),
);

describe("a missing required parameter", () => {
  it("the table has required query parameters on the rows that take them", () => {
    expect(REQUIRED).toEqual([
      ["period", "from"],
      ["period", "to"],
      ["shift", "date"],
      ["shift", "add"],
      ["leavePlan", "from"],
      ["leavePlan", "to"],
      ["leavePlan", "days"],
      ["adjust", "date"],
      ["adjust", "convention"],
    ]);
  });

  it.each(REQUIRED)("%s without %s: 400 invalid-parameter, '<name>' is required", async (id, name) => {
    const sample = new URL(SAMPLE_REQUESTS[id].request, "http://localhost");
    expect(sample.searchParams.has(name), "the sample names it").toBe(true);
    sample.searchParams.delete(name);
    const body = await expectProblem(await v3(sample.pathname + sample.search), "invalid-parameter", 400, name);
    expect(body.detail).toBe(`'${name}' is required`);
  });

  it("an empty value is given, not missing: the parser's answer", async () => {
    const body = await expectProblem(
      await v3("/v3/leave-plan?from=2026-01-01&to=2026-12-31&days="),
      "invalid-parameter",
      400,
      "days",
    );
    expect(body.detail).toMatch(/^'days' must be a whole number/);
  });
});
