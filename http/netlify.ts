/**
 * The Netlify adapter: what only a Netlify Function needs, kept out of the routers and the standalone server.
 *   - A request may arrive at an internal address (`/.netlify/functions/v3/v3/holidays`, or a feed request at the
 *     prefix the generated rules rewrite it to, `/_feed/query/ical/holidays`); it is routed as the path after the prefix.
 *   - `netlify dev` answers a function's 404 by invoking the function again for `<path>.html`, `<path>.htm`,
 *     `<path>/index.html` and `<path>/index.htm` (its pretty-URL fallback), and the client sees the last answer.
 *     No route ends that way, so such a retry answers what the base path answered, without counting again.
 */
import type { Context } from "@netlify/functions";
import { FEED_FUNCTION_PREFIXES } from "../contract/routes.js";
import type { respond } from "./pipeline.js";
import { netlifyContext } from "./request-context.js";

/** `/.netlify/functions/<name>` and the feed functions' rewrite prefixes (contract/routes.ts). */
const INTERNAL_PREFIX = new RegExp(
  `^(?:/\\.netlify/functions/[^/]+|${Object.values(FEED_FUNCTION_PREFIXES)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|")})(?=/|$)`,
);
const DEV_FALLBACK_SUFFIX = /(?:\/index\.html?|\.html?)$/;

/** The path a request stands for: the part after an internal function prefix (`/` for the bare prefix). */
export function routePathname(pathname: string): string {
  const m = INTERNAL_PREFIX.exec(pathname);
  return m ? pathname.slice(m[0].length) || "/" : pathname;
}

/** The base path of a `netlify dev` 404 retry, or undefined when the path is not one. */
export function devFallbackBase(pathname: string): string | undefined {
  const base = pathname.replace(DEV_FALLBACK_SUFFIX, "");
  return base === pathname ? undefined : base;
}

function withPath(request: Request, pathname: string): Request {
  const url = new URL(request.url);
  url.pathname = pathname;
  return new Request(url, request);
}

/** A Netlify Function's default export: the handler with Netlify's context and the two quirks above. */
export function netlifyFunction(handler: ReturnType<typeof respond>) {
  return async (request: Request, context?: Pick<Context, "ip"> | null): Promise<Response> => {
    const ctx = netlifyContext(request, context);
    const pathname = new URL(request.url).pathname;
    const routed = routePathname(pathname);
    if (routed !== pathname) request = withPath(request, routed);
    const base = devFallbackBase(routed);
    if (base !== undefined) {
      const answer = await handler(withPath(request, base), { ...ctx, rateLimitsEnabled: false });
      if (answer.status === 404) return answer;
      return handler(request, { ...ctx, rateLimitsEnabled: false });
    }
    return handler(request, ctx);
  };
}
