/**
 * What each request leaves behind once its answer is written (or its client went away): an access line in the log
 * (./log.ts) and its numbers in the metrics (./metrics.ts). The raw request handler begins an observation for each
 * request and fills in what it learns on the way: the route table's row, and what answered.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestContext } from "../functions/lib/serve.js";
import { sourceOf, type ObservedSource } from "./keeping.js";
import type { AccessLine } from "./log.js";
import type { Metrics } from "./metrics.js";
import { bodyBytesOf } from "./node-io.js";

/** The longest target an access line shows (a longer one is cut, and says so). */
export const LOGGED_TARGET_CHARS = 2048;

/** One request being answered: what the handler learns about it on the way. */
export interface Seen {
  /** the route table's row (its id), `metrics`, or `-` */
  route: string;
  /** what answered, when the handler knows it itself (a kept answer, /metrics) */
  source: ObservedSource;
  /** the request's context once dispatch made one: what answered is read from it (./keeping.ts sourceOf) */
  ctx?: RequestContext;
}

export interface Observation {
  /** starts observing a request: its line and numbers are written once its response closes */
  begin(req: IncomingMessage, res: ServerResponse): Seen;
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

export function observation({ metrics, access, queries, clientOf }: ObservationParts): Observation | undefined {
  if (!metrics && !access) return undefined;
  return {
    begin(req, res) {
      const started = performance.now();
      const seen: Seen = { route: "-", source: "computed" };
      res.once("close", () => {
        const ms = performance.now() - started;
        const source = seen.ctx ? sourceOf(seen.ctx) : seen.source;
        const finished = res.writableFinished;
        // a client gone before the head was written: no status was sent
        const status = res.headersSent ? res.statusCode : 0;
        metrics?.request(seen.route, status, source, ms / 1000);
        access?.({
          method: req.method ?? "",
          path: shown(req.url ?? "", queries),
          status,
          bytes: finished ? bodyBytesOf(res) : 0,
          ms: Math.round(ms * 1000) / 1000,
          // the address dispatch counted, else read again (a kept answer, a refusal)
          client: seen.ctx?.clientAddress ?? clientOf(req),
          route: seen.route,
          source,
          ...(finished ? {} : { aborted: true as const }),
        });
      });
      return seen;
    },
  };
}
