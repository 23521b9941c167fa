/**
 * The "Löner och utbetalningar" / "Pay and payment dates" section of the home page: the words, the
 * rule of a schedule as a sentence, and the table of a year's due dates. The schedules, their rules and their
 * dates come from the dataset's files (the catalogue, a schedule's year: ./dataset.ts) and a rule of your own from the
 * API (`/v3/due-dates`); this module only puts them into words. Why a schedule has no dates before its first year:
 * ./year-words.ts beforeSinceSentence.
 */
import {
  CONVENTIONS,
  type Convention,
  type DayOfMonth,
  type DueDateSchedule,
  type DueDates,
  type DueDayByMonth,
  CONVENTION_WORDS as ENGINE_CONVENTION_WORDS,
} from "swedish-calendar/core";
import { escapeHtml as e } from "./format.ts";
import { dayMonth, type Lang, MONTHS, weekdayName } from "./i18n.ts";

export type { Convention, DayOfMonth, DueDateSchedule, DueDates };

/** The conventions in the order the custom-rule form offers them (the engine's CONVENTIONS). */
export const CONVENTION_NAMES: readonly Convention[] = CONVENTIONS;

/** The convention that never moves a date (its rule reads "never moved" rather than where to). */
const neverMoved = (convention: Convention): boolean => convention === "unadjusted"; // typed by the engine's union

/** The convention the custom-rule form starts with: the one a pay day before a day off follows. */
export const FORM_CONVENTION: Convention = "preceding"; // typed by the engine's union

/** Each convention in words, in the page's language (the engine's CONVENTION_WORDS). */
export const CONVENTION_WORDS: Record<Lang, Record<Convention, string>> = {
  en: Object.fromEntries(CONVENTIONS.map((c) => [c, ENGINE_CONVENTION_WORDS[c].en])) as Record<Convention, string>,
  sv: Object.fromEntries(CONVENTIONS.map((c) => [c, ENGINE_CONVENTION_WORDS[c].sv])) as Record<Convention, string>,
};

export const PAY_WORDS = {
  en: {
    dayOf: (day: DayOfMonth) => (day === "last" ? "the last day of the month" : `the ${ordinalEn(day)}`),
    except: (month: number, day: DayOfMonth) =>
      `${day === "last" ? "the last day" : `the ${ordinalEn(day)}`} in ${MONTHS.en[month - 1]}`,
    rule: (day: string, exceptions: string, convention: Convention) =>
      `${capital(day)}${exceptions ? ` (${exceptions})` : ""}; ${neverMoved(convention) ? "never moved" : `when that is not a banking day, ${CONVENTION_WORDS.en[convention]}`}.`,
    since: (year: number) => `From ${year}.`,
    caption: (year: number) => `Pay and payment dates in ${year}`,
    month: "Month",
    moved: (nominal: string) => `moved from ${nominal}`,
    none: "Choose at least one schedule above, or a rule of your own below.",
    loading: (year: number) => `Loading the payment dates of ${year}…`,
    shown: (year: number, n: number) =>
      `Showing the payment dates of ${year} (${n} ${n === 1 ? "schedule" : "schedules"}).`,
    notForYear: (name: string, reason: string) => `${name}: ${reason}`,
    custom: (day: DayOfMonth, convention: Convention) =>
      `${capital(day === "last" ? "the last day of the month" : `the ${ordinalEn(day)}`)}, ${CONVENTION_WORDS.en[convention]}`,
    catalogueError: (why: string) => `The schedules could not be loaded: ${why}`,
    legend: "Payment date",
  },
  sv: {
    dayOf: (day: DayOfMonth) => (day === "last" ? "sista dagen i månaden" : `den ${day}:e`),
    except: (month: number, day: DayOfMonth) =>
      `${day === "last" ? "sista dagen" : `den ${day}:e`} i ${MONTHS.sv[month - 1]}`,
    rule: (day: string, exceptions: string, convention: Convention) =>
      `${capital(day)}${exceptions ? ` (${exceptions})` : ""}; ${neverMoved(convention) ? "flyttas aldrig" : `när det inte är en bankdag, ${CONVENTION_WORDS.sv[convention]}`}.`,
    since: (year: number) => `Från ${year}.`,
    caption: (year: number) => `Löner och utbetalningar ${year}`,
    month: "Månad",
    moved: (nominal: string) => `flyttad från ${nominal}`,
    none: "Välj minst ett schema ovan, eller en egen regel nedan.",
    loading: (year: number) => `Hämtar betalningsdagarna för ${year}…`,
    shown: (year: number, n: number) => `Visar betalningsdagarna för ${year} (${n} ${n === 1 ? "schema" : "scheman"}).`,
    notForYear: (name: string, reason: string) => `${name}: ${reason}`,
    custom: (day: DayOfMonth, convention: Convention) =>
      `${capital(day === "last" ? "sista dagen i månaden" : `den ${day}:e`)}, ${CONVENTION_WORDS.sv[convention]}`,
    catalogueError: (why: string) => `Schemana kunde inte hämtas: ${why}`,
    legend: "Betalningsdag",
  },
} satisfies Record<Lang, unknown>;

function capital(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function ordinalEn(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

function isByMonth(day: DayOfMonth | DueDayByMonth): day is DueDayByMonth {
  return typeof day === "object";
}

/** "The 20th; when that is not a banking day, the banking day before." */
export function ruleText(schedule: Pick<DueDateSchedule, "day" | "convention">, lang: Lang): string {
  const w = PAY_WORDS[lang];
  const day = schedule.day;
  if (isByMonth(day)) {
    const exceptions = day.except.map((x) => w.except(x.month, x.day)).join(lang === "sv" ? " och " : " and ");
    return w.rule(w.dayOf(day.usual), exceptions, schedule.convention);
  }
  return w.rule(w.dayOf(day), "", schedule.convention);
}

/** One schedule's answer for the shown year, or why it has none. */
export type PayColumn =
  | { key: string; name: string; rule: string; dates: DueDates }
  | { key: string; name: string; rule: string; error: string }
  /** a year before the schedule's first: the sentence why (year-words.ts beforeSinceSentence), nothing asked */
  | { key: string; name: string; rule: string; beforeSince: string };

/** A date cell: "23 januari, fredag" and, when moved, from where. */
function dueCell(date: DueDates["dates"][number], lang: Lang): string {
  const w = PAY_WORDS[lang];
  const moved = date.moved ? ` <span class="hint">(${e(w.moved(dayMonth(date.nominal, lang)))})</span>` : "";
  return `<time datetime="${e(date.due.date)}">${e(dayMonth(date.due.date, lang))}</time> <span class="hint">${e(weekdayName(date.due.weekday, lang).slice(0, 3))}</span>${moved}`;
}

/** The year's table: a row per month, a column per schedule that answers; below it, why the others do not. */
export function payTable(year: number, columns: PayColumn[], lang: Lang): string {
  const w = PAY_WORDS[lang];
  const shown = columns.filter((c): c is Extract<PayColumn, { dates: DueDates }> => "dates" in c);
  const refused = columns.filter((c) => !("dates" in c));
  const notes = refused
    .map(
      (c) =>
        `<p class="pay-note" data-schedule="${e(c.key)}">${e("error" in c ? w.notForYear(c.name, c.error) : "beforeSince" in c ? c.beforeSince : "")}</p>`,
    )
    .join("");
  if (shown.length === 0) return `<p class="empty" id="pay-empty">${e(refused.length ? "" : w.none)}</p>${notes}`;
  const head = shown
    .map(
      (c) =>
        `<th scope="col" data-schedule="${e(c.key)}">${e(c.name)}<span class="hint pay-rule">${e(c.rule)}</span></th>`,
    )
    .join("");
  const rows: string[] = [];
  for (let month = 1; month <= 12; month++) {
    const cells = shown.map((c) => {
      const dates = c.dates.dates.filter((d) => d.month === month);
      return `<td data-schedule="${e(c.key)}" data-label="${e(c.name)}">${dates.map((d) => dueCell(d, lang)).join("<br>")}</td>`;
    });
    const monthName = MONTHS[lang][month - 1]!;
    rows.push(`<tr><th scope="row">${e(lang === "sv" ? capital(monthName) : monthName)}</th>${cells.join("")}</tr>`);
  }
  return `<table class="days pay-table" id="pay-table" data-year="${year}">
<caption>${e(w.caption(year))}</caption>
<thead><tr><th scope="col">${e(w.month)}</th>${head}</tr></thead>
<tbody>${rows.join("")}</tbody>
</table>${notes}`;
}
