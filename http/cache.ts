/** CACHE_LONG: answers that depend only on their parameters (30 days on the CDN); NO_STORE: errors and /health. */
export { CACHE_LONG, NO_STORE } from "../contract/policies.js";

/**
 * Swedish wall-clock time comes from the platform's time-zone data (Intl, the tz database of the runtime's ICU):
 * no rule of Swedish time is written here. Intl rather than a date library: the functions then bundle no date
 * library (luxon was about 100 KB of every bundle, parsed on every cold start), and the zone's offsets are the
 * same ICU data a library would read through Intl anyway.
 */
const ZONE = "Europe/Stockholm";
const DAY_MS = 86_400_000;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let formatter: Intl.DateTimeFormat | undefined;

/** Stockholm's wall-clock reading at the instant t (ms since the epoch), to the second. */
function wallClock(t: number): WallClock {
  // made on first use: the first Intl formatter of a process loads ICU's locale data, tens of milliseconds
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const fields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatter.formatToParts(t))
    if (part.type in fields) fields[part.type as keyof WallClock] = Number(part.value);
  return fields;
}

/** The wall-clock reading as if it were UTC, in ms (Date.UTC carries a day past the month's end into the next month). */
const asUtc = (w: WallClock, dayShift = 0): number =>
  Date.UTC(w.year, w.month - 1, w.day + dayShift, w.hour, w.minute, w.second);

/** Stockholm's offset from UTC at the instant t, in ms. */
function offsetAt(t: number): number {
  return asUtc(wallClock(t)) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant at which Stockholm's wall clock reads `local` (a reading as asUtc gives it), starting from the offset
 * `guess`. A reading that occurs twice (clocks turned back) gives the first instant when `guess` is the offset before
 * the change; one that never occurs (clocks turned forward) gives the instant of the change.
 */
function instantOf(local: number, guess: number): number {
  const first = local - guess;
  const o2 = offsetAt(first);
  if (o2 === guess) return first;
  const o3 = offsetAt(local - o2);
  if (o3 === o2) return local - o2;
  return local - Math.min(o2, o3);
}

/** The current year in Sweden. */
export function stockholmYear(now: Date): number {
  const t = now.getTime();
  const utcYear = now.getUTCFullYear();
  // No zone is a day or more away from UTC, so an instant at least a day from a UTC New Year falls in the UTC year in
  // every zone, Stockholm's included: the zone data is read only near New Year, and the feed's cold start, which
  // needs nothing but the year, does not pay for the process's first Intl formatter on the other days.
  if (t - Date.UTC(utcYear, 0, 1) >= DAY_MS && Date.UTC(utcYear + 1, 0, 1) - t > DAY_MS) return utcYear;
  return wallClock(t).year;
}

/** Today's date in Sweden as YYYY-MM-DD. */
export function stockholmToday(now: Date): string {
  const w = wallClock(now.getTime());
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** Whole seconds until the next midnight in Stockholm (days of 23 and 25 hours included), at least 1. */
export function secondsUntilStockholmMidnight(now: Date): number {
  const t = now.getTime();
  const w = wallClock(t);
  const offset = asUtc(w) - Math.floor(t / 1000) * 1000;
  const midnight = instantOf(Date.UTC(w.year, w.month - 1, w.day + 1), offset);
  return Math.max(1, Math.ceil((midnight - t) / 1000));
}

/** Cache-Control of an answer that depends on "today" (an omitted year): valid until midnight in Sweden. */
export function cacheUntilStockholmMidnight(now: Date): string {
  return `public, max-age=0, s-maxage=${secondsUntilStockholmMidnight(now)}`;
}
