/**
 * The year view: the year picker (any year's lists read from the dataset's files: ../../lib/dataset.ts), the
 * rendered years kept for going back and forth, the address kept in step (`?year=`), and today marked on the
 * month grids. Other widgets mark the grids too (a leave plan, payment dates) and follow the shown year: they
 * register with `onDecorate` and `onYearShown`.
 */
import { FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { readYearField } from "../../../../contract/parameter-words.ts";
import { getJson } from "../../lib/api.ts";
import { yearSources } from "../../lib/dataset.ts";
import { stockholmToday, stockholmYear } from "../../lib/format.ts";
import { count } from "../../lib/i18n.ts";
import { renderYear } from "../../lib/render.ts";
import type { DayList, LongWeekendList, Period } from "../../lib/types.ts";
import { appendTitle, byId, dataset, describeError, isAbort, lang } from "./shared.ts";

const WORDS = {
  en: {
    pageTitle: (year: number) => `Swedish holidays ${year} – Swedish Calendar Service`,
    showing: (year: number) => `Showing ${year}.`,
    loading: (year: number) => `Loading ${year}…`,
    shown: (year: number, holidays: string, bridge: string, half: string, long: string) =>
      `Showing ${year}: ${holidays}, ${bridge}, ${half}, ${long}.`,
    couldNotLoad: (year: number, why: string) => `Could not load ${year}: ${why}`,
    addressAsks: (value: string, why: string) => `The address asks for year '${value}'. ${why}`,
    today: "Today",
  },
  sv: {
    pageTitle: (year: number) => `Svenska helgdagar ${year} – Svensk kalendertjänst`,
    showing: (year: number) => `Visar ${year}.`,
    loading: (year: number) => `Hämtar ${year}…`,
    shown: (year: number, holidays: string, bridge: string, half: string, long: string) =>
      `Visar ${year}: ${holidays}, ${bridge}, ${half}, ${long}.`,
    couldNotLoad: (year: number, why: string) => `Kunde inte hämta ${year}: ${why}`,
    addressAsks: (value: string, why: string) => `Adressen ber om året '${value}'. ${why}`,
    today: "I dag",
  },
}[lang];

/** The section the year is rendered into (its grids are what the other widgets mark). */
export const content = byId<HTMLElement>("year-content");
const yearForm = byId<HTMLFormElement>("year-form");
const yearInput = byId<HTMLInputElement>("year-input");
const yearError = byId<HTMLElement>("year-error");
const yearStatus = byId<HTMLElement>("year-status");
const prevButton = byId<HTMLButtonElement>("prev-year");
const nextButton = byId<HTMLButtonElement>("next-year");
const buildYear = Number(content.dataset.buildYear);

/** Rendered years, so going back and forth costs no requests. */
const rendered = new Map<number, string>([[buildYear, content.innerHTML]]);
let loading: AbortController | null = null;
let shownYear = buildYear;

/** The year the calendar shows. */
export function currentYear(): number {
  return shownYear;
}

const decorators: (() => void)[] = [];
const shownListeners: ((year: number) => void)[] = [];

/** `mark` runs whenever the grids are decorated (after today is marked): a widget's own marks on them. */
export function onDecorate(mark: () => void): void {
  decorators.push(mark);
}

/** `listener` runs whenever a year is shown, after the grids are decorated. */
export function onYearShown(listener: (year: number) => void): void {
  shownListeners.push(listener);
}

function setYearControls(year: number): void {
  yearInput.value = String(year);
  prevButton.hidden = false;
  nextButton.hidden = false;
  prevButton.disabled = year <= FIRST_YEAR;
  nextButton.disabled = year >= LAST_YEAR;
  prevButton.querySelector("[data-year-offset]")!.textContent = String(year - 1);
  nextButton.querySelector("[data-year-offset]")!.textContent = String(year + 1);
}

function showYearError(message: string): void {
  yearError.textContent = message;
  yearInput.setAttribute("aria-invalid", message ? "true" : "false");
}

function show(year: number, html: string): void {
  content.innerHTML = html;
  content.dataset.year = String(year);
  shownYear = year;
  document.title = WORDS.pageTitle(year);
  decorateGrid();
  for (const listener of shownListeners) listener(year);
}

async function loadYear(year: number): Promise<void> {
  setYearControls(year);
  showYearError("");
  loading?.abort();
  const cached = rendered.get(year);
  if (cached !== undefined) {
    show(year, cached);
    yearStatus.textContent = WORDS.showing(year);
    return;
  }
  const controller = new AbortController();
  loading = controller;
  const { signal } = controller;
  content.setAttribute("aria-busy", "true");
  yearStatus.textContent = WORDS.loading(year);
  /** welcome but not essential: a failure (e.g. 429) is shown in its place and the rest of the year stays */
  const optional = <T>(promise: Promise<T>): Promise<T | string> =>
    promise.catch((error: unknown) => {
      if (isAbort(error)) throw error;
      return describeError(error);
    });
  try {
    // the year's files (never counted against the rate limit); the API only for a year without them
    const sources = yearSources(dataset, year);
    const workingDays =
      sources.workingDays.from === "days"
        ? getJson<DayList>(sources.workingDays.url, signal).then(
            (all) => all.days.filter((day) => day.workingDay).length,
          )
        : getJson<Period>(sources.workingDays.url, signal).then((p) => p.workingDays);
    const [holidays, bridge, half, working, long] = await Promise.all([
      getJson<DayList>(sources.holidays, signal),
      getJson<DayList>(sources.bridgeDays, signal),
      getJson<DayList>(sources.halfDays, signal),
      optional(workingDays),
      optional(getJson<LongWeekendList>(sources.longWeekends, signal)),
    ]);
    const html = renderYear(
      {
        year,
        holidays: holidays.days,
        bridgeDays: bridge.days,
        halfDays: half.days,
        workingDays: typeof working === "string" ? null : working,
        workingDaysError: typeof working === "string" ? working : undefined,
        longWeekends: typeof long === "string" ? null : long.longWeekends,
        longWeekendsError: typeof long === "string" ? long : undefined,
      },
      lang,
    );
    if (typeof working !== "string" && typeof long !== "string") rendered.set(year, html);
    show(year, html);
    yearStatus.textContent = WORDS.shown(
      year,
      count(holidays.count, "holidayDate", lang),
      count(bridge.count, "bridgeDay", lang),
      count(half.count, "halfDay", lang),
      typeof long === "string" ? "" : count(long.count, "longWeekend", lang),
    ).replace(/, \./, ".");
  } catch (error) {
    if (isAbort(error)) return;
    yearStatus.textContent = "";
    showYearError(WORDS.couldNotLoad(year, describeError(error)));
    setYearControls(shownYear);
    yearInput.value = String(year);
  } finally {
    if (loading === controller) {
      loading = null;
      content.removeAttribute("aria-busy");
    }
  }
}

/** Shows a year and puts it in the address (the current year in Sweden: no `?year=`). */
export function navigate(year: number): void {
  const url = new URL(location.href);
  if (year === stockholmYear()) url.searchParams.delete("year");
  else url.searchParams.set("year", String(year));
  if (url.href !== location.href) history.pushState({ year }, "", url);
  void loadYear(year);
}

function yearFromLocation(): number {
  const requested = new URL(location.href).searchParams.get("year");
  if (requested !== null) {
    const parsed = readYearField(requested, lang);
    if ("year" in parsed) return parsed.year;
    showYearError(WORDS.addressAsks(requested, parsed.error));
  }
  // a page built last year still opens on the current year
  return stockholmYear();
}

/** Marks today (the date in Sweden) on whatever year the grids show, then lets the other widgets mark theirs. */
export function decorateGrid(): void {
  const today = stockholmToday();
  const cell = content.querySelector<HTMLElement>(`.month-days [data-date="${today}"]`);
  if (cell && !cell.classList.contains("c-today")) {
    cell.classList.add("c-today");
    cell.setAttribute("aria-current", "date");
    appendTitle(cell, WORDS.today);
  }
  const todayLegend = content.querySelector<HTMLElement>('[data-legend="today"]');
  if (todayLegend) todayLegend.hidden = !cell;
  for (const mark of decorators) mark();
}

/** The year picker's controls and the history. */
export function initYearView(): void {
  yearForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const parsed = readYearField(yearInput.value, lang);
    if ("error" in parsed) {
      showYearError(parsed.error);
      yearInput.focus();
      return;
    }
    navigate(parsed.year);
  });
  yearInput.addEventListener("input", () => {
    if (yearInput.getAttribute("aria-invalid") === "true") showYearError("");
  });
  prevButton.addEventListener("click", () => navigate(Math.max(FIRST_YEAR, shownYear - 1)));
  nextButton.addEventListener("click", () => navigate(Math.min(LAST_YEAR, shownYear + 1)));
  window.addEventListener("popstate", () => void loadYear(yearFromLocation()));
  setYearControls(buildYear);
}

/** Decorates the year the page was built with, and opens the year the address names (or the current one). */
export function openInitialYear(): void {
  decorateGrid();
  const initial = yearFromLocation();
  if (initial !== buildYear) void loadYear(initial);
}
