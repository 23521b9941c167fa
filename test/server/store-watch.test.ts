/** StoreWatch (server/store-watch.ts) alone: when a run of time-outs is an outage, and when it ends. */
import { describe, expect, it } from "vitest";
import { StoreWatch } from "../../server/store-watch.js";

describe("StoreWatch: an outage is declared after TIMEOUTS_FOR_OUTAGE time-outs in a row", () => {
  it("declares it once, stalls once, and ends it with an answer", () => {
    const lines: string[] = [];
    let stalls = 0;
    const watch = new StoreWatch(
      "the store",
      (level, message) => lines.push(`${level} ${message}`),
      { slowAnswerMs: 1000, timeoutsForOutage: 3 },
      () => stalls++,
    );
    watch.timedOut();
    watch.timedOut();
    watch.answered();
    watch.timedOut();
    watch.timedOut();
    expect([watch.degraded(), watch.stalled()]).toEqual([false, false]);
    watch.timedOut();
    expect([watch.degraded(), watch.stalled(), stalls]).toEqual([true, true, 1]);
    for (let i = 0; i < 5; i++) watch.timedOut();
    watch.down("answered with an error (boom)");
    expect(stalls).toBe(1);
    expect(lines).toEqual([
      "warn limiter: the store did not answer 3 requests in a row within 1000 ms; requests are admitted uncounted until it answers again (fail open)",
    ]);
    watch.answered();
    expect([watch.degraded(), watch.stalled()]).toEqual([false, false]);
    expect(lines[1]).toBe("info limiter: the store answers again; counting resumed");
  });
});
