/**
 * The command-line tool's words in both languages, the names of days and the table helpers (../cli.ts). Its messages
 * and argument readers are in ./messages.ts.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from "../calendar-words.js";
import {
  type Day,
  type Duration,
  dueDateSchedules,
  flagDayRules,
  type HolidayType,
  type Names,
  observanceInfo,
} from "../index.js";
import { hoursOf } from "../working-time.js";

/** The due-date schedules of the catalogue, as the help lists them. */
export const SCHEDULE_CODES = dueDateSchedules().map((s) => s.code);

export const BIN = "swedish-calendar";
export type Lang = "sv" | "en";

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

export const WEEKDAYS: Record<Lang, readonly string[]> = WEEKDAY_NAMES;

export const MONTHS: Record<Lang, readonly string[]> = MONTH_NAMES;

/** Minutes as hours with at most two decimals, a decimal comma in Swedish: `2008`, `167,33` / `167.33`. */
export const hoursText = (lang: Lang, minutes: number) =>
  lang === "sv" ? String(hoursOf(minutes)).replace(".", ",") : String(hoursOf(minutes));

/** Minutes as hours and minutes: `8 h`, `3 h 50 min`, `45 min`. */
export function minutesText(_lang: Lang, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : "", m > 0 || h === 0 ? `${m} min` : ""].filter(Boolean).join(" ");
}

export const WORDS = {
  sv: {
    date: "Datum",
    weekday: "Veckodag",
    week: "Vecka",
    type: "Typ",
    name: "Namn",
    holiday: "Helgdag",
    flagDay: "Flaggdag",
    public: "allmän helgdag",
    defacto: "de facto-helgdag",
    working: "arbetsdag",
    workingDay: "Arbetsdag",
    bridgeDay: "Klämdag",
    halfDay: "Halvdag",
    observances: "Helgdagar",
    flagDays: "Flaggdagar",
    yes: "ja",
    no: "nej",
    none: "–",
    before: "Före",
    days: (n: number) => `${n} ${n === 1 ? "dag" : "dagar"}`,
    from: "Från",
    to: "Till",
    bounds: "Gränser",
    counted: "Räknade dagar",
    calendarDays: "Kalenderdagar",
    duration: "Längd",
    workingDays: "Arbetsdagar",
    daysOff: "Lediga dagar",
    bridgeDays: "Klämdagar",
    halfDays: "Halvdagar",
    daysOffParts: (d: { publicHolidays: number; defactoHolidays: number; namedDays: number; weekendDays: number }) =>
      `allmänna helgdagar ${d.publicHolidays}, de facto-helgdagar ${d.defactoHolidays}; namngivna dagar ${d.namedDays}, helgdagar enbart av veckodagen ${d.weekendDays}`,
    boundsNames: {
      inclusive: "båda datumen räknas",
      exclusive: "inget av datumen räknas",
      from: "startdatumet räknas",
      to: "slutdatumet räknas",
    },
    nothingCounted: "inga (tomt intervall)",
    durationText: (d: Duration) =>
      `${d.years} år, ${d.months} ${d.months === 1 ? "månad" : "månader"}, ${d.days} ${d.days === 1 ? "dag" : "dagar"}`,
    start: "Start",
    end: "Slut",
    leaveDays: "Ledigt att ta",
    leave: "Semesterdagar",
    step: "Steg",
    landed: "Landade på",
    postponed: "Flyttad (söndagsregeln)",
    result: "Resultat",
    constrained: "till månadens sista dag",
    period: "Period",
    plan: (used: number, budget: number, daysOff: number, longest: boolean) =>
      `${used} av ${budget} semesterdagar ger ${daysOff} lediga dagar${longest ? " (längsta ledigheten)" : " (flest lediga dagar totalt)"}`,
    daysHead: "Dagar",
    count: (n: number, what: string) => `${n} ${what}`,
    nBridge: "klämdagar",
    nHalf: "halvdagar",
    nWeekends: "långhelger",
    nFlags: "flaggdagar",
    workingTimeHead: (year: number, weekly: string, daily: string) =>
      `Arbetstid ${year}: ${weekly} timmar i veckan, ${daily} per arbetsdag`,
    profile: "profil",
    month: "Månad",
    hours: "Timmar",
    shortened: "Förkortade dagar",
    quarter: "Kvartal ",
    total: "Hela året",
  },
  en: {
    date: "Date",
    weekday: "Weekday",
    week: "Week",
    type: "Type",
    name: "Name",
    holiday: "Holiday",
    flagDay: "Flag day",
    public: "public holiday",
    defacto: "de facto holiday",
    working: "working day",
    workingDay: "Working day",
    bridgeDay: "Bridge day",
    halfDay: "Half day",
    observances: "Holidays",
    flagDays: "Flag days",
    yes: "yes",
    no: "no",
    none: "–",
    before: "Before",
    days: (n: number) => `${n} ${n === 1 ? "day" : "days"}`,
    from: "From",
    to: "To",
    bounds: "Bounds",
    counted: "Days counted",
    calendarDays: "Calendar days",
    duration: "Duration",
    workingDays: "Working days",
    daysOff: "Days off",
    bridgeDays: "Bridge days",
    halfDays: "Half days",
    daysOffParts: (d: { publicHolidays: number; defactoHolidays: number; namedDays: number; weekendDays: number }) =>
      `public holidays ${d.publicHolidays}, de facto holidays ${d.defactoHolidays}; named days ${d.namedDays}, off by weekday only ${d.weekendDays}`,
    boundsNames: {
      inclusive: "both dates counted",
      exclusive: "neither date counted",
      from: "start date counted",
      to: "end date counted",
    },
    nothingCounted: "none (empty interval)",
    durationText: (d: Duration) =>
      `${d.years} ${d.years === 1 ? "year" : "years"}, ${d.months} ${d.months === 1 ? "month" : "months"}, ${d.days} ${d.days === 1 ? "day" : "days"}`,
    start: "Start",
    end: "End",
    leaveDays: "Leave to take",
    leave: "Leave days",
    step: "Step",
    landed: "Landed on",
    postponed: "Postponed (Sunday rule)",
    result: "Result",
    constrained: "clamped to the end of the month",
    period: "Period",
    plan: (used: number, budget: number, daysOff: number, longest: boolean) =>
      `${used} of ${budget} leave days give ${daysOff} days off${longest ? " (the longest break)" : " (the most days off in total)"}`,
    daysHead: "Days",
    count: (n: number, what: string) => `${n} ${what}`,
    nBridge: "bridge days",
    nHalf: "half days",
    nWeekends: "long weekends",
    nFlags: "flag days",
    workingTimeHead: (year: number, weekly: string, daily: string) =>
      `Working time ${year}: ${weekly} hours a week, ${daily} a working day`,
    profile: "profile",
    month: "Month",
    hours: "Hours",
    shortened: "Shortened days",
    quarter: "Q",
    total: "Year",
  },
} as const;

export type Words = (typeof WORDS)[Lang];
export const weekdayName = (lang: Lang, weekday: number) => WEEKDAYS[lang][weekday - 1];
export const typeName = (w: Words, type: HolidayType | null) => (type === null ? w.working : w[type]);

/** The names of a day's observances, or the weekday's name (capitalised) for a day off with none. */
export function dayName(lang: Lang, day: Day): string {
  if (day.observances.length > 0) return day.observances.map((o) => o.name[lang]).join(", ");
  if (day.holidayType === null) return "";
  const weekday = weekdayName(lang, day.weekday);
  return weekday[0].toUpperCase() + weekday.slice(1);
}

let flagDayNames: Map<string, Names> | undefined;
export function flagDayName(lang: Lang, code: string): string {
  flagDayNames ??= new Map(flagDayRules().map((r) => [r.code, r.name]));
  return flagDayNames.get(code)?.[lang] ?? code;
}

export function observanceName(lang: Lang, code: string): string {
  try {
    return observanceInfo(code).name[lang];
  } catch {
    return code;
  }
}

/** Columns padded to their widest cell (the last column is not padded). */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Label: value lines, labels padded. */
export function fields(pairs: [string, string][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${(label + ":").padEnd(width + 1)}  ${value}`).join("\n");
}

export const dayShort = (lang: Lang, day: Day) => `${day.date} ${weekdayName(lang, day.weekday)}`;
