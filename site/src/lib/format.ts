/**
 * Text formatting shared by build-time rendering (Node) and the browser: no Intl locale data needed.
 * Date arithmetic is the engine's (data-gen/dates.ts imports nothing, so the browser bundle stays small).
 */
import { dayFromCivil, daysInMonth, FIRST_YEAR, fromIsoDate, isoWeekday, LAST_YEAR, toIsoDate } from "../../../data-gen/dates.ts";
import { YEAR_PATTERN } from "../../../data-gen/grammar.ts";

export const WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const WEEKDAYS_SV = ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"];
export const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const MONTHS_SV = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

export { FIRST_YEAR, LAST_YEAR, daysInMonth };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** 1 = Monday ... 7 = Sunday (ISO). */
export function weekdayEn(weekday: number): string {
  return WEEKDAYS_EN[weekday - 1] ?? "?";
}

export function weekdaySv(weekday: number): string {
  return WEEKDAYS_SV[weekday - 1] ?? "?";
}

export function parseIso(date: string): { year: number; month: number; day: number } {
  return { year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10) };
}

/** "1 January" */
export function dayMonthEn(date: string): string {
  const { month, day } = parseIso(date);
  return `${day} ${MONTHS_EN[month - 1]}`;
}

/** "Wednesday 1 January 2025" */
export function longDateEn(date: string, weekday: number): string {
  const { year } = parseIso(date);
  return `${weekdayEn(weekday)} ${dayMonthEn(date)} ${year}`;
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a civil date. */
export function isoWeekdayOf(year: number, month: number, day: number): number {
  return isoWeekday(dayFromCivil(year, month, day));
}

/** The year in Sweden right now (SPEC.md: 'today' is Swedish local time). */
export function stockholmYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", year: "numeric" }).format(now));
}

/** Today's date in Sweden as YYYY-MM-DD. */
export function stockholmToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Stockholm", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** A year the service covers, typed as exactly four digits: returns the year or an error message. */
export function validateYear(text: string): { year: number } | { error: string } {
  const value = text.trim();
  if (!YEAR_PATTERN.test(value)) return { error: `Enter a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}.` };
  const year = Number(value);
  if (year < FIRST_YEAR || year > LAST_YEAR) return { error: `The service covers the years ${FIRST_YEAR} to ${LAST_YEAR}.` };
  return { year };
}

export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function durationText(d: { years: number; months: number; days: number }): string {
  const parts: string[] = [];
  if (d.years) parts.push(plural(d.years, "year"));
  if (d.months) parts.push(plural(d.months, "month"));
  if (d.days || parts.length === 0) parts.push(plural(d.days, "day"));
  return parts.join(", ");
}

/** `YYYY-MM-DD` of a civil date. */
export function isoOf(year: number, month: number, day: number): string {
  return toIsoDate(dayFromCivil(year, month, day));
}

/** The ISO date `n` days after (or before) an ISO date. */
export function addDaysIso(date: string, n: number): string {
  return toIsoDate(fromIsoDate(date) + n);
}
