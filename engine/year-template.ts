/**
 * The day-by-day classification of a year (its template: day types, observances, bridge and half days, kinds, prefix
 * sums), built once per shape of year and shared by every year of that shape, and the single-day and span lookups
 * that read it.
 */
import type { DayNumber } from "./dates.js";
import type { Observance } from "./types.js";
import {
  CATEGORIES,
  type Category,
  infoOfDay,
  locate,
  namedObservances,
  namedOffset,
  namedType,
  PUBLIC,
  WORKING,
  weekdayType,
  type YearInfo,
  type YearTemplate,
} from "./years.js";

/** Kinds of day in dayKindsBetween(): a working day is 0; a day off has DAY_OFF, and NAMED_DAY too when it carries a named observance. */
export const WORKING_DAY = 0;
export const DAY_OFF = 1;
export const NAMED_DAY = 2;

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
    if (next?.some((o) => o.holidayType === "public")) half[i] = 1;
  }
  const kinds = new Uint8Array(length);
  for (let i = 0; i < length; i++)
    kinds[i] = types[i] === WORKING ? WORKING_DAY : observances[i] !== undefined ? DAY_OFF | NAMED_DAY : DAY_OFF;
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

/** Templates by a numeric hash of the year's shape; a list holds the years whose shapes collide. */
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
export function templateOf(info: YearInfo): YearTemplate {
  if (info.template) return info.template;
  const hash = shapeHash(info);
  let colliding = templates.get(hash);
  if (!colliding) templates.set(hash, (colliding = []));
  let template = colliding.find((entry) => sameShape(entry.shape, info))?.template;
  if (!template) {
    template = buildTemplate(info);
    colliding.push({ shape: info, template });
  }
  info.template = template;
  return template;
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
