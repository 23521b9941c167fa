/**
 * resolveRewrite's options (contract/static.ts): `routeId` compares a request with its own route's rules only, and
 * must give what the whole ordered rule list gives for every request whose pathname matchRoute puts on that route;
 * `built` (the manifest's years and days window) turns a file the build did not write into undefined (the function
 * answers) and changes nothing else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dueDateSchedulesOfYear, OBSERVANCE_CODES } from "../../build/layout.js";
import { type BuiltRange, resolveRewrite } from "../../contract/cdn.js";
import { matchRoute } from "../../contract/route-match.js";
import { ROUTES } from "../../contract/routes.js";
import { redirectRules } from "../../contract/static.js";

const YEARS = [1930, 1952, 1982, 1983, 2011, 2012, 2015, 2019, 2020, 2024, 2030, 2031, 9999];
const DAYS = [
  "1930-01-01",
  "2023-12-31",
  "2024-01-01",
  "2024-02-29",
  "2024-06-21",
  "2024-12-31",
  "2025-01-01",
  "9999-12-31",
];

/** Requests the routing and static-dataset suites use, and more of the same kind. */
function targets(): string[] {
  const list: string[] = [];
  for (const y of YEARS) {
    for (const s of [
      "",
      "&sundays=true",
      "&sundays=false",
      "&saturdays=true",
      "&sundays=true&saturdays=true",
      "&saturdays=false&sundays=true&x=1",
      "&sundays=1",
      "&year=2025",
    ]) {
      list.push(`/v3/holidays?year=${y}${s}`);
    }
    list.push(`/v3/holidays?saturdays=true&year=${y}&x=1`);
    list.push(
      `/v3/bridge-days?year=${y}`,
      `/v3/half-days?year=${y}`,
      `/v3/long-weekends?year=${y}`,
      `/v3/flag-days?year=${y}`,
    );
    for (const schedule of [...dueDateSchedulesOfYear(2024), "nope"]) {
      list.push(`/v3/due-dates?year=${y}&schedule=${schedule}`, `/v3/due-dates?schedule=${schedule}&year=${y}&x=1`);
      list.push(
        `/v3/due-dates?year=${y}&schedule=${schedule}&day=20`,
        `/v3/due-dates?year=${y}&schedule=${schedule}&convention=following`,
      );
    }
    list.push(`/v3/due-dates?year=${y}&day=25&convention=preceding`);
    list.push(
      `/v3/working-time?year=${y}`,
      `/v3/working-time?year=${y}&weeklyHours=40`,
      `/v3/working-time?profile=state&year=${y}`,
      `/v3/working-time?year=${y}&x=1`,
    );
    for (const code of [...OBSERVANCE_CODES, "nope"]) list.push(`/v3/observances/${code}?from=${y}`);
    list.push(`/v3/observances/whitMonday?from=${y}&to=${y}`, `/v3/observances/whitsun?to=${y}`);
  }
  for (const d of [...DAYS, "2023-02-29", "2024-1-1", "..%2F..%2Fpackage", "%2E%2E", "2024-06-21x"])
    list.push(`/v3/days/${d}`, `/v3/days/${d}?x=1`);
  list.push(
    "/v3/holidays",
    "/v3/holidays?year=",
    "/v3/holidays?year=abc",
    "/v3/holidays?year=02024",
    "/v3/holidays?sundays=true",
    "/v3/bridge-days",
    "/v3/half-days",
    "/v3/long-weekends",
    "/v3/flag-days",
    "/v3/due-dates",
    "/v3/due-dates?schedule=salary-25",
    "/v3/observances",
    "/v3/observances?x=1",
    "/v3/observances/whitsun",
    "/v3/flag-days/catalogue",
    "/v3/due-dates/catalogue",
    "/v3/openapi.json",
    "/v3/openapi.json?year=2024",
    "/v3/period?from=2024-01-01&to=2024-12-31",
    "/v3/shift?date=2024-06-21&add=1b",
    "/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=25",
    "/v3/adjust?date=2026-06-19&convention=following",
    "/health",
    "/mcp",
    "/ical/holidays",
    "/ical/holidays?bridge=1",
    "/ical/holidays/",
    "/ical/svenska-helgdagar.ics?due=salary-25",
    "/ical/svenska-helgdagar.ics",
    "/holidays?year=2024",
    "/holidays/?year=2024&weekends=true",
    "/half-days?year=2024",
    "/bridge-days/?year=2024",
  );
  return list;
}

/** Paths no route answers. */
const NO_ROUTE = [
  "/v3/days",
  "/v3/days/",
  "/v3/days//2024-06-21",
  "/v3/days/2024-06-21/",
  "/v3/days/2024-06-21/x",
  "/v3/holidays/",
  "/v3//holidays",
  "/v3/observances/",
  "/v3/observances/a/b",
  "/v3/nope",
  "/v3",
  "/v3/",
  "/v3/data/2024/holidays.json",
  "/v3/data/days/2024-06-21.json",
  "/",
  "",
  "/holidays//",
  "/ical/holidays//",
  "/mcp/",
];

const split = (target: string) => {
  const url = new URL("http://x" + target);
  return { pathname: url.pathname, params: url.searchParams };
};

const rules = redirectRules();

describe("resolveRewrite with the matched row (options.routeId) = resolveRewrite over every rule", () => {
  const all = targets();

  it("on the routing and dataset suites' requests, and more of their kind", () => {
    const offenders: string[] = [];
    let files = 0;
    let matched = 0;
    for (const target of all) {
      const { pathname, params } = split(target);
      const match = matchRoute(pathname);
      if (!match) continue;
      matched++;
      const plain = resolveRewrite(pathname, params);
      const byRoute = resolveRewrite(pathname, params, rules, { routeId: match.route.id });
      if (plain !== byRoute) offenders.push(`${target}: ${plain} vs ${byRoute}`);
      if (plain) files++;
    }
    expect(offenders).toEqual([]);
    // the sample is not vacuous: every request has a route but `/v3/days/%2E%2E` (the URL parser reads it as `/v3/`),
    // and many of them a file
    expect(matched).toBe(all.length - 2);
    expect(files).toBeGreaterThan(300);
  });

  it.each([
    ["/v3/days/2024-06-21", "/v3/data/days/2024-06-21.json"],
    ["/v3/holidays?year=2024&sundays=true", "/v3/data/2024/holidays-sundays.json"],
    ["/v3/holidays?year=2024&saturdays=false&sundays=true&x=1", "/v3/data/2024/holidays-sundays.json"],
    ["/v3/holidays?year=2024&sundays=true&saturdays=true", "/v3/data/2024/holidays-sundays-saturdays.json"],
    ["/v3/holidays?year=2024", "/v3/data/2024/holidays.json"],
    ["/v3/observances/whitsun?from=2024", "/v3/data/2024/observances/whitsun.json"],
    ["/v3/due-dates?year=2026&schedule=child-benefit", "/v3/data/2026/due-dates/child-benefit.json"],
    ["/v3/working-time?year=2026", "/v3/data/2026/working-time.json"],
    ["/v3/working-time?year=2026&x=1", "/v3/data/2026/working-time.json"],
    ["/v3/observances", "/v3/data/observances.json"],
    ["/v3/openapi.json", "/v3/data/openapi.json"],
    ["/v3/holidays?year=2024&sundays=1", undefined],
    ["/v3/holidays?year=2024&year=2025", undefined],
    ["/v3/observances/whitsun?from=2024&to=2024", undefined],
    ["/v3/due-dates?year=2026&schedule=child-benefit&day=20", undefined],
    ["/v3/working-time?year=2026&weeklyHours=40", undefined],
    ["/v3/working-time?year=2026&profile=standard", undefined],
    ["/v3/working-time?year=2026&year=2027", undefined],
    ["/v3/working-time", undefined],
    ["/v3/period?from=2024-01-01&to=2024-12-31", undefined],
    ["/ical/holidays?bridge=1", undefined],
  ])("%s -> %s, with and without the row", (target, file) => {
    const { pathname, params } = split(target);
    const id = matchRoute(pathname)!.route.id;
    expect(resolveRewrite(pathname, params)).toBe(file);
    expect(resolveRewrite(pathname, params, rules, { routeId: id })).toBe(file);
  });

  it("a path no row answers is sent to no file by the whole rule list either", () => {
    for (const pathname of NO_ROUTE) {
      expect([pathname, matchRoute(pathname)]).toEqual([pathname, undefined]);
      for (const query of ["", "year=2024", "from=2024"])
        expect([pathname, query, resolveRewrite(pathname, new URLSearchParams(query))]).toEqual([
          pathname,
          query,
          undefined,
        ]);
    }
  });

  it("on random requests: a row's path with random values and query strings", () => {
    const names = [
      "year",
      "sundays",
      "saturdays",
      "from",
      "to",
      "schedule",
      "day",
      "convention",
      "date",
      "x",
      "bridge",
      "weekends",
    ];
    const values = [
      "2024",
      "2031",
      "1930",
      "1982",
      "9999",
      "true",
      "false",
      "1",
      "",
      "salary-25",
      "tax-account",
      "whitsun",
      "2024-06-21",
      "a b",
      "../x",
      "😀",
    ];
    const pathValue = fc.oneof(
      fc.constantFrom("2024-06-21", "2025-01-01", "whitsun", "easterSunday", "nope", "..%2Fx", "%20"),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    const request = fc.tuple(
      fc.constantFrom(...ROUTES.map((r) => r.path)),
      pathValue,
      fc.boolean(),
      fc.array(fc.tuple(fc.constantFrom(...names), fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 4 }))), {
        maxLength: 5,
      }),
    );
    fc.assert(
      fc.property(request, ([path, value, slash, query]) => {
        const pathname = path.replace(/\{\w+\}/, value) + (slash ? "/" : "");
        const params = new URLSearchParams(query);
        const match = matchRoute(pathname);
        const plain = resolveRewrite(pathname, params);
        if (!match) {
          expect(plain).toBeUndefined();
          return;
        }
        expect(resolveRewrite(pathname, params, rules, { routeId: match.route.id })).toBe(plain);
      }),
      { numRuns: 4000, seed: 20251125 },
    );
  });
});

describe("resolveRewrite with what the build wrote (options.built)", () => {
  const built: BuiltRange = { years: { from: 2020, to: 2030 }, days: { from: "2024-01-01", to: "2024-12-31" } };
  const resolve = (target: string, range: BuiltRange | undefined, withRoute = true) => {
    const { pathname, params } = split(target);
    const routeId = withRoute ? matchRoute(pathname)?.route.id : undefined;
    return resolveRewrite(pathname, params, rules, { routeId, built: range });
  };
  const unbuilt = (target: string) => {
    const { pathname, params } = split(target);
    return resolveRewrite(pathname, params);
  };

  it.each([
    ["/v3/days/2024-01-01", "/v3/data/days/2024-01-01.json"],
    ["/v3/days/2024-06-21", "/v3/data/days/2024-06-21.json"],
    ["/v3/days/2024-12-31", "/v3/data/days/2024-12-31.json"],
    ["/v3/holidays?year=2020&sundays=true", "/v3/data/2020/holidays-sundays.json"],
    ["/v3/holidays?year=2030", "/v3/data/2030/holidays.json"],
    ["/v3/observances/whitsun?from=2024", "/v3/data/2024/observances/whitsun.json"],
    ["/v3/due-dates?year=2024&schedule=tax-account", "/v3/data/2024/due-dates/tax-account.json"],
    ["/v3/flag-days?year=2025", "/v3/data/2025/flag-days.json"],
    ["/v3/working-time?year=2025", "/v3/data/2025/working-time.json"],
    // catalogue files: no placeholder, written by every build
    ["/v3/observances", "/v3/data/observances.json"],
    ["/v3/flag-days/catalogue", "/v3/data/flag-days.json"],
    ["/v3/due-dates/catalogue", "/v3/data/due-dates.json"],
    ["/v3/openapi.json", "/v3/data/openapi.json"],
  ])("inside what was built: %s -> %s, as without `built`", (target, file) => {
    expect(unbuilt(target)).toBe(file);
    expect(resolve(target, built)).toBe(file);
    expect(resolve(target, built, false)).toBe(file);
  });

  it.each([
    "/v3/days/2023-12-31", // a day before the window
    "/v3/days/2025-01-01", // after it
    "/v3/days/1930-01-01",
    "/v3/days/9999-12-31",
    "/v3/holidays?year=2019",
    "/v3/holidays?year=2031&sundays=true",
    "/v3/bridge-days?year=1930",
    "/v3/long-weekends?year=9999",
    "/v3/flag-days?year=2031",
    "/v3/due-dates?year=2031&schedule=salary-25",
    "/v3/working-time?year=2019",
    "/v3/observances/whitsun?from=2019", // an observance series whose `from` is outside the years
    "/v3/observances/easterSunday?from=2031",
  ])("outside what was built: %s -> undefined (a file without `built`)", (target) => {
    expect(unbuilt(target)).toMatch(/^\/v3\/data\/.+\.json$/);
    expect(resolve(target, built)).toBeUndefined();
    expect(resolve(target, built, false)).toBeUndefined();
  });

  it("a build with no day files (days: null) sends no day to a file, and still the years' and the catalogues'", () => {
    const noDays: BuiltRange = { years: built.years, days: null };
    for (const d of DAYS) {
      expect(unbuilt(`/v3/days/${d}`)).toBe(`/v3/data/days/${d}.json`);
      expect(resolve(`/v3/days/${d}`, noDays)).toBeUndefined();
      expect(resolve(`/v3/days/${d}`, noDays, false)).toBeUndefined();
    }
    expect(resolve("/v3/holidays?year=2024", noDays)).toBe("/v3/data/2024/holidays.json");
    expect(resolve("/v3/observances/whitsun?from=2024", noDays)).toBe("/v3/data/2024/observances/whitsun.json");
    expect(resolve("/v3/observances", noDays)).toBe("/v3/data/observances.json");
    expect(resolve("/v3/openapi.json", noDays)).toBe("/v3/data/openapi.json");
  });

  it("the window's edges are inclusive, for every year-file row and the days", () => {
    const yearTargets = (y: number) => [
      `/v3/holidays?year=${y}`,
      `/v3/holidays?year=${y}&saturdays=true`,
      `/v3/bridge-days?year=${y}`,
      `/v3/half-days?year=${y}`,
      `/v3/long-weekends?year=${y}`,
      `/v3/flag-days?year=${y}`,
      `/v3/due-dates?year=${y}&schedule=salary-25`,
      `/v3/observances/mayDay?from=${y}`,
      `/v3/working-time?year=${y}`,
    ];
    for (const y of [1930, 2019, 2020, 2021, 2029, 2030, 2031, 9999]) {
      const inside = y >= 2020 && y <= 2030;
      for (const target of yearTargets(y))
        expect([target, resolve(target, built)]).toEqual([target, inside ? unbuilt(target) : undefined]);
    }
    for (const d of DAYS) {
      const inside = d >= "2024-01-01" && d <= "2024-12-31";
      expect([d, resolve(`/v3/days/${d}`, built)]).toEqual([d, inside ? `/v3/data/days/${d}.json` : undefined]);
    }
  });

  it("never sends a request to a file the whole rule list would not: `built` only takes files away", () => {
    for (const target of targets()) {
      const without = unbuilt(target);
      const withBuilt = resolve(target, built);
      if (withBuilt !== undefined) expect([target, withBuilt]).toEqual([target, without]);
    }
  });
});
