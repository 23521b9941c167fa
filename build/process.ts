/**
 * One unit of the build: generate a task's files, compare each with what is already published, write the
 * changed ones atomically. Runs inside a worker thread (build/worker.ts), or in-process with --workers 0.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { etagOf } from "../contract/serialize.js";
import type { AtomicWriter } from "./atomic.js";
import {
  type DatasetFile,
  type DatasetIndex,
  datasetIndex,
  dayFilePath,
  dayFiles,
  singleFiles,
  singleFilesPlanned,
  yearFiles,
  yearFilesPlanned,
  yearsOfDays,
} from "./generate.js";
import { type FileKind, INDEX_PATH, indexPartOf } from "./layout.js";

export type Task =
  | { type: "years"; from: number; to: number }
  | { type: "days"; first: number; last: number }
  | { type: "singles" };

/** [path, content hash (the ETag value), bytes, kind, written (1) or unchanged (0), index part (layout.ts indexPartOf)] */
export type FileEntry = [path: string, hash: string, bytes: number, kind: FileKind, written: 0 | 1, part: string];

export function taskFiles(task: Task): Iterable<DatasetFile> {
  switch (task.type) {
    case "years":
      return (function* () {
        for (let y = task.from; y <= task.to; y++) yield* yearFiles(y);
      })();
    case "days":
      return dayFiles(task.first, task.last);
    case "singles":
      return singleFiles();
  }
}

/**
 * Visits the path and year of every file taskFiles(task) yields, without computing a body (for the plan,
 * build/plan.ts). A callback, not an iterator: a full-range plan visits millions of Day files and must stay cheap.
 */
export function forEachTaskPath(task: Task, visit: (path: string, year: number | undefined) => void): void {
  switch (task.type) {
    case "years":
      for (let y = task.from; y <= task.to; y++) for (const file of yearFilesPlanned(y)) visit(file.path, file.year);
      return;
    case "days":
      for (const { year, from, to } of yearsOfDays(task.first, task.last))
        for (let n = from; n <= to; n++) visit(dayFilePath(n), year);
      return;
    case "singles":
      for (const file of singleFilesPlanned()) visit(file.path, file.year);
      return;
  }
}

export interface ProcessContext {
  out: string;
  /** an AtomicWriter; test/build/deploy-limits.test.ts passes one that writes nothing, to measure a full build */
  writer: Pick<AtomicWriter, "write">;
  /** content hashes of the previous build (its index: readIndex), by path */
  previous: Pick<ReadonlyMap<string, string>, "get">;
  onProgress?: (done: number, written: number) => void;
}

const PROGRESS_EVERY = 256;

/**
 * A file is unchanged when the previous index gives it the same content hash and it is still there with the
 * same size; without an index entry, when its current bytes are equal. Unchanged files are not rewritten.
 */
function isUnchanged(absolute: string, bytes: Buffer, hash: string, previous: string | undefined): boolean {
  try {
    if (previous !== undefined) return previous === hash && statSync(absolute).size === bytes.length;
    return readFileSync(absolute).equals(bytes);
  } catch {
    return false;
  }
}

export function processTask(task: Task, ctx: ProcessContext): FileEntry[] {
  const entries: FileEntry[] = [];
  let sinceReport = 0;
  let written = 0;
  for (const file of taskFiles(task)) {
    const bytes = Buffer.from(file.body, "utf8");
    const hash = etagOf(bytes);
    const absolute = join(ctx.out, file.path);
    const changed = !isUnchanged(absolute, bytes, hash, ctx.previous.get(file.path));
    if (changed) {
      ctx.writer.write(absolute, bytes);
      written++;
    }
    entries.push([file.path, hash, bytes.length, file.kind, changed ? 1 : 0, indexPartOf(file.year)]);
    if (++sinceReport === PROGRESS_EVERY) {
      ctx.onProgress?.(sinceReport, written);
      sinceReport = 0;
      written = 0;
    }
  }
  if (sinceReport > 0 || written > 0) ctx.onProgress?.(sinceReport, written);
  return entries;
}

/** The index of a build (build/generate.ts datasetIndex) from its tasks' entries, each file in the part of its year. */
export function indexOfEntries(entries: readonly FileEntry[]): DatasetIndex {
  return datasetIndex(entries.map(([path, hash, , , , part]) => ({ path, hash, part })));
}

/**
 * The content hashes of the files of the build in the publish folder `out`, by path, from its index: the root
 * (layout.ts INDEX_PATH) and the parts it links. Empty when there is no index or it is unreadable; a part that
 * cannot be read leaves its files out (they are then compared byte for byte, and not removed as stale). An index
 * written before it had parts (every file in the root's `files`) is read as well, so the first build after the
 * split still skips unchanged files and removes the ones it no longer plans.
 */
export function readIndex(out: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const root = readJson(join(out, INDEX_PATH)) as
    | { parts?: Record<string, string>; files?: Record<string, string> }
    | undefined;
  const add = (files: Record<string, string> | undefined) => {
    for (const path in files) hashes.set(path, files[path]);
  };
  add(root?.files);
  for (const part in root?.parts)
    add((readJson(join(out, part)) as { files?: Record<string, string> } | undefined)?.files);
  return hashes;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}
