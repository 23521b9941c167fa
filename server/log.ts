/**
 * The standalone server's log: one JSON object per line on stdout (pino), with `time` (ISO 8601), `level` (its name)
 * and `msg`; an access line per request (./observe.ts). Logging never affects answering: the output and what happens
 * when nothing reads it are ./log-output.ts.
 *
 *   LOG_FORMAT   json | pretty   (default: pretty when stdout is a terminal, else json)
 *   LOG_LEVEL    debug | info | warn | error | silent   (default info; access lines are info)
 *   LOG_QUERIES  off: access lines show a query's parameter names without their values   (default on)
 *
 * An EPIPE of process.stdout or process.stderr (someone's console.log) would be an uncaught exception whose report
 * writes to the same dead stream: guardOutput drops and counts those errors, and the report cannot re-enter itself.
 */
import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";
import { countDropped, guardedStdout } from "./log-output.js";

export {
  droppedLogLines,
  exitProcess,
  FLUSH_BYTES,
  FLUSH_MS,
  flushLogs,
  flushOnceAtExit,
  MAX_BUFFERED_BYTES,
  stopWaitingOnOutput,
} from "./log-output.js";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string) => void;

/** The environment variables of the log, declared once (docs/self-hosting.md#logs, the start's problem lines). */
export const LOG_FORMAT_ENV = "LOG_FORMAT";
export const LOG_LEVEL_ENV = "LOG_LEVEL";
export const LOG_QUERIES_ENV = "LOG_QUERIES";
export const LOG_FORMATS = ["json", "pretty"] as const;
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  format: LogFormat;
  level: (typeof LOG_LEVELS)[number];
  /** access lines show query values */
  queries: boolean;
}

/** The log's settings from the environment, or the problem with a value (the start stops with it). */
export function logSettingsOf(
  env: Record<string, string | undefined>,
  stdoutIsTerminal = process.stdout.isTTY === true,
): LogSettings | { problem: string } {
  const format = env[LOG_FORMAT_ENV] || (stdoutIsTerminal ? "pretty" : "json");
  if (!(LOG_FORMATS as readonly string[]).includes(format))
    return { problem: `${LOG_FORMAT_ENV} must be one of ${LOG_FORMATS.join(", ")}, not ${JSON.stringify(format)}` };
  const level = env[LOG_LEVEL_ENV] || "info";
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    return { problem: `${LOG_LEVEL_ENV} must be one of ${LOG_LEVELS.join(", ")}, not ${JSON.stringify(level)}` };
  const queries = env[LOG_QUERIES_ENV] || "on";
  if (queries !== "on" && queries !== "off")
    return { problem: `${LOG_QUERIES_ENV} must be on or off, not ${JSON.stringify(queries)}` };
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
  /** the route (its id), `metrics`, or `-` for a path no route answers */
  route: string;
  /** what answered: a cached answer, a file (dataset or site), computed, or refused (the socket guard, ./sockets.ts) */
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

/**
 * A logger writing to `destination` (default: stdout, guarded), with `worker` on every line when given (the access
 * lines' worker).
 * `prettify` (LOG_FORMAT=pretty: pino-pretty's prettyFactory, loaded by the caller only then) turns each JSON line
 * into a terminal line.
 */
export function createLogger(
  settings: LogSettings,
  options: {
    worker?: number;
    destination?: DestinationStream & { flush?: () => void };
    prettify?: (line: string) => string;
  } = {},
): ServerLogger {
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
        countDropped();
      }
    },
    access(line) {
      if (!accessOn) return;
      try {
        destination.write(accessJson(line, options.worker));
      } catch {
        countDropped();
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
  defaultLogger = createLogger(
    "problem" in settings ? { format: "json", level: "info", queries: true } : { ...settings, format: "json" },
  );
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
      countDropped();
    });
  }
  console.log = console.info = (...args: unknown[]) => log("info", format(...args));
  console.warn = (...args: unknown[]) => log("warn", format(...args));
  console.error = (...args: unknown[]) => log("error", format(...args));
  let reporting = false;
  const report = (what: string, error: unknown) => {
    if (reporting || isOutputError(error)) {
      countDropped();
      return;
    }
    reporting = true;
    try {
      log("error", `${what}: ${(error as Error)?.stack ?? error}`);
    } catch {
      countDropped();
    } finally {
      reporting = false;
    }
  };
  // the process survives everything: an escaped error is logged, never Node's default crash
  process.on("uncaughtException", (error) => report("uncaught", error));
  process.on("unhandledRejection", (reason) => report("unhandled rejection", reason));
}
