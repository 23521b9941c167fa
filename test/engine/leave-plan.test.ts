/**
 * Leave plans (docs/decisions.md#leave-plans): hand-checked cases; the planner against a brute-force search over every
 * plan (random spans of up to 21 days, budgets up to 4, across the whole range, tie-breaking included), and `longest`
 * on whole years against an exhaustive search over every interval of the span.
 */
import fc from "fast-check";
import {
  type DayNumber,
  dayFromCivil,
  dayOf,
  FIRST_DAY,
  FIRST_YEAR,
  LAST_DAY,
  LAST_YEAR,
  type LeaveObjective,
  type LeavePlan,
  leavePlan,
  parseLeaveDays,
  parseLeaveObjective,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { LEAVE_PLAN_APRIL_JUNE_2026 } from "../support/hand-checked.js";
import { d, expectCalendarError, iso } from "./helpers.js";

const plan = (from: string, to: string, days: number, objective?: LeaveObjective) =>
  leavePlan(d(from), d(to), days, objective);

describe("leave plans: hand-checked", () => {
  it("April-June 2026, 3 days, most: Maundy Thursday (5 days), 30 April (4), the Ascension bridge day (4)", () => {
    expect(plan("2026-04-01", "2026-06-30", 3)).toEqual(LEAVE_PLAN_APRIL_JUNE_2026);
  });

  it("one day in Ascension week 2026: the bridge day Friday 15 May joins Thursday to the weekend", () => {
    expect(plan("2026-05-11", "2026-05-17", 1)).toEqual({
      from: "2026-05-11",
      to: "2026-05-17",
      budget: 1,
      objective: "most",
      used: 1,
      daysOff: 4,
      breaks: [{ start: "2026-05-14", end: "2026-05-17", days: 4, leaveDays: ["2026-05-15"] }],
    });
    // longest agrees here, and ties are broken towards the earliest date: Monday 11 May would give only 1 day
    expect(plan("2026-05-11", "2026-05-17", 1, "longest").breaks).toEqual([
      { start: "2026-05-14", end: "2026-05-17", days: 4, leaveDays: ["2026-05-15"] },
    ]);
  });

  it("2026, 25 days, longest: 40 days from Wednesday 25 March to Sunday 3 May (Easter and May Day joined)", () => {
    const p = plan("2026-01-01", "2026-12-31", 25, "longest");
    expect(p).toMatchObject({ budget: 25, objective: "longest", used: 25, daysOff: 40 });
    expect(p.breaks).toHaveLength(1);
    expect(p.breaks[0]).toMatchObject({ start: "2026-03-25", end: "2026-05-03", days: 40 });
    // 7 April..12 May is also 40 days with 25 leave days: the earlier leave dates win
    expect(p.breaks[0].leaveDays[0]).toBe("2026-03-25");
    expect(p.breaks[0].leaveDays).toHaveLength(25);
  });

  it("longest takes only the leave the one break needs (fewer leave days win a tie)", () => {
    // Christmas 2026: Thursday 24 .. Sunday 27; 28-30 December working, 31 December New Year's Eve; the span ends there
    const p = plan("2026-12-21", "2026-12-31", 10, "longest");
    expect(p.used).toBe(p.breaks[0].leaveDays.length);
    expect(p.breaks).toEqual([
      {
        start: "2026-12-21",
        end: "2026-12-31",
        days: 11,
        leaveDays: ["2026-12-21", "2026-12-22", "2026-12-23", "2026-12-28", "2026-12-29", "2026-12-30"],
      },
    ]);
    expect(p.used).toBe(6);
  });

  it("most uses the whole budget, or every working day of the span when the budget is larger", () => {
    expect(plan("2026-01-01", "2026-12-31", 60).used).toBe(60);
    const small = plan("2026-04-01", "2026-04-10", 60);
    expect(small.used).toBe(6); // 1, 2, 7, 8, 9, 10 April
    expect(small.breaks).toEqual([
      {
        start: "2026-04-01",
        end: "2026-04-10",
        days: 10,
        leaveDays: ["2026-04-01", "2026-04-02", "2026-04-07", "2026-04-08", "2026-04-09", "2026-04-10"],
      },
    ]);
  });

  it("a span without a working day answers used 0, daysOff 0, no breaks (both objectives)", () => {
    for (const objective of ["most", "longest"] as const) {
      expect(plan("2026-04-03", "2026-04-06", 5, objective)).toEqual({
        from: "2026-04-03",
        to: "2026-04-06",
        budget: 5,
        objective,
        used: 0,
        daysOff: 0,
        breaks: [],
      });
    }
    expect(plan("2026-12-26", "2026-12-27", 1)).toMatchObject({ used: 0, daysOff: 0, breaks: [] });
  });

  it("a span of one working day", () => {
    expect(plan("2026-04-07", "2026-04-07", 5)).toEqual({
      from: "2026-04-07",
      to: "2026-04-07",
      budget: 5,
      objective: "most",
      used: 1,
      daysOff: 1,
      breaks: [{ start: "2026-04-07", end: "2026-04-07", days: 1, leaveDays: ["2026-04-07"] }],
    });
  });

  it("breaks are cut at the ends of the span: days off outside it do not count", () => {
    // Wednesday 8 - Friday 10 April 2026 (the Easter weekend before and the weekend after lie outside)
    expect(plan("2026-04-08", "2026-04-10", 1)).toMatchObject({
      used: 1,
      daysOff: 1,
      breaks: [{ start: "2026-04-08", end: "2026-04-08" }],
    });
  });

  it("spans: 366 days (both ends counted) is the longest; 1930-01-01 and 9999-12-31 are inside", () => {
    expect(plan("2024-01-01", "2024-12-31", 1).from).toBe("2024-01-01");
    expect(plan("2023-03-01", "2024-02-29", 1).to).toBe("2024-02-29");
    expect(plan("1930-01-01", "1930-01-10", 2).breaks[0].start).toBe("1930-01-01");
    expect(plan("9999-12-27", "9999-12-31", 4, "longest").breaks).toEqual([
      {
        start: "9999-12-27",
        end: "9999-12-31",
        days: 5,
        leaveDays: ["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30"],
      },
    ]);
    // two days at the end of 9999: Christmas (Friday 24 - Sunday 26) with 22-23 December, before 27-28 December
    expect(plan("9999-12-20", "9999-12-31", 2, "longest").breaks).toEqual([
      { start: "9999-12-22", end: "9999-12-26", days: 5, leaveDays: ["9999-12-22", "9999-12-23"] },
    ]);
  });
});

describe("leave plans: errors", () => {
  it("a budget of 0 (or outside 1-60, or not digits) is invalid-parameter naming days", () => {
    for (const bad of ["0", "61", "-1", "+5", "05", "5.0", "", " 5", "1e1", "٥", "99999999999999999999"])
      expectCalendarError(() => parseLeaveDays(bad), "invalid-parameter", "days");
    expect(parseLeaveDays("1")).toBe(1);
    expect(parseLeaveDays("60")).toBe(60);
    expectCalendarError(() => plan("2026-01-01", "2026-01-31", 0), "invalid-parameter", "days");
    expectCalendarError(() => plan("2026-01-01", "2026-01-31", 61), "invalid-parameter", "days");
    expectCalendarError(() => plan("2026-01-01", "2026-01-31", 1.5), "invalid-parameter", "days");
  });

  it("a span of 367 days is invalid-parameter naming to", () => {
    expectCalendarError(() => plan("2024-01-01", "2025-01-01", 5), "invalid-parameter", "to");
    expectCalendarError(() => plan("2025-01-01", "2026-01-02", 5), "invalid-parameter", "to");
  });

  it("from later than to is invalid-parameter naming to", () => {
    expectCalendarError(() => plan("2026-02-02", "2026-02-01", 5), "invalid-parameter", "to");
  });

  it("objective: most or longest, nothing else", () => {
    expect(parseLeaveObjective("most")).toBe("most");
    expect(parseLeaveObjective("longest")).toBe("longest");
    for (const bad of ["", "Most", "LONGEST", "max", "least"])
      expectCalendarError(() => parseLeaveObjective(bad), "invalid-parameter", "objective");
  });
});

/** Two ascending lists of equal length: is `a` first in date order, compared element by element? */
function earlierList(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
}

/**
 * Brute force: every set of at most `budget` working days of the span, scored by the definition (breaks read day by
 * day from Day objects), the best chosen by the objective, then fewer leave days, then the first ascending list of
 * leave dates. Returns the full answer, built without the engine's planner.
 */
function bruteForce(from: DayNumber, to: DayNumber, budget: number, objective: LeaveObjective): LeavePlan {
  const n = to - from + 1;
  const working: boolean[] = [];
  for (let i = 0; i < n; i++) working.push(dayOf(from + i).workingDay);
  const workIdx = working.flatMap((w, i) => (w ? [i] : []));
  let best: { score: number; leave: number[]; breaks: [number, number, number[]][] } | undefined;
  const evaluate = (leave: number[]) => {
    const taken = new Set(leave);
    const breaks: [number, number, number[]][] = [];
    for (let i = 0; i < n; ) {
      if (working[i] && !taken.has(i)) {
        i++;
        continue;
      }
      const start = i;
      const days: number[] = [];
      while (i < n && (!working[i] || taken.has(i))) {
        if (taken.has(i)) days.push(i);
        i++;
      }
      if (days.length > 0) breaks.push([start, i - 1, days]);
    }
    const lengths = breaks.map(([a, b]) => b - a + 1);
    const score = objective === "most" ? lengths.reduce((s, x) => s + x, 0) : Math.max(0, ...lengths);
    const better =
      !best ||
      score > best.score ||
      (score === best.score && leave.length < best.leave.length) ||
      (score === best.score && leave.length === best.leave.length && earlierList(leave, best.leave));
    if (better) best = { score, leave: [...leave], breaks };
  };
  // every subset of at most `budget` working days, each an ascending list
  const choose = (startAt: number, chosen: number[]) => {
    evaluate(chosen);
    if (chosen.length === budget) return;
    for (let k = startAt; k < workIdx.length; k++) choose(k + 1, [...chosen, workIdx[k]]);
  };
  choose(0, []);
  const b = best!;
  const breaks =
    b.leave.length === 0
      ? []
      : b.breaks.map(([a, z, days]) => ({
          start: iso(from + a),
          end: iso(from + z),
          days: z - a + 1,
          leaveDays: days.map((i) => iso(from + i)),
        }));
  return {
    from: iso(from),
    to: iso(to),
    budget,
    objective,
    used: b.leave.length,
    daysOff: breaks.reduce((s, x) => s + x.days, 0),
    breaks,
  };
}

const anyStart = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: FIRST_DAY, max: LAST_DAY - 30 }) },
  // where the calendar is dense with holidays: Easter to Midsummer, Christmas to Epiphany, in any year
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.integer({ min: FIRST_YEAR, max: LAST_YEAR - 1 }),
        fc.constantFrom([3, 20], [4, 25], [5, 1], [5, 25], [6, 1], [6, 15], [12, 15], [12, 22]),
        fc.integer({ min: 0, max: 14 }),
      )
      .map(([y, [m, day], shift]) => dayFromCivil(y, m, day) + shift),
  },
  { weight: 1, arbitrary: fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 60 }) },
  { weight: 1, arbitrary: fc.integer({ min: LAST_DAY - 60, max: LAST_DAY - 1 }) },
);

describe("leave plans: the planner against brute force", () => {
  it("random spans of up to 21 days, budgets 1-4, both objectives, across 1930-9999: the same full answer", () => {
    fc.assert(
      fc.property(
        anyStart,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<LeaveObjective>("most", "longest"),
        (start, span, budget, objective) => {
          const to = Math.min(LAST_DAY, start + span);
          expect(leavePlan(start, to, budget, objective)).toEqual(bruteForce(start, to, budget, objective));
        },
      ),
      { numRuns: 3000, seed: 2026 },
    );
  }, 120_000);

  it("budgets up to the number of working days (short spans): the same full answer", () => {
    fc.assert(
      fc.property(
        anyStart,
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 14 }),
        fc.constantFrom<LeaveObjective>("most", "longest"),
        (start, span, budget, objective) => {
          const to = Math.min(LAST_DAY, start + span);
          expect(leavePlan(start, to, budget, objective)).toEqual(bruteForce(start, to, budget, objective));
        },
      ),
      { numRuns: 600, seed: 1973 },
    );
  }, 120_000);
});

/** `longest` on long spans: every interval of the span that is a break (maximal, every working day taken) and fits the budget. */
function longestByIntervals(
  from: DayNumber,
  to: DayNumber,
  budget: number,
): { start: string; end: string; used: number } | undefined {
  const n = to - from + 1;
  const working = Array.from({ length: n }, (_, i) => dayOf(from + i).workingDay);
  let best: { length: number; used: number; start: number; end: number } | undefined;
  for (let a = 0; a < n; a++) {
    if (a > 0 && !working[a - 1]) continue; // a break starts after a working day not taken, or at the span's start
    let used = 0;
    for (let z = a; z < n; z++) {
      if (working[z]) used++;
      if (used > budget) break;
      if (z < n - 1 && !working[z + 1]) continue; // ... and ends before one, or at the span's end
      if (used === 0) continue;
      const length = z - a + 1;
      if (!best || length > best.length || (length === best.length && used < best.used))
        best = { length, used, start: a, end: z };
    }
  }
  return best && { start: iso(from + best.start), end: iso(from + best.end), used: best.used };
}

describe("leave plans: longest on whole years against every interval", () => {
  it("random years and budgets 1-60", () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_YEAR, max: LAST_YEAR }), fc.integer({ min: 1, max: 60 }), (year, budget) => {
        const from = dayFromCivil(year, 1, 1);
        const to = dayFromCivil(year, 12, 31);
        const p = leavePlan(from, to, budget, "longest");
        expect(p.breaks).toHaveLength(1);
        expect({ start: p.breaks[0].start, end: p.breaks[0].end, used: p.used }).toEqual(
          longestByIntervals(from, to, budget),
        );
      }),
      { numRuns: 60, seed: 60 },
    );
  }, 120_000);
});

describe("leave plans: properties of every answer", () => {
  it("breaks ascending and disjoint, leave days working days inside the span, counts consistent", () => {
    fc.assert(
      fc.property(
        anyStart,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<LeaveObjective>("most", "longest"),
        (start, span, budget, objective) => {
          const to = Math.min(LAST_DAY, start + span);
          const p = leavePlan(start, to, budget, objective);
          expect(p.used).toBeLessThanOrEqual(budget);
          expect(p.used).toBe(p.breaks.reduce((s, b) => s + b.leaveDays.length, 0));
          expect(p.daysOff).toBe(p.breaks.reduce((s, b) => s + b.days, 0));
          let previousEnd = start - 2;
          for (const b of p.breaks) {
            expect(d(b.start)).toBeGreaterThan(previousEnd + 1); // disjoint, and not touching (else they would be one break)
            previousEnd = d(b.end);
            expect(b.days).toBe(d(b.end) - d(b.start) + 1);
            expect(d(b.start)).toBeGreaterThanOrEqual(start);
            expect(d(b.end)).toBeLessThanOrEqual(to);
            for (const l of b.leaveDays) expect(dayOf(d(l)).workingDay).toBe(true);
          }
          if (objective === "longest") expect(p.breaks.length).toBeLessThanOrEqual(1);
          let workingDays = 0;
          for (let n = start; n <= to; n++) if (dayOf(n).workingDay) workingDays++;
          if (objective === "most") expect(p.used).toBe(Math.min(budget, workingDays));
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  }, 120_000);
});
