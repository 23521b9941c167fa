/**
 * Several processes serving one port (`WORKERS`):
 * docs/self-hosting.md#running-on-several-cores-and-machines. Each worker listens
 * itself (`reusePort`), so a primary stopped or starved of CPU costs no connection, only the counting's fail open
 * (./store-watch.ts). Without Redis (./redis-store.ts) the primary holds the counters and takes hits one message at a
 * time, which keeps concurrent hits exact; a worker whose primary is gone closes and exits.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import {
  FAIL_OPEN,
  memoryRateLimitStore,
  type RateLimit,
  type RateLimitDecision,
  type RateLimitStore,
} from "../http/ratelimit.js";
import { isMessage, Pending } from "./ipc.js";
import { HARD_STOP_MS } from "./lifecycle.js";
import { exitProcess, flushLogs, type Log, stopWaitingOnOutput } from "./log.js";
import { afterTimeout, STORE_BOUNDS, type StoreBounds, StoreWatch } from "./store-watch.js";

export const WORKERS_ENV = "WORKERS";
/** More workers than this is a typo, not a plan. */
const MAX_WORKERS = 256;

/** The number of workers `WORKERS` asks for (unset or empty: 1), or the problem with its value. */
export function parseWorkers(value: string | undefined): { workers: number } | { problem: string } {
  if (value === undefined || value === "") return { workers: 1 };
  if (value === "auto") return { workers: availableParallelism() };
  if (/^[1-9][0-9]*$/.test(value) && Number(value) <= MAX_WORKERS) return { workers: Number(value) };
  return {
    problem: `${WORKERS_ENV} must be a whole number from 1 to ${MAX_WORKERS} or "auto", not ${JSON.stringify(value)}`,
  };
}

/** In a worker: its number among the workers (1..workers), as its primary forked it (runPrimary below). */
export const workerNumber = (env: NodeJS.ProcessEnv): number => Number(env.WORKER_ID) || cluster.worker!.id;

/** Which process answers: its number among the workers (1..workers), and how many serve. */
export interface ProcessInfo {
  workers: number;
  worker: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages between the primary and its workers
// ---------------------------------------------------------------------------------------------------------------

/** One counted request: its counter's key, rate limit and time. */
interface Hit {
  id: number;
  key: string;
  rateLimit: RateLimit;
  now: number;
}
/**
 * The hits a worker read in one turn of its event loop, in order: one message for all of them. `deadline` (epoch ms):
 * the worker stops waiting then, and the primary counts none of them later. No hits: a probe, always answered.
 */
interface HitsMessage {
  type: "limiter:hits";
  hits: Hit[];
  deadline: number;
}
interface DecisionsMessage {
  type: "limiter:decisions";
  decisions: { id: number; decision: RateLimitDecision }[];
}
/** A worker asks whether the site is current once it listens for the answer (a message sent before is lost). */
interface SiteAskMessage {
  type: "site:ask";
}
interface SiteReadyMessage {
  type: "site:ready";
}
/** A worker listens on the port (with its own socket, node:cluster's "listening" event does not fire). */
interface ListeningMessage {
  type: "worker:listening";
}
interface ShutdownMessage {
  type: "shutdown";
}

/**
 * A worker's limiter store without Redis: every hit decided by the primary's counters. The hits of one turn of the
 * event loop go in one message (sent once that turn's I/O is read: setImmediate), and their decisions come back in
 * one: a message per request each way cost the primary more than the workers' answers (two workers served no more
 * than one). Order is kept, so the counting is the same.
 */
export function primaryCountedStore(
  log: Log,
  bounds: StoreBounds = STORE_BOUNDS,
): RateLimitStore & { degraded(): boolean } {
  const pending = new Pending<RateLimitDecision>();
  let batch: Hit[] = [];
  const send = (message: HitsMessage, failed: () => void) => {
    try {
      // a channel that closed says so here (without a callback it would be an error event on the process)
      process.send!(message, undefined, {}, (error) => error && failed());
    } catch {
      failed();
    }
  };
  // stalled: one probe (no hits); its answer, whenever it comes, says the primary answers again
  const watch = new StoreWatch("the primary process", log, bounds, () =>
    send({ type: "limiter:hits", hits: [], deadline: 0 }, () => {}),
  );
  process.on("message", (message: unknown) => {
    if (!isMessage<DecisionsMessage>(message, "limiter:decisions")) return;
    let inTime = message.decisions.length === 0;
    for (const { id, decision } of message.decisions) if (pending.settle(id, decision)) inTime = true;
    if (inTime) watch.answered();
  });
  const flush = () => {
    const hits = batch;
    batch = [];
    const ids = hits.map((h) => h.id);
    afterTimeout(bounds.slowAnswerMs, () => {
      for (const id of ids) if (pending.settle(id, FAIL_OPEN)) watch.timedOut();
    });
    send({ type: "limiter:hits", hits, deadline: Date.now() + bounds.slowAnswerMs }, () => {
      for (const id of ids) pending.settle(id, FAIL_OPEN);
    });
  };
  return {
    hit(key, rateLimit, now) {
      if (watch.stalled()) return FAIL_OPEN;
      return new Promise<RateLimitDecision>((resolve) => {
        const id = pending.open(resolve);
        if (batch.length === 0) setImmediate(flush);
        batch.push({ id, key, rateLimit: { ...rateLimit }, now });
      });
    },
    degraded: () => watch.degraded(),
  };
}

/** In a worker: tells the primary it listens on the port (runPrimary settles once every worker does). */
export function tellPrimaryListening(): void {
  process.send?.({ type: "worker:listening" } satisfies ListeningMessage);
}

/**
 * In a worker: settles when the primary says the site in public/ is current. The worker asks once it listens: the
 * primary answers at once when the site is current, else when it becomes so (a message the primary sent before the
 * worker listened, while the worker was still loading, would be lost, and the site would wait for ever).
 */
export function siteReadyFromPrimary(): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (!isMessage<SiteReadyMessage>(message, "site:ready")) return;
      process.off("message", listener);
      resolve();
    };
    process.on("message", listener);
    process.send?.({ type: "site:ask" } satisfies SiteAskMessage);
  });
}

/** In a worker: `stop` once the primary asks (its SIGTERM or SIGINT) or is gone. */
export function stopWithPrimary(stop: (why: string) => void): void {
  process.on("message", (message: unknown) => {
    if (isMessage<ShutdownMessage>(message, "shutdown")) stop("shutdown");
  });
  process.on("disconnect", () => stop("primary gone"));
}

// ---------------------------------------------------------------------------------------------------------------
// The primary
// ---------------------------------------------------------------------------------------------------------------

export interface PrimaryOptions {
  workers: number;
  log: Log;
  /** counts for the workers (no REDIS_URL); false when they count in Redis or limits are off */
  countForWorkers: boolean;
  /** settles when the site is current (the build step runs here, once, not in every worker) */
  siteReady?: Promise<unknown>;
}

/** Forks the workers and keeps them running until SIGTERM or SIGINT; resolves once all are listening. */
export function runPrimary({ workers, log, countForWorkers, siteReady }: PrimaryOptions): Promise<void> {
  const counters = countForWorkers ? memoryRateLimitStore() : undefined;
  const numberOf = new Map<Worker, number>();
  let siteIsReady = siteReady === undefined;
  let stopping = false;
  let listened = (_n: number): void => {};

  const fork = (n: number): Worker => {
    const worker = cluster.fork({ WORKER_ID: String(n), WORKERS_SERVING: String(workers) });
    numberOf.set(worker, n);
    worker.on("message", (message: unknown) => {
      if (isMessage<SiteAskMessage>(message, "site:ask")) {
        // answered now when the site is current; else with every worker once it is (below)
        if (siteIsReady && worker.isConnected()) worker.send({ type: "site:ready" } satisfies SiteReadyMessage);
        return;
      }
      if (isMessage<ListeningMessage>(message, "worker:listening")) return listened(n);
      if (!isMessage<HitsMessage>(message, "limiter:hits") || !counters) return;
      // the worker stopped waiting for these (this process was stopped or starved): its requests went uncounted
      if (message.hits.length > 0 && Date.now() > message.deadline) return;
      const decisions = message.hits.map(({ id, key, rateLimit, now }) => ({
        id,
        decision: counters.hit(key, rateLimit, now) as RateLimitDecision,
      }));
      if (worker.isConnected()) worker.send({ type: "limiter:decisions", decisions } satisfies DecisionsMessage);
    });
    return worker;
  };

  void siteReady?.then(() => {
    siteIsReady = true;
    for (const worker of numberOf.keys())
      if (worker.isConnected()) worker.send({ type: "site:ready" } satisfies SiteReadyMessage);
  });

  cluster.on("exit", (worker, code, signal) => {
    const n = numberOf.get(worker);
    numberOf.delete(worker);
    if (stopping || n === undefined) return;
    log("warn", `worker ${n} exited (${signal ?? `code ${code}`}); starting another in its place`);
    fork(n);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopWaitingOnOutput();
    log("info", `${signal}: closing ${numberOf.size} workers`);
    // whatever holds a worker up, everything ends shortly after the grace period
    setTimeout(() => {
      for (const worker of numberOf.keys()) worker.process.kill("SIGKILL");
      exitProcess(0);
    }, HARD_STOP_MS).unref();
    for (const worker of numberOf.keys()) {
      try {
        worker.send({ type: "shutdown" } satisfies ShutdownMessage);
      } catch {
        worker.process.kill("SIGTERM");
      }
    }
    const check = setInterval(() => {
      if (numberOf.size === 0) {
        clearInterval(check);
        // the last lines reach the output if it takes them within 200 ms
        void flushLogs(200).then(() => exitProcess(0));
      }
    }, 20);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  return new Promise((resolve) => {
    const listening = new Set<number>();
    listened = (n) => {
      listening.add(n);
      if (listening.size === workers) resolve();
    };
    for (let n = 1; n <= workers; n++) fork(n);
  });
}
