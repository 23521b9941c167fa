/**
 * The materialiser (`npm run build:data`, options in USAGE below): every answer that can be known in advance, written
 * into the publish folder so the CDN answers it without a function (docs/static-dataset.md). The plan is checked
 * before anything is written (build/plan.ts), since Netlify would not deploy a directory over its file limit; the
 * index and the manifest go last, so a reader never sees them name a file not yet written.
 */

import { mkdirSync, readdirSync, readFileSync, unlinkSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { SingleBar } from "cli-progress";
import { dayFromCivil, FIRST_YEAR, LAST_YEAR, parseIsoDate, toIsoDate } from "swedish-calendar/core";
import { AtomicWriter, createStaging, removeStaging } from "./atomic.js";
import { readCommandLine } from "./command-line.js";
import { defaultDaysWindow } from "./deployed.js";
import { contentHashOf, datasetManifest, datasetManifestBody } from "./generate.js";
import {
  type FileKind,
  INDEX_PARTS_FOLDER,
  INDEX_PATH,
  type KindSummary,
  MANIFEST_PATH,
  type Manifest,
} from "./layout.js";

export type { KindSummary, Manifest };

import { assertDeployable, type DaysWindow, DeployLimitError, planTasks, widestDaysWindow } from "./plan.js";
import { DATASET_MIN_BYTES, datasetBrotliQuality, precompressForServer } from "./precompress.js";
import { type FileEntry, indexOfEntries, processTask, readIndex, type Task } from "./process.js";
import type { WorkerData, WorkerMessage } from "./worker.js";

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULT_OUT = join(PROJECT_ROOT, "public");
export { DAYS_WINDOW_RADIUS, defaultDaysWindow } from "./deployed.js";

export type { DaysWindow };

export interface BuildOptions {
  out?: string;
  fromYear?: number;
  toYear?: number;
  /** day numbers, inclusive; null = no per-date files; undefined = current Stockholm year ± 2 */
  days?: DaysWindow | null;
  /** worker threads; 0 = in this thread */
  workers?: number;
  progress?: boolean;
  log?: (line: string) => void;
  /** test hook for the in-thread path (workers: 0) */
  beforeRename?: (tempPath: string, target: string) => void;
}

export interface BuildResult {
  manifest: Manifest;
  files: number;
  written: number;
  removed: number;
  bytes: number;
  bytesWritten: number;
  seconds: number;
  changed: boolean;
  /** the publish folder's top-level entries the dataset's files are in (what the compressed forms step looks at) */
  entries: string[];
  /** the dataset's files of at least DATASET_MIN_BYTES (those the compressed forms step stores), relative to the folder */
  largeFiles: string[];
}

/** Reads `--days`: `Y1:Y2`, `D1:D2` (ISO dates), `max`, `all` or `none`. */
export function parseDaysWindow(text: string): DaysWindow | null {
  if (text === "none") return null;
  if (text === "max") return widestDaysWindow();
  if (text === "all") return { first: dayFromCivil(FIRST_YEAR, 1, 1), last: dayFromCivil(LAST_YEAR, 12, 31) };
  const [a, b = a] = text.split(":");
  const bound = (value: string, end: boolean) => {
    if (/^\d{4}$/.test(value)) {
      const year = Math.min(LAST_YEAR, Math.max(FIRST_YEAR, +value));
      return end ? dayFromCivil(year, 12, 31) : dayFromCivil(year, 1, 1);
    }
    return parseIsoDate(value, "--days");
  };
  const window = { first: bound(a, false), last: bound(b, true) };
  if (window.last < window.first) throw new Error(`--days ${text}: the window ends before it starts`);
  return window;
}

/** Worker threads run the TypeScript sources through tsx (registered by the entry module), as the main thread does. */
function workerUrl(): URL {
  return new URL("./worker-entry.mjs", import.meta.url);
}

async function runTasks(
  tasks: Task[],
  workers: number,
  data: WorkerData,
  onProgress: (done: number, written: number) => void,
  beforeRename?: BuildOptions["beforeRename"],
): Promise<FileEntry[]> {
  const results: FileEntry[][] = [];
  if (workers <= 0) {
    const writer = new AtomicWriter(data.staging, beforeRename);
    const previous = readIndex(data.out);
    for (const task of tasks) results.push(processTask(task, { out: data.out, writer, previous, onProgress }));
    return results.flat();
  }
  const queue = [...tasks];
  const pool = Array.from(
    { length: Math.min(workers, tasks.length) },
    () => new Worker(workerUrl(), { workerData: data }),
  );
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolvePool, reject) => {
            const next = () => {
              const task = queue.shift();
              if (task) worker.postMessage(task);
              else resolvePool();
            };
            worker.on("message", (message: WorkerMessage) => {
              if (message.type === "progress") onProgress(message.done, message.written);
              else if (message.type === "done") {
                results.push(message.entries);
                next();
              } else reject(new Error(message.message));
            });
            worker.on("error", reject);
            worker.on("exit", (code) => {
              if (code !== 0) reject(new Error(`build worker exited with code ${code}`));
            });
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results.flat();
}

/** Writes a small file atomically unless its bytes are already there. Returns whether it wrote. */
function writeIfChanged(
  writer: AtomicWriter,
  absolute: string,
  body: string,
  previousHash: string | undefined,
): boolean {
  const hash = contentHashOf(body);
  if (previousHash === hash) return false;
  mkdirSync(dirname(absolute), { recursive: true });
  writer.write(absolute, body);
  return true;
}

function currentHash(absolute: string): string | undefined {
  try {
    return contentHashOf(readFileSync(absolute, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Removes the index parts in `out` that this build did not write (those of years or dates a previous build had and
 * this one has not), found in their folder rather than in the previous root, which an interrupted build may not have
 * rewritten. Returns how many it removed.
 */
function removeStaleParts(out: string, parts: ReadonlyMap<string, string>): number {
  let names: string[];
  try {
    names = readdirSync(join(out, INDEX_PARTS_FOLDER));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = `${INDEX_PARTS_FOLDER}/${name}`;
    if (!name.endsWith(".json") || parts.has(path)) continue;
    try {
      unlinkSync(join(out, path));
      removed++;
    } catch {
      /* already gone */
    }
  }
  return removed;
}

export async function materialise(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const out = resolve(options.out ?? DEFAULT_OUT);
  const fromYear = options.fromYear ?? FIRST_YEAR;
  const toYear = options.toYear ?? LAST_YEAR;
  if (!(FIRST_YEAR <= fromYear && fromYear <= toYear && toYear <= LAST_YEAR)) {
    throw new Error(`the year range must lie in ${FIRST_YEAR}..${LAST_YEAR}: got ${fromYear}..${toYear}`);
  }
  const days = options.days === undefined ? defaultDaysWindow() : options.days;
  const workers = options.workers ?? availableParallelism();
  const log = options.log ?? ((line: string) => process.stderr.write(line + "\n"));
  // first, before anything is written: a deploy Netlify would refuse is not built
  assertDeployable({ fromYear, toYear, days });

  mkdirSync(out, { recursive: true });
  const staging = createStaging(out);
  const indexPath = join(out, INDEX_PATH);
  const manifestPath = join(out, MANIFEST_PATH);
  const previous = readIndex(out);
  const { tasks, total } = planTasks({ fromYear, toYear, days });

  const bar = options.progress
    ? new SingleBar({
        format:
          "dataset {bar} {percentage}% | {value}/{total} files | {written} written | {duration_formatted} elapsed | ETA {eta_formatted}",
        etaBuffer: 200,
        fps: 5,
        hideCursor: true,
        noTTYOutput: !process.stderr.isTTY,
        notTTYSchedule: 5000,
      })
    : undefined;
  let written = 0;
  bar?.start(total, 0, { written: 0 });
  let entries: FileEntry[];
  try {
    entries = await runTasks(
      tasks,
      workers,
      { out, staging },
      (done, w) => {
        written += w;
        bar?.increment(done, { written });
      },
      options.beforeRename,
    );
  } catch (error) {
    bar?.stop();
    removeStaging(staging);
    throw error;
  }
  bar?.stop();

  // files of the previous build that this one does not plan (e.g. days outside a moved window)
  const planned = new Set(entries.map((e) => e[0]));
  let removed = 0;
  for (const path of previous.keys()) {
    if (planned.has(path)) continue;
    try {
      unlinkSync(join(out, path));
      removed++;
    } catch {
      /* already gone */
    }
  }

  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const kinds: Partial<Record<FileKind, { files: number; bytes: number; lines: string[] }>> = {};
  let bytes = 0;
  let bytesWritten = 0;
  for (const [path, hash, size, kind, w] of entries) {
    bytes += size;
    if (w) bytesWritten += size;
    const k = (kinds[kind] ??= { files: 0, bytes: 0, lines: [] });
    k.files++;
    k.bytes += size;
    k.lines.push(`${path} ${hash}\n`);
  }
  const kindSummaries: Partial<Record<FileKind, KindSummary>> = {};
  for (const [kind, k] of Object.entries(kinds) as [FileKind, { files: number; bytes: number; lines: string[] }][]) {
    kindSummaries[kind] = { files: k.files, bytes: k.bytes, contentHash: contentHashOf(k.lines.join("")) };
  }
  const index = indexOfEntries(entries);
  const manifest = datasetManifest({
    years: { from: fromYear, to: toYear },
    days: days ? { from: toIsoDate(days.first), to: toIsoDate(days.last) } : null,
    files: entries.length,
    bytes,
    contentHash: contentHashOf(entries.map((e) => `${e[0]} ${e[1]}\n`).join("")),
    kinds: kindSummaries,
  });
  const manifestBody = datasetManifestBody(manifest);
  const writer = new AtomicWriter(staging);
  // the parts first, then the root that links them, so a client following the root finds the parts it names; the
  // parts no longer linked go after the root, the manifest (what health and the standalone server read) last
  let indexChanged = false;
  for (const [path, body] of index.parts) {
    const absolute = join(out, path);
    if (writeIfChanged(writer, absolute, body, currentHash(absolute))) indexChanged = true;
  }
  if (writeIfChanged(writer, indexPath, index.root, currentHash(indexPath))) indexChanged = true;
  if (removeStaleParts(out, index.parts) > 0) indexChanged = true;
  const manifestWritten = writeIfChanged(writer, manifestPath, manifestBody, currentHash(manifestPath));
  removeStaging(staging);

  const seconds = (performance.now() - started) / 1000;
  const changed = written > 0 || removed > 0 || indexChanged || manifestWritten;
  const topLevel = [
    ...new Set([...entries.map((e) => e[0]), INDEX_PATH, MANIFEST_PATH].map((path) => path.split("/")[0])),
  ].sort();
  const largeFiles = entries.filter((e) => e[2] >= DATASET_MIN_BYTES).map((e) => e[0]);
  for (const [path, body] of [...index.parts, [INDEX_PATH, index.root], [MANIFEST_PATH, manifestBody]])
    if (Buffer.byteLength(body) >= DATASET_MIN_BYTES) largeFiles.push(path);
  const result: BuildResult = {
    manifest,
    files: entries.length,
    written,
    removed,
    bytes,
    bytesWritten,
    seconds,
    changed,
    entries: topLevel,
    largeFiles,
  };
  log(summaryLine(result, out));
  return result;
}

export function summaryLine(r: BuildResult, out: string): string {
  const mb = (n: number) => (n / 1e6).toFixed(1) + " MB";
  if (!r.changed) {
    return `dataset: no changes: ${r.files} files (${mb(r.bytes)}) in ${out} are up to date (${r.seconds.toFixed(1)} s)`;
  }
  return (
    `dataset: ${r.written} of ${r.files} files written (${mb(r.bytesWritten)} of ${mb(r.bytes)}), ${r.removed} removed, ` +
    `in ${out} (${r.seconds.toFixed(1)} s); data version ${r.manifest.dataVersion}`
  );
}

const USAGE = `tsx build/materialise.ts [--out public] [--from ${FIRST_YEAR}] [--to ${LAST_YEAR}] [--days Y1:Y2|D1:D2|max|all|none] [--workers N] [--quiet]`;

/**
 * The command line, read by Node's `util.parseArgs` (strict: an unknown option, a missing value or an argument of
 * its own is refused with parseArgs' message). Of `--quiet` and `--progress` the last one given counts.
 */
function readOptions(argv: string[]): BuildOptions | "help" {
  const { values, tokens } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      days: { type: "string" },
      workers: { type: "string" },
      quiet: { type: "boolean" },
      progress: { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
    allowPositionals: false,
    tokens: true,
  });
  if (values.help) return "help";
  const year = (flag: string, v: string) => {
    if (!/^\d{4}$/.test(v)) throw new Error(`--${flag} must be a four-digit year`);
    return +v;
  };
  const loudness = tokens
    .flatMap((t) => (t.kind === "option" && (t.name === "quiet" || t.name === "progress") ? [t.name] : []))
    .at(-1);
  const options: BuildOptions = { progress: loudness !== "quiet" };
  if (values.out !== undefined) options.out = values.out;
  if (values.from !== undefined) options.fromYear = year("from", values.from);
  if (values.to !== undefined) options.toYear = year("to", values.to);
  if (values.days !== undefined) options.days = parseDaysWindow(values.days);
  if (values.workers !== undefined) options.workers = Number(values.workers);
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const options = readCommandLine("dataset build", USAGE, () => readOptions(process.argv.slice(2)));
  if (options === "help") {
    process.stdout.write(`usage: ${USAGE}\n`);
    process.exit(0);
  }
  materialise(options)
    // the standalone server's compressed forms of the files (build/precompress.ts): only those that changed are compressed
    .then((result) =>
      precompressForServer(
        {
          out: options.out ?? DEFAULT_OUT,
          entries: result.entries,
          files: result.largeFiles,
          minBytes: DATASET_MIN_BYTES,
          brotliQuality: datasetBrotliQuality,
        },
        (line) => process.stderr.write(line + "\n"),
      ),
    )
    .catch((error) => {
      // a refused plan is a clear answer, not a crash: its message says what to do
      const text = error instanceof DeployLimitError ? error.message : ((error as Error)?.stack ?? error);
      process.stderr.write(`dataset build failed: ${text}\n`);
      process.exit(1);
    });
}
