/**
 * The site's not-found page for a browser, one rule for both ways the service runs: which request gets it instead of
 * the not-found problem document, in which language, and its answer. The standalone server answers it with the page
 * public/ holds (server/dispatch.ts); the deployed not-found function with the page its bundle holds
 * (http/site-pages.ts, evaluated at build time by build/bundle.ts).
 */
import { datasetFileOf } from "../contract/static.js";
import type { Answer, RequestHead } from "./http.js";
import { commonHeaders, finish } from "./pipeline.js";
import type { RequestContext } from "./request-context.js";

/** The site's not-found page of each language, as the site build writes it (site/src/pages/404.astro, en/404.astro). */
export const NOT_FOUND_PAGES = { sv: "/404.html", en: "/en/404/index.html" } as const;
export type PageLanguage = keyof typeof NOT_FOUND_PAGES;

/** Is a site path English: under /en/ (site/src/lib/i18n.ts pageHref)? */
export const isEnglishPath = (pathname: string): boolean => pathname === "/en" || pathname.startsWith("/en/");
/** The language of a site path: English under /en/, else Swedish. */
export const pageLanguageOf = (pathname: string): PageLanguage => (isEnglishPath(pathname) ? "en" : "sv");
/** The not-found page (its path in the publish folder) in a site path's language. */
export const notFoundPageOf = (pathname: string): string => NOT_FOUND_PAGES[pageLanguageOf(pathname)];

/** Does the client take HTML (a browser navigating), so that a page suits it better than a problem document? */
export const acceptsHtml = (request: RequestHead): boolean =>
  /\btext\/html\b/i.test(request.headers.get("accept") ?? "");

/**
 * A path of the API, whose unknown paths are the API's not-found problem for every client: the v3 tree (on Netlify
 * the v3 function owns `/v3` and `/v3/*`, functions/v3.mts, and answers an unknown path there itself) and the
 * dataset's files.
 */
export const isApiPath = (pathname: string): boolean =>
  pathname === "/v3" || pathname.startsWith("/v3/") || datasetFileOf(pathname) !== undefined;

/**
 * The language of the not-found page a request for a path nothing answers gets, or undefined when it gets the
 * problem document: a browser (Accept names text/html) reading (GET, HEAD: any other method gets the not-found
 * rate-limit group's answer, a preflight or 405, as any client does) a path that is not the API's.
 */
export function notFoundPageLanguage(request: RequestHead, pathname: string): PageLanguage | undefined {
  if ((request.method !== "GET" && request.method !== "HEAD") || !acceptsHtml(request) || isApiPath(pathname))
    return undefined;
  return pageLanguageOf(pathname);
}

/** An HTML answer of the service's own (never cached: no-store, no ETag). */
export function htmlAnswer(status: number, body: string | Uint8Array, extra?: Record<string, string>): Answer {
  return {
    status,
    headers: {
      ...commonHeaders(undefined),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra,
    },
    body,
  };
}

/**
 * The not-found page's answer, final: 404 with the page. No rate limit is stated: the standalone server counts none of
 * these (on Netlify the platform counts every request the not-found function gets, by its config.rateLimit).
 */
export function notFoundPageAnswer(ctx: RequestContext, page: string | Uint8Array): Answer {
  return finish(ctx, htmlAnswer(404, page), undefined);
}
