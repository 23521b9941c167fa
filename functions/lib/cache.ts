import { DateTime } from "luxon";

/** CACHE_LONG: answers that depend only on their parameters (30 days on the CDN); NO_STORE: errors and /health. */
export { CACHE_LONG, NO_STORE } from "../../contract/policies.js";

const ZONE = "Europe/Stockholm";

/** The current year in Sweden. */
export function stockholmYear(now: Date): number {
  return DateTime.fromJSDate(now, { zone: ZONE }).year;
}

/** Today's date in Sweden as YYYY-MM-DD. */
export function stockholmToday(now: Date): string {
  return DateTime.fromJSDate(now, { zone: ZONE }).toISODate()!;
}

/** Whole seconds until the next midnight in Stockholm (days of 23 and 25 hours included), at least 1. */
export function secondsUntilStockholmMidnight(now: Date): number {
  const local = DateTime.fromJSDate(now, { zone: ZONE });
  const midnight = local.startOf("day").plus({ days: 1 });
  return Math.max(1, Math.ceil((midnight.toMillis() - now.getTime()) / 1000));
}

/** Cache-Control of an answer that depends on "today" (an omitted year): valid until midnight in Sweden. */
export function cacheUntilStockholmMidnight(now: Date): string {
  return `public, max-age=0, s-maxage=${secondsUntilStockholmMidnight(now)}`;
}
