/**
 * What the CDN does with a request, for the standalone server, which stands in for it: the rewrite rules of
 * ./static.ts evaluated as Netlify evaluates the `_redirects` written from them (`resolveRewrite`), and who answers
 * a request in the deployed service's order, file first, then a function, and whether it is counted (`servingOf`).
 * Netlify reads the same rules from the generated files; server/dispatch.ts and build/deployed.ts read this.
 */

import { PARAMETERS } from "./parameters.js";
import type { Match } from "./route-match.js";
import { DATASET_FOLDER, FUNCTION_FALLBACK, ROUTE_BY_ID } from "./routes.js";
import { type BuiltRange, type RedirectRule, redirectRules } from "./static.js";

export type { BuiltRange };

/**
 * Who answers a request, as the deployed service decides:
 *   - "dataset": a route's request the rewrite rules send to a file the build wrote: that file, never counted (a file
 *     missing on disk falls through to the function, uncounted, as a rewrite to a missing file does);
 *   - "function": the route's function; not `counted` when the deploy build has a file for the request
 *     (build/deployed.ts), so the same request is counted the same way with or without a dataset built here;
 *   - "publish": no route: a file of the publish folder (the site, a dataset file by its own path), else not-found.
 */
export type Serving = { by: "dataset"; file: string } | { by: "function"; counted: boolean } | { by: "publish" };

const PUBLISH: Serving = { by: "publish" };
const COUNTED: Serving = { by: "function", counted: true };
const UNCOUNTED: Serving = { by: "function", counted: false };

/**
 * Who answers a request of a matched route (or of none). `built`: what this server's build wrote (undefined: none);
 * `deployed`: what the deploy build writes, asked only when nothing is built here.
 */
export function servingOf(
  url: URL,
  match: Match | undefined,
  built: BuiltRange | undefined,
  deployed: () => BuiltRange,
  rules: readonly RedirectRule[] = redirectRules(),
): Serving {
  if (!match) return PUBLISH;
  if (!match.route.static) return COUNTED;
  const file = resolveRewrite(url.pathname, url, rules, { routeId: match.route.id, built: built ?? deployed() });
  if (file === undefined) return COUNTED;
  return built ? { by: "dataset", file } : UNCOUNTED;
}

/** A rule as the standalone server evaluates it: its pattern split into segments, its query conditions listed. */
interface CompiledRule {
  rule: RedirectRule;
  /** the pattern's segments after the leading slash */
  segments: string[];
  /** each query condition: the parameter, and the placeholder it fills or the literal value it must have */
  query: { name: string; placeholder: string | undefined; literal: string }[];
}

const COMPILED_RULES = new WeakMap<
  readonly RedirectRule[],
  { all: CompiledRule[]; byRoute: Map<string, CompiledRule[]> }
>();

/** A rule list compiled once: every rule in order, and the routes' rules by route (they come first, up to the first rule of no route). */
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
  /** the route the pathname matched (contract/route-match.ts matchRoute): only its rules are compared */
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
  for (const { rule, segments, query: conditions } of options.routeId === undefined
    ? compiled.all
    : (compiled.byRoute.get(options.routeId) ?? [])) {
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
