/**
 * Matching a request to its route (contract/routes.ts): the route a pathname belongs to with its raw
 * path values (`matchRoute`), and the rate-limit group of a request on a route (`rateLimitGroupOf`). Used by the functions'
 * router, the server's guard and dispatch, the OpenAPI function and the tests.
 */
import type { RateLimitGroupName } from "./policies.js";
import { NOT_FOUND, ROUTES, type Route } from "./routes.js";

interface CompiledPath {
  route: Route;
  /** each segment: its text, or for a `{name}` segment the name */
  segments: { text: string; parameter: boolean }[];
}

/**
 * The routes by their number of path segments (a route whose path may end with a slash under both counts), in table
 * order: a pathname is compared only with routes of its length, segment by segment, nothing allocated for a route that
 * does not match. Not memoised: matching costs about what a memo's lookup and upkeep cost, and each request is
 * matched once (its RequestContext).
 */
const BY_LENGTH = new Map<number, CompiledPath[]>();
for (const route of ROUTES) {
  const segments = route.path
    .split("/")
    .slice(1)
    .map((seg) =>
      seg.startsWith("{") ? { text: seg.slice(1, -1), parameter: true } : { text: seg, parameter: false },
    );
  const compiled = { route, segments };
  const lengths = route.trailingSlash ? [segments.length, segments.length + 1] : [segments.length];
  for (const n of lengths) {
    if (!BY_LENGTH.has(n)) BY_LENGTH.set(n, []);
    BY_LENGTH.get(n)!.push(compiled);
  }
}

export interface Match {
  route: Route;
  /** raw (still percent-encoded) values of the path parameters */
  pathValues: Record<string, string>;
}

/**
 * The route a pathname belongs to, with its raw path parameter values; undefined when no route matches (not-found).
 * Matching is by whole segments; a `{name}` segment matches one non-empty segment.
 */
export function matchRoute(pathname: string): Match | undefined {
  const parts = pathname.split("/");
  // parts[0] is the empty text before the leading slash
  const candidates = BY_LENGTH.get(parts.length - 1);
  if (!candidates) return undefined;
  for (const { route, segments } of candidates) {
    // a route that may end with a slash, asked with one: its last part is empty
    if (segments.length === parts.length - 2 && parts[parts.length - 1] !== "") continue;
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i];
      const part = parts[i + 1];
      ok = seg.parameter ? part !== "" : seg.text === part;
    }
    if (!ok) continue;
    const pathValues: Record<string, string> = {};
    for (let i = 0; i < segments.length; i++) if (segments[i].parameter) pathValues[segments[i].text] = parts[i + 1];
    return { route, pathValues };
  }
  return undefined;
}

/**
 * The rate limit of a request on a route: the feed's is `feed-query` when the request carries query parameters
 * (docs/contract.md#rate-limits), any parameters. Netlify's rewrite rules can only match named parameters, so on the platform
 * the generated rules send requests naming one of the feed's options to the tighter function; a request whose only
 * parameters are unknown ones is counted there against the plain feed's limit (docs/netlify.md#known-limits-of-the-static-files).
 */
export function rateLimitGroupOf(route: Route | undefined, url: URL): RateLimitGroupName {
  if (!route) return NOT_FOUND.rateLimitGroup;
  if (route.rateLimitGroup === "feed" && [...url.searchParams.keys()].length > 0) return "feed-query";
  return route.rateLimitGroup;
}
