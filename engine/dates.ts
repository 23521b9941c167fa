/**
 * Calendar dates as integer day numbers (days since 1970-01-01, proleptic Gregorian).
 * Hot code works on these integers; ISO strings are converted with plain arithmetic.
 */

export type DayNumber = number;

/**
 * The first year covered.
 *
 * @example
 * FIRST_YEAR; // 1930
 */
export const FIRST_YEAR = 1930;
/**
 * The last year covered.
 *
 * @example
 * LAST_YEAR; // 9999
 */
export const LAST_YEAR = 9999;

/** Day number of a civil date (month 1-12). Howard Hinnant's days_from_civil. */
export function dayFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** Civil date of a day number. Howard Hinnant's civil_from_days. */
export function civilFromDay(n: DayNumber): CivilDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. 1970-01-01 was a Thursday. */
export function isoWeekday(n: DayNumber): number {
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/**
 * The ISO 8601 week of a day: weeks run Monday to Sunday and belong to the year that holds their Thursday, so week 1
 * is the week that holds 4 January (2024-12-30 is week 1 of 2025; 2027-01-01 is week 53 of 2026). Arithmetic only.
 * day-object.ts computes the same from a year it already holds (no civil conversion); tests check the two agree.
 */
export function isoWeekOf(n: DayNumber): { year: number; week: number } {
  const thursday = n - isoWeekday(n) + 4;
  const year = civilFromDay(thursday).year;
  return { year, week: Math.floor((thursday - dayFromCivil(year, 1, 1)) / 7) + 1 };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1];
}

export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

export const FIRST_DAY: DayNumber = dayFromCivil(FIRST_YEAR, 1, 1);
export const LAST_DAY: DayNumber = dayFromCivil(LAST_YEAR, 12, 31);

export function isInRange(n: DayNumber): boolean {
  return n >= FIRST_DAY && n <= LAST_DAY;
}

function pad2(v: number): string {
  return v < 10 ? "0" + v : String(v);
}

/** ISO `YYYY-MM-DD` of a day number (years 1000-9999). */
export function toIsoDate(n: DayNumber): string {
  const { year, month, day } = civilFromDay(n);
  return year + "-" + pad2(month) + "-" + pad2(day);
}

/** Day number of a date known to be valid `YYYY-MM-DD` (no validation). */
export function fromIsoDate(iso: string): DayNumber {
  return dayFromCivil(+iso.slice(0, 4), +iso.slice(5, 7), +iso.slice(8, 10));
}

export interface MonthShift {
  day: DayNumber;
  /** true when the day of month had to be clamped to the end of a shorter month */
  constrained: boolean;
  /** year of the result (may lie outside the service range; callers check) */
  year: number;
}

/** Adds calendar months, clamping to the last day of a shorter month. */
export function addMonths(n: DayNumber, months: number): MonthShift {
  const { year, month, day } = civilFromDay(n);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const last = daysInMonth(y, m);
  const d = Math.min(day, last);
  return { day: dayFromCivil(y, m, d), constrained: d !== day, year: y };
}
