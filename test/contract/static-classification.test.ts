// biome-ignore-all lint/suspicious/noExportsInTest: the type checks are declarations, exported so that nothing calls them unused
/**
 * A file-backed route classifies every query parameter it has (contract/routes.ts `QueryUse`, `ClassifiedRoute`): the
 * CDN's rewrite rules ignore any parameter they do not name, so an unclassified one would be answered from the file as
 * if absent. The type checks below run under `npm run typecheck` (tsc), the rest under vitest; the rewrite rules
 * (contract/static.ts, read by Netlify and the standalone server alike) are compared with a brute-force reading of
 * the classification.
 */

import { DUE_DATE_RULES_BY_CODE, RULES_BY_CODE } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { resolveRewrite } from "../../contract/cdn.js";
import { PARAMETERS, type ParameterKey } from "../../contract/parameters.js";
import { PATHS } from "../../contract/paths.js";
import { type ClassifiedRoute, type QueryUse, ROUTES, type Route } from "../../contract/routes.js";

// ---- the type: each route below is checked as the route table checks its own routes ----

const classified = {
  parameters: ["year", "weeklyHours", "profile"],
  static: { file: "/x/:year.json", query: { year: "placeholder", weeklyHours: "function", profile: "ignored" } },
} as const;
export const classifiedRoute: ClassifiedRoute<typeof classified> = classified;

const unclassified = {
  parameters: ["year", "weeklyHours", "profile"],
  static: { file: "/x/:year.json", query: { year: "placeholder", weeklyHours: "function" } },
} as const;
// @ts-expect-error Property 'profile' is missing: a parameter added to a file-backed route must say how the file answers it
export const unclassifiedRoute: ClassifiedRoute<typeof unclassified> = unclassified;

const foreign = {
  parameters: ["year"],
  static: { file: "/x/:year.json", query: { year: "placeholder", month: "function" } },
} as const;
// @ts-expect-error 'month' is not a parameter of the route: a classification names only the route's own parameters
export const foreignRoute: ClassifiedRoute<typeof foreign> = foreign;

const noQuery = { parameters: ["year"], static: { file: "/x.json" } } as const;
// @ts-expect-error a route with a query parameter and a file must classify it even when the file does not depend on it
export const noQueryRoute: ClassifiedRoute<typeof noQuery> = noQuery;

// a route with no file, or a file and only path parameters, needs no classification
const pathOnly = { parameters: ["datePath"], static: { file: "/x/:date.json" } } as const;
export const pathOnlyRoute: ClassifiedRoute<typeof pathOnly> = pathOnly;
const functionOnly = { parameters: ["year", "sundays"] } as const;
export const functionOnlyRoute: ClassifiedRoute<typeof functionOnly> = functionOnly;

// ---- the table at run time ----

const queryNames = (route: Route) =>
  route.parameters
    .map((key: ParameterKey) => PARAMETERS[key])
    .filter((p) => p.in === "query")
    .map((p) => p.name);
const fileRoutes = ROUTES.filter((r) => r.static);

describe("the route table's classification of file-backed rows' query parameters", () => {
  it("names exactly each row's query parameters", () => {
    for (const route of fileRoutes) {
      expect([route.id, Object.keys(route.static!.query ?? {}).sort()]).toEqual([route.id, queryNames(route).sort()]);
    }
    // the routes that have query parameters and a file, as they stand
    expect(fileRoutes.filter((r) => queryNames(r).length > 0).map((r) => r.id)).toEqual([
      "holidays",
      "bridgeDays",
      "halfDays",
      "longWeekends",
      "observance",
      "flagDays",
      "dueDates",
      "workingTime",
    ]);
  });
});

/** Values to try per classification: absent (undefined), a good value, and for a flag an unknown one. */
const SCHEDULE = [...DUE_DATE_RULES_BY_CODE.keys()][0]!;
const OBSERVANCE = [...RULES_BY_CODE.keys()][0]!;
const PLACEHOLDER_VALUE: Record<string, string> = { year: "2024", from: "2024", schedule: SCHEDULE };

function valuesOf(name: string, use: QueryUse): (string | undefined)[] {
  if (use === "placeholder") return [undefined, PLACEHOLDER_VALUE[name]!];
  if (typeof use === "object") return [undefined, ...Object.keys(use.flag), "maybe"];
  return [undefined, "1"];
}

/** Every combination of values over the classified names. */
function combinations(query: Readonly<Record<string, QueryUse>>): Record<string, string | undefined>[] {
  let all: Record<string, string | undefined>[] = [{}];
  for (const [name, use] of Object.entries(query))
    all = all.flatMap((c) => valuesOf(name, use).map((v) => ({ ...c, [name]: v })));
  return all;
}

/** The brute-force reading: the file a request gets from its route's classification alone, or undefined (the function). */
function expectedFile(
  route: Route,
  pathValues: Record<string, string>,
  given: Record<string, string | undefined>,
): string | undefined {
  const answer = route.static!;
  for (const [name, use] of Object.entries(answer.query ?? {})) {
    const value = given[name];
    if (use === "function" && value !== undefined) return undefined;
    if (use === "placeholder" && value === undefined) return undefined;
    if (typeof use === "object" && value !== undefined && !(value in use.flag)) return undefined;
  }
  const values = { ...pathValues, ...given };
  if (answer.written && !answer.written(values as Record<string, string>)) return undefined;
  return answer.file
    .replace(
      /\{(\w+)\}/g,
      (_m, name: string) => (answer.query![name] as { flag: Record<string, string> }).flag[given[name] ?? "false"]!,
    )
    .replace(/:(\w+)/g, (_m, name: string) => values[name]!);
}

describe("the rewrite rules = the classification, read by brute force", () => {
  it("sends every combination of classified values, with and without an unknown parameter, where the classification says", () => {
    let compared = 0;
    for (const route of fileRoutes) {
      const pathValues: Record<string, string> = route.path.includes("{code}")
        ? { code: OBSERVANCE }
        : route.path.includes("{date}")
          ? { date: "2024-06-21" }
          : {};
      const pathname = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValues[name]!);
      for (const given of combinations(route.static!.query ?? {})) {
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(given)) if (value !== undefined) params.append(name, value);
        const expected = expectedFile(route, pathValues, given);
        expect([route.id, params.toString(), resolveRewrite(pathname, params)]).toEqual([
          route.id,
          params.toString(),
          expected,
        ]);
        // a parameter no route declares is ignored by the rules (Netlify's too): the same file, or the same function
        params.append("unknown", "1");
        expect([route.id, params.toString(), resolveRewrite(pathname, params)]).toEqual([
          route.id,
          params.toString(),
          expected,
        ]);
        compared++;
      }
    }
    // holidays: year 2 × sundays 4 × saturdays 4; four routes of a year alone: 2 each; observance 2 × 2; dueDates 2 × 2 × 2 × 2;
    // workingTime 2 × 2 × 2; five routes with no query parameter: 1 each
    expect(compared).toBe(32 + 4 * 2 + 4 + 16 + 8 + 5);
  });

  it("answers the holidays' default variant from its file and a named flag from its own", () => {
    expect(resolveRewrite(PATHS.holidays, new URLSearchParams("year=2024"))).toBe("/v3/data/2024/holidays.json");
    expect(resolveRewrite(PATHS.holidays, new URLSearchParams("year=2024&saturdays=true"))).toBe(
      "/v3/data/2024/holidays-saturdays.json",
    );
    expect(resolveRewrite(PATHS.workingTime, new URLSearchParams("year=2024&profile=x"))).toBeUndefined();
  });
});
