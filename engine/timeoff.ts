/**
 * Time off (docs/decisions.md#long-weekends, docs/decisions.md#leave-plans): the long weekends of a year and
 * the best use of a number of leave days in a span. Pure: day numbers in, response objects out. Both read a span's days
 * as one array of small integers (year-template.ts dayKindsBetween), never Day objects or Dates in their loops.
 */

import { type DayNumber, dayFromCivil, FIRST_DAY, LAST_DAY, toIsoDate } from "./dates.js";
import { dayOf } from "./day-object.js";
import { invalidArgument } from "./errors.js";
import { LEAVE_OBJECTIVES, type LeaveObjective, MAX_LEAVE_DAYS, MAX_PLAN_DAYS } from "./grammar.js";
import type { LeaveBreak, LeavePlan, LongWeekend } from "./types.js";
import { checkLeaveDays } from "./validation.js";
import { dayKindsBetween, isBridgeDay, NAMED_DAY, WORKING_DAY } from "./year-template.js";

/** The bodies, declared in the contract. */
export type { LeaveBreak, LeavePlan, LongWeekend };

// ---------------------------------------------------------------------------------------------------------------
// Long weekends
// ---------------------------------------------------------------------------------------------------------------

/**
 * How far past 31 December a year's scan reads. A run starting in the year ends within days (31 December and 1 January
 * are always days off, and a joined run is two free runs and a bridge day); a month is ample, and the scan checks it.
 */
const LOOKAHEAD_DAYS = 31;

/** A free run: a maximal run of consecutive non-working days, as offsets into the scanned window. */
interface FreeRun {
  start: number;
  end: number;
  named: boolean;
}

/** The codes of the named days first..last (day numbers), in date order and, on one date, in catalogue order. */
function observanceCodes(kinds: Uint8Array, base: DayNumber, first: number, last: number): string[] {
  const codes: string[] = [];
  for (let i = first; i <= last; i++) {
    if ((kinds[i] & NAMED_DAY) !== 0) for (const o of dayOf(base + i).observances) codes.push(o.code);
  }
  return codes;
}

/**
 * The long weekends that start in `year` (1930-9999), ascending by start, then by the number of leave days:
 * every free run of at least 3 days holding a named observance (no leave), and every run made by taking one bridge
 * day off, joining the free runs on either side, when it holds a named observance (that day as leave). Runs are read
 * inside 1930-01-01..9999-12-31 only, so a run is cut at either edge of the range.
 */
export function longWeekendsOfYear(year: number): LongWeekend[] {
  const yearStart = dayFromCivil(year, 1, 1);
  const yearEnd = dayFromCivil(year + 1, 1, 1) - 1;
  // from the day before 1 January, so that a run already under way on 1 January is seen to start in the year before
  const base = Math.max(FIRST_DAY, yearStart - 1);
  const last = Math.min(LAST_DAY, yearEnd + LOOKAHEAD_DAYS);
  const kinds = dayKindsBetween(base, last);
  const length = kinds.length;

  const runs: FreeRun[] = [];
  for (let i = 0; i < length; ) {
    if (kinds[i] === WORKING_DAY) {
      i++;
      continue;
    }
    const start = i;
    let named = false;
    for (; i < length && kinds[i] !== WORKING_DAY; i++) if ((kinds[i] & NAMED_DAY) !== 0) named = true;
    runs.push({ start, end: i - 1, named });
  }

  const from = yearStart - base;
  const to = yearEnd - base;
  const weekend = (start: number, end: number, leave: number[]): LongWeekend => ({
    start: toIsoDate(base + start),
    end: toIsoDate(base + end),
    days: end - start + 1,
    leaveDays: leave.map((i) => toIsoDate(base + i)),
    observances: observanceCodes(kinds, base, start, end),
  });

  const list: LongWeekend[] = [];
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    if (run.start < from) continue;
    if (run.start > to) break;
    const next = runs[r + 1];
    // a run of the year that reaches the end of the window would be cut short: only the range's own edge may do that
    if ((next ?? run).end === length - 1 && base + length - 1 < LAST_DAY)
      throw new Error(`longWeekendsOfYear(${year}): a run outruns the scan`);
    if (run.end - run.start + 1 >= 3 && run.named) list.push(weekend(run.start, run.end, []));
    // the working day right after a free run, when it is a bridge day (the engine's own definition, as /v3/bridge-days
    // lists them: both neighbours are days off), joins this run and the next
    if (next !== undefined && isBridgeDay(base + run.end + 1) && (run.named || next.named))
      list.push(weekend(run.start, next.end, [run.end + 1]));
  }
  return list;
}

// ---------------------------------------------------------------------------------------------------------------
// Leave plans
// ---------------------------------------------------------------------------------------------------------------

/** What a plan is, before it is written out: the chosen working days (offsets from `from`), ascending. */
interface Choice {
  leave: number[];
}

/**
 * Scratch table of the dynamic programme, reused between calls (module-level, like years.ts's scratch space):
 * (MAX_PLAN_DAYS + 1) positions × 2 states × (MAX_LEAVE_DAYS + 1) budgets of 32-bit values, about 180 kB.
 */
const table = new Int32Array((MAX_PLAN_DAYS + 1) * 2 * (MAX_LEAVE_DAYS + 1));
const IMPOSSIBLE = -1;

/**
 * `most`: the plan with the most days in counted breaks, then the fewest leave days, then the earliest leave dates.
 *
 * Dynamic programme over the days, from the last day backwards. State before day i: whether the break under way (the
 * days since the last working day not taken) already holds a leave day (s = 1) or not (s = 0), and r, the number of
 * leave days still to place in days i.. (exactly). With s = 0 the break under way is only the non-working days just
 * before i, `pending[i]` of them, a function of i alone: they count once a leave day joins them. So
 *   best(i, s, r) = the most counted days from day i on;
 *   a day off:    best(i, 0, r) = best(i+1, 0, r),            best(i, 1, r) = 1 + best(i+1, 1, r);
 *   a working day: the larger of not taking it, best(i+1, 0, r), and taking it (r > 0),
 *                  (s = 0 ? pending[i] : 0) + 1 + best(i+1, 1, r-1);
 *   best(n, s, 0) = 0, best(n, s, r > 0) impossible.
 * The value is best(0, 0, r) for the smallest r with the largest value. The plan is then read forwards, taking each
 * working day whenever taking it still reaches that value: every plan has r leave days, so taking the earliest
 * possible day gives the first list in date order. O(days × budget) time and space: about 45,000 cells for a year
 * and 60 days.
 */
function mostDaysOff(kinds: Uint8Array, budget: number): Choice {
  const n = kinds.length;
  const pending = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) pending[i + 1] = kinds[i] === WORKING_DAY ? 0 : pending[i] + 1;
  const width = budget + 1;
  const at = (i: number, s: number) => (i * 2 + s) * width;
  for (let s = 0; s < 2; s++) {
    table[at(n, s)] = 0;
    for (let r = 1; r <= budget; r++) table[at(n, s) + r] = IMPOSSIBLE;
  }
  for (let i = n - 1; i >= 0; i--) {
    const next0 = at(i + 1, 0);
    const next1 = at(i + 1, 1);
    const here0 = at(i, 0);
    const here1 = at(i, 1);
    if (kinds[i] !== WORKING_DAY) {
      for (let r = 0; r <= budget; r++) {
        table[here0 + r] = table[next0 + r];
        const v = table[next1 + r];
        table[here1 + r] = v === IMPOSSIBLE ? IMPOSSIBLE : v + 1;
      }
      continue;
    }
    const joined = pending[i] + 1;
    table[here0] = table[next0];
    table[here1] = table[next0];
    for (let r = 1; r <= budget; r++) {
      const skip = table[next0 + r];
      const rest = table[next1 + r - 1];
      const take0 = rest === IMPOSSIBLE ? IMPOSSIBLE : rest + joined;
      const take1 = rest === IMPOSSIBLE ? IMPOSSIBLE : rest + 1;
      table[here0 + r] = Math.max(take0, skip);
      table[here1 + r] = Math.max(take1, skip);
    }
  }
  let used = 0;
  for (let r = 1; r <= budget; r++) if (table[at(0, 0) + r] > table[at(0, 0) + used]) used = r;
  const leave: number[] = [];
  let s = 0;
  for (let i = 0, r = used; i < n && r > 0; i++) {
    if (kinds[i] !== WORKING_DAY) continue;
    const rest = table[at(i + 1, 1) + r - 1];
    if (rest !== IMPOSSIBLE && (s === 0 ? pending[i] : 0) + 1 + rest === table[at(i, s) + r]) {
      leave.push(i);
      s = 1;
      r--;
    } else s = 0;
  }
  return { leave };
}

/**
 * `longest`: the plan with the longest counted break, then the fewest leave days, then the earliest leave dates.
 * A break of length ℓ needs every working day inside it as leave, and leave outside it only adds leave days, so the
 * best plan is one break: the working days number a..b (consecutive in working-day order, b - a < budget) and the
 * days off around them, up to the working days a - 1 and b + 1 or the ends of the span. Every such window is
 * compared (O(working days × budget)), the longest first, then the one with fewer working days, then the earliest.
 */
function longestBreak(kinds: Uint8Array, budget: number): Choice {
  const n = kinds.length;
  const working: number[] = [];
  for (let i = 0; i < n; i++) if (kinds[i] === WORKING_DAY) working.push(i);
  const w = working.length;
  let best = { length: 0, a: 0, b: -1 };
  for (let a = 0; a < w; a++) {
    const start = a === 0 ? 0 : working[a - 1] + 1;
    for (let b = a; b < w && b - a < budget; b++) {
      const end = b === w - 1 ? n - 1 : working[b + 1] - 1;
      const length = end - start + 1;
      if (length > best.length || (length === best.length && b - a < best.b - best.a)) best = { length, a, b };
    }
  }
  return { leave: working.slice(best.a, best.b + 1) };
}

/** The counted breaks of a plan: maximal runs of days off or leave that hold a leave day, ascending. */
function breaksOf(kinds: Uint8Array, leave: readonly number[], base: DayNumber): LeaveBreak[] {
  const breaks: LeaveBreak[] = [];
  const taken = new Uint8Array(kinds.length);
  for (const i of leave) taken[i] = 1;
  for (let k = 0; k < leave.length; ) {
    let start = leave[k];
    while (start > 0 && (kinds[start - 1] !== WORKING_DAY || taken[start - 1] === 1)) start--;
    let end = start;
    const days: string[] = [];
    while (end < kinds.length && (kinds[end] !== WORKING_DAY || taken[end] === 1)) {
      if (taken[end] === 1) days.push(toIsoDate(base + end));
      end++;
    }
    breaks.push({ start: toIsoDate(base + start), end: toIsoDate(base + end - 1), days: end - start, leaveDays: days });
    k += days.length;
  }
  return breaks;
}

/**
 * GET /v3/leave-plan: the best use of `budget` leave days in from..to (day numbers, both included). Throws
 * CalendarError (400) when `from` is later than `to`, the span is longer than MAX_PLAN_DAYS days or the budget is
 * outside MIN_LEAVE_DAYS..MAX_LEAVE_DAYS. `fromText`/`toText` are echoed as sent.
 */
export function leavePlan(
  from: DayNumber,
  to: DayNumber,
  budget: number,
  objective: LeaveObjective = LEAVE_OBJECTIVES[0],
  fromText = toIsoDate(from),
  toText = toIsoDate(to),
): LeavePlan {
  if (from > to)
    throw invalidArgument(
      "to",
      `'to' (${toText}) must not be earlier than 'from' (${fromText}); the service does not swap them`,
    );
  if (to - from + 1 > MAX_PLAN_DAYS) {
    throw invalidArgument(
      "to",
      `a leave plan spans at most ${MAX_PLAN_DAYS} days, both ends counted: 'to' must not be later than 'from' plus ${MAX_PLAN_DAYS - 1} days`,
    );
  }
  checkLeaveDays(budget);
  const kinds = dayKindsBetween(from, to);
  let workingDays = 0;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === WORKING_DAY) workingDays++;
  const { leave } =
    workingDays === 0
      ? { leave: [] }
      : objective === "longest"
        ? longestBreak(kinds, budget)
        : mostDaysOff(kinds, Math.min(budget, workingDays));
  const breaks = breaksOf(kinds, leave, from);
  let daysOff = 0;
  for (const b of breaks) daysOff += b.days;
  return { from: fromText, to: toText, budget, objective, used: leave.length, daysOff, breaks };
}
