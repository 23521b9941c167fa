/**
 * The log's flush at exit (server/log.ts flushOnceAtExit) on a real pino destination (sonic-boom, as installed): what
 * is buffered is written once when the output takes it, and given up at once, counted as dropped, when it fails
 * (a full disk); never retried. It reads sonic-boom's buffer: an upgrade that keeps it elsewhere fails here.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { droppedLogLines, FLUSH_BYTES, flushOnceAtExit } from "../../server/log.js";

/** A destination like the server's (asynchronous, buffering up to FLUSH_BYTES) on `fd`, holding `lines` not yet written. */
function bufferedOn(fd: number, lines: string[]) {
  const destination = pino.destination({ dest: fd, sync: false, minLength: FLUSH_BYTES, maxWrite: 4 * FLUSH_BYTES });
  // pino's exit hook calls flushSync: this test process must not retry for ever either
  destination.flushSync = () => flushOnceAtExit(destination, false);
  for (const line of lines) destination.write(line);
  return destination;
}

const lines = Array.from({ length: 20 }, (_, i) => JSON.stringify({ level: "info", msg: `line ${i}` }) + "\n");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("the log's flush at exit", () => {
  it("writes what is buffered when the output takes it", () => {
    dir = mkdtempSync(join(tmpdir(), "log-exit-"));
    const file = join(dir, "out.log");
    const fd = openSync(file, "w");
    const destination = bufferedOn(fd, lines);
    const before = droppedLogLines();
    flushOnceAtExit(destination, false);
    closeSync(fd);
    expect(readFileSync(file, "utf8")).toBe(lines.join(""));
    expect(droppedLogLines() - before).toBe(0);
  });

  it("gives up at once on a full disk (ENOSPC), counting every line it drops", () => {
    const fd = openSync("/dev/full", "w");
    const destination = bufferedOn(fd, lines);
    const before = droppedLogLines();
    const started = Date.now();
    flushOnceAtExit(destination, false);
    // sonic-boom's own flushSync retries this every 100 ms, for ever
    expect(Date.now() - started).toBeLessThan(50);
    expect(droppedLogLines() - before).toBe(lines.length);
    // nothing is left to write a second time
    flushOnceAtExit(destination, false);
    expect(droppedLogLines() - before).toBe(lines.length);
    closeSync(fd);
  });

  it("writes the lines not yet handed to SonicBoom after its buffer, once", () => {
    dir = mkdtempSync(join(tmpdir(), "log-exit-"));
    const file = join(dir, "out.log");
    const fd = openSync(file, "w");
    const destination = bufferedOn(fd, lines.slice(0, 12));
    const before = droppedLogLines();
    flushOnceAtExit(destination, false, lines.slice(12));
    flushOnceAtExit(destination, false);
    closeSync(fd);
    expect(readFileSync(file, "utf8")).toBe(lines.join(""));
    expect(droppedLogLines() - before).toBe(0);
  });

  it("counts the lines not yet handed over as dropped on a full disk", () => {
    const fd = openSync("/dev/full", "w");
    const destination = bufferedOn(fd, lines.slice(0, 5));
    const before = droppedLogLines();
    flushOnceAtExit(destination, false, lines.slice(5));
    expect(droppedLogLines() - before).toBe(lines.length);
    closeSync(fd);
  });

  it("writes nothing once the output has failed, counting the lines", () => {
    dir = mkdtempSync(join(tmpdir(), "log-exit-"));
    const file = join(dir, "out.log");
    const fd = openSync(file, "w");
    const destination = bufferedOn(fd, lines);
    const before = droppedLogLines();
    flushOnceAtExit(destination, true);
    closeSync(fd);
    expect(readFileSync(file, "utf8")).toBe("");
    expect(droppedLogLines() - before).toBe(lines.length);
  });
});
