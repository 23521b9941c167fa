/**
 * Every path the functions answer, in one place. Netlify's `config.path` of each function is taken from here,
 * and the routers read the pathname only, so a rewrite rule (netlify.toml) or another function can hand any
 * request to them.
 */

/** The v3 function: the whole /v3 tree (unknown /v3 paths answer a not-found problem). */
export const V3_FUNCTION_PATHS = ["/v3", "/v3/*"];

/** The health function. */
export const HEALTH_FUNCTION_PATHS = ["/health"];

/**
 * The not-found function has no `config.path`: netlify.toml's last rule rewrites every request that no static
 * file, function path or earlier rule answered to it, at this address.
 */
export const NOT_FOUND_FUNCTION_ADDRESS = "/.netlify/functions/not-found";

/**
 * Prefixes a router removes before matching, so an internal rewrite target such as
 * `/.netlify/functions/v3/v3/holidays` still routes as `/v3/holidays`.
 */
export const INTERNAL_PREFIXES = ["/.netlify/functions/v3", "/.netlify/functions/health"];

export function routePathname(url: string | URL): string {
  let pathname = (typeof url === "string" ? new URL(url) : url).pathname;
  for (const prefix of INTERNAL_PREFIXES) {
    if (pathname === prefix) return "/";
    if (pathname.startsWith(prefix + "/")) {
      pathname = pathname.slice(prefix.length);
      break;
    }
  }
  return pathname;
}

/**
 * `netlify dev` answers a function's 404 by invoking the function again for `<path>.html`, `<path>.htm`,
 * `<path>/index.html` and `<path>/index.htm` (its pretty-URL fallback), and the client sees the last answer.
 * No route of ours ends that way, so the routers read such a path as its base path (for the problem's detail)
 * and the limiter does not count it again.
 */
const DEV_FALLBACK_SUFFIX = /(?:\/index\.html?|\.html?)$/;

export function devFallbackBase(pathname: string): string | undefined {
  const base = pathname.replace(DEV_FALLBACK_SUFFIX, "");
  return base === pathname ? undefined : base;
}

/**
 * The v2 and feed paths also answer with one trailing slash (`/holidays/`), as their old router did;
 * v3 paths do not (a trailing slash there is not-found).
 */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}
