/**
 * The standalone server's log: one JSON object per line on stdout (pino), with `time` (ISO 8601), `level` (its name)
 * and `msg`; an access line per request (./observe.ts). Written so that logging can never affect answering.
 *
 *   LOG_FORMAT   json | pretty   (default: pretty when stdout is a terminal, else json)
 *   LOG_LEVEL    debug | info | warn | error | silent   (default info; access lines are info)
 *   LOG_QUERIES  off: access lines show a query's parameter names without their values   (default on)
 *
 * The destination is asynchronous (pino's SonicBoom on file descriptor 1, not process.stdout, which is synchronous
 * for pipes and files on Linux): a write hands the line to a bounded buffer and returns. When nothing reads the
 * output any more (a log collector restarts, `npm start | head`, a supervisor dies) the write fails with EPIPE,
 * reported once as an 'error' event: the destination is then dropped and every later line counted as dropped. When
 * the reader is slow or stalled (a full pipe), lines wait in the buffer (up to MAX_BUFFERED_BYTES, then they are
 * dropped and counted): the server answers on. Unhandled, an EPIPE of process.stdout or process.stderr (someone's
 * console.log) is an uncaught exception whose report writes to the same dead stream: guardOutput drops and counts
 * those errors, and the uncaught-error report cannot re-enter itself.
 *
 * Stopping never waits on the output: at exit what is still buffered is written once, synchronously, and given up
 * (counted as dropped) at the first error of any kind (a full disk, a full pipe, a closed one), never retried.
 * Every exit of the server goes through exitProcess.
 */
import { openSync, writeSync } from "node:fs";
import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string) => void;

/** The environment variables of the log, declared once (README, the start's problem lines). */
export const LOG_FORMAT_ENV = "LOG_FORMAT";
export const LOG_LEVEL_ENV = "LOG_LEVEL";
export const LOG_QUERIES_ENV = "LOG_QUERIES";
export const LOG_FORMATS = ["json", "pretty"] as const;
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Access lines wait for this many bytes, or this long, before they are written (every other line is written at once). */
export const FLUSH_BYTES = 32768;
export const FLUSH_MS = 100;
/** Bytes of lines waiting for a slow output before new lines are dropped. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface LogSettings {
  format: LogFormat;
  level: (typeof LOG_LEVELS)[number];
  /** access lines show query values */
  queries: boolean;
}

/** The log's settings from the environment, or the problem with a value (the start stops with it). */
export function logSettingsOf(env: Record<string, string | undefined>, stdoutIsTerminal = process.stdout.isTTY === true): LogSettings | { problem: string } {
  const format = env[LOG_FORMAT_ENV] || (stdoutIsTerminal ? "pretty" : "json");
  if (!(LOG_FORMATS as readonly string[]).includes(format)) return { problem: `${LOG_FORMAT_ENV} must be one of ${LOG_FORMATS.join(", ")}, not ${JSON.stringify(format)}` };
  const level = env[LOG_LEVEL_ENV] || "info";
  if (!(LOG_LEVELS as readonly string[]).includes(level)) return { problem: `${LOG_LEVEL_ENV} must be one of ${LOG_LEVELS.join(", ")}, not ${JSON.stringify(level)}` };
  const queries = env[LOG_QUERIES_ENV] || "on";
  if (queries !== "on" && queries !== "off") return { problem: `${LOG_QUERIES_ENV} must be on or off, not ${JSON.stringify(queries)}` };
  return { format: format as LogFormat, level: level as LogSettings["level"], queries: queries === "on" };
}

/** One request as its access line tells it. */
export interface AccessLine {
  method: string;
  /** the target; without query values when LOG_QUERIES=off */
  path: string;
  status: number;
  /** bytes of the body sent (0 for HEAD, 304, and answers cut short before their body) */
  bytes: number;
  /** milliseconds from the request's head read to the answer written */
  ms: number;
  /** the address the request was counted for (behind a trusted proxy, the client it forwarded for) */
  client: string;
  /** the row of the route table (its id), `metrics`, or `-` for a path no row answers */
  route: string;
  /** what answered: a kept answer, a file (dataset or site), computed, or refused (the socket guard, ./sockets.ts) */
  source: string;
  /** the client went away before the answer was written */
  aborted?: true;
  /** why the request was refused below the HTTP layer (source `refused`: ./guard.ts SocketRefusalReason) */
  reason?: string;
  /** the operator's grant the request was admitted or counted under (./grants.ts): its note, else `#n`, its place in the file */
  granted?: string;
}

export interface ServerLogger {
  log: Log;
  access(line: AccessLine): void;
  /** whether access lines are written (LOG_LEVEL at info or below) */
  readonly accessOn: boolean;
  readonly settings: LogSettings;
}

let droppedLines = 0;

/** How many log lines (and output errors) were dropped because the output could not take them. */
export function droppedLogLines(): number {
  return droppedLines;
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
export function flushOnceAtExit(destination: ReturnType<typeof pino.destination>, failed: boolean, waiting: readonly string[] = []): void {
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

function guardedStdout(): DestinationStream & { flush?: () => void } {
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
  const destination = pino.destination({ dest: 1, sync: false, minLength: FLUSH_BYTES, maxWrite: 4 * FLUSH_BYTES, maxLength: MAX_BUFFERED_BYTES, retryEAGAIN });
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

/**
 * A logger writing to `destination` (default: stdout, guarded), with `worker` on every line when given (the access
 * lines' worker).
 * `prettify` (LOG_FORMAT=pretty: pino-pretty's prettyFactory, loaded by the caller only then) turns each JSON line
 * into a terminal line.
 */
export function createLogger(settings: LogSettings, options: { worker?: number; destination?: DestinationStream & { flush?: () => void }; prettify?: (line: string) => string } = {}): ServerLogger {
  const out = options.destination ?? guardedStdout();
  // events (the start, a warning, an error) are written at once; access lines wait for a chunk (FLUSH_BYTES, FLUSH_MS)
  const flush = () => out.flush?.();
  const { prettify } = options;
  const destination: DestinationStream = prettify
    ? {
        write(line: string) {
          let text: string;
          try {
            text = prettify(line);
          } catch {
            text = line;
          }
          out.write(text);
        },
      }
    : out;
  const logger: Logger = pino(
    {
      level: settings.level,
      base: options.worker === undefined ? undefined : { worker: options.worker },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const accessOn = logger.isLevelEnabled("info");
  return {
    settings,
    accessOn,
    log: (level, message) => {
      try {
        logger[level](message);
        flush();
      } catch {
        droppedLines++;
      }
    },
    access(line) {
      if (!accessOn) return;
      try {
        destination.write(accessJson(line, options.worker));
      } catch {
        droppedLines++;
      }
    },
  };
}

let isoMs = NaN;
let isoText = "";
/** The time now as pino's isoTime writes it, made once per millisecond (toISOString cost half of building a line). */
function isoTimeNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/**
 * An access line as pino writes an info line with `worker` bound (level, time, worker, the fields, msg), built without
 * pino: one JSON.stringify of an object with the keys in that order (a flat string: writing it copies it once),
 * a third of the CPU of pino's generic serialisation, on every request. Every string is escaped by JSON.stringify (the
 * target, the client and a grant's note can hold any text).
 */
export function accessJson(line: AccessLine, worker?: number): string {
  const json: Record<string, unknown> = { level: "info", time: isoTimeNow() };
  if (worker !== undefined) json.worker = worker;
  json.method = line.method;
  json.path = line.path;
  json.status = line.status;
  json.bytes = line.bytes;
  json.ms = line.ms;
  json.client = line.client;
  json.route = line.route;
  json.source = line.source;
  if (line.aborted) json.aborted = true;
  if (line.reason !== undefined) json.reason = line.reason;
  if (line.granted !== undefined) json.granted = line.granted;
  json.msg = `${line.method} ${line.path} ${line.status}`;
  return JSON.stringify(json) + "\n";
}

let defaultLogger: ServerLogger | undefined;
/**
 * The process's logger until `npm start` sets its own (in-process servers, the start's first problem line): the
 * environment's level and query setting, in JSON (pretty-printing is loaded only by the start); settings that cannot
 * be read fall back to the defaults.
 */
export function processLogger(): ServerLogger {
  if (defaultLogger) return defaultLogger;
  const settings = logSettingsOf(process.env);
  defaultLogger = createLogger("problem" in settings ? { format: "json", level: "info", queries: true } : { ...settings, format: "json" });
  return defaultLogger;
}
/** Makes `logger` the process's logger (`npm start`: with its worker number and format). */
export function setProcessLogger(logger: ServerLogger): void {
  defaultLogger = logger;
}

/** The server's log on the process's own output; never throws, whatever became of the output. */
export const consoleLog: Log = (level, message) => processLogger().log(level, message);

/** Whether an error is the failure of a write to the process's own output (nothing reads it any more). */
function isOutputError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED" || code === "ERR_STREAM_WRITE_AFTER_END";
}

let guarded = false;

/**
 * Makes the process's output harmless to the server (once per process): errors of stdout and stderr are dropped and
 * counted; console.log/info/warn/error (the functions' code, shared with the platform, logs through console) become
 * lines of the log; an uncaught exception or unhandled rejection is logged in one report that cannot trigger itself
 * again (a failure while reporting, or an output error escaping anyway, is only counted).
 */
export function guardOutput(log: Log = consoleLog): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", () => {
      droppedLines++;
    });
  }
  console.log = console.info = (...args: unknown[]) => log("info", format(...args));
  console.warn = (...args: unknown[]) => log("warn", format(...args));
  console.error = (...args: unknown[]) => log("error", format(...args));
  let reporting = false;
  const report = (what: string, error: unknown) => {
    if (reporting || isOutputError(error)) {
      droppedLines++;
      return;
    }
    reporting = true;
    try {
      log("error", `${what}: ${(error as Error)?.stack ?? error}`);
    } catch {
      droppedLines++;
    } finally {
      reporting = false;
    }
  };
  // the process survives everything: an escaped error is logged, never Node's default crash
  process.on("uncaughtException", (error) => report("uncaught", error));
  process.on("unhandledRejection", (reason) => report("unhandled rejection", reason));
}
