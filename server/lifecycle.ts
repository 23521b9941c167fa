/**
 * The server's lifecycle: listening, and stopping without cutting an answer short. Once asked to close, answers not
 * written yet say `Connection: close`, so a client does not send its next request on a socket about to be closed
 * under it (the server's own writes look at `closing`; answers the Fetch bridge writes, the MCP endpoint's, are
 * tracked while they are prepared); idle keep-alive sockets go at once, busy ones once answered or after the grace.
 * Also the last net under every answer: a fault is logged and answered 500 (or the socket closed when too late).
 */
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Answer } from "../http/http.js";
import { isCachedAnswer, writeCached } from "./answers.js";
import { problemFor } from "./guard.js";
import type { Log } from "./log.js";
import { writeAnswer } from "./node-io.js";

/**
 * How long requests in flight may take to finish once the server is told to stop (SIGTERM, SIGINT); then their
 * connections are closed. With HARD_STOP_MS and the exit it stays 300 ms under the 2 s a supervisor or `docker stop`
 * is expected to wait at least (with 500 slow clients and load, the whole stop took up to 2.06 s with a 1.5 s grace).
 */
export const SHUTDOWN_GRACE_MS = 1200;
/**
 * When the process ends whatever is still under way: the grace, then the last log lines (flushLogs, 200 ms) and a
 * margin for a loaded event loop. The exit itself never waits on the output (./log.ts exitProcess).
 */
export const HARD_STOP_MS = SHUTDOWN_GRACE_MS + 300;

/**
 * Whether sockets of several processes may share a port, the kernel spreading connections over them (`reusePort` of
 * server.listen: Node 22.12 and 23.1 on; Linux, FreeBSD, DragonFlyBSD, Solaris and AIX, where Node raises an error
 * elsewhere). Without it the workers share the cluster's handle, and the primary accepts their connections.
 */
export const REUSE_PORT_AVAILABLE = reusePortAvailable(process.versions.node, process.platform);

export function reusePortAvailable(version: string, platform: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const node = major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
  return node && ["linux", "freebsd", "dragonfly", "sunos", "aix"].includes(platform);
}

/** How often a process started by npm looks whether npm is still there (stopWithParent). */
export const PARENT_CHECK_MS = 250;

/**
 * Run by `npm start` (npm's process is the parent: the start script execs node), `stop` once npm is gone, whatever
 * ended it (a signal it could not pass on, its own failure to write to its output): the server never outlives the
 * process an operator supervises. `npmPid` is npm's process id as the start script saw it (`NPM_PID=$PPID`, read
 * before npm could be gone). A process started otherwise (a supervisor, a container, nohup) is left alone: it may
 * outlive its parent on purpose.
 */
export function stopWithParent(npmPid: number | undefined, stop: (why: string) => void): void {
  if (!npmPid) return;
  const check = setInterval(() => {
    if (process.ppid === npmPid) return;
    clearInterval(check);
    stop(`npm (pid ${npmPid}) is gone`);
  }, PARENT_CHECK_MS);
  check.unref();
}

export interface Lifecycle {
  /** the answer written (a cached one from its stored forms), closing the connection once the server is closing */
  write(res: ServerResponse, answer: Answer): void;
  /** a fault while answering: logged, then a 500 if nothing was written yet, else the socket closed */
  fail(res: ServerResponse, error: unknown): void;
  /** a fault of the server (not of the request), logged with its stack */
  logFault(error: unknown): void;
  /** once the server is closing, an answer about to be written says `Connection: close` */
  closeIfClosing(res: ServerResponse): void;
  /** has close() begun? (/health?ready answers 503 from then on) */
  isClosing(): boolean;
  /** an answer someone else writes (the bridge): told about a close while it is being prepared */
  track(res: ServerResponse): void;
  /** `reusePort`: a socket of its own on a port shared with other processes (each of several workers) */
  listen(port: number, host: string | undefined, reusePort?: boolean): Promise<{ port: number; url: string }>;
  close(graceMs?: number): Promise<void>;
}

/** The 500 problem of a fault, for a path. */
export const internalError = (pathname: string): Answer =>
  problemFor("internal-error", "the server failed to answer this request; please try again later", pathname);

/** `serverOf`: the Node server it listens with and closes (created after this, since its handler writes through it). */
export function createLifecycle(log: Log, serverOf: () => Server): Lifecycle {
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const forget = function (this: ServerResponse) {
    inFlight.delete(this);
  };
  const logFault = (error: unknown) => log("error", `standalone server: ${(error as Error)?.stack ?? error}`);
  const closeIfClosing = (res: ServerResponse): void => {
    if (closing) res.setHeader("Connection", "close");
  };
  return {
    logFault,
    closeIfClosing,
    isClosing: () => closing,
    write(res, answer) {
      closeIfClosing(res);
      if (isCachedAnswer(answer)) writeCached(res.req, res, answer);
      else writeAnswer(res, answer);
    },
    fail(res, error) {
      logFault(error);
      try {
        if (!res.headersSent) writeAnswer(res, internalError("/"));
        else res.destroy();
      } catch {
        res.destroy();
      }
    },
    track(res) {
      if (closing) return;
      inFlight.add(res);
      res.once("close", forget);
    },
    async listen(port, host, reusePort = false) {
      const server = serverOf();
      await new Promise<void>((resolveListen, reject) => {
        server.once("error", reject);
        // exclusive: a cluster worker binds the socket itself instead of taking connections handed on by its primary;
        // where `reusePort` is not available, the cluster's shared handle (the primary accepts and hands on)
        const shared = reusePort && REUSE_PORT_AVAILABLE ? { exclusive: true, reusePort: true } : {};
        server.listen({ port, host, ...shared }, () => {
          server.off("error", reject);
          resolveListen();
        });
      });
      const bound = (server.address() as AddressInfo).port;
      return { port: bound, url: `http://localhost:${bound}` };
    },
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      const server = serverOf();
      if (!server.listening) return;
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // no new connections from here on; idle keep-alive sockets go now, busy ones once their answer is written
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
    },
  };
}
