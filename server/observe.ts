/**
 * What each request leaves behind once its answer is written (or its client went away): an access line in the log
 * (./log.ts) and its numbers in the metrics (./metrics.ts). The raw request handler begins an observation for each
 * request and fills in what it learns on the way: the route, and what answered. A request the socket
 * guard answers below the HTTP layer (./sockets.ts) leaves the same line and count, with source `refused` and its
 * reason; a connection closed for a time-out is counted apart as well (answered 408 or not).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestContext } from "../http/request-context.js";
import { type ObservedSource, sourceOf } from "./cache-source.js";
import { readTarget } from "./guard.js";
import type { AccessLine } from "./log.js";
import type { Metrics } from "./metrics.js";
import { bodyBytesOf } from "./node-io.js";

/** The longest target an access line shows (a longer one is cut, and says so). */
export const LOGGED_TARGET_CHARS = 2048;

/** One request being answered: what the handler learns about it on the way. */
export interface Seen {
  /** the route (its id), `metrics`, or `-` */
  route: string;
  /** what answered, when the handler knows it itself (a cached answer, /metrics) */
  source: ObservedSource;
  /** the request's context once dispatch made one: what answered is read from it (./cache-source.ts sourceOf) */
  ctx?: RequestContext;
  /** why it was refused, when the socket guard refused it (./guard.ts SocketRefusalReason) */
  reason?: string;
  /** the answer the socket guard wrote on the socket under this response (a request not complete in time) */
  onSocket?: { status: number; bytes: number };
  /** the grant the request was counted under, when no context of dispatch's tells it (the MCP endpoint) */
  granted?: string;
}

/** A request the socket guard answered on the socket, with no response object of Node's to observe. */
export interface SocketRefusal {
  socket: Duplex;
  /** as the request line gave them (either may be unreadable: the line then shows `-`) */
  method: string;
  target: string;
  status: number;
  /** bytes of the body written; 0 when the socket was gone */
  bytes: number;
  written: boolean;
  reason: string;
  /** the address counted (a request Node parsed: as the limiter reads it), else the socket's */
  client?: string;
}

export interface Observation {
  /** starts observing a request: its line and numbers are written once its response closes */
  begin(req: IncomingMessage, res: ServerResponse): Seen;
  /** a new connection: a refusal on it is timed from here, or from the end of its previous answer */
  opened(socket: Duplex): void;
  /** a request answered on its socket: its access line and count now */
  refused(refusal: SocketRefusal): void;
  /** the socket guard answered on the socket of a request being observed: its line says that answer */
  answeredOnSocket(res: ServerResponse, status: number, bytes: number, reason: string): void;
  /** a connection closed for a time-out: answered 408, or closed without an answer */
  timedOut(answered: boolean): void;
}

export interface ObservationParts {
  metrics?: Metrics;
  /** writes one access line; absent: none are written */
  access?: (line: AccessLine) => void;
  /** access lines show query values */
  queries: boolean;
  clientOf(req: IncomingMessage): string;
}

/** A target with its query's values taken out, its parameter names kept: `/v3/shift?date=&add=`. */
export function withoutQueryValues(target: string): string {
  const q = target.indexOf("?");
  if (q < 0) return target;
  const names = target
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 ? pair : pair.slice(0, eq + 1);
    });
  return `${target.slice(0, q)}?${names.join("&")}`;
}

const shown = (target: string, queries: boolean): string => {
  const path = queries ? target : withoutQueryValues(target);
  return path.length > LOGGED_TARGET_CHARS ? `${path.slice(0, LOGGED_TARGET_CHARS)}…(${path.length} characters)` : path;
};

/** A method as a line shows it: a plain token, else `-` (a request line of garbage). */
const shownMethod = (method: string): string => (/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/.test(method) ? method : "-");

const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;

/** Where a response keeps what its handler learns about it (a property, not a WeakMap: no ephemeron per request). */
const SEEN = Symbol("seen");
/** Where a connection keeps when it began waiting for its current request (performance.now()). */
const WAITING_SINCE = Symbol("waiting since");
type Observed = ServerResponse & { [SEEN]?: Seen };
type Waiting = Duplex & { [WAITING_SINCE]?: number };

export function observation({ metrics, access, queries, clientOf }: ObservationParts): Observation | undefined {
  if (!metrics && !access) return undefined;
  return {
    begin(req, res) {
      const started = performance.now();
      const seen: Seen = { route: "-", source: "computed" };
      (res as Observed)[SEEN] = seen;
      let done = false;
      res.on("close", () => {
        if (done) return;
        done = true;
        const now = performance.now();
        const ms = now - started;
        (req.socket as Waiting)[WAITING_SINCE] = now;
        const { onSocket } = seen;
        const source = onSocket ? "refused" : seen.ctx ? sourceOf(seen.ctx) : seen.source;
        const finished = onSocket !== undefined || res.writableFinished;
        const granted = seen.ctx?.grant?.label ?? seen.granted;
        // a client gone before the head was written: no status was sent
        const status = onSocket?.status ?? (res.headersSent ? res.statusCode : 0);
        metrics?.request(seen.route, status, source, ms / 1000);
        if (!access) return;
        const line: AccessLine = {
          method: req.method ?? "",
          path: shown(req.url ?? "", queries),
          status,
          bytes: onSocket?.bytes ?? (finished ? bodyBytesOf(res) : 0),
          ms: roundMs(ms),
          // the address dispatch counted, else read again (a cached answer, a refusal)
          client: seen.ctx?.clientAddress ?? clientOf(req),
          route: seen.route,
          source,
        };
        if (!finished) line.aborted = true;
        if (seen.reason) line.reason = seen.reason;
        if (granted !== undefined) line.granted = granted;
        access(line);
      });
      return seen;
    },
    opened(socket) {
      (socket as Waiting)[WAITING_SINCE] = performance.now();
    },
    refused({ socket, method, target, status, bytes, written, reason, client }) {
      const now = performance.now();
      const ms = now - ((socket as Waiting)[WAITING_SINCE] ?? now);
      metrics?.request("-", status, "refused", ms / 1000);
      access?.({
        method: shownMethod(method),
        path: readTarget(target).problem === undefined ? shown(target, queries) : "-",
        status,
        bytes: written ? bytes : 0,
        ms: roundMs(ms),
        client: client ?? socketAddress(socket),
        route: "-",
        source: "refused",
        ...(written ? {} : { aborted: true as const }),
        reason,
      });
    },
    answeredOnSocket(res, status, bytes, reason) {
      const seen = (res as Observed)[SEEN];
      if (!seen) return;
      seen.onSocket = { status, bytes };
      seen.reason = reason;
    },
    timedOut(answered) {
      metrics?.connectionTimedOut(answered);
    },
  };
}

/** The address at the other end of a socket (a Duplex the HTTP server handed over is a net.Socket). */
function socketAddress(socket: Duplex): string {
  return (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? "unknown";
}
