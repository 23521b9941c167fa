/**
 * The site's two languages: Swedish first, at the root (`/`, `/api/`, `/v2-deprecation/`, `/changelog/`), English under
 * `/en/` (`/en/`, `/en/api/`, `/en/v2-deprecation/`, `/en/changelog/`). The same pages in both; `<html lang>` says
 * which. This module (with ./year-words.ts and ./working-time-words.ts) holds the words the shared rendering
 * (render.ts) and the browser scripts need; the pages' own prose is in their .astro components. It takes from the
 * engine only its dependency-free date module and calendar words (weekday and month names,
 * engine/calendar-words.ts), so the browser bundle stays small.
 */
import { dayFromCivil, isoWeekday, MONTH_NAMES, WEEKDAY_NAMES } from "swedish-calendar/core";
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
