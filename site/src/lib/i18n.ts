/**
 * The site's two languages: Swedish first, at the root (`/`, `/api/`, `/v2-deprecation/`, `/changelog/`), English under
 * `/en/` (`/en/`, `/en/api/`, `/en/v2-deprecation/`, `/en/changelog/`). The same pages in both; `<html lang>` says which. This module holds
 * the words the shared rendering (render.ts) and the browser scripts need; the pages' own prose is in their .astro
 * components. It takes from the engine only its dependency-free date module and calendar words (weekday and month
 * names, data-gen/calendar-words.ts), so the browser bundle stays small.
 */
import { type DueDateScheduleCode, dayFromCivil, isoWeekday, MONTH_NAMES, WEEKDAY_NAMES } from "swedish-calendar/core";
import { CHANGELOG } from "../../../contract/paths.ts";

export type Lang = "sv" | "en";
export const LANGS: readonly Lang[] = ["sv", "en"];
export const DEFAULT_LANG: Lang = "sv";

/** The pages of the site, each in both languages. */
export type PageKey = "home" | "api" | "v2" | "changelog";

const PAGE_TAILS: Record<PageKey, string> = {
  home: "",
  api: "api/",
  v2: "v2-deprecation/",
  changelog: CHANGELOG.page.slice(1),
};

/** The address of a page in a language: Swedish at the root, English under /en/. */
export function pageHref(page: PageKey, lang: Lang): string {
  return (lang === "sv" ? "/" : "/en/") + PAGE_TAILS[page];
}

/** The other language (for the switch). */
export function otherLang(lang: Lang): Lang {
  return lang === "sv" ? "en" : "sv";
}

/** The language of the page this code runs in (`<html lang>`); Swedish outside a browser. */
export function documentLang(): Lang {
  return typeof document !== "undefined" && document.documentElement.lang === "en" ? "en" : "sv";
}

export const WEEKDAYS: Record<Lang, readonly string[]> = WEEKDAY_NAMES;
/** Column heads of the month grids: the week column, then Monday to Sunday. */
export const WEEK_HEAD: Record<Lang, { week: string; weekTitle: string; days: readonly string[] }> = {
  en: { week: "wk", weekTitle: "ISO week number", days: ["M", "T", "W", "T", "F", "S", "S"] },
  sv: { week: "v.", weekTitle: "Veckonummer (ISO 8601)", days: ["M", "T", "O", "T", "F", "L", "S"] },
};
export const MONTHS: Record<Lang, readonly string[]> = MONTH_NAMES;

/** 1 = Monday ... 7 = Sunday (ISO). English capitalised, Swedish in lower case as Swedish writes it. */
export function weekdayName(weekday: number, lang: Lang): string {
  return WEEKDAYS[lang][weekday - 1] ?? "?";
}

export function monthName(month: number, lang: Lang): string {
  return MONTHS[lang][month - 1] ?? "?";
}

export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function parts(date: string): { year: number; month: number; day: number } {
  return { year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10) };
}

/** ISO weekday of an ISO date. */
export function weekdayOfIso(date: string): number {
  const { year, month, day } = parts(date);
  return isoWeekday(dayFromCivil(year, month, day));
}

/** "1 January" / "1 januari" */
export function dayMonth(date: string, lang: Lang): string {
  const { month, day } = parts(date);
  return `${day} ${monthName(month, lang)}`;
}

/** "Wednesday 1 January 2025" / "onsdag 1 januari 2025" */
export function longDate(date: string, lang: Lang, weekday = weekdayOfIso(date)): string {
  return `${weekdayName(weekday, lang)} ${dayMonth(date, lang)} ${parts(date).year}`;
}

/**
 * A span of dates as people write it: "3–6 April", "30 April – 3 May", "31 December 2026 – 3 January 2027"
 * (the year only when the span crosses one, or when `withYear`).
 */
export function dateRange(start: string, end: string, lang: Lang, withYear = false): string {
  const a = parts(start);
  const b = parts(end);
  if (start === end) return dayMonth(start, lang) + (withYear ? ` ${a.year}` : "");
  if (a.year !== b.year) return `${dayMonth(start, lang)} ${a.year} – ${dayMonth(end, lang)} ${b.year}`;
  const year = withYear ? ` ${a.year}` : "";
  if (a.month === b.month) return `${a.day}–${b.day} ${monthName(a.month, lang)}${year}`;
  return `${dayMonth(start, lang)} – ${dayMonth(end, lang)}${year}`;
}

/** Count nouns: [singular, plural] per language. */
const NOUNS = {
  day: { en: ["day", "days"], sv: ["dag", "dagar"] },
  date: { en: ["date", "dates"], sv: ["datum", "datum"] },
  holidayDate: { en: ["holiday date", "holiday dates"], sv: ["helgdatum", "helgdatum"] },
  bridgeDay: { en: ["bridge day", "bridge days"], sv: ["klämdag", "klämdagar"] },
  halfDay: { en: ["half day", "half days"], sv: ["halvdag", "halvdagar"] },
  longWeekend: { en: ["long weekend", "long weekends"], sv: ["långhelg", "långhelger"] },
  workingDay: { en: ["working day", "working days"], sv: ["arbetsdag", "arbetsdagar"] },
  leaveDay: { en: ["leave day", "leave days"], sv: ["semesterdag", "semesterdagar"] },
  dayOff: { en: ["day off", "days off"], sv: ["ledig dag", "lediga dagar"] },
  namedHoliday: { en: ["named holiday", "named holidays"], sv: ["namngiven helgdag", "namngivna helgdagar"] },
  weekendDay: {
    en: ["plain weekend day", "plain weekend days"],
    sv: ["vanlig helgdag (lördag eller söndag)", "vanliga helgdagar (lördagar och söndagar)"],
  },
  operation: { en: ["operation", "operations"], sv: ["operation", "operationer"] },
  year: { en: ["year", "years"], sv: ["år", "år"] },
  month: { en: ["month", "months"], sv: ["månad", "månader"] },
  week: { en: ["week", "weeks"], sv: ["vecka", "veckor"] },
  break: { en: ["break", "breaks"], sv: ["ledighet", "ledigheter"] },
} as const satisfies Record<string, Record<Lang, readonly [string, string]>>;

export type Noun = keyof typeof NOUNS;

/** The noun alone, in the number `n` asks for. */
export function noun(n: number, word: Noun, lang: Lang): string {
  const [one, many] = NOUNS[word][lang];
  return n === 1 ? one : many;
}

/** "3 days" / "3 dagar" */
export function count(n: number, word: Noun, lang: Lang): string {
  return `${n} ${noun(n, word, lang)}`;
}

/** A statutory duration: "1 year, 2 months, 3 days" / "1 år, 2 månader, 3 dagar". */
export function durationText(d: { years: number; months: number; days: number }, lang: Lang): string {
  const out: string[] = [];
  if (d.years) out.push(count(d.years, "year", lang));
  if (d.months) out.push(count(d.months, "month", lang));
  if (d.days || out.length === 0) out.push(count(d.days, "day", lang));
  return out.join(", ");
}

/** "a, b and c" / "a, b och c" */
export function listText(items: string[], lang: Lang): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${lang === "sv" ? "och" : "and"} ${items[items.length - 1]}`;
}

/** The words of the year overview (render.ts), both languages side by side so neither lacks one. */
export interface YearWords {
  atAGlance: (year: number) => string;
  publicHolidays: string;
  publicNote: string;
  defactoHolidays: string;
  defactoNote: string;
  workingDays: string;
  workingNote: string;
  notLoaded: string;
  bridgeDays: string;
  bridgeNote: string;
  halfDays: string;
  halfNote: string;
  onWeekdays: (dates: string, year: number) => string;
  gridCaption: (year: number) => string;
  legend: {
    public: string;
    defacto: string;
    weekend: string;
    bridge: string;
    half: string;
    today: string;
    planBreak: string;
    planLeave: string;
    due: string;
    week: string;
  };
  today: string;
  badge: { public: string; defacto: string; working: string };
  holidaysHeading: string;
  holidaysCaption: (year: number, dates: string) => string;
  columns: {
    date: string;
    weekday: string;
    swedish: string;
    english: string;
    type: string;
    why: string;
    days: string;
    leave: string;
    observances: string;
    dates: string;
  };
  bridgeHeading: string;
  bridgeExplain: string;
  bridgeCaption: (year: number) => string;
  bridgeNone: (year: number) => string;
  between: (a: string, b: string) => string;
  halfHeading: string;
  halfExplain: string;
  halfCaption: (year: number) => string;
  halfNone: (year: number) => string;
  eveOf: (name: string) => string;
  longHeading: string;
  longExplain: string;
  longCaption: (year: number, n: number) => string;
  longNone: (year: number) => string;
  longError: (message: string) => string;
  noLeave: string;
}

export const YEAR_WORDS: Record<Lang, YearWords> = {
  en: {
    atAGlance: (year) => `${year} at a glance`,
    publicHolidays: "Public holidays",
    publicNote: "named in the Public Holidays Act",
    defactoHolidays: "De facto holidays",
    defactoNote: "the eves: days off in practice",
    workingDays: "Working days",
    workingNote: "Mon–Fri that are not holidays",
    notLoaded: "could not be loaded",
    bridgeDays: "Bridge days",
    bridgeNote: "klämdagar",
    halfDays: "Half days",
    halfNote: "halvdagar",
    onWeekdays: (dates, year) => `${dates} of ${year} fall on a weekday (Monday–Friday).`,
    gridCaption: (year) => `Calendar of ${year}; the tables below list the same days.`,
    legend: {
      public: "Public holiday",
      defacto: "De facto holiday",
      weekend: "Weekend",
      bridge: "Bridge day",
      half: "Half day",
      today: "Today",
      planBreak: "Break in your leave plan",
      planLeave: "Leave day in your plan",
      due: "Payment date (pay and payment dates below)",
      week: "wk: ISO week number",
    },
    today: "Today",
    badge: { public: "Public holiday", defacto: "De facto holiday", working: "Working day" },
    holidaysHeading: "Holidays",
    holidaysCaption: (year, dates) => `Public and de facto holidays in ${year} (${dates})`,
    columns: {
      date: "Date",
      weekday: "Weekday",
      swedish: "Swedish name",
      english: "English name",
      type: "Type",
      why: "Why",
      days: "Days",
      leave: "Leave day to take",
      observances: "Holidays",
      dates: "Dates",
    },
    bridgeHeading: "Bridge days",
    bridgeExplain: "A working day squeezed between a holiday and a weekend; many people take it off.",
    bridgeCaption: (year) => `Bridge days in ${year}`,
    bridgeNone: (year) => `There are no bridge days in ${year}.`,
    between: (a, b) => `Between ${a} and ${b}`,
    halfHeading: "Half days",
    halfExplain:
      "The working day before a public holiday, when many workplaces finish early (a custom, not an entitlement).",
    halfCaption: (year) => `Half days in ${year}`,
    halfNone: (year) => `There are no half days in ${year}.`,
    eveOf: (name) => `Eve of ${name}`,
    longHeading: "Long weekends",
    longExplain:
      "Three or more days off in a row that include a named holiday, and the longer ones a bridge day makes: take the leave day shown and the days off on either side join up. Listed under the year they start in.",
    longCaption: (year, n) => `Long weekends starting in ${year} (${n})`,
    longNone: (year) => `No long weekend starts in ${year}.`,
    longError: (message) => `The long weekends could not be loaded: ${message}`,
    noLeave: "none needed",
  },
  sv: {
    atAGlance: (year) => `${year} i överblick`,
    publicHolidays: "Allmänna helgdagar",
    publicNote: "enligt lagen om allmänna helgdagar",
    defactoHolidays: "De facto-helgdagar",
    defactoNote: "aftnarna: lediga i praktiken",
    workingDays: "Arbetsdagar",
    workingNote: "mån–fre som inte är helgdagar",
    notLoaded: "kunde inte hämtas",
    bridgeDays: "Klämdagar",
    bridgeNote: "mellan helgdag och helg",
    halfDays: "Halvdagar",
    halfNote: "dagen före en helgdag",
    onWeekdays: (dates, year) => `${capitalise(dates)} ${year} infaller på en vardag (måndag–fredag).`,
    gridCaption: (year) => `Kalender för ${year}; tabellerna nedan listar samma dagar.`,
    legend: {
      public: "Allmän helgdag",
      defacto: "De facto-helgdag",
      weekend: "Helg",
      bridge: "Klämdag",
      half: "Halvdag",
      today: "I dag",
      planBreak: "Ledighet i din plan",
      planLeave: "Semesterdag i din plan",
      due: "Betalningsdag (löner och utbetalningar nedan)",
      week: "v.: veckonummer (ISO 8601)",
    },
    today: "I dag",
    badge: { public: "Allmän helgdag", defacto: "De facto-helgdag", working: "Arbetsdag" },
    holidaysHeading: "Helgdagar",
    holidaysCaption: (year, dates) => `Allmänna och de facto-helgdagar ${year} (${dates})`,
    columns: {
      date: "Datum",
      weekday: "Veckodag",
      swedish: "Svenskt namn",
      english: "Engelskt namn",
      type: "Typ",
      why: "Varför",
      days: "Dagar",
      leave: "Ledig dag att ta",
      observances: "Helgdagar",
      dates: "Datum",
    },
    bridgeHeading: "Klämdagar",
    bridgeExplain: "En arbetsdag som kläms mellan en helgdag och en helg; många tar ledigt.",
    bridgeCaption: (year) => `Klämdagar ${year}`,
    bridgeNone: (year) => `Det finns inga klämdagar ${year}.`,
    between: (a, b) => `Mellan ${a} och ${b}`,
    halfHeading: "Halvdagar",
    halfExplain:
      "Arbetsdagen före en allmän helgdag, då många arbetsplatser slutar tidigare (en sedvänja, ingen rättighet).",
    halfCaption: (year) => `Halvdagar ${year}`,
    halfNone: (year) => `Det finns inga halvdagar ${year}.`,
    eveOf: (name) => `Dagen före ${name}`,
    longHeading: "Långhelger",
    longExplain:
      "Minst tre lediga dagar i rad med en namngiven helgdag, och de längre som en klämdag ger: ta den lediga dag som anges så hänger ledigheten ihop. Listas under det år de börjar.",
    longCaption: (year, n) => `Långhelger som börjar ${year} (${n})`,
    longNone: (year) => `Ingen långhelg börjar ${year}.`,
    longError: (message) => `Långhelgerna kunde inte hämtas: ${message}`,
    noLeave: "behövs ingen",
  },
};

/**
 * Why the pay section shows no dates of a schedule for a year before its `since` (the catalogue's): a sentence of
 * its own, written here in both languages, and the site never asks for those dates (the API would refuse them with
 * 400, and the dataset has no file for them). A schedule the site has no words for yet gets the general sentence.
 */
const KNOWN_BEFORE_SINCE: Record<Lang, Partial<Record<DueDateScheduleCode, (since: number) => string>>> = {
  en: {
    "child-benefit": (since) =>
      `Child benefit is paid by this rule from ${since}. The rule rests on Försäkringskassan's published payment days from ${since}; ` +
      "no source the service cites settles the payment days before that.",
    "tax-account": (since) =>
      `The tax account's due dates follow this rule from ${since}: it is the Tax Procedure Act's (skatteförfarandelagen, 2011:1244), ` +
      "in force from 1 January 2012. Earlier years followed the Tax Payment Act (skattebetalningslagen, 1997:483), and before 1998 " +
      "other laws, which the schedule does not state.",
  },
  sv: {
    "child-benefit": (since) =>
      `Barnbidrag betalas ut enligt denna regel från ${since}. Regeln bygger på Försäkringskassans publicerade utbetalningsdagar från ${since}; ` +
      "tidigare utbetalningsdagar fastställs inte av någon källa som tjänsten hänvisar till.",
    "tax-account": (since) =>
      `Skattekontots förfallodagar följer denna regel från ${since}: den är skatteförfarandelagens (2011:1244), som trädde i kraft ` +
      "den 1 januari 2012. Tidigare år gällde skattebetalningslagen (1997:483) och före 1998 andra lagar, som schemat inte anger.",
  },
};

export const BEFORE_SINCE: Record<
  Lang,
  { known: (typeof KNOWN_BEFORE_SINCE)[Lang]; other: (name: string, since: number) => string }
> = {
  en: {
    known: KNOWN_BEFORE_SINCE.en,
    other: (name, since) => `${name} follows this rule from ${since}; the service gives no dates for earlier years.`,
  },
  sv: {
    known: KNOWN_BEFORE_SINCE.sv,
    other: (name, since) => `${name} följer denna regel från ${since}; tjänsten anger inga datum för tidigare år.`,
  },
};

/** The sentence for a schedule before its first year (BEFORE_SINCE). */
export function beforeSinceSentence(
  schedule: { code: string; name: Record<Lang, string>; since: number },
  lang: Lang,
): string {
  const words = BEFORE_SINCE[lang];
  return (
    words.known[schedule.code as DueDateScheduleCode]?.(schedule.since) ??
    words.other(schedule.name[lang], schedule.since)
  );
}

/** The words of the working-time section ("Arbetstid" / "Working time": ./working-time.ts and ../scripts/home/working-time.ts). */
export interface WorkingTimeWords {
  heading: string;
  /** the number of hours as the page writes it, with its unit: "160 h", "153,75 h" */
  hours: (text: string) => string;
  /** the time a shortened day loses: "4 h", "1 h 55 min", "55 min" */
  duration: (hours: number, minutes: number) => string;
  chartTitle: (year: number) => string;
  chartDesc: (months: string) => string;
  chartCut: string;
  caption: (year: number, weekly: string, profile: string) => string;
  columns: { month: string; workingDays: string; hours: string; shortened: string };
  quarter: (quarter: number) => string;
  total: (year: number) => string;
  none: string;
  loading: (year: number) => string;
  shown: (year: number, days: number, hours: string) => string;
  csv: (year: number) => string;
  beforeSince: (name: string, since: number) => string;
}

export const WORKING_TIME_WORDS: Record<Lang, WorkingTimeWords> = {
  en: {
    heading: "Working time",
    hours: (text) => `${text} h`,
    duration: (hours, minutes) =>
      [hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean).join(" "),
    chartTitle: (year) => `Working hours per month, ${year}`,
    chartDesc: (months) =>
      `A bar for each month, as long as its working hours: ${months}. The table below has the same numbers.`,
    chartCut: "Hatched: the time the shortened days take off",
    caption: (year, weekly, profile) =>
      `Working days and hours per month in ${year} (${weekly} hours a week, ${profile})`,
    columns: { month: "Month", workingDays: "Working days", hours: "Hours", shortened: "Shortened days" },
    quarter: (quarter) => `Quarter ${quarter}`,
    total: (year) => `The year ${year}`,
    none: "–",
    loading: (year) => `Counting the working time of ${year}…`,
    shown: (year, days, hours) => `Working time of ${year}: ${count(days, "workingDay", "en")}, ${hours}.`,
    csv: (year) => `Download ${year} as CSV`,
    beforeSince: (name, since) =>
      `${name}: the shortened days are given from ${since} on. They rest on the tables the employers publish under Arbetsgivarverket's ` +
      `agreement, and the earliest found is for ${since}; no source the service cites settles the years before. Choose the standard profile for ${since - 1} and earlier.`,
  },
  sv: {
    heading: "Arbetstid",
    hours: (text) => `${text} h`,
    duration: (hours, minutes) =>
      [hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean).join(" "),
    chartTitle: (year) => `Arbetstimmar per månad ${year}`,
    chartDesc: (months) =>
      `En stapel per månad, lika lång som månadens arbetstimmar: ${months}. Tabellen nedan har samma siffror.`,
    chartCut: "Streckat: tiden som de förkortade dagarna tar bort",
    caption: (year, weekly, profile) =>
      `Arbetsdagar och arbetstimmar per månad ${year} (${weekly} timmar i veckan, ${profile})`,
    columns: { month: "Månad", workingDays: "Arbetsdagar", hours: "Timmar", shortened: "Förkortade dagar" },
    quarter: (quarter) => `Kvartal ${quarter}`,
    total: (year) => `Hela ${year}`,
    none: "–",
    loading: (year) => `Räknar arbetstiden ${year}…`,
    shown: (year, days, hours) => `Arbetstid ${year}: ${count(days, "workingDay", "sv")}, ${hours}.`,
    csv: (year) => `Ladda ned ${year} som CSV`,
    beforeSince: (name, since) =>
      `${name}: de förkortade dagarna anges från ${since}. De bygger på de tabeller som arbetsgivarna publicerar enligt Arbetsgivarverkets ` +
      `avtal, och den tidigaste som hittats gäller ${since}; tidigare år fastställs inte av någon källa som tjänsten hänvisar till. Välj standardprofilen för ${since - 1} och tidigare.`,
  },
};
