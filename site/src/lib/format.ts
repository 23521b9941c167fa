/** Text formatting shared by build-time rendering (Node) and the browser: no Intl locale data needed. */

export const WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const WEEKDAYS_SV = ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"];
export const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const MONTHS_SV = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"];

export const FIRST_YEAR = 1930;
export const LAST_YEAR = 9999;

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

/** ISO weekday of a civil date, by day-count arithmetic (valid for the Gregorian calendar). */
export function isoWeekdayOf(year: number, month: number, day: number): number {
  return ((daysFromEpoch(year, month, day) % 7) + 7 + 3) % 7 + 1;
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function daysFromEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
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
  if (!/^\d{4}$/.test(value)) return { error: `Enter a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}.` };
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

/** Inverse of daysFromEpoch. */
export function civilFromEpoch(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function pad2(n: number): string {
  return n < 10 ? "0" + n : String(n);
}

export function isoOf(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The ISO date `n` days after (or before) an ISO date. */
export function addDaysIso(date: string, n: number): string {
  const { year, month, day } = parseIso(date);
  const c = civilFromEpoch(daysFromEpoch(year, month, day) + n);
  return isoOf(c.year, c.month, c.day);
}
