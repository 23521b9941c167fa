/**
 * One conformance suite, two servers (issue 10): a sample of every row of the route table and every variant (200
 * with and without parameters, 304 for each form of If-None-Match, HEAD, the OPTIONS preflight, a 400, 404s (a
 * browser's among them: the site's not-found page), 405)
 * is sent to the standalone server (`npm start`, the e2e global setup's) and to `netlify dev --offline` (started here
 * once, over the same public/), and both must give the same status, body and spec headers.
 *
 * netlify dev is the emulation, not the deploy: its local file server answers the requests the rewrite rules send to
 * a dataset file with habits of its own, which the CDN does not have. Those differences are listed ONCE, below in
 * NETLIFY_DEV_OWN_HABITS, each with why, and skipped for netlify dev only; everything else must match exactly, and
 * every entry must still excuse a real difference (a stale entry fails the test).
 *
 * NETLIFY_DEV_URL=http://localhost:<port> reuses a running netlify dev (`npm run dev:netlify`) instead of starting one.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveRewrite } from "../../contract/cdn.js";
import { PATHS } from "../../contract/paths.js";
import { ROUTES } from "../../contract/routes.js";
import { headerRules, redirectRules } from "../../contract/static.js";
import { datasetIsCurrent } from "../../server/dataset.js";
import { e2eBaseUrl, IDENTITY } from "./base-url.js";
import { choosePort, PUBLIC_DIR, ROOT, type RunningServer, startServer } from "./server.js";

const STANDALONE = e2eBaseUrl();
const SKIP = !STANDALONE || process.env.CONFORMANCE === "off";

/** The spec headers compared on every answer (and, on a preflight, the preflight's own). */
const SPEC_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "ratelimit-limit",
  "ratelimit-policy",
  "retry-after",
  "strict-transport-security",
  "allow",
  "link",
  "deprecation",
  "sunset",
];
const PREFLIGHT_HEADERS = ["access-control-allow-methods", "access-control-allow-headers", "access-control-max-age"];

/**
 * Requests a sample path of a row; `ok` paths answer 200 (the first with the fewest parameters), `bad` a 400. Keyed
 * by row id; a row without an entry fails the first test (the table grows while this file is written).
 */
const SAMPLES: Record<string, { ok: string[]; bad?: string }> = {
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

/** Requests no row answers, and a duplicated parameter the rules would send to a file. */
const NOT_FOUND_PATHS = ["/no/such/path", "/v3/nothing-here", "/v3/holidays/2024", "/v3/observances/nope?from=2024"];
const DUPLICATE_ON_A_FILE_ROUTE = "/v3/holidays?year=2024&year=2025";
/**
 * Unknown paths asked by a browser: the site's not-found page in the path's language from both (the deployed
 * not-found function holds the pages public/ held when it was bundled), the problem document on the API's tree.
 */
const BROWSER = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const BROWSER_NOT_FOUND_PATHS = ["/no/such/page", "/en/no/such/page", "/v3/nothing-here"];

interface Case {
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
 * Per row: GET of every sample; on the first sample (fewest parameters) and on the first a file answers, HEAD, the
 * preflight and conditional GET/HEAD (every form of If-None-Match on file answers; the exact tag and `*` on function
 * answers, which netlify dev answers slowly); POST on the first; GET and HEAD of the bad sample. Then unknown paths
 * and a duplicated parameter.
 */
function cases(): Case[] {
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
function fileAnswered(path: string): boolean {
  const url = new URL(path, "http://localhost");
  const file = resolveRewrite(url.pathname, url.searchParams, RULES);
  return file !== undefined && existsSync(join(PUBLIC_DIR, file));
}

/** Is the request path covered by a `_headers` rule that gives file answers their headers (all but the HSTS rule for every path)? */
function coveredByHeaderRule(path: string): boolean {
  const pathname = new URL(path, "http://localhost").pathname;
  return headerRules().some(
    (rule) =>
      rule.for !== "/*" && new RegExp(`^${rule.for.replace(/\*/g, ".*").replace(/:\w+/g, "[^/]+")}$`).test(pathname),
  );
}
/** Would the rules send it to a file if they could see a parameter given twice (the CDN cannot; see below)? */
function fileAnsweredIgnoringDuplicates(path: string): boolean {
  const url = new URL(path, "http://localhost");
  const last = new URLSearchParams();
  for (const key of new Set(url.searchParams.keys())) last.set(key, url.searchParams.getAll(key).at(-1)!);
  return resolveRewrite(url.pathname, last, RULES) !== undefined;
}

type Aspect = "status" | "body" | string;

/**
 * netlify dev's own habits (its local file server and header rules, not the deploy's CDN). Each entry: which aspects
 * of which requests it changes there, and why. Skipped for netlify dev only.
 */
const NETLIFY_DEV_OWN_HABITS: { why: string; applies: (c: Case) => boolean; aspects: Aspect[] }[] = [
  {
    why:
      "its static server sets `Cache-Control: public, max-age=0` and lets it win over the `_headers` rule; the CDN applies the " +
      "rule (test/build/static-dataset.test.ts checks that the rule carries the function's value)",
    applies: (c) => fileAnswered(c.path) && c.method !== "OPTIONS" && ["GET", "HEAD"].includes(c.method),
    aspects: ["cache-control"],
  },
  {
    why: "its static server sends a weak ETag of its own (size and modification time), not the content hash the CDN and the functions use",
    applies: (c) => fileAnswered(c.path) && ["GET", "HEAD"].includes(c.method),
    aspects: ["etag"],
  },
  {
    why:
      "so an If-None-Match built from the content-hash ETag never matches there, and it ignores `*`: 200 with the body " +
      "instead of 304 (the CDN revalidates against the file's ETag)",
    applies: (c) => fileAnswered(c.path) && c.condition !== undefined,
    aspects: [
      "status",
      "body",
      "content-type",
      "cache-control",
      "etag",
      "access-control-allow-origin",
      "access-control-expose-headers",
      "ratelimit-limit",
      "ratelimit-policy",
      "strict-transport-security",
    ],
  },
  {
    why: 'it answers any other method on a file path itself (200 `text/plain` "Method Not Allowed", or the file) and a preflight with 200 and the file; the CDN\'s rules answer only GET and HEAD from files and the preflight with 204',
    applies: (c) => fileAnswered(c.path) && !["GET", "HEAD"].includes(c.method),
    aspects: ["status", "body", ...SPEC_HEADERS, ...PREFLIGHT_HEADERS],
  },
  {
    why:
      "it applies the `_headers` rules to function answers too, filling in the rule's Content-Type on a 304 or a preflight, " +
      "which have no body and no Content-Type (docs/architecture.md#netlify-facts; the CDN applies the rules to files)",
    applies: (c) =>
      !fileAnswered(c.path) && coveredByHeaderRule(c.path) && (c.method === "OPTIONS" || c.condition !== undefined),
    aspects: ["content-type"],
  },
  {
    why:
      "a rewrite rule cannot see a parameter given twice, so it serves the last value's file where a process answers 400 " +
      "(the same on the CDN: documented as a known limit of the static surface, docs/decisions.md#serving)",
    applies: (c) => c.path === DUPLICATE_ON_A_FILE_ROUTE && fileAnsweredIgnoringDuplicates(c.path),
    aspects: ["status", "body", ...SPEC_HEADERS],
  },
];

interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/**
 * What the standalone server says and a function cannot: /health's `server` (how many processes serve, which answered,
 * where the limiter counts; docs/http-layer.md). Its body is compared without that member; its ETag, taken over the
 * whole body, and what an If-None-Match built from it gets, cannot be.
 */
/** /health, with or without a query (`?ready`). */
const isHealth = (path: string) => path === PATHS.health || path.startsWith(`${PATHS.health}?`);
const STANDALONE_OWN: typeof NETLIFY_DEV_OWN_HABITS = [
  {
    why: "the standalone server's /health says how its processes serve and count (`server`): its ETag is over that body too",
    applies: (c) => isHealth(c.path) && ["GET", "HEAD"].includes(c.method),
    aspects: ["etag"],
  },
  {
    why: "so an If-None-Match built from the standalone server's /health ETag does not match the function's: 200 with the body there",
    applies: (c) => isHealth(c.path) && c.condition !== undefined,
    aspects: ["status", "body", "content-type", "etag"],
  },
];
/** A /health body without the standalone server's own member, for comparing (key order kept). */
function withoutServerMember(c: Case, body: string): string {
  if (!isHealth(c.path) || !body.startsWith("{")) return body;
  const { server: _server, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify(rest);
}

async function ask(base: string, c: Case, etag: string | undefined): Promise<Answer> {
  // the uncompressed answers: netlify dev does not compress as the CDN does, and the standalone server compresses
  const headers: Record<string, string> = { ...IDENTITY, ...c.headers };
  if (c.condition && etag) headers["If-None-Match"] = c.condition(etag);
  const res = await fetch(base + c.path, {
    method: c.method,
    headers,
    body: c.method === "POST" ? (c.body ?? "x") : undefined,
    redirect: "manual",
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/**
 * Cache-Control values that name the seconds until midnight may differ by the time between the two requests (netlify
 * dev takes seconds per request on a loaded machine): `apartSeconds`, measured around both, plus one for rounding.
 */
function sameCacheControl(a: string | null, b: string | null, apartSeconds: number): boolean {
  if (a === b) return true;
  const re = /^public, max-age=0, s-maxage=(\d+)$/;
  const ma = a && re.exec(a);
  const mb = b && re.exec(b);
  return !!ma && !!mb && Math.abs(Number(ma[1]) - Number(mb[1])) <= Math.ceil(apartSeconds) + 1;
}

describe.skipIf(SKIP)("conformance: the standalone server and netlify dev give the same answers", () => {
  let netlify: RunningServer | undefined;
  let netlifyBase: string;
  const all = cases();

  beforeAll(async () => {
    // the rows that a file answers must really be file answers on both servers
    expect(await datasetIsCurrent(PUBLIC_DIR)).toBe(true);
    if (process.env.NETLIFY_DEV_URL) netlifyBase = process.env.NETLIFY_DEV_URL;
    else {
      // a leftover of the old layout (the engine as a workspace) would hide what this run's netlify dev does
      rmSync(join(ROOT, "data-gen", ".netlify"), { recursive: true, force: true });
      netlify = await startServer({ kind: "netlify", port: await choosePort(8970), env: { RATE_LIMITS: "off" } });
      netlifyBase = netlify.baseUrl;
    }
  }, 180_000);

  afterAll(async () => {
    await netlify?.stop();
  });

  it.skipIf(process.env.NETLIFY_DEV_URL)(
    "netlify dev run plainly from the root took the root for the site (nothing under data-gen/.netlify)",
    () => {
      expect(existsSync(join(ROOT, "data-gen", ".netlify"))).toBe(false);
    },
  );

  it("samples every row of the route table", () => {
    expect(ROUTES.map((r) => r.id).filter((id) => !SAMPLES[id])).toEqual([]);
    // a row with a static answer is sampled at least once from its file; the others are function answers only
    for (const route of ROUTES.filter((r) => SAMPLES[r.id])) {
      const fromFiles = SAMPLES[route.id].ok.filter(fileAnswered).length;
      if (route.static) expect([route.id, fromFiles > 0]).toEqual([route.id, true]);
      else expect([route.id, fromFiles]).toEqual([route.id, 0]);
    }
  });

  it(`${all.length} requests: same status, body and spec headers (netlify dev's file-server habits aside)`, async () => {
    const mismatches: string[] = [];
    const skipped = new Map<string, number>();
    const compare = async (c: Case) => {
      const first = c.condition ? await fetch(STANDALONE + c.path, { headers: IDENTITY }) : undefined;
      const etag = first?.headers.get("etag") ?? undefined;
      await first?.arrayBuffer();
      const asked = Date.now();
      const [a, b] = [await ask(STANDALONE!, c, etag), await ask(netlifyBase, c, etag)];
      const apartSeconds = (Date.now() - asked) / 1000;
      const known = [...NETLIFY_DEV_OWN_HABITS, ...STANDALONE_OWN].filter((d) => d.applies(c));
      a.body = withoutServerMember(c, a.body);
      b.body = withoutServerMember(c, b.body);
      const excused = (aspect: Aspect) => {
        const d = known.find((k) => k.aspects.includes(aspect));
        if (d) skipped.set(d.why, (skipped.get(d.why) ?? 0) + 1);
        return d !== undefined;
      };
      if (a.status !== b.status && !excused("status")) mismatches.push(`${c.label}: status ${a.status} vs ${b.status}`);
      if (a.body !== b.body && !excused("body"))
        mismatches.push(`${c.label}: body differs (${a.body.slice(0, 80)} | ${b.body.slice(0, 80)})`);
      const names = c.method === "OPTIONS" ? [...SPEC_HEADERS, ...PREFLIGHT_HEADERS] : SPEC_HEADERS;
      for (const name of names) {
        const [x, y] = [a.headers.get(name), b.headers.get(name)];
        const same = name === "cache-control" ? sameCacheControl(x, y, apartSeconds) : x === y;
        if (!same && !excused(name))
          mismatches.push(`${c.label}: ${name} ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
      }
    };
    // a few at a time: netlify dev takes a few hundred ms per function call
    const queue = [...all];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) await compare(c);
      }),
    );
    expect(mismatches).toEqual([]);
    // every listed difference is still real (an entry that no longer excuses anything must go)
    for (const d of [...NETLIFY_DEV_OWN_HABITS, ...STANDALONE_OWN])
      expect([d.why.slice(0, 60), skipped.has(d.why)]).toEqual([d.why.slice(0, 60), true]);
  }, 300_000);
});
