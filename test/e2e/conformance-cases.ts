/**
 * The requests of the conformance suite (./conformance.test.ts): a sample of every route and every
 * variant, and whether a dataset file answers a request.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { resolveRewrite } from "../../contract/cdn.js";
import { PATHS } from "../../contract/paths.js";
import { ROUTES } from "../../contract/routes.js";
import { headerRules, redirectRules } from "../../contract/static.js";
import { PUBLIC_DIR } from "./server.js";

/**
 * Requests a sample path of a route; `ok` paths answer 200 (the first with the fewest parameters), `bad` a 400. Keyed
 * by route id; a route without an entry fails the first test (the table grows while this file is written).
 */
export const SAMPLES: Record<string, { ok: string[]; bad?: string }> = {
  holidays: {
    ok: [
      "/v3/holidays",
      "/v3/holidays?year=2024",
      "/v3/holidays?year=1930&sundays=true&saturdays=true",
      "/v3/holidays?year=2024&saturdays=false&x=1",
    ],
    bad: "/v3/holidays?year=2024&sundays=1",
  },
  bridgeDays: { ok: ["/v3/bridge-days", "/v3/bridge-days?year=2024"], bad: "/v3/bridge-days?year=abc" },
  halfDays: { ok: ["/v3/half-days", "/v3/half-days?year=1952"], bad: "/v3/half-days?year=1929" },
  day: { ok: ["/v3/days/2024-06-21", "/v3/days/1950-12-24"], bad: "/v3/days/2023-02-29" },
  longWeekends: { ok: ["/v3/long-weekends", "/v3/long-weekends?year=2024"], bad: "/v3/long-weekends?year=24" },
  leavePlan: {
    ok: [
      "/v3/leave-plan?from=2024-01-01&to=2024-12-31&days=5",
      "/v3/leave-plan?from=2024-04-01&to=2024-06-30&days=3&objective=longest",
    ],
    bad: "/v3/leave-plan?from=2024-01-01&to=2024-12-31&days=0",
  },
  period: {
    ok: ["/v3/period?from=2024-01-01&to=2024-12-31", "/v3/period?from=2024-01-01&to=2024-12-31&bounds=exclusive"],
    bad: "/v3/period?from=2024-02-01&to=2024-01-01",
  },
  shift: {
    ok: ["/v3/shift?date=2024-06-20&add=1d", "/v3/shift?date=2024-01-31&add=1m&add=-2b&postpone=true"],
    bad: "/v3/shift?date=2024-01-01&add=%2B1d",
  },
  observances: { ok: ["/v3/observances", "/v3/observances?x=1"] },
  observance: {
    ok: [
      "/v3/observances/easterSunday",
      "/v3/observances/easterSunday?from=2024",
      "/v3/observances/whitMonday?from=2000&to=2010",
    ],
    bad: "/v3/observances/easterSunday?from=2010&to=2000",
  },
  flagDays: { ok: ["/v3/flag-days", "/v3/flag-days?year=2024"], bad: "/v3/flag-days?year=1982" },
  flagDayCatalogue: { ok: ["/v3/flag-days/catalogue"] },
  adjust: {
    ok: ["/v3/adjust?date=2026-06-19&convention=modified-following", "/v3/adjust?date=2026-06-22&convention=nearest"],
    bad: "/v3/adjust?date=2026-06-19&convention=next",
  },
  dueDates: {
    ok: [
      "/v3/due-dates?schedule=salary-25",
      "/v3/due-dates?year=2026&schedule=child-benefit",
      "/v3/due-dates?year=2026&day=last&convention=preceding",
    ],
    bad: "/v3/due-dates?year=2011&schedule=tax-account",
  },
  dueDateCatalogue: { ok: ["/v3/due-dates/catalogue"] },
  workingTime: {
    ok: ["/v3/working-time?year=2026", "/v3/working-time?year=2027&weeklyHours=38.25&profile=state"],
    bad: "/v3/working-time?year=2016&profile=state",
  },
  openapi: { ok: ["/v3/openapi.json"] },
  health: { ok: ["/health", "/health?ready"], bad: "/health?ready=maybe" },
  feed: {
    ok: ["/ical/svenska-helgdagar.ics", "/ical/svenska-helgdagar.ics?bridge&half=YES&busy=1"],
    bad: "/ical/svenska-helgdagar.ics?sundays=maybe",
  },
  feedAlias: { ok: ["/ical/holidays", "/ical/holidays/?saturdays=on"], bad: "/ical/holidays?busy=2" },
  v2Holidays: {
    ok: ["/holidays", "/holidays?year=2024", "/holidays/?year=2024&weekends=TRUE"],
    bad: "/holidays?year=2024-01-01",
  },
  v2HalfDays: { ok: ["/half-days", "/half-days?year=2024"], bad: "/half-days?year=" },
  v2BridgeDays: { ok: ["/bridge-days", "/bridge-days?year=1954"], bad: "/bridge-days?year=24" },
  // POST only: the GET, HEAD, conditional and plain-POST cases of its path are its 405s, 415 and preflight; MCP_POSTS are its answers
  mcp: { ok: ["/mcp"] },
};

/** JSON-RPC POSTs to the MCP endpoint (netlify dev runs functions/mcp.mts): answers, tool errors, protocol errors, refusals. */
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
const rpc = (method: string, params?: unknown, id: number | undefined = 1) =>
  JSON.stringify({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), method, ...(params ? { params } : {}) });
const MCP_POSTS: { label: string; body: string; headers?: Record<string, string> }[] = [
  {
    label: "initialize",
    body: rpc("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "conformance", version: "1" },
    }),
  },
  { label: "notifications/initialized", body: rpc("notifications/initialized", undefined, undefined) },
  { label: "tools/list", body: rpc("tools/list") },
  {
    label: "tools/call describe_day",
    body: rpc("tools/call", { name: "describe_day", arguments: { date: "2026-06-19" } }),
  },
  {
    label: "tools/call shift_date",
    body: rpc("tools/call", {
      name: "shift_date",
      arguments: { date: "2024-01-31", steps: ["1m", "-2b"], postpone: true },
    }),
  },
  { label: "tools/call refused", body: rpc("tools/call", { name: "describe_day", arguments: { date: "2023-02-29" } }) },
  { label: "unknown tool", body: rpc("tools/call", { name: "nope", arguments: {} }) },
  { label: "invalid JSON", body: "{not json" },
  {
    label: "batch",
    body: `[${rpc("ping")},${rpc("tools/call", { name: "observance", arguments: { code: "midsummerEve", from: 1950, to: 1953 } }, 2)}]`,
  },
  { label: "no Accept", body: rpc("ping"), headers: { "Content-Type": "application/json" } },
  {
    label: "oversized",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }),
  },
];

/** Requests no route answers, and a duplicated parameter the rules would send to a file. */
const NOT_FOUND_PATHS = ["/no/such/path", "/v3/nothing-here", "/v3/holidays/2024", "/v3/observances/nope?from=2024"];
export const DUPLICATE_ON_A_FILE_ROUTE = "/v3/holidays?year=2024&year=2025";
/**
 * Unknown paths asked by a browser: the site's not-found page in the path's language from both (the deployed
 * not-found function holds the pages public/ held when it was bundled), the problem document on the API's tree.
 */
const BROWSER = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const BROWSER_NOT_FOUND_PATHS = ["/no/such/page", "/en/no/such/page", "/v3/nothing-here"];

export interface Case {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** If-None-Match built from the standalone server's ETag for the path */
  condition?: (etag: string) => string;
  /** a POST's body (default "x") */
  body?: string;
}

const PREFLIGHT = {
  Origin: "https://example.org",
  "Access-Control-Request-Method": "GET",
  "Access-Control-Request-Headers": "if-none-match",
};
const CONDITIONS: [string, (etag: string) => string][] = [
  ["exact tag", (e) => e],
  ["weak form", (e) => `W/${e}`],
  ["a list", (e) => `"other", ${e}`],
  ["*", () => "*"],
];

/**
 * Per route: GET of every sample; on the first sample (fewest parameters) and on the first a file answers, HEAD, the
 * preflight and conditional GET/HEAD (every form of If-None-Match on file answers; the exact tag and `*` on function
 * answers, which netlify dev answers slowly); POST on the first; GET and HEAD of the bad sample. Then unknown paths
 * and a duplicated parameter.
 */
export function cases(): Case[] {
  const all: Case[] = [];
  for (const route of ROUTES) {
    const sample = SAMPLES[route.id];
    if (!sample) continue; // reported by the first test
    const firstFile = sample.ok.find(fileAnswered);
    sample.ok.forEach((path, i) => {
      all.push({ label: `${route.id}: GET ${path}`, method: "GET", path });
      if (i !== 0 && path !== firstFile) return;
      all.push({ label: `${route.id}: HEAD ${path}`, method: "HEAD", path });
      all.push({ label: `${route.id}: OPTIONS ${path}`, method: "OPTIONS", path, headers: PREFLIGHT });
      const conditions =
        path === firstFile ? CONDITIONS : CONDITIONS.filter(([name]) => name === "exact tag" || name === "*");
      for (const [name, condition] of conditions)
        all.push({ label: `${route.id}: If-None-Match (${name}) ${path}`, method: "GET", path, condition });
      all.push({ label: `${route.id}: HEAD If-None-Match ${path}`, method: "HEAD", path, condition: (e) => e });
      if (i === 0) all.push({ label: `${route.id}: POST ${path}`, method: "POST", path });
    });
    if (sample.bad) {
      all.push({ label: `${route.id}: GET ${sample.bad}`, method: "GET", path: sample.bad });
      all.push({ label: `${route.id}: HEAD ${sample.bad}`, method: "HEAD", path: sample.bad });
    }
  }
  for (const path of NOT_FOUND_PATHS) {
    all.push({ label: `not found: GET ${path}`, method: "GET", path });
    all.push({ label: `not found: POST ${path}`, method: "POST", path });
  }
  for (const path of BROWSER_NOT_FOUND_PATHS) {
    for (const method of ["GET", "HEAD", "POST"])
      all.push({ label: `not found, a browser: ${method} ${path}`, method, path, headers: BROWSER });
  }
  all.push({ label: `duplicate: GET ${DUPLICATE_ON_A_FILE_ROUTE}`, method: "GET", path: DUPLICATE_ON_A_FILE_ROUTE });
  for (const p of MCP_POSTS)
    all.push({
      label: `mcp: POST ${p.label}`,
      method: "POST",
      path: PATHS.mcp,
      headers: p.headers ?? MCP_HEADERS,
      body: p.body,
    });
  all.push({
    label: "mcp: OPTIONS (POST preflight)",
    method: "OPTIONS",
    path: PATHS.mcp,
    headers: {
      ...PREFLIGHT,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type, mcp-protocol-version",
    },
  });
  return all;
}

const RULES = redirectRules();
/** Does a dataset file answer this request (on the CDN and on both servers here, the dataset being current)? */
export function fileAnswered(path: string): boolean {
  const url = new URL(path, "http://localhost");
  const file = resolveRewrite(url.pathname, url.searchParams, RULES);
  return file !== undefined && existsSync(join(PUBLIC_DIR, file));
}

/** Is the request path covered by a `_headers` rule that gives file answers their headers (all but the HSTS rule for every path)? */
export function coveredByHeaderRule(path: string): boolean {
  const pathname = new URL(path, "http://localhost").pathname;
  return headerRules().some(
    (rule) =>
      rule.for !== "/*" && new RegExp(`^${rule.for.replace(/\*/g, ".*").replace(/:\w+/g, "[^/]+")}$`).test(pathname),
  );
}
/** Would the rules send it to a file if they could see a parameter given twice (the CDN cannot; see below)? */
export function fileAnsweredIgnoringDuplicates(path: string): boolean {
  const url = new URL(path, "http://localhost");
  const last = new URLSearchParams();
  for (const key of new Set(url.searchParams.keys())) last.set(key, url.searchParams.getAll(key).at(-1)!);
  return resolveRewrite(url.pathname, last, RULES) !== undefined;
}
