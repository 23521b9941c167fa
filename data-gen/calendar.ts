import {
  civilFromDay, dayFromCivil, daysInYear, isoWeekday, toIsoDate, FIRST_DAY, FIRST_YEAR, LAST_DAY, LAST_YEAR,
  type DayNumber,
} from "./dates.js";
import { easterSunday } from "./easter.js";
import { OBSERVANCE_RULES, observanceDate, type Feast, type HolidayType, type Names, type ObservanceRule } from "./rules.js";

/** An observance as it appears inside a Day (SPEC.md "Observance"). */
export interface Observance {
  code: string;
  holidayType: HolidayType;
  name: Names;
  feast: Feast;
}

/** SPEC.md "Day". Field order is the serialisation order. */
export interface Day {
  date: string;
  weekday: number;
  holidayType: HolidayType | null;
  workingDay: boolean;
  observances: Observance[];
}

const WORKING = 0;
const PUBLIC = 1;
const DEFACTO = 2;

const SATURDAY = 6;
const SUNDAY = 7;

const OBSERVANCES: ReadonlyMap<ObservanceRule, Observance> = new Map(
  OBSERVANCE_RULES.map((r) => [r, Object.freeze({ code: r.code, holidayType: r.holidayType, name: r.name, feast: r.feast })]),
);

/**
 * Everything about one year that depends only on its shape: the weekday of 1 January, its length,
 * and the day-of-year of each observance. Years of the same shape share one template.
 */
interface YearTemplate {
  length: number;
  types: Uint8Array;
  observances: (readonly Observance[] | undefined)[];
  bridge: Uint8Array;
  half: Uint8Array;
  /** prefix sums: entry i counts days with offset < i */
  prefix: Record<Category, Uint16Array>;
}

/** Categories counted by periods; defacto and weekend-only counts derive from these. */
export type Category = "working" | "public" | "named" | "bridge" | "half";
const CATEGORIES: readonly Category[] = ["working", "public", "named", "bridge", "half"];

interface YearInfo {
  year: number;
  start: DayNumber;
  template: YearTemplate;
}

const templates = new Map<string, YearTemplate>();
const years: (YearInfo | undefined)[] = new Array(LAST_YEAR - FIRST_YEAR + 1);

function buildTemplate(year: number, start: DayNumber, offsets: { offset: number; rule: ObservanceRule }[]): YearTemplate {
  const length = daysInYear(year);
  const types = new Uint8Array(length);
  const observances: (readonly Observance[] | undefined)[] = new Array(length);
  const weekday0 = isoWeekday(start);
  for (let i = 0; i < length; i++) {
    const wd = ((weekday0 - 1 + i) % 7) + 1;
    types[i] = wd === SUNDAY ? PUBLIC : wd === SATURDAY ? DEFACTO : WORKING;
  }
  // offsets arrive in catalogue order, so observances sharing a date keep that order
  for (const { offset, rule } of offsets) {
    const list = (observances[offset] ??= []) as Observance[];
    list.push(OBSERVANCES.get(rule)!);
    if (rule.holidayType === "public") types[offset] = PUBLIC;
    else if (types[offset] === WORKING) types[offset] = DEFACTO;
  }
  // Bridge and half days never depend on the neighbouring years: 31 December and 1 January are always days off.
  const bridge = new Uint8Array(length);
  const half = new Uint8Array(length);
  for (let i = 1; i < length - 1; i++) {
    if (types[i] !== WORKING) continue;
    if (types[i - 1] !== WORKING && types[i + 1] !== WORKING) bridge[i] = 1;
    const next = observances[i + 1];
    if (next && next.some((o) => o.holidayType === "public")) half[i] = 1;
  }
  const prefix = {} as Record<Category, Uint16Array>;
  for (const c of CATEGORIES) prefix[c] = new Uint16Array(length + 1);
  for (let i = 0; i < length; i++) {
    const t = types[i];
    prefix.working[i + 1] = prefix.working[i] + (t === WORKING ? 1 : 0);
    prefix.public[i + 1] = prefix.public[i] + (t === PUBLIC ? 1 : 0);
    prefix.named[i + 1] = prefix.named[i] + (t !== WORKING && observances[i] ? 1 : 0);
    prefix.bridge[i + 1] = prefix.bridge[i] + bridge[i];
    prefix.half[i + 1] = prefix.half[i] + half[i];
  }
  return { length, types, observances, bridge, half, prefix };
}

/** Per-year facts, computed once per year (and once per year shape). `year` must be in 1930-9999. */
export function yearInfo(year: number): YearInfo {
  const cached = years[year - FIRST_YEAR];
  if (cached) return cached;
  const start = dayFromCivil(year, 1, 1);
  const offsets: { offset: number; rule: ObservanceRule }[] = [];
  for (const rule of OBSERVANCE_RULES) {
    const d = observanceDate(rule, year);
    if (d !== undefined) offsets.push({ offset: d - start, rule });
  }
  const key = isoWeekday(start) + "|" + daysInYear(year) + "|" + offsets.map((o) => o.rule.code + o.offset).join(",");
  let template = templates.get(key);
  if (!template) {
    template = buildTemplate(year, start, offsets);
    templates.set(key, template);
  }
  const info = { year, start, template };
  years[year - FIRST_YEAR] = info;
  return info;
}

function locate(n: DayNumber): { info: YearInfo; offset: number } {
  const info = yearInfo(civilFromDay(n).year);
  return { info, offset: n - info.start };
}

const NO_OBSERVANCES: readonly Observance[] = Object.freeze([]);

function holidayTypeOf(t: number): HolidayType | null {
  return t === PUBLIC ? "public" : t === DEFACTO ? "defacto" : null;
}

function makeDay(n: DayNumber, t: number, obs: readonly Observance[] | undefined): Day {
  return {
    date: toIsoDate(n),
    weekday: isoWeekday(n),
    holidayType: holidayTypeOf(t),
    workingDay: t === WORKING,
    observances: (obs ?? NO_OBSERVANCES) as Observance[],
  };
}

/** The Day object of a date in 1930-01-01..9999-12-31. */
export function dayOf(n: DayNumber): Day {
  const civil = civilFromDay(n);
  const info = yearInfo(civil.year);
  const offset = n - info.start;
  const t = info.template.types[offset];
  return {
    date: civil.year + (civil.month < 10 ? "-0" : "-") + civil.month + (civil.day < 10 ? "-0" : "-") + civil.day,
    weekday: isoWeekday(n),
    holidayType: holidayTypeOf(t),
    workingDay: t === WORKING,
    observances: (info.template.observances[offset] ?? NO_OBSERVANCES) as Observance[],
  };
}

export function isWorkingDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return info.template.types[offset] === WORKING;
}

export function isBridgeDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return info.template.bridge[offset] === 1;
}

export function isHalfDay(n: DayNumber): boolean {
  const { info, offset } = locate(n);
  return info.template.half[offset] === 1;
}

export interface HolidayListOptions {
  sundays?: boolean;
  saturdays?: boolean;
}

/**
 * Public and de facto holidays of a year, one entry per date, ascending. Days with a named observance
 * are always listed; the flags add the remaining Sundays and Saturdays. They never change what a day is.
 */
export function holidaysOfYear(year: number, options: HolidayListOptions = {}): Day[] {
  const { start, template } = yearInfo(year);
  const weekday0 = isoWeekday(start);
  const days: Day[] = [];
  for (let i = 0; i < template.length; i++) {
    const obs = template.observances[i];
    const wd = ((weekday0 - 1 + i) % 7) + 1;
    if (obs || (options.sundays && wd === SUNDAY) || (options.saturdays && wd === SATURDAY)) {
      days.push(makeDay(start + i, template.types[i], obs));
    }
  }
  return days;
}

function flaggedDays(year: number, flags: (t: YearTemplate) => Uint8Array): Day[] {
  const { start, template } = yearInfo(year);
  const marks = flags(template);
  const days: Day[] = [];
  for (let i = 0; i < template.length; i++) if (marks[i]) days.push(makeDay(start + i, WORKING, undefined));
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

/** Cumulative per-year counts: cumulative[c][y - FIRST_YEAR] counts days before 1 January of y. */
let cumulative: Record<Category, Float64Array> | undefined;

function yearCumulative(): Record<Category, Float64Array> {
  if (cumulative) return cumulative;
  const count = LAST_YEAR - FIRST_YEAR + 1;
  const result = {} as Record<Category, Float64Array>;
  for (const c of CATEGORIES) result[c] = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) {
    const p = yearInfo(FIRST_YEAR + i).template.prefix;
    for (const c of CATEGORIES) result[c][i + 1] = result[c][i] + p[c][p[c].length - 1];
  }
  cumulative = result;
  return result;
}

/** Number of days of a category in FIRST_DAY..n-1 (n may be LAST_DAY + 1). */
export function countBefore(category: Category, n: DayNumber): number {
  const cum = yearCumulative()[category];
  if (n > LAST_DAY) return cum[cum.length - 1];
  const { info, offset } = locate(n);
  return cum[info.year - FIRST_YEAR] + info.template.prefix[category][offset];
}

/** Number of days of a category in first..last inclusive (0 when last < first). */
export function countBetween(category: Category, first: DayNumber, last: DayNumber): number {
  if (last < first) return 0;
  return countBefore(category, last + 1) - countBefore(category, first);
}

/** The k-th working day of the whole range (k = 1 is the first), or undefined past either end. */
export function kthWorkingDay(k: number): DayNumber | undefined {
  const cum = yearCumulative().working;
  if (k < 1 || k > cum[cum.length - 1]) return undefined;
  // binary search for the year i with cum[i] < k <= cum[i + 1]
  let lo = 0;
  let hi = cum.length - 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid + 1] < k) lo = mid + 1;
    else hi = mid;
  }
  const { start, template } = yearInfo(FIRST_YEAR + lo);
  const within = k - cum[lo];
  const p = template.prefix.working;
  let a = 0;
  let b = template.length - 1;
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
