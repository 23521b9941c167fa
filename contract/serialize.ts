import { hash } from "node:crypto";

/**
 * The one serializer. Every JSON answer, whether a function builds it or the static dataset stores it,
 * goes through these two functions, so both paths give byte-identical bodies and ETags.
 */

/** Compact JSON, field order as the objects were built. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Strong ETag of a body: quoted, the first 22 characters of its SHA-256 in base64url. */
export function etagOf(body: string | Uint8Array): string {
  // crypto.hash (Node 20.12+; the engines range, 22.20+, has it): one call, no Hash object (measured 0.6 µs against 1.4 µs for a day)
  return '"' + hash("sha256", body, "base64url").slice(0, 22) + '"';
}
