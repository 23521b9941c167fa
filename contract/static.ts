/**
 * Which requests a static file answers, derived from the route table's `static` declarations:
 *   - `redirectRules()`: the ordered rewrite rules (Netlify `_redirects` semantics: first match wins, query conditions
 *     match literal values or `:placeholders` and ignore extra parameters), from each route's classification of its
 *     query parameters (contract/routes.ts `QueryUse`). build/routing.ts writes them to `_redirects`; the standalone
 *     server evaluates the very same list (./cdn.ts `resolveRewrite()`).
 *   - `headerRules()`: the `_headers` rules giving file answers the headers a function answer carries.
 *   - `functionConfigs()`: what each Netlify Function's `config` must say (functions/*.mts repeat it as literals).
 *   - `fillFile()`: a concrete dataset path for given values (build/layout.ts).
 */

import { PARAMETERS } from "./parameters.js";
import {
  CACHE_LONG,
  CALENDAR_CONTENT_TYPE,
  CORS_HEADERS,
  CSV_CONTENT_TYPE,
  DEFAULT_ALLOWED_HEADERS,
  JSON_CONTENT_TYPE,
  MCP_PLATFORM_POSTS,
  PREFLIGHT_HEADERS,
  RATE_LIMITS,
  type RateLimitGroupName,
  rateLimitHeaders,
  STRICT_TRANSPORT_SECURITY,
} from "./policies.js";
import {
  DATASET_FOLDER,
  FEED_FUNCTION_PREFIXES,
  type FileContentType,
  FUNCTION_FALLBACK,
  type FunctionName,
  NOT_FOUND,
  netlifyPath,
  RATE_LIMITED_PREFIX,
  ROUTES,
  type Route,
  type RouteId,
  STATIC_ONLY_FILES,
  type StaticAnswer,
  type StaticOnlyFile,
  wildcardPath,
} from "./routes.js";

export interface RedirectRule {
  from: string;
  /** query conditions: literal values, or `:name` for any value */
  query: Record<string, string>;
  to: string;
  /** the route it comes from (absent: the last rule, to the not-found function) */
  routeId?: RouteId;
}

/** Where the last rule sends every path nothing else answered. */
export const NOT_FOUND_FUNCTION_ADDRESS = `/.netlify/functions/${NOT_FOUND.fn}`;

/** A file template with the flags chosen (`{name}` parts filled; absent flags take their `false` part). */
function withFlags(answer: StaticAnswer, chosen: Record<string, string>): string {
  return answer.file.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const use = answer.query?.[name];
    if (typeof use !== "object") throw new Error(`static file ${answer.file}: no flag '${name}'`);
    return use.flag[chosen[name] ?? "false"] ?? "";
  });
}

/** The names of a file's query parameters classified as `use` ("placeholder", "function" or "flag"), in their order. */
function namesUsedAs(answer: StaticAnswer, use: "placeholder" | "function" | "flag"): string[] {
  const entries = Object.entries(answer.query ?? {});
  return entries.filter(([, u]) => (use === "flag" ? typeof u === "object" : u === use)).map(([name]) => name);
}

/** Every non-empty subset of `names`, larger subsets first, in declaration order within a size. */
function subsets(names: string[]): string[][] {
  const all: string[][] = [];
  for (let mask = 1; mask < 1 << names.length; mask++) all.push(names.filter((_, i) => mask & (1 << i)));
  return all.sort((a, b) => b.length - a.length);
}

/** Every assignment of literal values to the given flags. */
function assignments(answer: StaticAnswer, names: string[]): Record<string, string>[] {
  let result: Record<string, string>[] = [{}];
  for (const name of names) {
    const values = Object.keys((answer.query![name] as { flag: Record<string, string> }).flag);
    result = result.flatMap((partial) => values.map((v) => ({ ...partial, [name]: v })));
  }
  return result;
}

const placeholders = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, `:${n}`]));

/** The feed routes: a request naming an option goes to the `ical-query` function's prefix, any other to `ical`'s. */
function feedRulesOf(route: Route): RedirectRule[] {
  const options = route.parameters.map((key) => PARAMETERS[key]).filter((p) => p.in === "query");
  return [
    ...options.map((p) => ({
      from: route.path,
      query: { [p.name]: `:${p.name}` },
      to: FEED_FUNCTION_PREFIXES["feed-query"] + route.path,
      routeId: route.id,
    })),
    { from: route.path, query: {}, to: FEED_FUNCTION_PREFIXES.feed + route.path, routeId: route.id },
  ];
}

/** The rules of one route, most specific first. */
function rulesOf(route: Route): RedirectRule[] {
  if (route.rateLimitGroup === "feed") return feedRulesOf(route);
  const answer = route.static;
  if (!answer) return [];
  const from = netlifyPath(route.path);
  // the rules read the route's classification of its query parameters; an "ignored" one has no rule
  const required = placeholders(namesUsedAs(answer, "placeholder"));
  const rules: RedirectRule[] = [];
  const add = (query: Record<string, string>, to: string) => rules.push({ from, query, to, routeId: route.id });
  for (const name of namesUsedAs(answer, "function")) add({ ...required, [name]: `:${name}` }, FUNCTION_FALLBACK);
  for (const subset of subsets(namesUsedAs(answer, "flag"))) {
    for (const chosen of assignments(answer, subset)) add({ ...required, ...chosen }, withFlags(answer, chosen));
    // a flag with any other value: the function answers 400
    add({ ...required, ...placeholders(subset) }, FUNCTION_FALLBACK);
  }
  add(required, withFlags(answer, {}));
  if (Object.keys(required).length > 0) add({}, FUNCTION_FALLBACK); // a required value is missing (e.g. year omitted: today)
  if (from !== route.path)
    rules.push({ from: wildcardPath(route.path), query: {}, to: FUNCTION_FALLBACK, routeId: route.id });
  return rules;
}

let rulesOnce: readonly RedirectRule[] | undefined;

/** Every rewrite rule, in order; the last sends everything unanswered to the not-found function. Computed once. */
export function redirectRules(): readonly RedirectRule[] {
  return (rulesOnce ??= Object.freeze([
    ...ROUTES.flatMap(rulesOf),
    { from: "/*", query: {}, to: NOT_FOUND_FUNCTION_ADDRESS },
  ]));
}

/** `_redirects`: one line per rule, `from [key=value ...] to 200`. */
export function redirectsFile(): string {
  const lines = redirectRules().map((r) =>
    [r.from, ...Object.entries(r.query).map(([k, v]) => `${k}=${v}`), r.to, "200"].join("  "),
  );
  return `# Generated by build/routing.ts from the route table (contract/routes.ts). Do not edit.\n${lines.join("\n")}\n`;
}

export interface HeaderRule {
  for: string;
  values: Readonly<Record<string, string>>;
}

/** The `Content-Type` of each kind of dataset file. */
export const FILE_CONTENT_TYPES: Readonly<Record<FileContentType, string>> = {
  json: JSON_CONTENT_TYPE,
  calendar: CALENDAR_CONTENT_TYPE,
  csv: CSV_CONTENT_TYPE,
};

/** The headers a file answer carries for a rate-limit group: the ones a function answer sets (problem/304 aside). Built once each. */
export function fileHeaders(
  contentType: FileContentType,
  rateLimitGroup: RateLimitGroupName,
): Readonly<Record<string, string>> {
  const key = `${contentType} ${rateLimitGroup}`;
  let headers = FILE_HEADERS.get(key);
  if (!headers) {
    headers = Object.freeze({
      "Content-Type": FILE_CONTENT_TYPES[contentType],
      "Cache-Control": CACHE_LONG,
      ...CORS_HEADERS,
      ...PREFLIGHT_HEADERS,
      "Access-Control-Allow-Headers": DEFAULT_ALLOWED_HEADERS,
      ...rateLimitHeaders(RATE_LIMITS[rateLimitGroup]),
    });
    FILE_HEADERS.set(key, headers);
  }
  return headers;
}
const FILE_HEADERS = new Map<string, Readonly<Record<string, string>>>();

/**
 * `_headers`: the dataset folder and every request path a file answers get the headers of the route's rate-limit group
 * (depending on the platform a rule matches the request path or the rewrite target, so both carry the same values);
 * the static-only `.ics` downloads the feed's; and every answer HSTS. A file of the dataset folder that is not JSON
 * (the CSV files) has a rule of its own right after the folder's: the platform applies every rule that matches a path
 * in order, a later value of a header replacing an earlier one (Netlify's own `@netlify/headers`; test/contract/routing.test.ts
 * checks the headers each path gets).
 */
export function headerRules(): HeaderRule[] {
  const rules: HeaderRule[] = [{ for: `${DATASET_FOLDER}/*`, values: fileHeaders("json", "v3") }];
  for (const file of Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]) {
    if (file.file.startsWith(DATASET_FOLDER + "/") && file.contentType !== "json")
      rules.push({ for: file.file, values: fileHeaders(file.contentType, file.rateLimitGroup) });
  }
  for (const route of ROUTES) {
    if (!route.static || route.ok.contentType !== "json") continue;
    rules.push({ for: wildcardPath(route.path), values: fileHeaders("json", route.rateLimitGroup) });
  }
  for (const file of Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]) {
    if (file.file.startsWith(DATASET_FOLDER + "/") || file.file === "/manifest.json") continue;
    rules.push({
      for: wildcardPath(file.file.replace(/[^/]*:\w+.*$/, "{x}")),
      values: fileHeaders(file.contentType, file.rateLimitGroup),
    });
  }
  rules.push({ for: "/*", values: { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } });
  return rules;
}

export function headersFile(): string {
  const blocks = headerRules().map((r) =>
    [r.for, ...Object.entries(r.values).map(([k, v]) => `  ${k}: ${v}`)].join("\n"),
  );
  return `# Generated by build/routing.ts from the route table (contract/routes.ts) and contract/policies.ts. Do not edit.\n${blocks.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Functions' config
// ---------------------------------------------------------------------------------------------------------------

export interface FunctionConfig {
  path?: string[];
  excludedPath?: string[];
  preferStatic?: boolean;
  /** the platform's limit: the group's rate limit, over-limit requests rewritten to `to` (the rate-limit group's 429) */
  rateLimit?: { windowLimit: number; windowSize: number; aggregateBy: ["ip", "domain"]; action: "rewrite"; to: string };
  rateLimitGroup: RateLimitGroupName;
}

/**
 * The platform limit of a rate-limit group: its rate limit per address (the MCP endpoint's POSTs: MCP_PLATFORM_POSTS, as the
 * platform cannot tell its tool calls), over-limit requests rewritten to its 429 answer.
 */
export function platformRateLimit(rateLimitGroup: RateLimitGroupName): NonNullable<FunctionConfig["rateLimit"]> {
  const rateLimit = RATE_LIMITS[rateLimitGroup];
  const windowLimit = rateLimitGroup === "mcp" ? MCP_PLATFORM_POSTS : rateLimit.limit;
  return {
    windowLimit,
    windowSize: rateLimit.windowSeconds,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: `${RATE_LIMITED_PREFIX}/${rateLimitGroup}`,
  };
}

/**
 * What each function's `config` says. The v3 function owns the whole /v3 tree (unknown /v3 paths answer its
 * not-found problem) except the paths rewrite rules answer from files; its preferStatic folder is where a rule
 * whose file is missing lands. The not-found function has no path: the last rewrite rule reaches it.
 */
export function functionConfigs(): Record<FunctionName, FunctionConfig> {
  const pathsOf = (fn: FunctionName) => ROUTES.filter((r) => r.fn === fn).map((r) => r.path);
  const limited = (
    rateLimitGroup: RateLimitGroupName,
    config: Omit<FunctionConfig, "rateLimitGroup" | "rateLimit">,
  ): FunctionConfig => ({
    ...config,
    rateLimit: platformRateLimit(rateLimitGroup),
    rateLimitGroup,
  });
  return {
    v3: limited("v3", {
      path: ["/v3", "/v3/*"],
      excludedPath: ROUTES.filter((r) => r.fn === "v3" && r.static).map((r) => wildcardPath(r.path)),
      preferStatic: true,
    }),
    // monitoring (the route is `counted: false`): no platform limit, so a probe is never refused
    health: { path: pathsOf("health"), rateLimitGroup: "v3" },
    ical: limited("feed", { path: [`${FEED_FUNCTION_PREFIXES.feed}/*`] }),
    "ical-query": limited("feed-query", { path: [`${FEED_FUNCTION_PREFIXES["feed-query"]}/*`] }),
    v2: limited("v2", { path: pathsOf("v2") }),
    mcp: limited("mcp", { path: pathsOf("mcp") }),
    "not-found": limited("not-found", {}),
    // the platform's 429 answers: never limited themselves
    "rate-limited": { path: [`${RATE_LIMITED_PREFIX}/*`], rateLimitGroup: "not-found" },
  };
}

/** What a build wrote, as its manifest says (contract Manifest): its years, and its days window (null: no day files). */
export interface BuiltRange {
  years: { from: number; to: number };
  days: { from: string; to: string } | null;
}

/** Static-only files (the `.ics` downloads, the manifest, a year's days, the index) as path patterns. */
const STATIC_ONLY_PATTERNS = (Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]).map((f) => ({
  pattern: new RegExp("^" + f.file.replace(/[.]/g, "\\.").replace(/:\w+/g, "[^/]+") + "$"),
  contentType: f.contentType,
  rateLimitGroup: f.rateLimitGroup,
}));

/**
 * What a dataset file requested by its own path is: its content type and the rate-limit group whose headers it carries (a
 * static-only file, or any file of the dataset folder); undefined for every other path (the site).
 */
export function datasetFileOf(
  pathname: string,
): { contentType: FileContentType; rateLimitGroup: RateLimitGroupName } | undefined {
  for (const { pattern, contentType, rateLimitGroup } of STATIC_ONLY_PATTERNS)
    if (pattern.test(pathname)) return { contentType, rateLimitGroup };
  if (pathname.startsWith(DATASET_FOLDER + "/")) return { contentType: "json", rateLimitGroup: "v3" };
  return undefined;
}

/** A concrete dataset file of a route for given values (`:name` placeholders and `{flag}` parts). */
export function fillFile(
  answer: StaticAnswer,
  values: Record<string, string | number>,
  flags: Record<string, boolean> = {},
): string {
  const chosen = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)]));
  return withFlags(answer, chosen).replace(/:(\w+)/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`static file ${answer.file}: no value for '${name}'`);
    return String(values[name]);
  });
}

/** What a kind of file adds up to in the manifest. */
export interface KindSummary {
  files: number;
  bytes: number;
  contentHash: string;
}

/** `/manifest.json`: what a build of the static dataset wrote (docs/static-dataset.md). */
export interface Manifest {
  dataset: string;
  apiVersion: string;
  dataVersion: string;
  years: { from: number; to: number };
  days: { from: string; to: string } | null;
  files: number;
  bytes: number;
  contentHash: string;
  /** by kind of file (build/layout.ts FileKind) */
  kinds: Partial<Record<string, KindSummary>>;
  index: string;
}
