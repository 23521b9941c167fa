/**
 * Compresses the publish folder's files once, at build time, at a quality the server cannot afford per request, for
 * the standalone server (server/stored-forms.ts reads them). Which files, where they go, how a rebuild skips
 * what is unchanged, and why the dataset's small files are left out: docs/http-layer.md#compressed-at-build-time.
 *
 *   tsx build/precompress.ts [--out public] [--dataset] [ENTRY...]   (--dataset: the dataset's size floor and quality)
 */
import type { Dirent } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { mkdir, open, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import mime from "mime-types";
import { etagOf } from "../contract/serialize.js";
import { COMPRESS_MIN_BYTES, compressibleType } from "../server/compress.js";
import { parseStored, parseStoredHeader, STORED_SUFFIX, storedFileOf, storedFolderOf } from "../server/stored-forms.js";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** gzip's level for stored forms: its best (a few ms for the largest site file). */
export const STORED_GZIP_LEVEL = 9;

/**
 * brotli's quality for the site's files: its best (11) up to SITE_MAX_QUALITY_BYTES, 10 above (the 1.59 MB API
 * reference script: 4.0 s at 11, 1.6 s at 10 for 1.5 % more bytes; the rest of the site takes about 1.5 s at 11).
 */
export const SITE_MAX_QUALITY_BYTES = 1024 * 1024;
export const siteBrotliQuality = (size: number): number => (size <= SITE_MAX_QUALITY_BYTES ? 11 : 10);

/**
 * The dataset's files stored: only those of at least DATASET_MIN_BYTES (the index parts and the OpenAPI document, 82
 * files, 19 MB), at brotli quality 9. All 81,700 files of at least COMPRESS_MIN_BYTES (980 MB) took 196 s at quality
 * 5 on a loaded 2-core machine, 26 s more on every build that changed nothing, and 425 MB of disk, to save the server
 * well under a millisecond the first time each small file is asked for (docs/http-layer.md, Compression).
 */
export const DATASET_MIN_BYTES = 64 * 1024;
export const DATASET_BROTLI_QUALITY = 9;
export const datasetBrotliQuality = (): number => DATASET_BROTLI_QUALITY;

/** The environment variable Netlify's build sets (to "true"); there the step is skipped. */
export const NETLIFY_BUILD_ENV = "NETLIFY";

export interface PrecompressOptions {
  /** the publish folder */
  out: string;
  /** the folder's top-level entries to look at (their stored files only are removed when stale); default all */
  entries?: readonly string[];
  /** the files to store, relative to `out`, when the caller knows them (the dataset build); default every file of `entries` */
  files?: readonly string[];
  /** the fewest bytes a file stored has; default COMPRESS_MIN_BYTES, the server's */
  minBytes?: number;
  /** brotli's quality for a file of this many bytes; default the site's */
  brotliQuality?: (size: number) => number;
  /** files compressed at once (on libuv's thread pool) */
  concurrency?: number;
}

export interface PrecompressResult {
  /** compressible files at or above the threshold (each has a current stored file afterwards) */
  files: number;
  /** of them, compressed now */
  compressed: number;
  /** of them, unchanged bytes with a new mtime: their stored file's header rewritten, nothing compressed */
  refreshed: number;
  /** stored files removed: their source is gone or is no longer compressed */
  removed: number;
  /** the sources' bytes compressed now, and the stored files' bytes written */
  bytesIn: number;
  bytesOut: number;
  seconds: number;
}

/** Is a file of this name and size compressed by the server (so worth storing)? */
export function storable(name: string, size: number, minBytes = COMPRESS_MIN_BYTES): boolean {
  // by the last segment, as the server types a file (mime-types reads a name with a slash as a type)
  return (
    size >= Math.max(minBytes, COMPRESS_MIN_BYTES) && compressibleType(mime.contentType(basename(name)) || undefined)
  );
}

/** Every regular file under `dir` (dot-led names are never served and are skipped), as paths relative to `root`. */
async function filesUnder(root: string, dir: string, into: string[]): Promise<void> {
  let names: Dirent[];
  try {
    names = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of names) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await filesUnder(root, path, into);
    else if (entry.isFile()) into.push(relative(root, path));
  }
}

/** The first bytes of a stored file, or undefined when there is none. */
async function headerOf(path: string): Promise<ReturnType<typeof parseStoredHeader>> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch {
    return undefined;
  }
  try {
    const start = Buffer.alloc(1025);
    const { bytesRead } = await handle.read(start, 0, start.byteLength, 0);
    return parseStoredHeader(start.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

let temporaries = 0;
const madeFolders = new Set<string>();
/** Writes a file whole or not at all: a temporary name beside it, then rename(). */
async function writeWhole(path: string, bytes: Uint8Array): Promise<void> {
  if (!madeFolders.has(dirname(path))) {
    await mkdir(dirname(path), { recursive: true });
    madeFolders.add(dirname(path));
  }
  const temp = `${path}.${process.pid}-${temporaries++}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Runs `work` on every item, at most `concurrency` at once. */
async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** Removes the files under `dir` that `keep` does not name (relative to `root`), and the folders left empty. */
async function removeOthers(root: string, dir: string, keep: ReadonlySet<string>): Promise<number> {
  let names: Dirent[];
  try {
    names = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of names) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += await removeOthers(root, path, keep);
      await rmdir(path).catch(() => {}); // only when empty
    } else if (!keep.has(relative(root, path))) {
      await unlink(path).catch(() => {});
      removed++;
    }
  }
  return removed;
}

/** Writes the stored forms of the publish folder's compressible files that have none current; see the module's comment. */
export async function precompress(options: PrecompressOptions): Promise<PrecompressResult> {
  const started = performance.now();
  const out = resolve(options.out);
  const storedRoot = storedFolderOf(out);
  const quality = options.brotliQuality ?? siteBrotliQuality;
  const entries =
    options.entries ?? (await readdir(out).catch(() => [] as string[])).filter((name) => !name.startsWith("."));
  const sources: string[] = options.files ? [...options.files] : [];
  if (!options.files)
    for (const entry of entries) {
      const info = await stat(join(out, entry)).catch(() => undefined);
      if (info?.isDirectory()) await filesUnder(out, join(out, entry), sources);
      else if (info?.isFile()) sources.push(entry);
    }
  const result: PrecompressResult = {
    files: 0,
    compressed: 0,
    refreshed: 0,
    removed: 0,
    bytesIn: 0,
    bytesOut: 0,
    seconds: 0,
  };
  const keep = new Set<string>();
  await eachLimited(sources, options.concurrency ?? availableParallelism(), async (path) => {
    const source = join(out, path);
    const info = await stat(source).catch(() => undefined);
    if (!info?.isFile() || !storable(path, info.size, options.minBytes)) return;
    result.files++;
    const storedName = path + STORED_SUFFIX;
    keep.add(storedName);
    const target = join(storedRoot, storedName);
    const known = (await headerOf(target))?.header;
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return;
    const bytes = await readFile(source);
    const etag = etagOf(bytes);
    const current = { etag, size: bytes.byteLength, mtimeMs: info.mtimeMs };
    if (known && known.etag === etag && known.size === bytes.byteLength) {
      // the same bytes copied anew: the forms stand, only the mtime they were checked against moves
      const stored = parseStored(await readFile(target));
      if (stored) {
        await writeWhole(target, storedFileOf(current, stored.br, stored.gzip));
        result.refreshed++;
        return;
      }
    }
    const [br, gz] = await Promise.all([
      brotliAsync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality(bytes.byteLength),
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
      gzipAsync(bytes, { level: STORED_GZIP_LEVEL }),
    ]);
    const file = storedFileOf(current, br, gz);
    await writeWhole(target, file);
    result.compressed++;
    result.bytesIn += bytes.byteLength;
    result.bytesOut += file.byteLength;
  });
  // stored files of sources gone or no longer compressed (and a crashed run's temporaries), within the entries looked at
  if (!options.entries) result.removed += await removeOthers(storedRoot, storedRoot, keep);
  else
    for (const entry of entries) {
      const path = join(storedRoot, entry);
      const info = await stat(path).catch(() => undefined);
      if (info?.isDirectory()) result.removed += await removeOthers(storedRoot, path, keep);
      const file = join(storedRoot, entry + STORED_SUFFIX);
      if (
        !keep.has(entry + STORED_SUFFIX) &&
        (await unlink(file).then(
          () => true,
          () => false,
        ))
      )
        result.removed++;
    }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** The step as the builds run it: skipped on Netlify's build; one summary line. */
export async function precompressForServer(
  options: PrecompressOptions,
  log: (line: string) => void = console.log,
): Promise<PrecompressResult | undefined> {
  if (process.env[NETLIFY_BUILD_ENV] === "true") return undefined;
  const r = await precompress(options);
  const mb = (n: number) => (n / 1e6).toFixed(1) + " MB";
  const where =
    relative(process.cwd(), storedFolderOf(resolve(options.out)))
      .split(sep)
      .join("/") || ".";
  log(
    `compressed forms: ${r.compressed} of ${r.files} files compressed (${mb(r.bytesIn)} to ${mb(r.bytesOut)}), ${r.refreshed} unchanged ` +
      `re-dated, ${r.removed} removed, in ${where}/ (${r.seconds.toFixed(1)} s)`,
  );
  return r;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: "string" }, dataset: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  precompressForServer({
    out: values.out ?? "public",
    entries: positionals.length ? positionals : undefined,
    brotliQuality: values.dataset ? datasetBrotliQuality : siteBrotliQuality,
    minBytes: values.dataset ? DATASET_MIN_BYTES : undefined,
  }).catch((error) => {
    process.stderr.write(`compressed forms: failed: ${(error as Error)?.stack ?? error}\n`);
    process.exit(1);
  });
}
