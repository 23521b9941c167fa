/**
 * How a limiter store that answers later (Redis: ./redis-store.ts; the workers' primary: ./workers.ts) is waited for,
 * and when it is taken to be down: slowness under CPU pressure is waited out so the count stays exact, an outage is not,
 * so no request waits longer than SLOW_ANSWER_MS for the limiter. The rules:
 * docs/self-hosting.md#fails-open-within-bounds.
 */
import type { Log } from "./log.js";

/** The longest a request waits for its store's answer; a later answer is an answer that did not come in time. */
export const SLOW_ANSWER_MS = 1000;
/** This many answers in a row that did not come in time declare the store down (every request admitted at once). */
export const TIMEOUTS_FOR_OUTAGE = 3;

/** How long a store waits and when it gives up (the defaults above; tests pass shorter ones). */
export interface StoreBounds {
  slowAnswerMs: number;
  timeoutsForOutage: number;
}
export const STORE_BOUNDS: StoreBounds = Object.freeze({
  slowAnswerMs: SLOW_ANSWER_MS,
  timeoutsForOutage: TIMEOUTS_FOR_OUTAGE,
});

/**
 * Runs `decide` once `ms` have passed, after the I/O of the turn of the event loop its timer fires in. Timers run
 * before I/O in each turn: after a turn held up by other work, an answer that came in time would lose to its own
 * timeout. Every store with a time limit decides its timeouts so.
 */
export function afterTimeout(ms: number, decide: () => void): ReturnType<typeof setTimeout> {
  return setTimeout(() => setImmediate(decide), ms);
}

/**
 * A store's state as its answers show it. `down` is declared by TIMEOUTS_FOR_OUTAGE time-outs in a row (the store
 * is then `stalled`: not asked until it answers again) or at once by a failure that costs no wait (not connected, an
 * error); `answered()` ends either. `onStall` runs once per declared stall (Redis drops its connection then).
 */
export class StoreWatch {
  private timeoutsInARow = 0;
  private outage: string | undefined;
  private isStalled = false;
  private closed = false;

  constructor(
    /** "Redis", "the primary process": the subject of its log lines */
    private readonly name: string,
    private readonly log: Log,
    private readonly bounds: StoreBounds = STORE_BOUNDS,
    private readonly onStall: () => void = () => {},
  ) {}

  /** true while the store is down: requests are admitted uncounted (/health says `degraded`) */
  degraded(): boolean {
    return this.outage !== undefined;
  }

  /** true after TIMEOUTS_FOR_OUTAGE time-outs in a row, until the store answers: requests are not sent to it */
  stalled(): boolean {
    return this.isStalled;
  }

  /** an answer in time (or a probe's, or a reconnection's): counting resumes */
  answered(): void {
    this.timeoutsInARow = 0;
    this.isStalled = false;
    if (this.outage === undefined) return;
    this.outage = undefined;
    if (!this.closed) this.log("info", `limiter: ${this.name} answers again; counting resumed`);
  }

  /** an answer that did not come within SLOW_ANSWER_MS */
  timedOut(): void {
    if (++this.timeoutsInARow < this.bounds.timeoutsForOutage || this.isStalled) return;
    this.isStalled = true;
    this.down(`did not answer ${this.timeoutsInARow} requests in a row within ${this.bounds.slowAnswerMs} ms`);
    this.onStall();
  }

  /** a failure that costs no wait (unreachable, an error): down at once */
  down(why: string): void {
    if (this.outage !== undefined || this.closed) return;
    this.outage = why;
    this.log(
      "warn",
      `limiter: ${this.name} ${why}; requests are admitted uncounted until it answers again (fail open)`,
    );
  }

  close(): void {
    this.closed = true;
  }
}
