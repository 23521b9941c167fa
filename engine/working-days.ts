/**
 * Stepping by working days (the `b` unit of shifts, business-day conventions): the n-th working day after or before a
 * date, from the running count of working days (counts.ts).
 */

import { countBefore, kthWorkingDay } from "./counts.js";
import type { DayNumber } from "./dates.js";
import { isWorkingDay } from "./year-template.js";

/** The n-th working day strictly after (n > 0) or strictly before (n < 0) a date; the date itself for n = 0. */
export function addWorkingDays(n: DayNumber, amount: number): DayNumber | undefined {
  if (amount === 0) return n;
  const before = countBefore("working", n); // working days strictly before n
  if (amount > 0) {
    const through = before + (isWorkingDay(n) ? 1 : 0); // working days up to and including n
    return kthWorkingDay(through + amount);
  }
  return kthWorkingDay(before + amount + 1);
}
