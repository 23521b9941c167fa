/**
 * Atomic file writes: the bytes go to a temporary file in a staging folder outside the publish tree, then
 * rename() puts them at the served path in one step. An interrupted build leaves either the old file or the new
 * one at a served path, never a half-written one; leftovers stay in the staging folder, which is not published
 * and is cleared by the next build.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { threadId } from "node:worker_threads";

export const STAGING_PREFIX = "dataset-build-";

/** The staging root of a publish folder: `<parent>/.tmp`, on the same file system so rename() is atomic. */
export function stagingRoot(out: string): string {
  return join(dirname(out), ".tmp");
}

/** A fresh staging folder for this process; stale ones of dead processes are removed. */
export function createStaging(out: string): string {
  const root = stagingRoot(out);
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const pid = Number(name.slice(STAGING_PREFIX.length));
    if (pid === process.pid || !isAlive(pid)) rmSync(join(root, name), { recursive: true, force: true });
  }
  const dir = join(root, STAGING_PREFIX + process.pid);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
  try {
    // the .tmp root goes too when nothing else uses it
    const root = dirname(staging);
    if (readdirSync(root).length === 0) rmSync(root, { recursive: true, force: true });
  } catch {
    /* already gone */
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Writes files atomically through one staging folder; remembers the folders it has created. */
export class AtomicWriter {
  private readonly madeDirs = new Set<string>();
  private counter = 0;

  constructor(
    private readonly staging: string,
    /** test hook: called with the temporary path after its bytes are written, before the rename */
    private readonly beforeRename?: (tempPath: string, target: string) => void,
  ) {}

  write(target: string, bytes: Uint8Array | string): void {
    const dir = dirname(target);
    if (!this.madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.madeDirs.add(dir);
    }
    const temp = join(this.staging, `${threadId}-${this.counter++}`);
    try {
      writeFileSync(temp, bytes);
      this.beforeRename?.(temp, target);
      renameSync(temp, target);
    } catch (error) {
      if (existsSync(temp)) unlinkSync(temp);
      throw error;
    }
  }
}
