/**
 * Which requests a static file answers, derived from the route table's `static` declarations:
 *   - `redirectRules()`: the ordered rewrite rules (Netlify `_redirects` semantics: first match wins, query conditions
 *     match literal values or `:placeholders` and ignore extra parameters), from each row's classification of its
 *     query parameters (contract/routes.ts `QueryUse`). build/routing.ts writes them to `_redirects`; the standalone
 *     server evaluates the very same list with `resolveRewrite()`.
 *   - `headerRules()`: the `_headers` rules giving file answers the headers a function answer carries.
 *   - `functionConfigs()`: what each Netlify Function's `config` must say (functions/*.mts repeat it as literals).
 *   - `fillFile()`: a concrete dataset path for given values (build/layout.ts).
 */
import {
  CACHE_LONG, CALENDAR_CONTENT_TYPE, CSV_CONTENT_TYPE, CORS_HEADERS, DEFAULT_ALLOWED_HEADERS, JSON_CONTENT_TYPE, PREFLIGHT_HEADERS,
  MCP_PLATFORM_POSTS, STRICT_TRANSPORT_SECURITY, SURFACES, rateLimitHeaders, type SurfaceName,
} from "./policies.js";
import {
  DATASET_FOLDER, FEED_FUNCTION_PREFIXES, ROUTE_BY_ID, FUNCTION_FALLBACK, NOT_FOUND, RATE_LIMITED_PREFIX, ROUTES, STATIC_ONLY_FILES,
  netlifyPath, wildcardPath, type FileContentType, type FunctionName, type Route, type RouteId, type StaticAnswer, type StaticOnlyFile,
} from "./routes.js";
import { PARAMETERS } from "./parameters.js";

export interface RedirectRule {
  from: string;
  /** query conditions: literal values, or `:name` for any value */
  query: Record<string, string>;
  to: string;
  /** the row it comes from (absent: the last rule, to the not-found function) */
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

/** The feed rows: a request naming an option goes to the `ical-query` function's prefix, any other to `ical`'s. */
function feedRulesOf(route: Route): RedirectRule[] {
  const options = route.parameters.map((key) => PARAMETERS[key]).filter((p) => p.in === "query");
  return [
    ...options.map((p) => ({ from: route.path, query: { [p.name]: `:${p.name}` }, to: FEED_FUNCTION_PREFIXES["feed-query"] + route.path, routeId: route.id })),
    { from: route.path, query: {}, to: FEED_FUNCTION_PREFIXES.feed + route.path, routeId: route.id },
  ];
}

/** The rules of one row, most specific first. */
function rulesOf(route: Route): RedirectRule[] {
  if (route.surface === "feed") return feedRulesOf(route);
  const answer = route.static;
  if (!answer) return [];
  const from = netlifyPath(route.path);
  // the rules read the row's classification of its query parameters; an "ignored" one has no rule
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
  if (from !== route.path) rules.push({ from: wildcardPath(route.path), query: {}, to: FUNCTION_FALLBACK, routeId: route.id });
  return rules;
}

let rulesOnce: readonly RedirectRule[] | undefined;

/** Every rewrite rule, in order; the last sends everything unanswered to the not-found function. Computed once. */
export function redirectRules(): readonly RedirectRule[] {
  return (rulesOnce ??= Object.freeze([...ROUTES.flatMap(rulesOf), { from: "/*", query: {}, to: NOT_FOUND_FUNCTION_ADDRESS }]));
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
export const FILE_CONTENT_TYPES: Readonly<Record<FileContentType, string>> = { json: JSON_CONTENT_TYPE, calendar: CALENDAR_CONTENT_TYPE, csv: CSV_CONTENT_TYPE };

/** The headers a file answer carries for a surface: the ones a function answer sets (problem/304 aside). Built once each. */
export function fileHeaders(contentType: FileContentType, surface: SurfaceName): Readonly<Record<string, string>> {
  const key = `${contentType} ${surface}`;
  let headers = FILE_HEADERS.get(key);
  if (!headers) {
    headers = Object.freeze({
      "Content-Type": FILE_CONTENT_TYPES[contentType],
      "Cache-Control": CACHE_LONG,
      ...CORS_HEADERS,
      ...PREFLIGHT_HEADERS,
      "Access-Control-Allow-Headers": DEFAULT_ALLOWED_HEADERS,
      ...rateLimitHeaders(SURFACES[surface]),
    });
    FILE_HEADERS.set(key, headers);
  }
  return headers;
}
const FILE_HEADERS = new Map<string, Readonly<Record<string, string>>>();

/**
 * `_headers`: the dataset folder and every request path a file answers get the headers of the row's surface
 * (depending on the platform a rule matches the request path or the rewrite target, so both carry the same values);
 * the static-only `.ics` downloads the feed's; and every answer HSTS. A file of the dataset folder that is not JSON
 * (the CSV files) has a rule of its own right after the folder's: the platform applies every rule that matches a path
 * in order, a later value of a header replacing an earlier one (Netlify's own `@netlify/headers`; test/contract/routing.test.ts
 * checks the headers each path gets).
 */
export function headerRules(): HeaderRule[] {
  const rules: HeaderRule[] = [{ for: `${DATASET_FOLDER}/*`, values: fileHeaders("json", "v3") }];
  for (const file of Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]) {
    if (file.file.startsWith(DATASET_FOLDER + "/") && file.contentType !== "json") rules.push({ for: file.file, values: fileHeaders(file.contentType, file.surface) });
  }
  for (const route of ROUTES) {
    if (!route.static || route.ok.contentType !== "json") continue;
    rules.push({ for: wildcardPath(route.path), values: fileHeaders("json", route.surface) });
  }
  for (const file of Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]) {
    if (file.file.startsWith(DATASET_FOLDER + "/") || file.file === "/manifest.json") continue;
    rules.push({ for: wildcardPath(file.file.replace(/[^/]*:\w+.*$/, "{x}")), values: fileHeaders(file.contentType, file.surface) });
  }
  rules.push({ for: "/*", values: { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } });
  return rules;
}

export function headersFile(): string {
  const blocks = headerRules().map((r) => [r.for, ...Object.entries(r.values).map(([k, v]) => `  ${k}: ${v}`)].join("\n"));
  return `# Generated by build/routing.ts from the route table (contract/routes.ts) and contract/policies.ts. Do not edit.\n${blocks.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Functions' config
// ---------------------------------------------------------------------------------------------------------------

export interface FunctionConfig {
  path?: string[];
  excludedPath?: string[];
  preferStatic?: boolean;
  /** the platform's limit: the surface's pace, over-limit requests rewritten to `to` (the surface's 429) */
  rateLimit?: { windowLimit: number; windowSize: number; aggregateBy: ["ip", "domain"]; action: "rewrite"; to: string };
  surface: SurfaceName;
}

/**
 * The platform limit of a surface: its pace per address (the MCP endpoint's POSTs: MCP_PLATFORM_POSTS, as the
 * platform cannot tell its tool calls), over-limit requests rewritten to its 429 answer.
 */
export function platformRateLimit(surface: SurfaceName): NonNullable<FunctionConfig["rateLimit"]> {
  const pace = SURFACES[surface];
  const windowLimit = surface === "mcp" ? MCP_PLATFORM_POSTS : pace.limit;
  return { windowLimit, windowSize: pace.windowSeconds, aggregateBy: ["ip", "domain"], action: "rewrite", to: `${RATE_LIMITED_PREFIX}/${surface}` };
}

/**
 * What each function's `config` says. The v3 function owns the whole /v3 tree (unknown /v3 paths answer its
 * not-found problem) except the paths rewrite rules answer from files; its preferStatic folder is where a rule
 * whose file is missing lands. The not-found function has no path: the last rewrite rule reaches it.
 */
export function functionConfigs(): Record<FunctionName, FunctionConfig> {
  const pathsOf = (fn: FunctionName) => ROUTES.filter((r) => r.fn === fn).map((r) => r.path);
  const limited = (surface: SurfaceName, config: Omit<FunctionConfig, "surface" | "rateLimit">): FunctionConfig => ({
    ...config,
    rateLimit: platformRateLimit(surface),
    surface,
  });
  return {
    v3: limited("v3", {
      path: ["/v3", "/v3/*"],
      excludedPath: ROUTES.filter((r) => r.fn === "v3" && r.static).map((r) => wildcardPath(r.path)),
      preferStatic: true,
    }),
    // monitoring (the row is `counted: false`): no platform limit, so a probe is never refused
    health: { path: pathsOf("health"), surface: "v3" },
    ical: limited("feed", { path: [`${FEED_FUNCTION_PREFIXES.feed}/*`] }),
    "ical-query": limited("feed-query", { path: [`${FEED_FUNCTION_PREFIXES["feed-query"]}/*`] }),
    v2: limited("v2", { path: pathsOf("v2") }),
    mcp: limited("mcp", { path: pathsOf("mcp") }),
    "not-found": limited("not-found", {}),
    // the platform's 429 answers: never limited themselves
    "rate-limited": { path: [`${RATE_LIMITED_PREFIX}/*`], surface: "not-found" },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluating the rules (the standalone server)
// ---------------------------------------------------------------------------------------------------------------

/** A rule as the standalone server evaluates it: its pattern split into segments, its query conditions listed. */
interface CompiledRule {
  rule: RedirectRule;
  /** the pattern's segments after the leading slash */
  segments: string[];
  /** each query condition: the parameter, and the placeholder it fills or the literal value it must have */
  query: { name: string; placeholder: string | undefined; literal: string }[];
}

const COMPILED_RULES = new WeakMap<readonly RedirectRule[], { all: CompiledRule[]; byRoute: Map<string, CompiledRule[]> }>();

/** A rule list compiled once: every rule in order, and the rows' rules by row (they come first, up to the first rule of no row). */
function compiledRules(rules: readonly RedirectRule[]): { all: CompiledRule[]; byRoute: Map<string, CompiledRule[]> } {
  let compiled = COMPILED_RULES.get(rules);
  if (!compiled) {
    const all = rules.map((rule) => ({
      rule,
      segments: rule.from.split("/").slice(1),
      query: Object.entries(rule.query).map(([name, condition]) => ({
        name,
        placeholder: condition.startsWith(":") ? condition.slice(1) : undefined,
        literal: condition,
      })),
    }));
    const byRoute = new Map<string, CompiledRule[]>();
    for (const c of all) {
      if (!c.rule.routeId) break;
      if (!byRoute.has(c.rule.routeId)) byRoute.set(c.rule.routeId, []);
      byRoute.get(c.rule.routeId)!.push(c);
    }
    COMPILED_RULES.set(rules, (compiled = { all, byRoute }));
  }
  return compiled;
}

/** The placeholder values of a pattern for a path's parts (parts[0] is the text before the leading slash). */
function matchPattern(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p === "*") return values;
    const part = parts[i + 1];
    if (part === undefined) return undefined;
    if (p.startsWith(":")) {
      if (part === "") return undefined;
      values[p.slice(1)] = part;
    } else if (p !== part) return undefined;
  }
  return pattern.length === parts.length - 1 ? values : undefined;
}

/** Segment values a dataset path may contain: nothing that could leave the folder or name another file. */
const SAFE_VALUE = /^[A-Za-z0-9_-]{1,40}$/;

/** What a build wrote, as its manifest says (contract Manifest): its years, and its days window (null: no day files). */
export interface BuiltRange {
  years: { from: number; to: number };
  days: { from: string; to: string } | null;
}

/**
 * Which range a file placeholder's value must lie in for a build to have written the file: a day file's date in
 * the days window, a year's files (`:year`, an observance series' `:from`) in the years (build/layout.ts writes
 * exactly those).
 */
const PLACEHOLDER_RANGE: Readonly<Record<string, "days" | "years">> = { date: "days", year: "years", from: "years" };

function withinBuilt(values: Record<string, string>, built: BuiltRange): boolean {
  for (const name in values) {
    const range = PLACEHOLDER_RANGE[name];
    const value = values[name];
    if (range === "days" && !(built.days && value >= built.days.from && value <= built.days.to)) return false;
    if (range === "years" && !(Number(value) >= built.years.from && Number(value) <= built.years.to)) return false;
  }
  return true;
}

export interface RewriteOptions {
  /** the row the pathname matched (contract/route-match.ts matchRoute): only its rules are compared */
  routeId?: string;
  /** what the build wrote: a file outside it is not there, and the function answers (no look on disk) */
  built?: BuiltRange;
}

/**
 * The file (relative to the publish folder, with a leading slash) that the rewrite rules send a request to, or
 * undefined when they send it to a function. Like the CDN, except that a known parameter given twice always
 * reaches the function (which answers 400), as docs/decisions.md#serving asks wherever a process can see it. `params`: the
 * query, or the URL it is read from (then parsed only when a rule compares it).
 */
export function resolveRewrite(
  pathname: string,
  params: URLSearchParams | URL,
  rules: readonly RedirectRule[] = redirectRules(),
  options: RewriteOptions = {},
): string | undefined {
  const parts = pathname.split("/");
  const compiled = compiledRules(rules);
  let query: URLSearchParams | undefined = params instanceof URL ? undefined : params;
  const queryOf = () => (query ??= (params as URL).searchParams);
  for (const { rule, segments, query: conditions } of options.routeId === undefined ? compiled.all : (compiled.byRoute.get(options.routeId) ?? [])) {
    if (!rule.routeId) return undefined;
    const values = matchPattern(segments, parts);
    if (!values) continue;
    let ok = true;
    for (const { name, placeholder, literal } of conditions) {
      const all = queryOf().getAll(name);
      if (all.length === 0) ok = false;
      else if (placeholder !== undefined) values[placeholder] = all[all.length - 1];
      else ok = all[all.length - 1] === literal;
      if (!ok) break;
    }
    if (!ok) continue;
    if (rule.to === FUNCTION_FALLBACK || !rule.to.startsWith(DATASET_FOLDER + "/")) return undefined; // a function answers
    if (options.built && !withinBuilt(values, options.built)) return undefined;
    const route = ROUTE_BY_ID[rule.routeId];
    if (route.static?.written && !route.static.written(values)) return undefined; // never written: the function answers
    for (const key of route.parameters) {
      const p = PARAMETERS[key];
      if (p.in === "query" && p.repeat === "reject" && queryOf().getAll(p.name).length > 1) return undefined;
    }
    let unsafe = false;
    const file = rule.to.replace(/:(\w+)/g, (_m, name: string) => {
      const v = values[name] ?? "";
      if (!SAFE_VALUE.test(v)) unsafe = true;
      return v;
    });
    return unsafe ? undefined : file;
  }
  return undefined;
}

/** Static-only files (the `.ics` downloads, the manifest, a year's days, the index) as path patterns. */
const STATIC_ONLY_PATTERNS = (Object.values(STATIC_ONLY_FILES) as StaticOnlyFile[]).map((f) => ({
  pattern: new RegExp("^" + f.file.replace(/[.]/g, "\\.").replace(/:\w+/g, "[^/]+") + "$"),
  contentType: f.contentType,
  surface: f.surface,
}));

/**
 * What a dataset file requested by its own path is: its content type and the surface whose headers it carries (a
 * static-only file, or any file of the dataset folder); undefined for every other path (the site).
 */
export function datasetFileOf(pathname: string): { contentType: FileContentType; surface: SurfaceName } | undefined {
  for (const { pattern, contentType, surface } of STATIC_ONLY_PATTERNS) if (pattern.test(pathname)) return { contentType, surface };
  if (pathname.startsWith(DATASET_FOLDER + "/")) return { contentType: "json", surface: "v3" };
  return undefined;
}

/** A concrete dataset file of a row for given values (`:name` placeholders and `{flag}` parts). */
export function fillFile(answer: StaticAnswer, values: Record<string, string | number>, flags: Record<string, boolean> = {}): string {
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
