/**
 * `GET /metrics`: the standalone server's metrics in the Prometheus text format (prom-client); which ones, and who may
 * read them, is docs/self-hosting.md#logs-and-metrics. Anyone else gets the unknown path's 404, so
 * the endpoint gives nothing away; with several workers the primary gathers every worker's (prom-client's cluster
 * aggregation), so a scrape sees the whole server whichever worker takes it.
 */
import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { RateLimitDecision, RateLimitStore } from "../http/ratelimit.js";
import { isMessage, Pending } from "./ipc.js";
import { droppedLogLines } from "./log.js";
import { noteBodyBytes } from "./node-io.js";
import { type AddressRange, inRange, LOOPBACK_RANGES, parseAddress, parseRange } from "./proxy.js";

export const METRICS_PATH = "/metrics";
export const METRICS_ALLOW_ENV = "METRICS_ALLOW";

/** The addresses /metrics answers: loopback, and METRICS_ALLOW's. Throws on an entry that is no address or range. */
export function metricsAllowOf(value: string | undefined): (address: string) => boolean {
  const ranges: AddressRange[] = LOOPBACK_RANGES.map((r) => parseRange(r)!);
  for (const entry of (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "")) {
    const range = parseRange(entry);
    if (!range) throw new Error(`${METRICS_ALLOW_ENV}: '${entry}' is not an IP address or a CIDR range`);
    ranges.push(range);
  }
  return (text) => {
    const address = parseAddress(text);
    return address !== undefined && ranges.some((range) => inRange(address, range));
  };
}

/** Is a target /metrics (with or without a query)? */
export const isMetricsTarget = (target: string): boolean =>
  target.startsWith(METRICS_PATH) && (target.length === METRICS_PATH.length || target[METRICS_PATH.length] === "?");

export type LimiterDecision = "admitted" | "refused" | "failed_open" | "granted";

export interface Metrics {
  readonly registry: Registry;
  /** one answered request */
  request(route: string, status: number, source: string, seconds: number): void;
  /** a connection closed for a time-out: answered 408, or closed without an answer */
  connectionTimedOut(answered: boolean): void;
  /** a limiter store whose every decision is counted */
  counting(store: RateLimitStore): RateLimitStore;
  /** reads the cached answers' count and bytes when scraped */
  cachedAnswers(size: () => number, bytes: () => number): void;
  /** answers a GET or HEAD of /metrics */
  answer(req: IncomingMessage, res: ServerResponse): void;
}

const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Metrics of one server; `inWorker`: the answer gathers every worker's through the primary (./workers.ts). */
export function createMetrics(
  options: { inWorker?: boolean; gatherFromPrimary?: () => Promise<string> } = {},
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route, status and what answered (kept, file, computed, refused: by the socket guard)",
    labelNames: ["route", "status", "source"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's head to its answer",
    labelNames: ["route", "source"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const decisions = new Counter({
    name: "rate_limit_decisions_total",
    help: "The limiter's decisions by surface: admitted, refused, failed_open (the store failed: admitted uncounted), granted (admitted under an operator's grant: counted on its pace, or uncounted)",
    labelNames: ["surface", "decision"] as const,
    registers: [registry],
  });
  const timeouts = new Counter({
    name: "http_connection_timeouts_total",
    help: "Connections closed because a request was not complete in time: answered 408 (answered=true) or closed without an answer",
    labelNames: ["answered"] as const,
    registers: [registry],
  });
  // both series exist from the start, so a scraper sees 0 rather than nothing
  for (const answered of ["true", "false"]) timeouts.inc({ answered }, 0);
  const cacheHits = new Counter({
    name: "kept_answer_hits_total",
    help: "Requests answered from the answers kept for repeated targets",
    registers: [registry],
  });
  let cachedSize = () => 0;
  let cachedBytes = () => 0;
  new Gauge({
    name: "kept_answers",
    help: "Answers kept for repeated targets",
    registers: [registry],
    collect() {
      this.set(cachedSize());
    },
  });
  new Gauge({
    name: "kept_answer_bytes",
    help: "Bytes of the answers kept for repeated targets",
    registers: [registry],
    collect() {
      this.set(cachedBytes());
    },
  });
  new Gauge({
    name: "log_lines_dropped",
    help: "Log lines the output could not take (closed or full)",
    registers: [registry],
    collect() {
      this.set(droppedLogLines());
    },
  });
  if (options.inWorker) {
    // prom-client answers the primary's requests for this worker's metrics once an aggregator exists in the process
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  // a granted counter's key says so (http/counters.ts limitedUnderGrant): its admissions are the grant's
  const record = (rateLimitGroup: string, decision: RateLimitDecision, granted: boolean) =>
    decisions.inc({
      surface: rateLimitGroup,
      decision: decision.failedOpen ? "failed_open" : !decision.allowed ? "refused" : granted ? "granted" : "admitted",
    });

  const text = (): Promise<string> =>
    options.inWorker && options.gatherFromPrimary ? options.gatherFromPrimary() : registry.metrics();

  return {
    registry,
    request(route, status, source, seconds) {
      const statusText = String(status);
      requests.inc({ route, status: statusText, source });
      durations.observe({ route, source }, seconds);
      if (source === "kept") cacheHits.inc();
    },
    connectionTimedOut(answered) {
      timeouts.inc({ answered: String(answered) });
    },
    counting(store) {
      return {
        hit(key, rateLimit, nowMs) {
          const rateLimitGroup = key.slice(0, key.indexOf(":"));
          const granted = key.includes("+granted-");
          let decided: RateLimitDecision | Promise<RateLimitDecision>;
          try {
            decided = store.hit(key, rateLimit, nowMs);
          } catch (error) {
            decisions.inc({ surface: rateLimitGroup, decision: "failed_open" });
            throw error;
          }
          if (!(decided instanceof Promise)) {
            record(rateLimitGroup, decided, granted);
            return decided;
          }
          return decided.then(
            (decision) => {
              record(rateLimitGroup, decision, granted);
              return decision;
            },
            (error) => {
              decisions.inc({ surface: rateLimitGroup, decision: "failed_open" });
              throw error;
            },
          );
        },
        admittedUncounted(key) {
          decisions.inc({ surface: key.slice(0, key.indexOf(":")), decision: "granted" });
        },
      };
    },
    cachedAnswers(size, bytes) {
      cachedSize = size;
      cachedBytes = bytes;
    },
    answer(req, res) {
      text().then(
        (body) => {
          const bytes = Buffer.from(body);
          res.writeHead(200, {
            "Content-Type": registry.contentType,
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
            ...(req.method === "HEAD" ? {} : { "Content-Length": String(bytes.byteLength) }),
          });
          if (req.method === "HEAD") return void res.end();
          noteBodyBytes(res, bytes.byteLength);
          res.end(bytes);
        },
        () => {
          res.writeHead(503, {
            "Content-Type": "text/plain; charset=utf-8",
            "Cache-Control": "no-store",
            "Retry-After": "1",
          });
          res.end(req.method === "HEAD" ? undefined : "metrics could not be gathered from every worker; try again\n");
        },
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Several workers: the primary gathers
// ---------------------------------------------------------------------------------------------------------------

interface GatherRequest {
  type: "metrics:gather";
  id: number;
}
interface GatherAnswer {
  type: "metrics:gathered";
  id: number;
  text?: string;
}

/** In the primary: answers a worker's request for the whole server's metrics (prom-client's cluster aggregation). */
export function gatherForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage<GatherRequest>(message, "metrics:gather")) return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: "metrics:gathered", id, text } satisfies GatherAnswer),
      () => worker.isConnected() && worker.send({ type: "metrics:gathered", id } satisfies GatherAnswer),
    );
  });
}

/** In a worker: the whole server's metrics, asked of the primary (rejects when it does not answer in 6 s). */
export function gatherFromPrimary(): () => Promise<string> {
  const pending = new Pending<string | undefined>();
  process.on("message", (message: unknown) => {
    if (isMessage<GatherAnswer>(message, "metrics:gathered")) pending.settle(message.id, message.text);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = pending.open((text) => {
        clearTimeout(timer);
        if (text === undefined) reject(new Error("the primary did not gather the metrics"));
        else resolve(text);
      });
      const timer = setTimeout(() => pending.settle(id, undefined), 6000);
      try {
        if (!process.send?.({ type: "metrics:gather", id } satisfies GatherRequest)) pending.settle(id, undefined);
      } catch {
        pending.settle(id, undefined);
      }
    });
}
