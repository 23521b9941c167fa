/**
 * matchRoute (contract/route-match.ts), rewritten to compare a pathname only with the routes of its segment count and
 * without a memo, checked against the algorithm it replaced, kept here verbatim as the reference: every route's own
 * path (filled, with a trailing slash, a segment more, a segment fewer), empty and percent-encoded segments, and a
 * property-based sweep over paths built from the routes' own segments, random tokens and empty segments. Same route
 * (by identity) or both undefined, and the same raw path values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchRoute } from "../../contract/route-match.js";
import { ROUTE_BY_ID, ROUTES, type Route } from "../../contract/routes.js";

// ---------------------------------------------------------------------------------------------------------------
// The old algorithm (reference), as it was before the rewrite
// ---------------------------------------------------------------------------------------------------------------

const COMPILED = ROUTES.map((route) => ({ route, segments: route.path.split("/").slice(1) }));

function reference(pathname: string): { route: Route; pathValues: Record<string, string> } | undefined {
  const parts = pathname.split("/").slice(1);
  for (const { route, segments } of COMPILED) {
    let candidate = parts;
    if (route.trailingSlash && parts.length === segments.length + 1 && parts[parts.length - 1] === "")
      candidate = parts.slice(0, -1);
    if (candidate.length !== segments.length) continue;
    const pathValues: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i];
      if (seg.startsWith("{")) {
        if (candidate[i] === "") ok = false;
        else pathValues[seg.slice(1, -1)] = candidate[i];
      } else ok = seg === candidate[i];
    }
    if (ok) return { route, pathValues };
  }
  return undefined;
}

/** A disagreement between matchRoute and the reference, described; undefined when they agree. */
function disagreement(pathname: string): string | undefined {
  const actual = matchRoute(pathname);
  const expected = reference(pathname);
  const show = (m: ReturnType<typeof reference>) => (m ? `${m.route.id} ${JSON.stringify(m.pathValues)}` : "undefined");
  if (actual === undefined && expected === undefined) return undefined;
  if (actual === undefined || expected === undefined || actual.route !== expected.route) {
    return `${JSON.stringify(pathname)}: matchRoute ${show(actual)}, reference ${show(expected)}`;
  }
  const a = actual.pathValues;
  const b = expected.pathValues;
  const same =
    Object.keys(a).length === Object.keys(b).length &&
    Object.keys(b).every((k) => Object.hasOwn(a, k) && a[k] === b[k]);
  return same ? undefined : `${JSON.stringify(pathname)}: matchRoute ${show(actual)}, reference ${show(expected)}`;
}

function expectAgreement(pathnames: Iterable<string>): number {
  const offenders: string[] = [];
  let n = 0;
  for (const p of pathnames) {
    n++;
    const d = disagreement(p);
    if (d) offenders.push(d);
  }
  expect(offenders).toEqual([]);
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// Pathnames
// ---------------------------------------------------------------------------------------------------------------

/** Values a `{name}` segment is filled with: typical, odd, percent-encoded, non-ASCII (raw). */
const SAMPLE_VALUES = [
  "2024-06-21",
  "1930-01-01",
  "easterSunday",
  "whitsun",
  "x",
  "catalogue",
  "..",
  ".",
  "%2F",
  "%2f",
  "a%20b",
  "%00",
  "%",
  "%zz",
  "2024%2D06%2D21",
  "%7Bdate%7D",
  "{date}",
  "{code}",
  "days",
  "v3",
  "holidays",
  "ical",
  "😀",
  "ä",
  "%C3%A4",
  " ",
  "+",
  "?",
  "#",
  "__proto__",
  "constructor",
  "hasOwnProperty",
];

const fill = (path: string, value: string) => path.replace(/\{\w+\}/g, value);

function routeVariants(): string[] {
  const out = new Set<string>();
  for (const route of ROUTES) {
    const values = route.path.includes("{") ? SAMPLE_VALUES : [""];
    for (const value of values) {
      const p = fill(route.path, value);
      const segments = p.split("/");
      out.add(p);
      out.add(p + "/"); // a trailing slash
      out.add(p + "//"); // two
      out.add(p + "/extra"); // a segment more
      out.add(p + "/" + value); // a segment more, the sample value again
      out.add(p + "/extra/"); // a segment more and a slash
      out.add(segments.slice(0, -1).join("/")); // the last segment removed
      out.add(segments.slice(0, -1).join("/") + "/"); // the last segment removed, the slash kept
      for (let i = 1; i < segments.length; i++) {
        out.add([...segments.slice(0, i), ...segments.slice(i + 1)].join("/")); // one segment removed
        out.add([...segments.slice(0, i), "", ...segments.slice(i)].join("/")); // an empty segment inserted
        out.add([...segments.slice(0, i), "", ...segments.slice(i + 1)].join("/")); // one segment emptied
        out.add(
          [
            ...segments.slice(0, i),
            encodeURIComponent(segments[i]).replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
            ...segments.slice(i + 1),
          ].join("/"),
        ); // one segment percent-encoded
        out.add([...segments.slice(0, i), segments[i].toUpperCase(), ...segments.slice(i + 1)].join("/")); // one segment upper-cased
      }
      out.add(p.slice(1)); // no leading slash
      out.add("/" + p); // a leading empty segment
    }
  }
  return [...out];
}

const EDGE_PATHS = [
  "",
  "/",
  "//",
  "///",
  "/v3",
  "/v3/",
  "/v3//",
  "/v3//days",
  "/v3/days",
  "/v3/days/",
  "/v3/days//",
  "/v3//days/2024-06-21",
  "/v3/days//2024-06-21",
  "/v3/days/2024-06-21/",
  "/v3/days/%32024-06-21",
  "/v3/observances/",
  "/v3/observances//",
  "/v3/observances/whitsun/",
  "/v3/holidays/",
  "/v3/holidays//",
  "//v3/holidays",
  "/holidays/",
  "/holidays//",
  "//holidays",
  "/half-days/",
  "/bridge-days/",
  "/ical/holidays/",
  "/ical/holidays//",
  "/ical//holidays",
  "/ical/svenska-helgdagar.ics/",
  "/health/",
  "/mcp/",
  "/mcp//",
  "holidays",
  "v3/holidays",
  "x/holidays",
  "x/holidays/",
  "/v3/flag-days/catalogue/",
  "/v3/due-dates/catalogue/",
  "/v3/%64ays/2024-06-21",
  "/v3/days/2024-06-21%2F",
  "/v3/days/%2F",
  "/%76%33/holidays",
];

describe("matchRoute agrees with the old algorithm (reference)", () => {
  it("on every row's path filled with sample values, and each with a slash, a segment more or fewer, an empty or encoded segment", () => {
    const n = expectAgreement(routeVariants());
    expect(n).toBeGreaterThan(1000);
  });

  it("on empty segments, doubled slashes, trailing slashes and percent-encoded paths", () => {
    expectAgreement(EDGE_PATHS);
  });

  it("on thousands of paths built from the rows' own segments, random tokens and empty segments", () => {
    const routeSegments = [...new Set(ROUTES.flatMap((r) => r.path.split("/").slice(1)))];
    const segment = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...routeSegments) },
      { weight: 3, arbitrary: fc.constantFrom(...SAMPLE_VALUES) },
      { weight: 2, arbitrary: fc.constant("") },
      { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
    );
    const pathname = fc
      .tuple(fc.array(segment, { maxLength: 6 }), fc.constantFrom("/", "", "//"), fc.boolean())
      .map(([segments, lead, slash]) => lead + segments.join("/") + (slash ? "/" : ""));
    fc.assert(
      fc.property(pathname, (p) => {
        const d = disagreement(p);
        if (d) throw new Error(d);
      }),
      { numRuns: 8000, seed: 20251125 },
    );
    // a second sweep biased to the routes themselves: a route's path, one segment replaced or a slash appended
    const near = fc
      .tuple(
        fc.constantFrom(...ROUTES),
        fc.nat(),
        fc.oneof(fc.constantFrom(...routeSegments, ...SAMPLE_VALUES, ""), fc.string({ maxLength: 5 })),
        fc.nat(3),
      )
      .map(([route, at, replacement, how]) => {
        const parts = fill(route.path, "v").split("/");
        const i = 1 + (at % (parts.length - 1));
        if (how === 0) parts[i] = replacement;
        else if (how === 1) parts.splice(i, 0, replacement);
        else if (how === 2) parts.splice(i, 1);
        else parts.push(replacement);
        return parts.join("/");
      });
    fc.assert(
      fc.property(near, (p) => {
        const d = disagreement(p);
        if (d) throw new Error(d);
      }),
      { numRuns: 5000, seed: 20251126 },
    );
  });
});

describe("matchRoute, exact values", () => {
  it.each([
    ["/v3/days/2024-06-21", "day", { date: "2024-06-21" }],
    ["/v3/days/%2F", "day", { date: "%2F" }],
    ["/v3/observances/whitsun", "observance", { code: "whitsun" }],
    ["/v3/observances", "observances", {}],
    ["/v3/flag-days/catalogue", "flagDayCatalogue", {}],
    ["/v3/due-dates/catalogue", "dueDateCatalogue", {}],
    ["/v3/working-time", "workingTime", {}],
    ["/v3/holidays", "holidays", {}],
    ["/holidays", "v2Holidays", {}],
    ["/holidays/", "v2Holidays", {}],
    ["/ical/holidays/", "feedAlias", {}],
    ["/ical/svenska-helgdagar.ics/", "feed", {}],
    ["/mcp", "mcp", {}],
  ] as const)("%s -> %s %j", (pathname, id, values) => {
    const match = matchRoute(pathname);
    expect(match?.route).toBe(ROUTE_BY_ID[id]);
    expect(match?.pathValues).toStrictEqual(values);
    expect(reference(pathname)?.route).toBe(ROUTE_BY_ID[id]);
  });

  it.each([
    "/v3/holidays/", // v3 routes take no trailing slash
    "/v3/days/",
    "/v3/days//",
    "/v3//days",
    "/v3/observances/",
    "/holidays//",
    "/mcp/",
    "/health/",
    "",
    "/",
  ])("%j matches no row, as the reference", (pathname) => {
    expect(reference(pathname)).toBeUndefined();
    expect(matchRoute(pathname)).toBeUndefined();
  });

  it("returns a fresh pathValues object per call (no memo shares one between requests)", () => {
    const a = matchRoute("/v3/days/2024-06-21")!;
    const b = matchRoute("/v3/days/2024-06-21")!;
    expect(a.pathValues).not.toBe(b.pathValues);
    a.pathValues.date = "changed";
    expect(matchRoute("/v3/days/2024-06-21")!.pathValues).toStrictEqual({ date: "2024-06-21" });
  });
});
