/**
 * What the deploy build (`npm run build`) puts on the CDN by default: every year's files (FIRST_YEAR to LAST_YEAR), and per-date files
 * for the current year in Sweden ± 2 (the only input taken from the clock; the files' contents never are). The
 * materialiser builds this window unless told another; the standalone server counts a request against the limits
 * exactly when the deployed service would answer it from a function, i.e. not when this range holds its file, whether
 * or not a dataset was built here (server/standalone.ts).
 */
import { dayFromCivil, FIRST_YEAR, LAST_YEAR, toIsoDate } from "swedish-calendar/core";
import type { BuiltRange } from "../contract/static.js";
import { stockholmYear } from "../http/cache.js";
import type { DaysWindow } from "./plan.js";

/** The default days window: this many years either side of the current year in Sweden. */
export const DAYS_WINDOW_RADIUS = 2;

/** The per-date files' window of a default build at `now` (day numbers, inclusive). */
export function defaultDaysWindow(now = new Date()): DaysWindow {
  const year = stockholmYear(now);
  const from = Math.max(FIRST_YEAR, year - DAYS_WINDOW_RADIUS);
  const to = Math.min(LAST_YEAR, year + DAYS_WINDOW_RADIUS);
  return { first: dayFromCivil(from, 1, 1), last: dayFromCivil(to, 12, 31) };
}

/** The files a default deploy build at `now` writes, as the rewrite rules read a build's range. */
export function deployedRange(now = new Date()): BuiltRange {
  const { first, last } = defaultDaysWindow(now);
  return { years: { from: FIRST_YEAR, to: LAST_YEAR }, days: { from: toIsoDate(first), to: toIsoDate(last) } };
}
