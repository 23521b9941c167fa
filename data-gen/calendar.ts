import { dayFromCivil, daysInYear, isoWeekday, FIRST_DAY, FIRST_YEAR, LAST_DAY, LAST_YEAR, type DayNumber } from "./dates.js";
import { OBSERVANCE_RULES, observanceDate, type HolidayType, type ObservanceRule } from "./rules.js";
import { FLAG_DAY_RULES, FLAG_DAYS_FROM, flagDayDate } from "./flagdays.js";
import type { Day, IsoWeek, Observance } from "./types.js";

/** Day and Observance (docs/contract.md#day, ./types.ts). Field order of the objects built here is the serialisation order. */
export type { Day, IsoWeek, Observance };

const WORKING = 0;
const PUBLIC = 1;
const DEFACTO = 2;

/** Kinds of day in dayKindsBetween(): a working day is 0; a day off has DAY_OFF, and NAMED_DAY too when it carries a named observance. */
export const WORKING_DAY = 0;
export const DAY_OFF = 1;
export const NAMED_DAY = 2;

const SATURDAY = 6;
const SUNDAY = 7;

const OBSERVANCES: ReadonlyMap<ObservanceRule, Observance> = new Map(
  OBSERVANCE_RULES.map((r) => [r, Object.freeze({ code: r.code, holidayType: r.holidayType, name: r.name, feast: r.feast })]),
);

/**
 * A date of a year that carries at least one named observance, packed into one small integer so that a year's
 * named dates are a single array of integers (cheap to build and keep for every year 1930-9999):
 * bits 0-8 the offset from 1 January, bit 9 set when the day is public (else defacto),
 * bits 10-30 the set of rules (catalogue indices) that fall on the date.
 */
type NamedDate = number;
const OFFSET_BITS = 0x1ff;
const PUBLIC_BIT = 0x200;
const RULES_SHIFT = 10;

/**
 * Day-by-day facts of a year that depend only on its shape (weekday of 1 January, length, named dates),
 * needed for single-day lookups, bridge and half days and period counts. Years of the same shape share one.
 */
interface YearTemplate {
  types: Uint8Array;
  observances: (readonly Observance[] | undefined)[];
  bridge: Uint8Array;
  half: Uint8Array;
  /** WORKING_DAY, DAY_OFF or DAY_OFF | NAMED_DAY per day, for scans over spans (dayKindsBetween) */
  kinds: Uint8Array;
  /** prefix sums: entry i counts days with offset < i */
  prefix: Record<Category, Uint16Array>;
}

/** Categories counted by periods; defacto and weekend-only counts derive from these. */
export type Category = "working" | "public" | "named" | "bridge" | "half";
const CATEGORIES: readonly Category[] = ["working", "public", "named", "bridge", "half"];

/**
 * Per-year facts. The named dates are cheap and computed first (enough for a holiday list);
 * the day-by-day template is built on first need.
 */
interface YearInfo {
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

const YEAR_COUNT = LAST_YEAR - FIRST_YEAR + 1;
const years: (YearInfo | undefined)[] = new Array(YEAR_COUNT).fill(undefined);

/** YEAR_STARTS[i] is the day number of 1 January of FIRST_YEAR + i; the last entry is LAST_DAY + 1. */
const YEAR_STARTS = new Int32Array(YEAR_COUNT + 1);
for (let i = 0; i <= YEAR_COUNT; i++) YEAR_STARTS[i] = dayFromCivil(FIRST_YEAR + i, 1, 1);

/** `-MM-DD` of each day of a common ([0]) and a leap ([1]) year, by day of year: dates are built without division. */
const MONTH_DAY_TEXT: readonly (readonly string[])[] = [false, true].map((leap) => {
  const texts: string[] = [];
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  lengths.forEach((days, m) => {
    for (let day = 1; day <= days; day++) texts.push("-" + String(m + 1).padStart(2, "0") + "-" + String(day).padStart(2, "0"));
  });
  return texts;
});

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

const namedOffset = (n: NamedDate) => n & OFFSET_BITS;
const namedType = (n: NamedDate) => ((n & PUBLIC_BIT) !== 0 ? PUBLIC : DEFACTO);
const namedObservances = (n: NamedDate) => observancesOf(n >>> RULES_SHIFT);

function weekdayType(weekday0: number, offset: number): number {
  const wd = ((weekday0 - 1 + offset) % 7) + 1;
  return wd === SUNDAY ? PUBLIC : wd === SATURDAY ? DEFACTO : WORKING;
}

// a rule set must fit in bits 10-30 of a NamedDate
if (OBSERVANCE_RULES.length > 21) throw new Error("calendar.ts: a packed NamedDate holds at most 21 rules");

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
    for (let r = 0; r < OBSERVANCE_RULES.length; r++) if (scratchOffsets[r] >= 0 && scratchOffsets[r] < offset) offset = scratchOffsets[r];
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
  const info: YearInfo = { year, text: String(year), start, length: daysInYear(year), weekday0, named: namedDatesOf(year, start, weekday0), template: undefined, flags: undefined };
  years[year - FIRST_YEAR] = info;
  return info;
}

function buildTemplate(info: YearInfo): YearTemplate {
  const { length, weekday0, named } = info;
  const types = new Uint8Array(length);
  const observances: (readonly Observance[] | undefined)[] = new Array(length).fill(undefined);
  for (let i = 0; i < length; i++) types[i] = weekdayType(weekday0, i);
  for (const n of named) {
    types[namedOffset(n)] = namedType(n);
    observances[namedOffset(n)] = namedObservances(n);
  }
  // Bridge and half days never depend on the neighbouring years: 31 December and 1 January are always days off.
  const bridge = new Uint8Array(length);
  const half = new Uint8Array(length);
  for (let i = 1; i < length - 1; i++) {
    if (types[i] !== WORKING) continue;
    if (types[i - 1] !== WORKING && types[i + 1] !== WORKING) bridge[i] = 1;
    const next = observances[i + 1];
    if (next !== undefined && next.some((o) => o.holidayType === "public")) half[i] = 1;
  }
  const kinds = new Uint8Array(length);
  for (let i = 0; i < length; i++) kinds[i] = types[i] === WORKING ? WORKING_DAY : observances[i] !== undefined ? DAY_OFF | NAMED_DAY : DAY_OFF;
  const prefix = {} as Record<Category, Uint16Array>;
  for (const c of CATEGORIES) prefix[c] = new Uint16Array(length + 1);
  for (let i = 0; i < length; i++) {
    const t = types[i];
    prefix.working[i + 1] = prefix.working[i] + (t === WORKING ? 1 : 0);
    prefix.public[i + 1] = prefix.public[i] + (t === PUBLIC ? 1 : 0);
    prefix.named[i + 1] = prefix.named[i] + (observances[i] !== undefined ? 1 : 0);
    prefix.bridge[i + 1] = prefix.bridge[i] + bridge[i];
    prefix.half[i + 1] = prefix.half[i] + half[i];
  }
  return { types, observances, bridge, half, kinds, prefix };
}

/** Templates by a numeric hash of the year's shape; a bucket holds the years whose shapes collide. */
const templates = new Map<number, { shape: YearInfo; template: YearTemplate }[]>();

function shapeHash(info: YearInfo): number {
  let h = Math.imul(info.weekday0, 31) + info.length;
  for (const n of info.named) h = Math.imul(h ^ n, 0x9e3779b1) >>> 0;
  return h;
}

function sameShape(a: YearInfo, b: YearInfo): boolean {
  if (a.weekday0 !== b.weekday0 || a.length !== b.length || a.named.length !== b.named.length) return false;
  for (let i = 0; i < a.named.length; i++) if (a.named[i] !== b.named[i]) return false;
  return true;
}

/** The day-by-day template of a year, shared by all years of the same shape (126 shapes cover 1930-9999). */
function templateOf(info: YearInfo): YearTemplate {
  if (info.template) return info.template;
  const hash = shapeHash(info);
  let bucket = templates.get(hash);
  if (!bucket) templates.set(hash, (bucket = []));
  let template = bucket.find((entry) => sameShape(entry.shape, info))?.template;
  if (!template) {
    template = buildTemplate(info);
    bucket.push({ shape: info, template });
  }
  info.template = template;
  return template;
}

function infoOfDay(n: DayNumber): YearInfo {
  const i = yearIndexOf(n);
  return years[i] ?? yearInfo(FIRST_YEAR + i);
}

function locate(n: DayNumber): { info: YearInfo; offset: number } {
  const info = infoOfDay(n);
  return { info, offset: n - info.start };
}

/** ISO text of a day of a known year. */
function dateText(info: YearInfo, offset: number): string {
  return info.text + MONTH_DAY_TEXT[info.length === 366 ? 1 : 0][offset];
}

const NO_OBSERVANCES: readonly Observance[] = Object.freeze([]);
const NO_FLAG_DAYS: readonly string[] = Object.freeze([]);
const NO_FLAGS: ReadonlyMap<number, readonly string[]> = new Map();
const ONE_FLAG_DAY: readonly (readonly string[])[] = FLAG_DAY_RULES.map((rule) => Object.freeze([rule.code]));

/** The flag-day codes of each date of a year that has any, by offset, in table order (none before 1983). */
function flagsOf(info: YearInfo): ReadonlyMap<number, readonly string[]> {
  if (info.flags) return info.flags;
  if (info.year < FLAG_DAYS_FROM) return (info.flags = NO_FLAGS);
  // the rules' dates straight from the table, in table order (the order of a date's codes): a list needs only the
  // codes, not the occurrences' holidays or their date order (flagDayOccurrences)
  const flags = new Map<number, readonly string[]>();
  for (let r = 0; r < FLAG_DAY_RULES.length; r++) {
    const day = flagDayDate(FLAG_DAY_RULES[r], info.year);
    if (day === undefined) continue;
    const offset = day - info.start;
    const codes = flags.get(offset);
    // a date with one flag day (nearly all) shares its rule's frozen one-code list; two on a date get a list of their own
    flags.set(offset, codes ? Object.freeze([...codes, FLAG_DAY_RULES[r].code]) : ONE_FLAG_DAY[r]);
  }
  return (info.flags = flags);
}

function holidayTypeOf(t: number): HolidayType | null {
  return t === PUBLIC ? "public" : t === DEFACTO ? "defacto" : null;
}

/**
 * The ISO 8601 week of a day of a known year (docs/decisions.md#iso-weeks): the week belongs to the year of its
 * Thursday. Same answer as dates.ts isoWeekOf, from the year's own facts, without a civil conversion.
 */
function isoWeekIn(info: YearInfo, offset: number, weekday: number): IsoWeek {
  const thursday = offset - weekday + 4; // offset of the week's Thursday from 1 January
  if (thursday < 0) return { year: info.year - 1, week: Math.floor((thursday + daysInYear(info.year - 1)) / 7) + 1 };
  if (thursday >= info.length) return { year: info.year + 1, week: 1 };
  return { year: info.year, week: Math.floor(thursday / 7) + 1 };
}

function makeDay(info: YearInfo, offset: number, t: number, obs: readonly Observance[] | undefined): Day {
  const weekday = ((info.weekday0 - 1 + offset) % 7) + 1;
  return {
    date: dateText(info, offset),
    weekday,
    isoWeek: isoWeekIn(info, offset, weekday),
    holidayType: holidayTypeOf(t),
    workingDay: t === WORKING,
    observances: (obs ?? NO_OBSERVANCES) as Observance[],
    flagDay: (flagsOf(info).get(offset) ?? NO_FLAG_DAYS) as string[],
  };
}

/** The Day object of a date in 1930-01-01..9999-12-31 (RangeError outside: callers validate first). */
export function dayOf(n: DayNumber): Day {
  const info = infoOfDay(n);
  const template = info.template ?? templateOf(info);
  const offset = n - info.start;
  return makeDay(info, offset, template.types[offset], template.observances[offset]);
}

export function isWorkingDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return templateOf(info).types[offset] === WORKING;
}

export function isBridgeDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return templateOf(info).bridge[offset] === 1;
}

export function isHalfDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return templateOf(info).half[offset] === 1;
}

/**
 * The kind of every day of first..last (inclusive, both in 1930-9999), as one array indexed from `first`: copied from the
 * years' templates, so a scan over a span (long weekends, leave plans) reads one small integer per day.
 */
export function dayKindsBetween(first: DayNumber, last: DayNumber): Uint8Array {
  const kinds = new Uint8Array(Math.max(0, last - first + 1));
  for (let n = first; n <= last; ) {
    const info = infoOfDay(n);
    const offset = n - info.start;
    const end = Math.min(info.length, offset + (last - n) + 1);
    kinds.set(templateOf(info).kinds.subarray(offset, end), n - first);
    n += end - offset;
  }
  return kinds;
}

export interface HolidayListOptions {
  sundays?: boolean;
  saturdays?: boolean;
}

/**
 * Public and de facto holidays of a year, one entry per date, ascending. Days with a named observance
 * are always listed; the flags add the remaining Sundays and Saturdays. They never change what a day is.
 * Needs only the year's named dates, not its day-by-day template.
 */
export function holidaysOfYear(year: number, options: HolidayListOptions = {}): Day[] {
  const info = yearInfo(year);
  const { length, weekday0, named } = info;
  const days: Day[] = [];
  if (!options.sundays && !options.saturdays) {
    for (const n of named) days.push(makeDay(info, namedOffset(n), namedType(n), namedObservances(n)));
    return days;
  }
  let k = 0;
  for (let i = 0; i < length; i++) {
    if (k < named.length && namedOffset(named[k]) === i) {
      const n = named[k++];
      days.push(makeDay(info, i, namedType(n), namedObservances(n)));
      continue;
    }
    const t = weekdayType(weekday0, i);
    if ((options.sundays && t === PUBLIC) || (options.saturdays && t === DEFACTO)) days.push(makeDay(info, i, t, undefined));
  }
  return days;
}

function flaggedDays(year: number, flags: (t: YearTemplate) => Uint8Array): Day[] {
  const info = yearInfo(year);
  const marks = flags(templateOf(info));
  const days: Day[] = [];
  for (let i = 0; i < info.length; i++) if (marks[i]) days.push(makeDay(info, i, WORKING, undefined));
  return days;
}

/** Working days whose previous and next days are both days off. */
export function bridgeDaysOfYear(year: number): Day[] {
  return flaggedDays(year, (t) => t.bridge);
}

/** Working days whose next day carries a public observance. */
export function halfDaysOfYear(year: number): Day[] {
  return flaggedDays(year, (t) => t.half);
}

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
  while (cum[cumulativeYears] < k && cumulativeYears < YEAR_COUNT) extendCumulative(Math.min(YEAR_COUNT, cumulativeYears + 64));
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

export { FIRST_DAY, LAST_DAY };
