import { etagOf } from "../../data-gen/serialize.js";

import { JSON_CONTENT_TYPE } from "../../contract/policies.js";

/** A request's parsed URL, parsed once per request (the server, the surface and the router all read it). Read only. */
const URLS = new WeakMap<Request, URL>();
export function urlOf(request: Request): URL {
  let url = URLS.get(request);
  if (!url) URLS.set(request, (url = new URL(request.url)));
  return url;
}

export { JSON_CONTENT_TYPE };

/**
 * Does an If-None-Match header match this strong tag? Accepts a list, `*`, and the weak form `W/"..."`
 * (RFC 9110 uses the weak comparison for If-None-Match).
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const raw of header.split(",")) {
    const candidate = raw.trim();
    if (candidate === "*") return true;
    const tag = candidate.startsWith("W/") ? candidate.slice(2) : candidate;
    if (tag === opaque) return true;
  }
  return false;
}

/**
 * A successful answer: strong ETag of the body, 304 without a body when If-None-Match matches
 * (same ETag and Cache-Control), and no body for HEAD. The body is text (a serialised answer) or bytes (a file).
 * `etag` may be given when it is already known (a cached file's); it must be etagOf(body).
 */
export function okResponse(
  request: Request,
  body: string | Uint8Array,
  contentType: string,
  cacheControl: string,
  extraHeaders?: HeadersInit,
  etag: string = etagOf(body),
): Response {
  const headers = new Headers(extraHeaders);
  headers.set("ETag", etag);
  headers.set("Cache-Control", cacheControl);
  if (ifNoneMatchMatches(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", contentType);
  // a Buffer is a Uint8Array over an ArrayBufferLike, which the DOM typings do not list as a body; the runtime accepts it
  return new Response(request.method === "HEAD" ? null : (body as BodyInit), { status: 200, headers });
}
