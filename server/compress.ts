/**
 * Compressed answers of the standalone server, which has no CDN in front of it to compress (on Netlify the CDN does;
 * the functions answer uncompressed). Which answers, the negotiation, the per-coding ETags, what a cached body costs:
 * docs/http-layer.md#compression-standalone-server, where every value declared here is explained.
 */
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type ZlibOptions,
} from "node:zlib";

/** Bodies below this many bytes are sent as they are: compressing them saves next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/** brotli's quality (0–11) and gzip's level (1–9): fast enough to compress per request, most of the gain. */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = 6;

/** Bodies above this many bytes are compressed on libuv's thread pool, not on the event loop (the site's largest scripts). */
const SYNC_MAX_BYTES = 128 * 1024;

/** Media types compressed: text, JSON (problem documents, the OpenAPI document), JavaScript, XML (the Atom feed), SVG. */
export const COMPRESSIBLE_TYPES: readonly string[] = [
  "text/*",
  "application/json",
  "application/*+json",
  "application/javascript",
  "application/xml",
  "application/*+xml",
  "image/svg+xml",
];

/** The codings the server sends, as Content-Encoding names them. */
export type Coding = "br" | "gzip" | "identity";

/** What each coding's ETag carries inside its quotes after the identity ETag's opaque part. */
export const ETAG_SUFFIXES: Readonly<Record<Exclude<Coding, "identity">, string>> = { br: "-br", gzip: "-gz" };

const exactTypes = new Set(COMPRESSIBLE_TYPES.filter((t) => !t.includes("*")));
const suffixes = COMPRESSIBLE_TYPES.filter((t) => t.includes("/*+")).map((t) => t.slice(t.indexOf("*") + 1));
const prefixes = COMPRESSIBLE_TYPES.filter((t) => t.endsWith("/*")).map((t) => t.slice(0, -1));

/** Is an answer of this Content-Type compressed (when its body is large enough)? */
export function compressibleType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(";");
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  if (exactTypes.has(type)) return true;
  if (!type.startsWith("application/") && !type.startsWith("image/")) return prefixes.some((p) => type.startsWith(p));
  return suffixes.some((s) => type.endsWith(s));
}

/** Can an answer with these headers and this many body bytes be sent in more than one coding? */
export function varies(headers: Readonly<Record<string, string>>, length: number): boolean {
  return (
    length >= COMPRESS_MIN_BYTES &&
    headers["Content-Encoding"] === undefined &&
    compressibleType(headers["Content-Type"])
  );
}

/** A weight (`q=`) as RFC 9110 §12.4.2 writes it, or NaN. */
function weightOf(text: string): number {
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : NaN;
}

/**
 * The coding an Accept-Encoding value prefers among br, gzip and identity: the highest weight wins, brotli on a tie,
 * then gzip, then identity. Names are read case-insensitively, `x-gzip` is gzip, `*` stands for every coding not
 * named; identity is acceptable unless `identity;q=0` (or `*;q=0` without identity) excludes it, and when not named
 * (nor `*`) it weighs as little as the lightest member listed, so `gzip;q=0.5` still asks for gzip. No field: identity.
 * A member with an unreadable weight is ignored, and so are codings the server does not send. When nothing acceptable
 * is left (`identity;q=0, *;q=0`), the body is sent as it is (RFC 9110 allows a 406; clients do better with this).
 */
export function negotiate(header: string | string[] | undefined): Coding {
  if (header === undefined) return "identity";
  const text = Array.isArray(header) ? header.join(",") : header;
  let br: number | undefined;
  let gz: number | undefined;
  let identity: number | undefined;
  let any: number | undefined;
  let lightest = 1;
  for (const member of text.split(",")) {
    const parts = member.split(";");
    const name = parts[0].trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (let i = 1; i < parts.length; i++) {
      const eq = parts[i].indexOf("=");
      if (eq !== -1 && parts[i].slice(0, eq).trim().toLowerCase() === "q") q = weightOf(parts[i].slice(eq + 1).trim());
    }
    if (Number.isNaN(q)) continue;
    if (q > 0) lightest = Math.min(lightest, q);
    if (name === "br") br ??= q;
    else if (name === "gzip" || name === "x-gzip") gz ??= q;
    else if (name === "identity") identity ??= q;
    else if (name === "*") any ??= q;
  }
  const qBr = br ?? any ?? 0;
  const qGz = gz ?? any ?? 0;
  const qIdentity = identity ?? any ?? lightest;
  const best = Math.max(qBr, qGz);
  if (best > 0 && best >= qIdentity) return qBr === best ? "br" : "gzip";
  return "identity";
}

/** The ETag of a coding's form of an answer whose identity ETag is `etag` (weak stays weak). */
export function etagFor(etag: string, coding: Coding): string {
  if (coding === "identity" || !etag.endsWith('"')) return etag;
  return etag.slice(0, -1) + ETAG_SUFFIXES[coding] + '"';
}

/** `Vary` with Accept-Encoding added to what it says already. */
export function withVary(vary: string | undefined): string {
  if (vary === undefined || vary.trim() === "") return "Accept-Encoding";
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}

let compressions = 0;
/** How many bodies have been compressed since the process started (tests: a cached body is compressed once). */
export const compressionCount = (): number => compressions;

const brotliOptions = (length: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: length,
  },
});
const gzipOptions: ZlibOptions = { level: GZIP_LEVEL };

function compressNow(body: Uint8Array, coding: Exclude<Coding, "identity">): Uint8Array | Promise<Uint8Array> {
  compressions++;
  if (body.byteLength <= SYNC_MAX_BYTES)
    return coding === "br" ? brotliCompressSync(body, brotliOptions(body.byteLength)) : gzipSync(body, gzipOptions);
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
    if (coding === "br") brotliCompress(body, brotliOptions(body.byteLength), done);
    else gzip(body, gzipOptions, done);
  });
}

/** The compressed forms of bodies the server keeps, for as long as it keeps the bodies (a file's bytes, a cached answer's). */
const forms = new WeakMap<
  Uint8Array,
  { br?: Uint8Array | Promise<Uint8Array>; gzip?: Uint8Array | Promise<Uint8Array> }
>();

/**
 * A body in a coding. A text is compressed each time (a computed answer); bytes are compressed once per coding and
 * the result kept with them (a file's or a cached answer's bytes are the same object on every request). A body above
 * SYNC_MAX_BYTES is compressed off the event loop (a promise, shared by the requests that wait for it).
 */
export function encoded(
  body: string | Uint8Array,
  coding: Exclude<Coding, "identity">,
): Uint8Array | Promise<Uint8Array> {
  if (typeof body === "string") return compressNow(Buffer.from(body, "utf8"), coding);
  let known = forms.get(body);
  if (!known) forms.set(body, (known = {}));
  const cached = known[coding];
  if (cached) return cached;
  const made = compressNow(body, coding);
  known[coding] = made;
  if (made instanceof Promise) {
    const into = known;
    made.then(
      (bytes) => (into[coding] = bytes),
      () => (into[coding] = undefined),
    );
  }
  return made;
}

/** Gives bytes the server keeps their compressed forms made elsewhere (stored at build time): encoded() returns them. */
export function adoptForms(body: Uint8Array, made: { br: Uint8Array; gzip: Uint8Array }): void {
  forms.set(body, { br: made.br, gzip: made.gzip });
}
