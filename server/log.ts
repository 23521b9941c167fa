/**
 * The standalone server's log: one line per event, to stdout (info) or stderr (warnings, errors), written so that
 * logging can never affect answering.
 *
 * When nothing reads the process's output any more (a log collector restarts, the terminal goes, `npm start | head`,
 * a supervisor dies), the next write fails with EPIPE, reported as an 'error' event of the stream. Unhandled, that
 * event is an uncaught exception; reporting it writes to the same dead stream, which fails again: a loop that kept
 * the process at 100 % CPU, answering nothing and deaf to SIGTERM. So (guardOutput) every error of stdout and stderr
 * is dropped and counted, a stream that failed once is not written again, a write that throws is dropped, and the
 * uncaught-error report cannot re-enter itself.
 */
export type LogLevel = "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string) => void;

/** Streams that have failed once (EPIPE, closed): nothing is written to them any more. */
const failed = new WeakSet<NodeJS.WritableStream>();
let droppedLines = 0;

/** How many log lines (and stream errors) were dropped because the output could not take them. */
export function droppedLogLines(): number {
  return droppedLines;
}

function writeLine(stream: NodeJS.WriteStream, line: string): void {
  if (failed.has(stream) || stream.destroyed || !stream.writable) {
    droppedLines++;
    return;
  }
  try {
    stream.write(line.endsWith("\n") ? line : line + "\n");
  } catch {
    droppedLines++;
    failed.add(stream);
  }
}

/** The server's log on the process's own output; never throws, whatever became of the output. */
export const consoleLog: Log = (level, message) => writeLine(level === "info" ? process.stdout : process.stderr, message);

/** Whether an error is the failure of a write to the process's own output (nothing reads it any more). */
function isOutputError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED" || code === "ERR_STREAM_WRITE_AFTER_END";
}

let guarded = false;

/**
 * Makes the process's output harmless to the server (once per process): errors of stdout and stderr are dropped and
 * counted; an uncaught exception or unhandled rejection is logged in one report that cannot trigger itself again
 * (a failure while reporting, or an output error escaping anyway, is only counted).
 */
export function guardOutput(log: Log = consoleLog): void {
  if (guarded) return;
  guarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", () => {
      droppedLines++;
      failed.add(stream);
    });
  }
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
