/**
 * The log's output (./log.ts): an asynchronous destination on file descriptor 1 (pino's SonicBoom, not process.stdout,
 * which is synchronous for pipes and files on Linux): a write hands the line to a bounded buffer and returns. When
 * nothing reads the output any more (a log collector restarts, `npm start | head`) the write fails with EPIPE,
 * reported once: the destination is then dropped and every later line counted as dropped. A slow or stalled reader
 * makes lines wait (up to MAX_BUFFERED_BYTES, then they are dropped and counted): the server answers on.
 *
 * Stopping never waits on the output: at exit what is still buffered is written once, synchronously, and given up
 * (counted as dropped) at the first error of any kind, never retried. Every exit of the server goes through
 * exitProcess.
 */
import { openSync, writeSync } from "node:fs";
import pino, { type DestinationStream } from "pino";

/** Access lines wait for this many bytes, or this long, before they are written (other lines are written at once). */
export const FLUSH_BYTES = 32768;
export const FLUSH_MS = 100;
/** Bytes of lines waiting for a slow output before new lines are dropped. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

let droppedLines = 0;

/** How many log lines (and output errors) were dropped because the output could not take them. */
export function droppedLogLines(): number {
  return droppedLines;
}

/** Counts lines (or output errors) the output could not take. */
export function countDropped(lines = 1): void {
  droppedLines += lines;
}

/**
 * The asynchronous destination on file descriptor 1, guarded: never throws, drops (and counts) what a dead or full
 * output cannot take. One per process.
 */
let stdoutDestination: (DestinationStream & { flush?: () => void }) | undefined;
let boom: ReturnType<typeof pino.destination> | undefined;
/** Hands the lines gathered for the next chunk to SonicBoom (guardedStdout). */
let handOverWaiting = () => {};
let exiting = false;
/** Lines in a chunk of output (each line ends with a newline). */
const linesIn = (chunk: string): number => {
  let n = 0;
  for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) n++;
  return n;
};

/**
 * SonicBoom's buffer, as sonic-boom 4 keeps it (utf8 mode): `_bufs` waiting, `_writingBuf` the chunk of the write
 * under way (`_writing`) or of one cut short, `_len` their length. test/server/log-exit.test.ts holds this to the
 * installed version.
 */
interface BoomBuffer {
  fd: number;
  _bufs: string[];
  _writingBuf: string;
  _writing: boolean;
  _len: number;
}

/**
 * The flush pino runs when the process exits (its exit hook calls the destination's flushSync). SonicBoom's own
 * retries a failed write for ever (every 100 ms, on any error but EAGAIN): a stopped server with its stdout on a full
 * disk never ended. This one writes the buffer once and gives up at the first error, counting the lines it drops.
 * `waiting`: lines not yet handed to SonicBoom (guardedStdout's own chunk), written after its buffer.
 */
export function flushOnceAtExit(
  destination: ReturnType<typeof pino.destination>,
  failed: boolean,
  waiting: readonly string[] = [],
): void {
  const buffer = destination as unknown as BoomBuffer;
  // a write under way finishes (or not) in the thread pool: its chunk is not written twice
  const chunks = [...(!buffer._writing && buffer._writingBuf ? [buffer._writingBuf] : []), ...buffer._bufs, ...waiting];
  buffer._bufs = [];
  if (!buffer._writing) buffer._writingBuf = "";
  buffer._len = 0;
  let i = 0;
  if (!failed) {
    try {
      for (; i < chunks.length; i++) {
        let rest = Buffer.from(chunks[i]!);
        while (rest.length > 0) rest = rest.subarray(writeSync(buffer.fd, rest));
      }
    } catch {
      // the chunk cut short and every later one are dropped
    }
  }
  for (; i < chunks.length; i++) droppedLines += linesIn(chunks[i]!);
}

export function guardedStdout(): DestinationStream & { flush?: () => void } {
  if (stdoutDestination) return stdoutDestination;
  // Node opens a pipe on stdout without blocking (libuv), so a full pipe answers a write with EAGAIN, retried later
  // from a timer, instead of holding a thread of the pool (or, at exit, the process) in a write that never returns
  void process.stdout.writable;
  process.once("exit", () => (exiting = true));
  // lines are written in chunks of FLUSH_BYTES, or every FLUSH_MS when fewer come: one write per line (a system call
  // and a trip through the thread pool each) cost a fifth of the requests a second under load.
  // Once the process stops, a write the output refuses (EAGAIN) is given up, not retried.
  let retrying = false;
  const retryEAGAIN = () => (retrying = !exiting);
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: FLUSH_BYTES,
    maxWrite: 4 * FLUSH_BYTES,
    maxLength: MAX_BUFFERED_BYTES,
    retryEAGAIN,
  });
  boom = destination;
  let failed = false;
  let flushAfterWrite = false;
  const buffer = destination as unknown as BoomBuffer;
  // The lines of the chunk being gathered, handed to SonicBoom at once when they make FLUSH_BYTES (characters: about
  // the bytes) or are flushed. SonicBoom's write appends each line to the string it buffers and measures that string's
  // bytes again (flattening it): per access line, twice the CPU of building the line.
  let waiting: string[] = [];
  let waitingChars = 0;
  let timer: NodeJS.Timeout | undefined;
  const dropWaiting = () => {
    for (const line of waiting) droppedLines += linesIn(line);
    waiting = [];
    waitingChars = 0;
  };
  const handOver = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (waiting.length === 0) return;
    if (failed) return dropWaiting();
    const chunk = waiting.length === 1 ? waiting[0]! : waiting.join("");
    waiting = [];
    waitingChars = 0;
    try {
      destination.write(chunk);
    } catch {
      failed = true;
      droppedLines += linesIn(chunk);
    }
  };
  handOverWaiting = handOver;
  destination.on("error", () => {
    if (failed) return;
    failed = true;
    droppedLines++;
    // nothing more is written: a later flush would write the failed chunk again
    for (const chunk of [buffer._writingBuf, ...buffer._bufs]) droppedLines += linesIn(chunk);
    dropWaiting();
    try {
      destination.destroy();
    } catch {
      // already closed
    }
  });
  // a chunk over MAX_BUFFERED_BYTES: its lines are dropped
  destination.on("drop", (chunk: string) => (droppedLines += linesIn(String(chunk))));
  destination.on("write", () => (retrying = false));
  // what is still buffered when the process ends is written then (pino's exit hook), once, if the output takes it
  destination.flushSync = () => {
    const lines = waiting;
    waiting = [];
    waitingChars = 0;
    flushOnceAtExit(destination, failed, lines);
  };
  giveUpStalledOutput = () => {
    if (!retrying || failed) return;
    // A write waiting for a full output to take it is retried from a timer. Meanwhile another process sharing the
    // output (a worker, started or ending) may switch it to blocking writes: the retry would then hold a thread of
    // the pool in a write that never returns, and the exit (which waits for the pool) with it. What waits is dropped:
    // the retry writes to /dev/null.
    failed = true;
    for (const chunk of [buffer._writingBuf, ...buffer._bufs]) droppedLines += linesIn(chunk);
    dropWaiting();
    buffer._bufs = [];
    buffer._len = buffer._writingBuf.length;
    try {
      buffer.fd = openSync("/dev/null", "w");
    } catch {
      // no /dev/null: the retry goes to the output as before
    }
  };
  const flushNow = () => stdoutDestination!.flush!();
  stdoutDestination = {
    write(line: string) {
      if (failed) {
        droppedLines++;
        return;
      }
      waiting.push(line);
      waitingChars += line.length;
      if (waitingChars >= FLUSH_BYTES) handOver();
      // what is left (fewer lines, or a chunk SonicBoom holds while a write is under way) is written within FLUSH_MS
      if (timer === undefined) timer = setTimeout(flushNow, FLUSH_MS).unref();
    },
    flush() {
      handOver();
      if (failed) return;
      try {
        // written now when no write is under way; else once it is done (SonicBoom's flush does nothing meanwhile, and
        // fewer bytes than FLUSH_BYTES would then wait for the next FLUSH_MS)
        destination.flush();
        if (!flushAfterWrite) {
          flushAfterWrite = true;
          destination.once("write", () => {
            flushAfterWrite = false;
            if (!failed) destination.flush();
          });
        }
      } catch {
        droppedLines++;
      }
    },
  };
  return stdoutDestination;
}

/** Lets the lines still buffered reach the output before the process exits: resolves once written, or after `ms`. */
export function flushLogs(ms = 200): Promise<void> {
  const destination = boom;
  if (!destination) return Promise.resolve();
  handOverWaiting();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    try {
      destination.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/**
 * Ends the process now with `code`, whatever its output does: every exit of the server (a clean stop, the hard stop
 * after the grace, a start that fails) goes through here. What the log still buffers is written once if the output
 * takes it at once, else dropped (flushOnceAtExit): nothing at exit waits on the output.
 */
export function exitProcess(code = 0): never {
  stopWaitingOnOutput();
  process.exit(code);
}

let giveUpStalledOutput = () => {};
/**
 * The process has begun to stop (SIGTERM, SIGINT): from here on a line the output does not take at once is dropped,
 * never retried, and what waits for a stalled output is dropped now.
 */
export function stopWaitingOnOutput(): void {
  exiting = true;
  giveUpStalledOutput();
}
