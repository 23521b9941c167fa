/**
 * One unit of the build: generate a task's files, compare each with what is already published, write the
 * changed ones atomically. Runs inside a worker thread (build/worker.ts), or in-process with --workers 0.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { etagOf } from "../contract/serialize.js";
import { AtomicWriter } from "./atomic.js";
import {
  dayFilePath, dayFiles, singleFiles, singleFilesPlanned, yearFiles, yearFilesPlanned, type DatasetFile,
} from "./generate.js";
import type { FileKind } from "./layout.js";

export type Task =
  | { type: "years"; from: number; to: number }
  | { type: "days"; first: number; last: number }
  | { type: "singles" };

/** [path, content hash (the ETag value), bytes, kind, written (1) or unchanged (0)] */
export type FileEntry = [path: string, hash: string, bytes: number, kind: FileKind, written: 0 | 1];

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
 * Visits the path of every file taskFiles(task) yields, without computing a body (for the plan, build/plan.ts).
 * A callback, not an iterator: a full-range plan visits millions of Day files and must stay cheap.
 */
export function forEachTaskPath(task: Task, visit: (path: string) => void): void {
  switch (task.type) {
    case "years":
      for (let y = task.from; y <= task.to; y++) for (const file of yearFilesPlanned(y)) visit(file.path);
      return;
    case "days":
      for (let n = task.first; n <= task.last; n++) visit(dayFilePath(n));
      return;
    case "singles":
      for (const file of singleFilesPlanned()) visit(file.path);
      return;
  }
}

export interface ProcessContext {
  out: string;
  writer: AtomicWriter;
  /** content hashes of the previous build (v3/data/index.json), by path */
  previous: ReadonlyMap<string, string>;
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
    entries.push([file.path, hash, bytes.length, file.kind, changed ? 1 : 0]);
    if (++sinceReport === PROGRESS_EVERY) {
      ctx.onProgress?.(sinceReport, written);
      sinceReport = 0;
      written = 0;
    }
  }
  if (sinceReport > 0 || written > 0) ctx.onProgress?.(sinceReport, written);
  return entries;
}

/** Reads the previous build's index (path -> content hash); empty when there is none or it is unreadable. */
export function readIndex(path: string): Map<string, string> {
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as { files?: Record<string, string> };
    return new Map(Object.entries(data.files ?? {}));
  } catch {
    return new Map();
  }
}
