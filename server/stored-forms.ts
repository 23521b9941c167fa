/**
 * Compressed forms of the publish folder's files, written at build time (build/precompress.ts) and served by the
 * standalone server as they are stored (./files.ts). They live outside the publish folder, in STORED_FOLDER beside
 * it, mirroring its paths (public/api/index.html → .compressed/public/api/index.html.br-gz), so the deploy never
 * uploads them and no URL names them.
 *
 * One stored file per source holds both codings: a first line of JSON (StoredHeader: the source's ETag, size and
 * mtime as the build saw them, and the byte lengths of the two forms), then the brotli bytes, then the gzip bytes.
 * The server uses a stored file only when its ETag is the source's current ETag (a hash of its bytes), so a source
 * changed after the build is never answered with the old compressed bytes.
 */
import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";

/** The folder beside a publish folder that holds its stored forms (one per publish folder, under its name). */
export const STORED_FOLDER = ".compressed";

/** What a stored file's name adds to its source's. */
export const STORED_SUFFIX = ".br-gz";

/** The longest first line a stored file may have. */
const MAX_HEADER_BYTES = 1024;

/** Where the stored forms of a publish folder's files live: `<parent>/.compressed/<publish folder's name>`. */
export function storedFolderOf(publish: string): string {
  return join(dirname(publish), STORED_FOLDER, basename(publish));
}

/** The stored file of a source file (an absolute path inside `publish`). */
export function storedPathOf(publish: string, source: string): string {
  return join(storedFolderOf(publish), relative(publish, source) + STORED_SUFFIX);
}

/** What a stored file says about its source and its forms. */
export interface StoredHeader {
  /** the source's strong ETag (contract/serialize.ts etagOf) */
  etag: string;
  size: number;
  mtimeMs: number;
  /** the byte lengths of the brotli form and the gzip form, in that order after the header */
  br: number;
  gzip: number;
}

export interface StoredForms {
  header: StoredHeader;
  br: Uint8Array;
  gzip: Uint8Array;
  /** the stored file's bytes (both forms and the header: what keeping it costs) */
  bytes: number;
}

/** A stored file's bytes: the header line, the brotli form, the gzip form. */
export function storedFileOf(
  source: { etag: string; size: number; mtimeMs: number },
  br: Uint8Array,
  gzip: Uint8Array,
): Buffer {
  const header: StoredHeader = {
    etag: source.etag,
    size: source.size,
    mtimeMs: source.mtimeMs,
    br: br.byteLength,
    gzip: gzip.byteLength,
  };
  return Buffer.concat([Buffer.from(JSON.stringify(header) + "\n"), br, gzip]);
}

/** The header of a stored file's first bytes, or undefined when they hold none. */
export function parseStoredHeader(start: Uint8Array): { header: StoredHeader; length: number } | undefined {
  const newline = start.indexOf(0x0a);
  if (newline <= 0 || newline > MAX_HEADER_BYTES) return undefined;
  try {
    const header = JSON.parse(Buffer.from(start.buffer, start.byteOffset, newline).toString("utf8")) as StoredHeader;
    const counts = [header.size, header.mtimeMs, header.br, header.gzip];
    if (typeof header.etag !== "string" || !counts.every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0))
      return undefined;
    return { header, length: newline + 1 };
  } catch {
    return undefined;
  }
}

/** A stored file's forms, or undefined when its bytes are not a whole stored file. */
export function parseStored(file: Buffer): StoredForms | undefined {
  const parsed = parseStoredHeader(file.subarray(0, MAX_HEADER_BYTES + 1));
  if (!parsed) return undefined;
  const { header, length } = parsed;
  if (length + header.br + header.gzip !== file.byteLength || header.br === 0 || header.gzip === 0) return undefined;
  return {
    header,
    br: file.subarray(length, length + header.br),
    gzip: file.subarray(length + header.br),
    bytes: file.byteLength,
  };
}

/**
 * The stored forms of a source whose bytes have this ETag and size, or undefined when none is stored, it is of other
 * bytes (the source changed after the build), it is not whole, or it is over `maxBytes`.
 */
export async function readStoredForms(
  path: string,
  etag: string,
  size: number,
  maxBytes: number,
): Promise<StoredForms | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch {
    return undefined; // none stored: the common case of a production install or a dataset built without the step
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    // a buffer of its own: the forms cached from it must not hold a shared pool slab alive
    const file = Buffer.allocUnsafeSlow(stats.size);
    const { bytesRead } = await handle.read(file, 0, stats.size, 0);
    const forms = parseStored(file.subarray(0, bytesRead));
    return forms && forms.header.etag === etag && forms.header.size === size ? forms : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => {});
  }
}
