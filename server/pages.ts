/**
 * Answers made of files and pages: a file of the publish folder or of the dataset with the headers it is served with,
 * the waiting page while the site is being built, the site's not-found page for browsers.
 */
import { CORS_HEADERS, type RateLimit, type RateLimitGroupName } from "../contract/policies.js";
import type { FileContentType } from "../contract/routes.js";
import { fileHeaders } from "../contract/static.js";
import { type Answer, okAnswer } from "../http/http.js";
import { methodGate } from "../http/method-gate.js";
import { htmlAnswer, isEnglishPath } from "../http/not-found-page.js";
import { finish } from "../http/pipeline.js";
import type { RequestContext } from "../http/request-context.js";
import type { CachedFile } from "./files.js";

/** Site files whose names carry a content hash (Astro's build assets) never change under their name. */
const SITE_CACHE = "public, max-age=0, must-revalidate";
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

/** A file's headers as okAnswer takes them: its Content-Type, its Cache-Control, and the rest. */
export interface FileHeaders {
  contentType: string;
  cacheControl: string;
  rest: Readonly<Record<string, string>>;
}

/** A dataset file's headers (contract/static.ts fileHeaders, one frozen object per kind and rate-limit group), split once each. */
const DATASET_FILE_HEADERS = new WeakMap<object, FileHeaders>();
export function datasetFileHeaders(contentType: FileContentType, rateLimitGroup: RateLimitGroupName): FileHeaders {
  const headers = fileHeaders(contentType, rateLimitGroup);
  let split = DATASET_FILE_HEADERS.get(headers);
  if (!split) {
    const { "Content-Type": type, "Cache-Control": cacheControl, ...rest } = headers;
    DATASET_FILE_HEADERS.set(headers, (split = { contentType: type, cacheControl, rest }));
  }
  return split;
}

/** A site file's headers: its type from its name, cached for ever when its name carries a hash. */
export function siteFileHeaders(pathname: string, contentType: string): FileHeaders {
  return {
    contentType,
    cacheControl: pathname.startsWith("/_astro/") ? HASHED_ASSET_CACHE : SITE_CACHE,
    rest: CORS_HEADERS,
  };
}

/**
 * A file answer: OPTIONS preflight, 405, or okAnswer's 200/304, with the common headers of `rateLimit`, finished in the
 * request's context (a GET's 200 is recorded there for the cached answers).
 */
export function fileAnswer(
  ctx: RequestContext,
  file: CachedFile,
  headers: FileHeaders,
  rateLimit: RateLimit | undefined,
): Answer {
  const { request } = ctx;
  const { contentType, cacheControl, rest } = headers;
  return finish(
    ctx,
    methodGate(request) ?? okAnswer(request, file.bytes, contentType, cacheControl, rest, file.etag),
    rateLimit,
  );
}

// the site's not-found page: which request gets it, in which language, and its answer (shared with the deployed
// not-found function)
export {
  isApiPath,
  NOT_FOUND_PAGES,
  notFoundPageAnswer,
  notFoundPageLanguage,
  notFoundPageOf,
} from "../http/not-found-page.js";

/** How long the waiting page asks a browser to wait before it asks again (its refresh and Retry-After). */
export const SITE_BUILD_RETRY_SECONDS = 5;

/**
 * What a site path answers while the site is being built (a first start): a small page in both languages, 503 with
 * Retry-After, that reloads itself; the API answers meanwhile.
 */
export function siteBuildingAnswer(pathname: string): Answer {
  const english = isEnglishPath(pathname);
  const sv =
    '<p lang="sv"><strong>Webbplatsen byggs.</strong> Första starten bygger sidorna, vilket tar en stund. Sidan laddas om av sig själv; API:t svarar redan.</p>';
  const en =
    '<p lang="en"><strong>The site is being built.</strong> The first start builds the pages, which takes a while. This page reloads by itself; the API answers already.</p>';
  const body =
    `<!doctype html><html lang="${english ? "en" : "sv"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="refresh" content="${SITE_BUILD_RETRY_SECONDS}"><title>${english ? "The site is being built" : "Webbplatsen byggs"} – ${english ? "Swedish Calendar Service" : "Svensk kalendertjänst"}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${english ? en + sv : sv + en}</body></html>`;
  return htmlAnswer(503, body, { "Retry-After": String(SITE_BUILD_RETRY_SECONDS) });
}
