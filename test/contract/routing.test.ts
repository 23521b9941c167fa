/**
 * Every fact of the route table is said once: this walks the table and proves that what is derived from it
 * (the generated `_redirects` and `_headers`, read back with Netlify's own parsers; the routers; the functions'
 * `config` literals, which Netlify reads statically; the dataset paths of build/layout.ts; the OpenAPI paths)
 * agrees with it, and that no route path is written as a literal in source outside contract/.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import { afterAll, describe, expect, it } from "vitest";
import { resolveRewrite } from "../../contract/cdn.js";
import { openApiDocument } from "../../contract/openapi.js";
import { PARAMETERS } from "../../contract/parameters.js";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS, V2_PLATFORM_STEPS } from "../../contract/policies.js";
import { matchRoute, rateLimitGroupOf } from "../../contract/route-match.js";
import { FUNCTION_FALLBACK, ROUTES } from "../../contract/routes.js";
import {
  datasetFileOf,
  fillFile,
  functionConfigs,
  headerRules,
  headersFile,
  redirectRules,
  redirectsFile,
} from "../../contract/static.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const dir = mkdtempSync(join(tmpdir(), "routing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the generated _redirects, as Netlify parses it", () => {
  it("is the table's rules, in order, every one a 200 rewrite", async () => {
    const file = join(dir, "_redirects");
    writeFileSync(file, redirectsFile());
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [file],
      configRedirects: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    const parsed = (
      redirects as { from: string; to: string; status: number; query: Record<string, string>; force: boolean }[]
    ).map((r) => ({
      from: r.from,
      query: r.query,
      to: r.to,
      status: r.status,
      force: r.force,
    }));
    expect(parsed).toEqual(
      redirectRules().map((r) => ({ from: r.from, query: r.query, to: r.to, status: 200, force: false })),
    );
  });

  it("ends with the catch-all to the not-found function, and routes every row", () => {
    const rules = redirectRules();
    expect(rules.at(-1)).toEqual({ from: "/*", query: {}, to: "/.netlify/functions/not-found" });
    for (const route of ROUTES.filter((r) => r.static)) expect(rules.some((r) => r.routeId === route.id)).toBe(true);
  });

  it.each([
    // the drift the table settled: with `to` named, the observance series is the function's (a rule cannot compare two values)
    ["/v3/observances/easterSunday?from=2024&to=2024", undefined],
    ["/v3/observances/easterSunday?from=2024", "/v3/data/2024/observances/easterSunday.json"],
    ["/v3/holidays?year=2024&sundays=true", "/v3/data/2024/holidays-sundays.json"],
    ["/v3/holidays?year=2024&saturdays=false&sundays=true&x=1", "/v3/data/2024/holidays-sundays.json"],
    ["/v3/holidays?year=2024&sundays=1", undefined],
    ["/v3/holidays?year=2024&year=2025", undefined],
    ["/v3/holidays", undefined],
    ["/v3/days/2024-06-21", "/v3/data/days/2024-06-21.json"],
    ["/v3/days/..%2F..%2Fpackage", undefined],
    ["/v3/period?from=2024-01-01&to=2024-12-31", undefined],
    ["/v3/long-weekends?year=2026", "/v3/data/2026/long-weekends.json"],
    ["/v3/long-weekends", undefined],
    ["/v3/flag-days?year=2024", "/v3/data/2024/flag-days.json"],
    // the rule matches, but no file is written for 1982 (the route's `written`): the CDN falls through to the function,
    // which answers its 400
    ["/v3/flag-days?year=1982", undefined],
    ["/v3/flag-days", undefined],
    ["/v3/flag-days/catalogue", "/v3/data/flag-days.json"],
    ["/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=25", undefined],
    ["/v3/due-dates?year=2026&schedule=child-benefit", "/v3/data/2026/due-dates/child-benefit.json"],
    ["/v3/due-dates?schedule=tax-account&year=2026&x=1", "/v3/data/2026/due-dates/tax-account.json"],
    // both forms, or a custom rule: the function (its 400, or its answer)
    ["/v3/due-dates?year=2026&schedule=child-benefit&day=20", undefined],
    ["/v3/due-dates?year=2026&schedule=child-benefit&convention=following", undefined],
    ["/v3/due-dates?year=2026&day=25&convention=preceding", undefined],
    ["/v3/due-dates?schedule=salary-25", undefined],
    // no file before a schedule's since, none for an unknown code: the function answers (400)
    ["/v3/due-dates?year=2011&schedule=tax-account", undefined],
    ["/v3/due-dates?year=2026&schedule=rent", undefined],
    ["/v3/due-dates?year=2014&schedule=child-benefit", undefined],
    ["/v3/due-dates?year=2015&schedule=child-benefit", "/v3/data/2015/due-dates/child-benefit.json"],
    ["/v3/observances/nope?from=2024", undefined],
    ["/v3/due-dates/catalogue", "/v3/data/due-dates.json"],
    ["/v3/adjust?date=2026-06-19&convention=following", undefined],
    ["/v3/openapi.json", "/v3/data/openapi.json"],
    ["/ical/holidays?bridge=1", undefined],
  ])("%s -> %s", (request, file) => {
    const url = new URL("http://x" + request);
    expect(resolveRewrite(url.pathname, url.searchParams)).toBe(file);
  });

  it("sends feed requests naming an option to the tighter function, others to the plain one", () => {
    const rules = redirectRules().filter((r) => r.routeId === "feed");
    expect(rules.at(-1)).toMatchObject({ from: PATHS.feed, query: {}, to: `/_feed/plain${PATHS.feed}` });
    const options = ROUTE_FEED_OPTIONS();
    expect(rules.slice(0, -1).map((r) => Object.keys(r.query)[0])).toEqual(options);
    for (const r of rules.slice(0, -1)) expect(r.to).toBe(`/_feed/query${PATHS.feed}`);
    // in process, any query parameter makes it feed-query (docs/contract.md#rate-limits); the platform's rules can
    // only name the options, so a request with unknown parameters only is the one case they count at the plain rate limit
    // (docs/netlify.md#known-limits-of-the-static-files)
    const route = matchRoute(PATHS.feed)!.route;
    expect(rateLimitGroupOf(route, new URL(`http://x${PATHS.feed}?bridge=1`))).toBe("feed-query");
    expect(rateLimitGroupOf(route, new URL(`http://x${PATHS.feed}?unknown=1`))).toBe("feed-query");
    expect(rateLimitGroupOf(route, new URL(`http://x${PATHS.feed}`))).toBe("feed");
  });
});

function ROUTE_FEED_OPTIONS(): string[] {
  return matchRoute(PATHS.feed)!.route.parameters.map((k) => PARAMETERS[k].name);
}

describe("files requested by their own path", () => {
  it.each([
    ["/manifest.json", { contentType: "json", rateLimitGroup: "v3" }],
    ["/v3/data/index.json", { contentType: "json", rateLimitGroup: "v3" }],
    ["/v3/data/index/20xx.json", { contentType: "json", rateLimitGroup: "v3" }],
    ["/v3/data/2024/days.json", { contentType: "json", rateLimitGroup: "v3" }],
    ["/v3/data/2024/working-time.json", { contentType: "json", rateLimitGroup: "v3" }],
    ["/v3/data/2024/days.csv", { contentType: "csv", rateLimitGroup: "v3" }],
    ["/v3/data/9999/working-time.csv", { contentType: "csv", rateLimitGroup: "v3" }],
    ["/ics/svenska-helgdagar-2024.ics", { contentType: "calendar", rateLimitGroup: "feed" }],
    ["/api/", undefined],
    ["/_astro/x.js", undefined],
  ])("%s", (path, kind) => {
    expect(datasetFileOf(path)).toEqual(kind);
  });
});

describe("the generated _headers, as Netlify parses it", () => {
  it("is the table's header rules", async () => {
    const file = join(dir, "_headers");
    writeFileSync(file, headersFile());
    const { headers, errors } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: true });
    expect(errors).toEqual([]);
    expect(headers.map((h) => ({ for: h.for, values: h.values }))).toEqual(headerRules());
  });

  it("gives every file-answered route the content type, cache, CORS and RateLimit of its surface", () => {
    const rules = headerRules();
    for (const route of ROUTES.filter((r) => r.static)) {
      const rule = rules.find((r) => r.for === route.path.replace(/\{\w+\}.*$/, "*"))!;
      expect(rule, route.path).toBeDefined();
      expect(rule.values["RateLimit-Policy"]).toBe(
        `${RATE_LIMITS[route.rateLimitGroup].limit};w=${RATE_LIMITS[route.rateLimitGroup].windowSeconds}`,
      );
      expect(rule.values["Content-Type"]).toBe("application/json; charset=utf-8");
    }
    expect(rules.at(-1)).toEqual({
      for: "/*",
      values: { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" },
    });
  });
});

describe("the CSV files' headers on Netlify: every matching rule in order, a later value replacing an earlier one", () => {
  it("Netlify's parser and header matcher give a CSV file text/csv and a JSON file of the same folder application/json", async () => {
    const file = join(dir, "_headers");
    writeFileSync(file, headersFile());
    const { headers } = await parseAllHeaders({ headersFiles: [file], configHeaders: [], minimal: false });
    // as @netlify/headers applies them (headersForPath: the matching rules' values merged in order)
    const at = (path: string) =>
      (headers as { forRegExp: RegExp; values: Record<string, string> }[])
        .filter((h) => h.forRegExp.test(path))
        .reduce<Record<string, string>>((all, h) => Object.assign(all, h.values), {});
    for (const path of ["/v3/data/2026/days.csv", "/v3/data/1930/working-time.csv"]) {
      expect(at(path)).toMatchObject({
        "Content-Type": "text/csv; charset=utf-8",
        "Cache-Control": at("/v3/data/2026/working-time.json")["Cache-Control"],
        "RateLimit-Policy": "10;w=60",
      });
    }
    expect(at("/v3/data/2026/working-time.json")["Content-Type"]).toBe("application/json; charset=utf-8");
    expect(at("/v3/data/2026/days.json")["Content-Type"]).toBe("application/json; charset=utf-8");
    expect(at("/v3/working-time")["Content-Type"]).toBe("application/json; charset=utf-8");
    // the CSV rules come after the folder's, so they are the later ones
    const order = headerRules().map((r) => r.for);
    expect(order.indexOf("/v3/data/:year/days.csv")).toBeGreaterThan(order.indexOf("/v3/data/*"));
  });
});

describe("the functions' config literals are the table's", () => {
  const configs = functionConfigs();
  const files = readdirSync(join(ROOT, "functions")).filter((f) => f.endsWith(".mts"));

  it("every function file has a row and every row a file", () => {
    expect(files.map((f) => f.replace(/\.mts$/, "")).sort()).toEqual(Object.keys(configs).sort());
  });

  it.each(Object.keys(configs))("functions/%s.mts", async (name) => {
    const mod = (await import(join(ROOT, "functions", `${name}.mts`))) as {
      config?: Record<string, unknown>;
      default: unknown;
    };
    const { rateLimitGroup: _rateLimitGroup, ...expected } = configs[name as keyof typeof configs];
    const actual = structuredClone(mod.config ?? {}) as typeof expected;
    // the one deploy-time setting: v2's platform limit steps down along the withdrawal timeline (docs/netlify.md#rate-limits-on-netlify)
    if (name === "v2" && actual.rateLimit) {
      expect(V2_PLATFORM_STEPS).toContain(actual.rateLimit.windowLimit);
      actual.rateLimit.windowLimit = expected.rateLimit!.windowLimit;
    }
    expect(actual).toEqual(expected);
    expect(typeof mod.default).toBe("function");
  });

  it("/health has no platform limit: monitoring probes are never refused on Netlify either", async () => {
    const health = ROUTES.find((r) => r.id === "health")!;
    expect(health.counted).toBe(false);
    // the function that answers it, as the table and as functions/health.mts (the literal Netlify reads) say
    const mod = (await import(join(ROOT, "functions", "health.mts"))) as { config: Record<string, unknown> };
    expect(mod.config.path).toEqual([PATHS.health]);
    expect(mod.config).not.toHaveProperty("rateLimit");
    expect(configs.health).not.toHaveProperty("rateLimit");
    // no other function's limited paths take it in, and no rewrite rule sends it elsewhere
    for (const [name, config] of Object.entries(configs)) {
      if (name === "health" || !config.rateLimit) continue;
      for (const path of config.path ?? [])
        expect(PATHS.health.startsWith(path.replace(/\*$/, "")) && path !== "/", `${name}: ${path}`).toBe(false);
    }
    expect(redirectRules().filter((r) => r.from === PATHS.health)).toEqual([]);
    // nor is there a rate-limit group of its own to rewrite an over-limit probe to
    expect(Object.keys(RATE_LIMITS)).not.toContain("health");
    const { handleRateLimited } = await import("../../http/rate-limited.js");
    expect((await handleRateLimited(new Request("http://x/rate-limited/health"))).status).toBe(404);
  });

  it("every platform limit rewrites to a path whose answer is that surface's 429", async () => {
    const { handleRateLimited } = await import("../../http/rate-limited.js");
    for (const config of Object.values(configs)) {
      if (!config.rateLimit) continue;
      const res = await handleRateLimited(new Request("http://x" + config.rateLimit.to));
      const rateLimit = RATE_LIMITS[config.rateLimitGroup];
      expect(res.status).toBe(429);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("ratelimit-limit")).toBe(String(rateLimit.limit));
      expect(res.headers.get("ratelimit-policy")).toBe(`${rateLimit.limit};w=${rateLimit.windowSeconds}`);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(rateLimit.windowSeconds);
      expect((await res.json()).type).toMatch(/\/rate-limited$/);
    }
  });
});

describe("the OpenAPI document is the table's", () => {
  const doc = openApiDocument() as {
    paths: Record<string, Partial<Record<"get" | "post", Record<string, unknown>>>>;
    components: { parameters: Record<string, { name: string; in: string; required: boolean }> };
    "x-static-dataset": { files: { path: string; answers: string }[] };
  };

  /** A route's one operation: GET, except the MCP endpoint's POST. */
  const methodOf = (route: (typeof ROUTES)[number]) => (route.id === "mcp" ? "post" : "get");
  const operationOf = (route: (typeof ROUTES)[number]) => doc.paths[route.path][methodOf(route)]!;

  it("has one operation per method a row declares (GET or POST, HEAD, OPTIONS), in the table's order, and nothing else", () => {
    expect(Object.keys(doc.paths)).toEqual(ROUTES.map((r) => r.path));
    for (const route of ROUTES) {
      const op = operationOf(route);
      expect(op.operationId).toBe(route.doc.operationId);
      expect(Object.keys(doc.paths[route.path])).toEqual(
        route.methods.map((m) => (m === "GET" || m === "POST" ? methodOf(route) : m.toLowerCase())),
      );
      expect(route.methods.includes("GET")).toBe(methodOf(route) === "get");
    }
  });

  it.each(ROUTES.map((r) => [r.path, r] as const))(
    "%s: the table's parameters, name and location, required as declared",
    (_path, route) => {
      const refs = ((operationOf(route).parameters ?? []) as { $ref: string }[]).map((p) => p.$ref.split("/").pop()!);
      const declared = route.parameters.map((k) => PARAMETERS[k]);
      expect(refs).toEqual(declared.map((p) => p.component));
      for (const p of declared) {
        const component = doc.components.parameters[p.component];
        expect({ name: component.name, in: component.in, required: component.required }).toEqual({
          name: p.name,
          in: p.in,
          required: p.required,
        });
      }
    },
  );

  it("lists under x-static-dataset exactly the files the generated rules answer from", () => {
    const files = doc["x-static-dataset"].files;
    const fromRules = new Set(
      redirectRules()
        .filter((r) => r.to.startsWith("/v3/data/") && r.to !== FUNCTION_FALLBACK)
        .map((r) => r.to.replace(/:(\w+)/g, "{$1}")),
    );
    for (const file of fromRules) expect(files.map((f) => f.path)).toContain(file);
    // the observance series file answers `from` alone (with `to`, the function answers)
    const series = files.find((f) => f.path === "/v3/data/{from}/observances/{code}.json")!;
    expect(series.answers).toBe("GET /v3/observances/{code}?from={from}");
  });
});

describe("dataset paths come from the table", () => {
  it("fillFile() gives the paths build/layout.ts writes", async () => {
    const layout = await import("../../build/layout.js");
    const holidays = matchRoute(PATHS.holidays)!.route.static!;
    for (const flags of layout.FLAG_VARIANTS)
      expect("/" + layout.holidaysPath(2024, flags)).toBe(fillFile(holidays, { year: 2024 }, { ...flags }));
    expect("/" + layout.bridgeDaysPath(2024)).toBe(
      fillFile(matchRoute(PATHS.bridgeDays)!.route.static!, { year: 2024 }),
    );
    expect("/" + layout.halfDaysPath(2024)).toBe(fillFile(matchRoute(PATHS.halfDays)!.route.static!, { year: 2024 }));
    expect("/" + layout.longWeekendsPath(2024)).toBe(
      fillFile(matchRoute(PATHS.longWeekends)!.route.static!, { year: 2024 }),
    );
    expect("/" + layout.flagDaysPath(2024)).toBe(fillFile(matchRoute(PATHS.flagDays)!.route.static!, { year: 2024 }));
    expect("/" + layout.FLAG_DAY_CATALOGUE_PATH).toBe(fillFile(matchRoute(PATHS.flagDayCatalogue)!.route.static!, {}));
    expect("/" + layout.dayPath("2024-06-21")).toBe(
      fillFile(matchRoute("/v3/days/x")!.route.static!, { date: "2024-06-21" }),
    );
    expect("/" + layout.occurrencesPath(2024, "whitsun")).toBe(
      fillFile(matchRoute("/v3/observances/x")!.route.static!, { from: 2024, code: "whitsun" }),
    );
    expect("/" + layout.CATALOGUE_PATH).toBe(fillFile(matchRoute(PATHS.observances)!.route.static!, {}));
    expect("/" + layout.OPENAPI_PATH).toBe(fillFile(matchRoute(PATHS.openapi)!.route.static!, {}));
  });

  it("the function fallback has no file (so preferStatic runs the function)", () => {
    expect(FUNCTION_FALLBACK.startsWith("/v3/data/")).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// No route path literal outside the table
// ---------------------------------------------------------------------------------------------------------------

/** Code, not documentation: comments are removed before looking (a comment may name a route, as prose does). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if ([".ts", ".mts", ".mjs", ".js"].includes(extname(name)) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

describe("route paths are written once", () => {
  /**
   * Searched: every code file of the project. Exempt: contract/ (the table), test/ and docs/ (they state the
   * contract on purpose), functions/*.mts (Netlify reads their config literals statically; checked above), and the
   * site's .astro pages, whose prose and examples are documentation (their links and forms use PATHS).
   */
  const folders = ["build", "engine", "functions", "scripts", "server", "site/src", "bench"].map((f) => join(ROOT, f));
  const files = folders
    .flatMap((f) => {
      try {
        return sourceFiles(f);
      } catch {
        return [];
      }
    })
    .filter((f) => !/functions\/[^/]+\.mts$/.test(f));
  const literals = ROUTES.map((r) => r.path.replace(/\{.*$/, "")).map((p) => p.replace(/\/$/, ""));

  it("finds some source to search", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("no route path appears as a string literal outside contract/", () => {
    const offenders: string[] = [];
    for (const file of files) {
      const code = withoutComments(readFileSync(file, "utf8"));
      for (const literal of literals) {
        const quoted = new RegExp(`["'\`]${literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:[/?"'\`]|$)`, "m");
        if (quoted.test(code)) offenders.push(`${relative(ROOT, file)}: ${literal}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
