/**
 * Matching a request to its row of the route table (contract/routes.ts): the row a pathname belongs to with its raw
 * path values (`matchRoute`), and the rate-limit bucket of a request on a row (`bucketOf`). Used by the functions'
 * router, the server's guard and dispatch, the OpenAPI function and the tests.
 */
import type { BucketName } from "./policies.js";
import { NOT_FOUND, ROUTES, type Route } from "./routes.js";

interface CompiledPath {
  route: Route;
  /** each segment: its text, or for a `{name}` segment the name */
  segments: { text: string; parameter: boolean }[];
}

/**
 * The rows by their number of path segments (a row whose path may end with a slash under both counts), in table
 * order: a pathname is compared only with rows of its length, segment by segment, nothing allocated for a row that
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
 * The row a pathname belongs to, with its raw path parameter values; undefined when no row matches (not-found).
 * Matching is by whole segments; a `{name}` segment matches one non-empty segment.
 */
export function matchRoute(pathname: string): Match | undefined {
  const parts = pathname.split("/");
  // parts[0] is the empty text before the leading slash
  const candidates = BY_LENGTH.get(parts.length - 1);
  if (!candidates) return undefined;
  for (const { route, segments } of candidates) {
    // a row that may end with a slash, asked with one: its last part is empty
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
 * The rate limit of a request on a row: the feed's is `feed-query` when the request carries query parameters
 * (docs/contract.md#rate-limits), any parameters. Netlify's rewrite rules can only match named parameters, so on the platform
 * the generated rules send requests naming one of the feed's options to the tighter function; a request whose only
 * parameters are unknown ones is counted there against the plain feed's limit (docs/netlify.md#known-limits-of-the-static-bucket).
 */
export function bucketOf(route: Route | undefined, url: URL): BucketName {
  if (!route) return NOT_FOUND.bucket;
  if (route.bucket === "feed" && [...url.searchParams.keys()].length > 0) return "feed-query";
  return route.bucket;
}
