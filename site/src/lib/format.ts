/**
 * Text formatting shared by build-time rendering (Node) and the browser: no Intl locale data needed.
 * Date arithmetic is the engine's (engine/dates.ts imports nothing, so the browser bundle stays small).
 */
import {
  dayFromCivil,
  daysInMonth,
  FIRST_YEAR,
  fromIsoDate,
  isoWeekday,
  LAST_YEAR,
  toIsoDate,
} from "swedish-calendar/core";

export { daysInMonth, FIRST_YEAR, LAST_YEAR };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a civil date. */
export function isoWeekdayOf(year: number, month: number, day: number): number {
  return isoWeekday(dayFromCivil(year, month, day));
}

/** The year in Sweden right now (docs/contract.md#scope-and-conventions: 'today' is Swedish local time). */
export function stockholmYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", year: "numeric" }).format(now));
}

/** Today's date in Sweden as YYYY-MM-DD. */
export function stockholmToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Stockholm",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** `YYYY-MM-DD` of a civil date. */
export function isoOf(year: number, month: number, day: number): string {
  return toIsoDate(dayFromCivil(year, month, day));
}

/** The ISO date `n` days after (or before) an ISO date. */
export function addDaysIso(date: string, n: number): string {
  return toIsoDate(fromIsoDate(date) + n);
}
