/**
 * The years 1930-9999: the facts of each year that the rest of the classification starts from (its first day, length,
 * weekday of 1 January and named dates, packed), and which year a day number lies in. The day-by-day template of a
 * year is built in year-template.ts and kept here, on the year, once built.
 */
import {
  type DayNumber,
  dayFromCivil,
  daysInYear,
  FIRST_DAY,
  FIRST_YEAR,
  isoWeekday,
  LAST_DAY,
  LAST_YEAR,
} from "./dates.js";
import { OBSERVANCE_RULES, type ObservanceRule, observanceDate } from "./rules.js";
import type { Observance } from "./types.js";

/** Day types of a year's template: a working day, a public holiday, a de facto holiday. */
export const WORKING = 0;
export const PUBLIC = 1;
export const DEFACTO = 2;

const SATURDAY = 6;
const SUNDAY = 7;

const OBSERVANCES: ReadonlyMap<ObservanceRule, Observance> = new Map(
  OBSERVANCE_RULES.map((r) => [
    r,
    Object.freeze({ code: r.code, holidayType: r.holidayType, name: r.name, feast: r.feast }),
  ]),
);

/**
 * A date of a year that carries at least one named observance, packed into one small integer so that a year's
 * named dates are a single array of integers (cheap to build and keep for every year 1930-9999):
 * bits 0-8 the offset from 1 January, bit 9 set when the day is public (else defacto),
 * bits 10-30 the set of rules (catalogue indices) that fall on the date.
 */
export type NamedDate = number;
const OFFSET_BITS = 0x1ff;
const PUBLIC_BIT = 0x200;
const RULES_SHIFT = 10;

/** Categories counted by periods; defacto and weekend-only counts derive from these. */
export type Category = "working" | "public" | "named" | "bridge" | "half";
export const CATEGORIES: readonly Category[] = ["working", "public", "named", "bridge", "half"];

/**
 * Day-by-day facts of a year that depend only on its shape (weekday of 1 January, length, named dates),
 * needed for single-day lookups, bridge and half days and period counts. Years of the same shape share one.
 * Built by year-template.ts.
 */
export interface YearTemplate {
  types: Uint8Array;
  observances: (readonly Observance[] | undefined)[];
  bridge: Uint8Array;
  half: Uint8Array;
  /** WORKING_DAY, DAY_OFF or DAY_OFF | NAMED_DAY per day, for scans over spans (dayKindsBetween) */
  kinds: Uint8Array;
  /** prefix sums: entry i counts days with offset < i */
  prefix: Record<Category, Uint16Array>;
}

/**
 * Per-year facts. The named dates are cheap and computed first (enough for a holiday list);
 * the day-by-day template is built on first need.
 */
export interface YearInfo {
  year: number;
  /** the year as text, the first four characters of every date in it */
  text: string;
  start: DayNumber;
  length: number;
  /** ISO weekday of 1 January */
  weekday0: number;
  /** packed named dates, ascending by offset */
  named: readonly NamedDate[];
  template: YearTemplate | undefined;
  /** the codes of the year's flag days by offset, built on first need (flag days depend on the year, not its shape) */
  flags: ReadonlyMap<number, readonly string[]> | undefined;
}

export const YEAR_COUNT = LAST_YEAR - FIRST_YEAR + 1;
const years: (YearInfo | undefined)[] = new Array(YEAR_COUNT).fill(undefined);

/** YEAR_STARTS[i] is the day number of 1 January of FIRST_YEAR + i; the last entry is LAST_DAY + 1. */
const YEAR_STARTS = new Int32Array(YEAR_COUNT + 1);
for (let i = 0; i <= YEAR_COUNT; i++) YEAR_STARTS[i] = dayFromCivil(FIRST_YEAR + i, 1, 1);

/** Index (year - FIRST_YEAR) of the year that contains day n. */
function yearIndexOf(n: DayNumber): number {
  if (!(n >= FIRST_DAY && n <= LAST_DAY)) throw new RangeError(`day ${n} lies outside ${FIRST_YEAR}-${LAST_YEAR}`);
  // 146097 days in 400 years: the estimate is off by at most one year
  let i = Math.floor(((n - FIRST_DAY) * 400) / 146097);
  while (YEAR_STARTS[i] > n) i--;
  while (YEAR_STARTS[i + 1] <= n) i++;
  return i;
}

/** Observances by rule index (catalogue order). */
const OBSERVANCE_BY_INDEX: readonly Observance[] = OBSERVANCE_RULES.map((r) => OBSERVANCES.get(r)!);
const PUBLIC_RULES = OBSERVANCE_RULES.reduce((mask, r, i) => (r.holidayType === "public" ? mask | (1 << i) : mask), 0);

/** The observance list of a set of rules, in catalogue order; one shared frozen array per set. */
const observanceLists = new Map<number, readonly Observance[]>();
function observancesOf(rules: number): readonly Observance[] {
  let list = observanceLists.get(rules);
  if (!list) {
    list = Object.freeze(OBSERVANCE_BY_INDEX.filter((_, i) => (rules & (1 << i)) !== 0));
    observanceLists.set(rules, list);
  }
  return list;
}

export const namedOffset = (n: NamedDate) => n & OFFSET_BITS;
export const namedType = (n: NamedDate) => ((n & PUBLIC_BIT) !== 0 ? PUBLIC : DEFACTO);
export const namedObservances = (n: NamedDate) => observancesOf(n >>> RULES_SHIFT);

/** The day type a day of a year has from its weekday alone (Sunday public, Saturday de facto). */
export function weekdayType(weekday0: number, offset: number): number {
  const wd = ((weekday0 - 1 + offset) % 7) + 1;
  return wd === SUNDAY ? PUBLIC : wd === SATURDAY ? DEFACTO : WORKING;
}

// a rule set must fit in bits 10-30 of a NamedDate
if (OBSERVANCE_RULES.length > 21) throw new Error("years.ts: a packed NamedDate holds at most 21 rules");

/** Scratch space for namedDatesOf (module-level, so that a year allocates only its result). */
const scratchOffsets = new Int32Array(OBSERVANCE_RULES.length);

function namedDatesOf(year: number, start: DayNumber, weekday0: number): NamedDate[] {
  // offset of each rule's date (or -1), in catalogue order
  let count = 0;
  for (let r = 0; r < OBSERVANCE_RULES.length; r++) {
    const d = observanceDate(OBSERVANCE_RULES[r], year);
    scratchOffsets[r] = d === undefined ? -1 : d - start;
    if (d !== undefined) count++;
  }
  // group by date, ascending: repeatedly take the smallest remaining offset (20 rules: no sort needed)
  const named: NamedDate[] = [];
  while (count > 0) {
    let offset = Infinity;
    for (let r = 0; r < OBSERVANCE_RULES.length; r++)
      if (scratchOffsets[r] >= 0 && scratchOffsets[r] < offset) offset = scratchOffsets[r];
    let rules = 0;
    for (let r = 0; r < OBSERVANCE_RULES.length; r++) {
      if (scratchOffsets[r] === offset) {
        rules |= 1 << r;
        scratchOffsets[r] = -1;
        count--;
      }
    }
    const isPublic = (rules & PUBLIC_RULES) !== 0 || weekdayType(weekday0, offset) === PUBLIC;
    named.push(offset | (isPublic ? PUBLIC_BIT : 0) | (rules << RULES_SHIFT));
  }
  return named;
}

/** Per-year facts, computed once per year. `year` must be in 1930-9999. */
export function yearInfo(year: number): YearInfo {
  const cached = years[year - FIRST_YEAR];
  if (cached) return cached;
  const start = dayFromCivil(year, 1, 1);
  const weekday0 = isoWeekday(start);
  const info: YearInfo = {
    year,
    text: String(year),
    start,
    length: daysInYear(year),
    weekday0,
    named: namedDatesOf(year, start, weekday0),
    template: undefined,
    flags: undefined,
  };
  years[year - FIRST_YEAR] = info;
  return info;
}

/** The facts of the year that holds day n (RangeError outside 1930-9999). */
export function infoOfDay(n: DayNumber): YearInfo {
  const i = yearIndexOf(n);
  return years[i] ?? yearInfo(FIRST_YEAR + i);
}

/** The year that holds day n and the day's offset from its 1 January. */
export function locate(n: DayNumber): { info: YearInfo; offset: number } {
  const info = infoOfDay(n);
  return { info, offset: n - info.start };
}
