import { countBetween } from "./counts.js";
import { addMonths, civilFromDay, type DayNumber, toIsoDate } from "./dates.js";
import { invalidArgument } from "./errors.js";
import type { DaysOff, Duration, Period, PeriodSummary, SpanCounts } from "./types.js";
import { type Bounds, MAX_SPAN_YEARS } from "./validation.js";

/** SpanCounts: the counts Period and a shift's PeriodSummary share (./types.ts). */
export type { DaysOff, Duration, Period, PeriodSummary, SpanCounts };

/**
 * Calendar length of first..last, read from `first` to the day after `last` (Act 1930:173 s. 1):
 * the largest whole number of months first (month addition clamps), then the remaining days.
 */
export function durationOf(first: DayNumber, last: DayNumber): Duration {
  if (last < first) return { years: 0, months: 0, days: 0 };
  const end = last + 1;
  const a = civilFromDay(first);
  const e = civilFromDay(end);
  // the civil month difference is never too small; step down while adding it overshoots the end
  let months = (e.year - a.year) * 12 + (e.month - a.month);
  while (months > 0 && addMonths(first, months).day > end) months--;
  const days = end - addMonths(first, months).day;
  return { years: Math.floor(months / 12), months: months % 12, days };
}

/** All counts of first..last inclusive (all zero when last < first). */
export function spanCounts(first: DayNumber, last: DayNumber): SpanCounts {
  const calendarDays = Math.max(0, last - first + 1);
  const workingDays = countBetween("working", first, last);
  const publicHolidays = countBetween("public", first, last);
  const namedDays = countBetween("named", first, last);
  const total = calendarDays - workingDays;
  return {
    calendarDays,
    duration: durationOf(first, last),
    workingDays,
    daysOff: {
      total,
      publicHolidays,
      defactoHolidays: total - publicHolidays,
      namedDays,
      weekendDays: total - namedDays,
    },
    bridgeDays: countBetween("bridge", first, last),
    halfDays: countBetween("half", first, last),
  };
}

/** true when `later` is past `earlier` plus 200 calendar years (the 200-year limit, docs/decisions.md#ranges-and-limits). */
export function exceedsMaxSpan(earlier: DayNumber, later: DayNumber): boolean {
  return later > addMonths(earlier, MAX_SPAN_YEARS * 12).day;
}

/** The period endpoint: `from`/`to` already parsed; their text is echoed as sent. */
export function period(
  from: DayNumber,
  to: DayNumber,
  bounds: Bounds,
  fromText = toIsoDate(from),
  toText = toIsoDate(to),
): Period {
  if (from > to)
    throw invalidArgument(
      "to",
      `'to' (${toText}) must not be earlier than 'from' (${fromText}); the service does not swap them`,
    );
  if (exceedsMaxSpan(from, to))
    throw invalidArgument(
      "to",
      `a period spans at most ${MAX_SPAN_YEARS} years: 'to' must not be later than 'from' plus ${MAX_SPAN_YEARS} years`,
    );
  const first = bounds === "inclusive" || bounds === "from" ? from : from + 1;
  const last = bounds === "inclusive" || bounds === "to" ? to : to - 1;
  const counted = first <= last ? { first: toIsoDate(first), last: toIsoDate(last) } : null;
  return { from: fromText, to: toText, bounds, counted, ...spanCounts(first, last) };
}

/** A shift's summary: chronological, both endpoints counted, null past 200 years. */
export function periodSummary(a: DayNumber, b: DayNumber): PeriodSummary | null {
  const earlier = Math.min(a, b);
  const later = Math.max(a, b);
  if (exceedsMaxSpan(earlier, later)) return null;
  return { from: toIsoDate(earlier), to: toIsoDate(later), ...spanCounts(earlier, later) };
}
