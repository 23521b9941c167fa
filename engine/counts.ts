/**
 * Running counts over 1930-9999: how many days of a category (working, public, named, bridge, half) lie before a day
 * or in a span, and the k-th working day of the whole range (the count's inverse), from per-year cumulative counts
 * and the years' prefix sums.
 */
import { type DayNumber, FIRST_YEAR, LAST_DAY } from "./dates.js";
import { templateOf } from "./year-template.js";
import { CATEGORIES, type Category, locate, YEAR_COUNT, yearInfo } from "./years.js";

export type { Category };

/**
 * Cumulative per-year counts: cumulative[c][i] counts the days of category c before 1 January of FIRST_YEAR + i.
 * Filled lazily from 1930 upwards, as far as a request needs, so that a cold process answering a period
 * in this century does not first build every year up to 9999.
 */
const cumulative = {} as Record<Category, Float64Array>;
for (const c of CATEGORIES) cumulative[c] = new Float64Array(YEAR_COUNT + 1);
/** cumulative[c][i] is valid for i <= cumulativeYears */
let cumulativeYears = 0;

function extendCumulative(toIndex: number): void {
  for (let i = cumulativeYears; i < toIndex; i++) {
    const info = yearInfo(FIRST_YEAR + i);
    const p = templateOf(info).prefix;
    for (const c of CATEGORIES) cumulative[c][i + 1] = cumulative[c][i] + p[c][info.length];
  }
  if (toIndex > cumulativeYears) cumulativeYears = toIndex;
}

/** Number of days of a category in FIRST_DAY..n-1 (n may be LAST_DAY + 1). */
export function countBefore(category: Category, n: DayNumber): number {
  if (n > LAST_DAY) {
    extendCumulative(YEAR_COUNT);
    return cumulative[category][YEAR_COUNT];
  }
  const { info, offset } = locate(n);
  const index = info.year - FIRST_YEAR;
  if (index > cumulativeYears) extendCumulative(index);
  return cumulative[category][index] + templateOf(info).prefix[category][offset];
}

/** Number of days of a category in first..last inclusive (0 when last < first). */
export function countBetween(category: Category, first: DayNumber, last: DayNumber): number {
  if (last < first) return 0;
  return countBefore(category, last + 1) - countBefore(category, first);
}

/** The k-th working day of the whole range (k = 1 is the first), or undefined past either end. */
export function kthWorkingDay(k: number): DayNumber | undefined {
  if (k < 1) return undefined;
  const cum = cumulative.working;
  // extend the cumulative counts (in chunks) until they reach k or the end of the range
  while (cum[cumulativeYears] < k && cumulativeYears < YEAR_COUNT)
    extendCumulative(Math.min(YEAR_COUNT, cumulativeYears + 64));
  if (k > cum[cumulativeYears]) return undefined;
  // binary search for the year i with cum[i] < k <= cum[i + 1]
  let lo = 0;
  let hi = cumulativeYears - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid + 1] < k) lo = mid + 1;
    else hi = mid;
  }
  const info = yearInfo(FIRST_YEAR + lo);
  const start = info.start;
  const within = k - cum[lo];
  const p = templateOf(info).prefix.working;
  let a = 0;
  let b = info.length - 1;
  // smallest offset o with p[o + 1] >= within
  while (a < b) {
    const mid = (a + b) >> 1;
    if (p[mid + 1] < within) a = mid + 1;
    else b = mid;
  }
  return start + a;
}
