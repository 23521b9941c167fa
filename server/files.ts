/**
 * Files of the publish folder for the standalone server: safe resolution of a request path to a file under the
 * folder, and a bounded in-memory cache of file bytes and their strong ETag (revalidated by stat() at most once a
 * second per file, so a rebuild of the dataset or the site is seen within a second). A file's compressed forms
 * stored at build time (./stored-forms.ts) are read with it when they are of its current bytes, kept with it (and
 * counted in the cache's bytes), and given to ./compress.ts so that it is never compressed here.
 */
import { type Stats, statSync } from "node:fs";
import { readFile, realpath } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { LRUCache } from "lru-cache";
import { etagOf } from "../contract/serialize.js";
import { adoptForms, COMPRESS_MIN_BYTES } from "./compress.js";
import { MEMO_KEY_LENGTH } from "./memo.js";
import { readStoredForms, storedFolderOf, storedPathOf } from "./stored-forms.js";

/** How long a file's stat() result is trusted (a rebuild is seen within this time). */
export const STAT_TTL_MS = 1000;
const MAX_STATS = 20_000;

/** Names in the publish folder that are configuration for the platform, never content. */
const PLATFORM_FILES = new Set(["_redirects", "_headers"]);

/**
 * The absolute path under `root` that a URL pathname names, or undefined when it names nothing servable: the
 * pathname is decoded once, and then any empty-named, dot-led (`.`, `..`, dotfiles), backslash or NUL segment, or
 * a platform file (`_redirects`, `_headers`), refuses the request. The result is checked to lie inside `root`.
 */
export function resolvePublicPath(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith("/")) return undefined;
  const segments = decoded.slice(1).split("/");
  const last = segments.length - 1;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s === "" && i !== last) return undefined; // `//`: not a path the site uses
    if (s.startsWith(".") || s.includes("\\") || s.includes("\0")) return undefined;
    if (PLATFORM_FILES.has(s)) return undefined;
  }
  const absolute = resolve(root, ...segments);
  if (absolute !== root && !absolute.startsWith(root + sep)) return undefined;
  return absolute;
}

export interface CachedFile {
  /** the file's absolute path (a directory's index.html when the request named the directory) */
  path: string;
  bytes: Buffer;
  etag: string;
}

interface Entry extends CachedFile {
  mtimeMs: number;
  size: number;
  ino: number;
  /** the bytes of its stored compressed forms cached with it (0: none) */
  storedBytes: number;
}

/** stat() that answers undefined for a missing or unreadable path. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * A bounded cache of file bytes and ETags: at most `maxBytes` in all, no file over `maxFileBytes`, the least recently
 * used out first (`lru-cache`, bounded by size); and stat() results, each trusted for STAT_TTL_MS, at most MAX_STATS.
 */
export class PublicFiles {
  readonly root: string;
  private realRoot: string | undefined;
  private readonly entries: LRUCache<string, Entry>;
  private readonly maxFileBytes: number;
  /** where the stored compressed forms of the folder's files are looked for (undefined: not at all) */
  readonly storedRoot: string | undefined;
  /** a stat() result, boxed (a missing file is `{ info: undefined }`, and lru-cache keeps no undefined value) */
  private readonly stats = new LRUCache<string, { info: Stats | undefined }>({ max: MAX_STATS, ttl: STAT_TTL_MS });

  constructor(root: string, options: { maxBytes?: number; maxFileBytes?: number; storedForms?: boolean } = {}) {
    this.root = resolve(root);
    this.maxFileBytes = options.maxFileBytes ?? 8 * 1024 * 1024;
    this.storedRoot = options.storedForms === false ? undefined : storedFolderOf(this.root);
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      maxEntrySize: this.maxFileBytes,
      // an empty file still takes a place (lru-cache counts sizes from 1); stored forms cached with a file count too
      sizeCalculation: (entry) => Math.max(1, entry.size + entry.storedBytes),
    });
  }

  /** The file a pathname names (a directory: its index.html), or undefined when there is none to serve. */
  async get(pathname: string): Promise<CachedFile | undefined> {
    const target = resolvePublicPath(this.root, pathname);
    if (!target) return undefined;
    let path = target;
    let info = this.stat(path);
    if (info?.isDirectory()) {
      path = join(path, "index.html");
      info = this.stat(path);
    }
    if (!info?.isFile()) return undefined;
    const cached = this.entries.get(path); // most recently used now
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size && cached.ino === info.ino)
      return cached;
    if (!(await this.insideRoot(path))) return undefined;
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes) return undefined;
    const etag = etagOf(bytes);
    const entry: Entry = {
      path,
      bytes,
      etag,
      mtimeMs: info.mtimeMs,
      size: info.size,
      ino: info.ino,
      storedBytes: 0,
    };
    // only when the file and its forms can be kept together: else the file is kept (or not) as it is
    if (
      this.storedRoot !== undefined &&
      bytes.byteLength >= COMPRESS_MIN_BYTES &&
      bytes.byteLength < this.maxFileBytes
    ) {
      const stored = await readStoredForms(
        storedPathOf(this.root, path),
        etag,
        bytes.byteLength,
        this.maxFileBytes - bytes.byteLength,
      );
      if (stored) {
        adoptForms(bytes, stored);
        entry.storedBytes = stored.bytes;
      }
    }
    // a file over maxFileBytes is not kept (and what was kept for its path goes)
    this.entries.set(path, entry);
    return entry;
  }

  /**
   * stat() synchronously (from the page cache it takes microseconds, while a round trip through libuv's thread pool
   * per request costs throughput under load), remembered for STAT_TTL_MS: a rebuilt file is seen within a second.
   * A missing file is the common case (a date outside the days window) and must not throw. A path longer than the
   * folder plus MEMO_KEY_LENGTH is looked at every time (memory stays bounded whatever the requests).
   */
  private stat(path: string): Stats | undefined {
    if (path.length > this.root.length + MEMO_KEY_LENGTH) return statOf(path);
    const known = this.stats.get(path);
    if (known) return known.info;
    const info = statOf(path);
    this.stats.set(path, { info });
    return info;
  }

  /** A symbolic link inside the folder must not lead out of it. */
  private async insideRoot(path: string): Promise<boolean> {
    this.realRoot ??= await realpath(this.root).catch(() => this.root);
    const real = await realpath(path).catch(() => undefined);
    return real?.startsWith(this.realRoot + sep) === true;
  }
}
