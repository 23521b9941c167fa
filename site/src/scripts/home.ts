/**
 * Home page behaviour, in the page's language (`<html lang>`): the year picker (loads any year from the API), today
 * and a leave plan marked on the month grids, the leave planner, the feed subscription builder, and the period and
 * shift calculators. Plain DOM code; every API value is escaped or set as text.
 */
import { ApiError, apiUrl, getJson } from "../lib/api.ts";
import { PATHS } from "../../../contract/paths.ts";
import { FEED_PATH, FEED_OPTION_NAMES, feedDescription, feedQuery, feedUrl, type ResolvedFeedOptions } from "../lib/feed.ts";
import { addDaysIso, escapeHtml as e, stockholmToday, stockholmYear, validateYear } from "../lib/format.ts";
import {
  capitalise, count, dateRange, documentLang, durationText, listText, longDate, noun, weekdayName, weekdayOfIso, type Lang,
} from "../lib/i18n.ts";
import { renderYear } from "../lib/render.ts";
import type { Day, DayList, LeavePlan, LongWeekendList, Period, Shift, SpanCounts } from "../lib/types.ts";
import { PAY_WORDS, beforeSinceText, payTable, ruleText, type Convention, type DayOfMonth, type DueDates, type DueDateSchedule, type PayColumn } from "../lib/pay.ts";

const lang: Lang = documentLang();

/** The words of this script. Problem documents from the API stay in English (the API's language), marked as such. */
const WORDS = {
  en: {
    pageTitle: (year: number) => `Swedish holidays ${year} – Swedish Calendar Service`,
    showing: (year: number) => `Showing ${year}.`,
    loading: (year: number) => `Loading ${year}…`,
    shown: (year: number, holidays: string, bridge: string, half: string, long: string) => `Showing ${year}: ${holidays}, ${bridge}, ${half}, ${long}.`,
    couldNotLoad: (year: number, why: string) => `Could not load ${year}: ${why}`,
    addressAsks: (value: string, why: string) => `The address asks for year '${value}'. ${why}`,
    copied: (text: string) => `Copied: ${text}`,
    copyFailed: "Copying failed: select the address and copy it yourself.",
    request: "Request",
    enterBoth: "Enter both dates.",
    counting: "Counting…",
    calculating: "Calculating…",
    planning: "Planning…",
    counted: "Counted",
    cancelOut: (bounds: string) => `no day: with ${bounds} the two dates cancel out`,
    calendarDays: "Calendar days",
    workingDays: "Working days",
    daysOff: "Days off",
    offDetail: (o: { total: number; publicHolidays: number; defactoHolidays: number }, named: string, weekend: string) =>
      `${o.total}: ${o.publicHolidays} public (Sundays included), ${o.defactoHolidays} de facto (Saturdays included); ${named}, ${weekend}`,
    bridgeDays: "Bridge days",
    halfDays: "Half days",
    bounds: { inclusive: "both dates counted", exclusive: "neither date counted", from: "start date counted, end date not", to: "end date counted, start date not" },
    workingAnswer: (n: number) => `working ${n === 1 ? "day" : "days"}`,
    units: { d: ["day", "days"], b: ["working day", "working days"], w: ["week", "weeks"], m: ["month", "months"], y: ["year", "years"] } as Record<string, [string, string]>,
    enterSteps: "Enter a start date and at least one step, such as <code>10b</code>.",
    clamped: "(clamped to the last day of the shorter month)",
    publicNote: (names: string) => `public holiday: ${names}`,
    defactoNote: (names: string) => `de facto holiday: ${names}`,
    sunday: "a Sunday (counts as a public holiday)",
    saturday: "a Saturday (a de facto holiday)",
    working: "a working day",
    landsPostponed: (day: string, note: string) => `The steps land on ${day}, ${note}. The Sunday rule moves the date to the next working day.`,
    landsWorking: (day: string) => `The steps land on ${day}, a working day, so the Sunday rule does not move it.`,
    tickRule: (note: string) => `The result is ${note}. Tick “Apply the Sunday rule” to move it to the next working day.`,
    fromTo: (a: string, b: string) => `From ${a} to ${b}, both counted`,
    tooLong: "The span is over 200 years, so no counts are given.",
    result: "Result",
    start: "Start",
    enterPlan: "Enter both dates and a number of leave days.",
    planAnswer: (off: string, used: string) => `${off} for ${used}`,
    planObjective: { most: "the most days off in total", longest: "the longest single break" },
    planSummary: (objective: string, budget: string, from: string, to: string) => `Aiming for ${objective} with at most ${budget}, ${from} – ${to}.`,
    planUnused: (used: number, budget: number) => `The plan uses ${used} of the ${budget} leave days: more would not make the break longer.`,
    planNone: "The span holds no working day, so no leave is needed and no break is counted.",
    breakLine: (range: string, days: string) => `${range}: ${days}`,
    leaveOn: "leave",
    marked: (year: number) => `The breaks and leave days are marked on the calendar of ${year} above.`,
    markedNone: (year: number) => `None of the breaks falls in ${year}, the year the calendar shows.`,
    showYear: (year: number) => `Show ${year} in the calendar`,
    toCalendar: "To the calendar",
    today: "Today",
    planBreak: "Break in your plan",
    planLeave: "Leave day in your plan",
    apiWords: "The API's own words",
    movedCount: (moved: number, total: number) => `${moved} of the ${total} dates ${moved === 1 ? "is" : "are"} moved to a banking day.`,
  },
  sv: {
    pageTitle: (year: number) => `Svenska helgdagar ${year} – Svensk kalendertjänst`,
    showing: (year: number) => `Visar ${year}.`,
    loading: (year: number) => `Hämtar ${year}…`,
    shown: (year: number, holidays: string, bridge: string, half: string, long: string) => `Visar ${year}: ${holidays}, ${bridge}, ${half}, ${long}.`,
    couldNotLoad: (year: number, why: string) => `Kunde inte hämta ${year}: ${why}`,
    addressAsks: (value: string, why: string) => `Adressen ber om året '${value}'. ${why}`,
    copied: (text: string) => `Kopierat: ${text}`,
    copyFailed: "Kopieringen misslyckades: markera adressen och kopiera den själv.",
    request: "Anrop",
    enterBoth: "Ange båda datumen.",
    counting: "Räknar…",
    calculating: "Räknar…",
    planning: "Planerar…",
    counted: "Räknat",
    cancelOut: (bounds: string) => `ingen dag: med ${bounds} tar datumen ut varandra`,
    calendarDays: "Kalenderdagar",
    workingDays: "Arbetsdagar",
    daysOff: "Lediga dagar",
    offDetail: (o: { total: number; publicHolidays: number; defactoHolidays: number }, named: string, weekend: string) =>
      `${o.total}: ${o.publicHolidays} allmänna (söndagar inräknade), ${o.defactoHolidays} de facto (lördagar inräknade); ${named}, ${weekend}`,
    bridgeDays: "Klämdagar",
    halfDays: "Halvdagar",
    bounds: { inclusive: "båda datumen räknade", exclusive: "inget av datumen räknat", from: "startdatumet räknat men inte slutdatumet", to: "slutdatumet räknat men inte startdatumet" },
    workingAnswer: (n: number) => (n === 1 ? "arbetsdag" : "arbetsdagar"),
    units: { d: ["dag", "dagar"], b: ["arbetsdag", "arbetsdagar"], w: ["vecka", "veckor"], m: ["månad", "månader"], y: ["år", "år"] } as Record<string, [string, string]>,
    enterSteps: "Ange ett startdatum och minst ett steg, till exempel <code>10b</code>.",
    clamped: "(justerat till sista dagen i den kortare månaden)",
    publicNote: (names: string) => `allmän helgdag: ${names}`,
    defactoNote: (names: string) => `de facto-helgdag: ${names}`,
    sunday: "en söndag (räknas som allmän helgdag)",
    saturday: "en lördag (en de facto-helgdag)",
    working: "en arbetsdag",
    landsPostponed: (day: string, note: string) => `Stegen landar på ${day}, ${note}. Söndagsregeln flyttar datumet till nästa arbetsdag.`,
    landsWorking: (day: string) => `Stegen landar på ${day}, en arbetsdag, så söndagsregeln flyttar det inte.`,
    tickRule: (note: string) => `Resultatet är ${note}. Kryssa i ”Tillämpa söndagsregeln” för att flytta det till nästa arbetsdag.`,
    fromTo: (a: string, b: string) => `Från ${a} till ${b}, båda inräknade`,
    tooLong: "Perioden är över 200 år lång, så inga antal ges.",
    result: "Resultat",
    start: "Start",
    enterPlan: "Ange båda datumen och antalet semesterdagar.",
    planAnswer: (off: string, used: string) => `${off} för ${used}`,
    planObjective: { most: "flest lediga dagar totalt", longest: "den längsta sammanhängande ledigheten" },
    planSummary: (objective: string, budget: string, from: string, to: string) => `Siktar på ${objective} med högst ${budget}, ${from} – ${to}.`,
    planUnused: (used: number, budget: number) => `Planen använder ${used} av ${budget} semesterdagar: fler skulle inte göra ledigheten längre.`,
    planNone: "Perioden har ingen arbetsdag, så ingen semester behövs och ingen ledighet räknas.",
    breakLine: (range: string, days: string) => `${range}: ${days}`,
    leaveOn: "semester",
    marked: (year: number) => `Ledigheterna och semesterdagarna är markerade i kalendern för ${year} ovan.`,
    markedNone: (year: number) => `Ingen av ledigheterna infaller ${year}, det år kalendern visar.`,
    showYear: (year: number) => `Visa ${year} i kalendern`,
    toCalendar: "Till kalendern",
    today: "I dag",
    planBreak: "Ledighet i din plan",
    planLeave: "Semesterdag i din plan",
    apiWords: "API:ets egna ord (på engelska)",
    movedCount: (moved: number, total: number) => `${moved} av ${total} datum flyttas till en bankdag.`,
  },
}[lang];

function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
}

function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.describe();
  return error instanceof Error ? error.message : String(error);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function requestLine(url: string, status?: number): string {
  const absolute = new URL(url, location.href).href;
  const suffix = status ? ` <span class="hint">→ ${status}</span>` : "";
  return `<p class="request">${WORDS.request}: <a href="${e(absolute)}"><code>GET ${e(url)}</code></a>${suffix}</p>`;
}

/**
 * A problem document as a sentence in the page's language: on the Swedish page its Swedish text (problems.ts), with
 * the API's own English words kept beside it, folded away, for whoever wants to look them up.
 */
function errorBlock(error: unknown, url: string): string {
  const status = error instanceof ApiError && error.status ? error.status : undefined;
  const problem = error instanceof ApiError ? error.problem : null;
  let text = e(describeError(error));
  let original = "";
  if (error instanceof ApiError && problem) {
    const { title, text: said } = error.problemText();
    const own = describeError(error).slice(said.length); // the client's own words, e.g. when to retry after a 429
    text = `<strong>${e(title)}:</strong> ${e(said)}${e(own)}`;
    if (lang === "sv") {
      original = `<details class="api-words"><summary>${e(WORDS.apiWords)}</summary><p lang="en">${e(problem.title)}: ${e(problem.detail ?? "")}</p></details>`;
    }
  }
  return `<p class="error" role="alert">${text}</p>${original}${requestLine(url, status)}`;
}

/* ------------------------------------------------------------------ year picker */

const content = byId<HTMLElement>("year-content");
const yearForm = byId<HTMLFormElement>("year-form");
const yearInput = byId<HTMLInputElement>("year-input");
const yearError = byId<HTMLElement>("year-error");
const yearStatus = byId<HTMLElement>("year-status");
const prevButton = byId<HTMLButtonElement>("prev-year");
const nextButton = byId<HTMLButtonElement>("next-year");
const buildYear = Number(content.dataset.buildYear);

/** Rendered years, so going back and forth costs no requests (the API allows 10 dynamic calls a minute). */
const rendered = new Map<number, string>([[buildYear, content.innerHTML]]);
let loading: AbortController | null = null;
let shownYear = buildYear;

function setYearControls(year: number): void {
  yearInput.value = String(year);
  prevButton.hidden = false;
  nextButton.hidden = false;
  prevButton.disabled = year <= 1930;
  nextButton.disabled = year >= 9999;
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
  updatePlanNote();
  void refreshPay();
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
    const yearParam: [string, string][] = [["year", String(year)]];
    const periodUrl = apiUrl(PATHS.period, [["from", `${year}-01-01`], ["to", `${year}-12-31`]]);
    const [holidays, bridge, half, period, long] = await Promise.all([
      getJson<DayList>(apiUrl(PATHS.holidays, yearParam), signal),
      getJson<DayList>(apiUrl(PATHS.bridgeDays, yearParam), signal),
      getJson<DayList>(apiUrl(PATHS.halfDays, yearParam), signal),
      optional(getJson<Period>(periodUrl, signal)),
      optional(getJson<LongWeekendList>(apiUrl(PATHS.longWeekends, yearParam), signal)),
    ]);
    const html = renderYear(
      {
        year,
        holidays: holidays.days,
        bridgeDays: bridge.days,
        halfDays: half.days,
        workingDays: typeof period === "string" ? null : period.workingDays,
        workingDaysError: typeof period === "string" ? period : undefined,
        longWeekends: typeof long === "string" ? null : long.longWeekends,
        longWeekendsError: typeof long === "string" ? long : undefined,
      },
      lang,
    );
    if (typeof period !== "string" && typeof long !== "string") rendered.set(year, html);
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

function navigate(year: number): void {
  const url = new URL(location.href);
  if (year === stockholmYear()) url.searchParams.delete("year");
  else url.searchParams.set("year", String(year));
  if (url.href !== location.href) history.pushState({ year }, "", url);
  void loadYear(year);
}

yearForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const parsed = validateYear(yearInput.value, lang);
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
prevButton.addEventListener("click", () => navigate(Math.max(1930, shownYear - 1)));
nextButton.addEventListener("click", () => navigate(Math.min(9999, shownYear + 1)));

function yearFromLocation(): number {
  const requested = new URL(location.href).searchParams.get("year");
  if (requested !== null) {
    const parsed = validateYear(requested, lang);
    if ("year" in parsed) return parsed.year;
    showYearError(WORDS.addressAsks(requested, parsed.error));
  }
  // a page built last year still opens on the current year
  return stockholmYear();
}

/* ------------------------------------------------------------------ today and the plan on the grid */

interface PlanMarks {
  plan: LeavePlan;
  /** every date of every counted break */
  breakDates: Set<string>;
  leaveDates: Set<string>;
}
let planMarks: PlanMarks | null = null;

function appendTitle(cell: HTMLElement, text: string): void {
  const title = cell.getAttribute("title");
  cell.setAttribute("title", title ? `${title} · ${text}` : text);
}

/** Marks today (the date in Sweden) and the current leave plan on whatever year the grids show. */
function decorateGrid(): void {
  const today = stockholmToday();
  const cell = content.querySelector<HTMLElement>(`.month-days [data-date="${today}"]`);
  if (cell && !cell.classList.contains("c-today")) {
    cell.classList.add("c-today");
    cell.setAttribute("aria-current", "date");
    appendTitle(cell, WORDS.today);
  }
  const todayLegend = content.querySelector<HTMLElement>('[data-legend="today"]');
  if (todayLegend) todayLegend.hidden = !cell;
  let marked = 0;
  if (planMarks) {
    for (const date of planMarks.breakDates) {
      const day = content.querySelector<HTMLElement>(`.month-days [data-date="${date}"]`);
      if (!day) continue;
      marked++;
      if (day.classList.contains("m-break")) continue;
      const leave = planMarks.leaveDates.has(date);
      day.classList.add("m-break");
      if (leave) day.classList.add("m-leave");
      appendTitle(day, leave ? WORDS.planLeave : WORDS.planBreak);
    }
  }
  for (const el of content.querySelectorAll<HTMLElement>('[data-legend="plan"]')) el.hidden = marked === 0;
  markDueDates();
}

/** Rendered HTML without the marks (the cached renders never hold them). */
function clearPlanMarks(): void {
  for (const day of content.querySelectorAll<HTMLElement>(".month-days .m-break")) {
    day.classList.remove("m-break", "m-leave");
    const title = day.getAttribute("title") ?? "";
    const kept = title.split(" · ").filter((part) => part !== WORDS.planBreak && part !== WORDS.planLeave).join(" · ");
    if (kept) day.setAttribute("title", kept);
    else day.removeAttribute("title");
  }
}

/* ------------------------------------------------------------------ pay and payment dates */

const payStatus = byId<HTMLElement>("pay-status");
const payResult = byId<HTMLElement>("pay-result");
const paySchedules = byId<HTMLFieldSetElement>("pay-schedules");
const dueForm = byId<HTMLFormElement>("due-form");
const dueResult = byId<HTMLElement>("due-result");
/** The schedules offered (the catalogue's), checked by default: the two most people plan by. */
const DEFAULT_SCHEDULES = new Set(["salary-25", "child-benefit"]);
let catalogue: DueDateSchedule[] = [];
let customRule: { day: string; convention: Convention } | null = null;
/** Answers by URL: a schedule's year never changes, and the dynamic API allows few calls a minute. */
const dueAnswers = new Map<string, DueDates>();
/** The shown year's due dates: date -> the names of the schedules due on it (the marks on the grid). */
let dueMarks = new Map<string, string[]>();
let payGeneration = 0;

function chosenSchedules(): DueDateSchedule[] {
  return catalogue.filter((s) => paySchedules.querySelector<HTMLInputElement>(`input[value="${CSS.escape(s.code)}"]`)?.checked);
}

async function dueDatesOf(url: string): Promise<DueDates> {
  const known = dueAnswers.get(url);
  if (known) return known;
  const answer = await getJson<DueDates>(url);
  dueAnswers.set(url, answer);
  return answer;
}

function markDueDates(): void {
  for (const day of content.querySelectorAll<HTMLElement>(".month-days .m-due")) {
    day.classList.remove("m-due");
    const names = day.dataset.due?.split("|") ?? [];
    const title = (day.getAttribute("title") ?? "").split(" · ").filter((part) => !names.includes(part)).join(" · ");
    if (title) day.setAttribute("title", title);
    else day.removeAttribute("title");
    delete day.dataset.due;
  }
  let marked = 0;
  for (const [date, names] of dueMarks) {
    const day = content.querySelector<HTMLElement>(`.month-days [data-date="${date}"]`);
    if (!day) continue;
    marked++;
    day.classList.add("m-due");
    day.dataset.due = names.join("|");
    for (const name of names) appendTitle(day, name);
  }
  for (const el of content.querySelectorAll<HTMLElement>('[data-legend="due"]')) el.hidden = marked === 0;
}

/** The chosen schedules' (and the custom rule's) dates for the year the calendar shows: the table and the marks. */
async function refreshPay(): Promise<void> {
  const year = shownYear;
  const generation = ++payGeneration;
  byId<HTMLInputElement>("due-year").value = String(year);
  const chosen = chosenSchedules();
  const jobs: Promise<PayColumn>[] = chosen.map(async (schedule) => {
    const name = schedule.name[lang];
    const rule = ruleText(schedule, lang);
    try {
      return { key: schedule.code, name, rule, dates: await dueDatesOf(apiUrl(PATHS.dueDates, [["year", String(year)], ["schedule", schedule.code]])) };
    } catch (error) {
      // before its `since` the API answers 400 with its reason (in English): the page says it in its own language
      const before = error instanceof ApiError && error.status === 400 && schedule.since !== undefined && year < schedule.since;
      const why = before ? beforeSinceText(schedule, describeError(error), lang) : describeError(error);
      return { key: schedule.code, name, rule, error: why };
    }
  });
  if (customRule) {
    const rule = customRule;
    const url = apiUrl(PATHS.dueDates, [["year", String(year)], ["day", rule.day], ["convention", rule.convention]]);
    jobs.push(
      dueDatesOf(url).then(
        (dates): PayColumn => ({ key: "custom", name: dates.schedule.name[lang], rule: PAY_WORDS[lang].custom(dates.schedule.day as DayOfMonth, rule.convention), dates }),
        (error: unknown): PayColumn => ({ key: "custom", name: PAY_WORDS[lang].custom(rule.day === "last" ? "last" : Number(rule.day), rule.convention), rule: "", error: describeError(error) }),
      ),
    );
  }
  if (jobs.length === 0) {
    dueMarks = new Map();
    markDueDates();
    payResult.innerHTML = payTable(year, [], lang);
    payResult.dataset.shown = `${year}:`;
    payStatus.textContent = "";
    return;
  }
  payStatus.textContent = PAY_WORDS[lang].loading(year);
  const columns = await Promise.all(jobs);
  if (generation !== payGeneration) return;
  const marks = new Map<string, string[]>();
  for (const column of columns) {
    if (!("dates" in column)) continue;
    for (const d of column.dates.dates) marks.set(d.due.date, [...(marks.get(d.due.date) ?? []), column.name]);
  }
  dueMarks = marks;
  markDueDates();
  payResult.innerHTML = payTable(year, columns, lang);
  payResult.dataset.shown = `${year}:${columns.map((c) => c.key).join(",")}`; // what is shown, for scripts and tests
  payStatus.textContent = PAY_WORDS[lang].shown(year, columns.filter((c) => "dates" in c).length);
}

async function loadCatalogue(): Promise<void> {
  try {
    const list = await getJson<{ count: number; schedules: DueDateSchedule[] }>(PATHS.dueDateCatalogue);
    catalogue = list.schedules;
  } catch (error) {
    payStatus.textContent = PAY_WORDS[lang].catalogueError(describeError(error));
    return;
  }
  const items = catalogue.map((s) => {
    const since = s.since !== undefined ? ` ${PAY_WORDS[lang].since(s.since)}` : "";
    return `<label class="check"><input type="checkbox" name="schedule" value="${e(s.code)}"${DEFAULT_SCHEDULES.has(s.code) ? " checked" : ""} />
<span>${e(s.name[lang])}<span class="hint"> – ${e(ruleText(s, lang))}${e(since)}</span></span></label>`;
  });
  paySchedules.insertAdjacentHTML("beforeend", items.join(""));
  await refreshPay();
}

paySchedules.addEventListener("change", () => void refreshPay());

dueForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const day = byId<HTMLSelectElement>("due-day").value;
  const convention = byId<HTMLSelectElement>("due-convention").value as Convention;
  const url = apiUrl(PATHS.dueDates, [["year", String(shownYear)], ["day", day], ["convention", convention]]);
  dueResult.innerHTML = `<p class="status">${e(WORDS.calculating)}</p>`;
  try {
    const dates = await dueDatesOf(url);
    customRule = { day, convention };
    const moved = dates.dates.filter((d) => d.moved).length;
    dueResult.innerHTML = `<p class="answer" id="due-answer">${e(PAY_WORDS[lang].custom(dates.schedule.day as DayOfMonth, convention))}: ${e(WORDS.movedCount(moved, dates.count))}</p>${requestLine(url, 200)}`;
    await refreshPay();
  } catch (error) {
    dueResult.innerHTML = errorBlock(error, url);
  }
});

window.addEventListener("popstate", () => void loadYear(yearFromLocation()));
setYearControls(buildYear);
decorateGrid();
void loadCatalogue();
{
  const initial = yearFromLocation();
  if (initial !== buildYear) void loadYear(initial);
}

/* ------------------------------------------------------------------ leave planner */

const planForm = byId<HTMLFormElement>("plan-form");
const planResult = byId<HTMLElement>("plan-result");

function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDaysIso(d, 1)) out.push(d);
  return out;
}

/** The note under a plan: where its breaks are on the calendar, and buttons for the years the calendar does not show. */
function updatePlanNote(): void {
  const note = document.getElementById("plan-calendar-note");
  if (!note || !planMarks) return;
  const years = [...new Set([...planMarks.breakDates].map((d) => Number(d.slice(0, 4))))].sort((a, b) => a - b);
  if (years.length === 0) {
    note.innerHTML = "";
    return;
  }
  const text = years.includes(shownYear) ? WORDS.marked(shownYear) : WORDS.markedNone(shownYear);
  const link = years.includes(shownYear) ? ` <a href="#year-heading">${e(WORDS.toCalendar)}</a>` : "";
  const buttons = years
    .filter((y) => y !== shownYear)
    .map((y) => `<button type="button" class="secondary" data-show-year="${y}">${e(WORDS.showYear(y))}</button>`)
    .join(" ");
  note.innerHTML = `${e(text)}${link}${buttons ? `<span class="actions">${buttons}</span>` : ""}`;
}

/** "22 days off for 5 leave days", the numbers in elements of their own. */
function planAnswer(plan: LeavePlan): string {
  return WORDS.planAnswer(
    `<span id="plan-days-off">${plan.daysOff}</span> ${e(noun(plan.daysOff, "dayOff", lang))}`,
    `<span id="plan-used">${plan.used}</span> ${e(noun(plan.used, "leaveDay", lang))}`,
  );
}

function planHtml(plan: LeavePlan, url: string): string {
  const objective = plan.objective === "longest" ? WORDS.planObjective.longest : WORDS.planObjective.most;
  const summary = WORDS.planSummary(objective, count(plan.budget, "leaveDay", lang), longDate(plan.from, lang), longDate(plan.to, lang));
  if (plan.breaks.length === 0) {
    return `<p class="answer">${planAnswer(plan)}</p>
<p>${e(WORDS.planNone)}</p><p class="hint">${e(summary)}</p>${requestLine(url, 200)}`;
  }
  const items = plan.breaks.map((b) => {
    const first = weekdayName(weekdayOfIso(b.start), lang).slice(0, 3);
    const last = weekdayName(weekdayOfIso(b.end), lang).slice(0, 3);
    const leave = b.leaveDays.map((d) => `<time datetime="${e(d)}">${e(dateRange(d, d, lang))}</time>`);
    return `<li data-start="${e(b.start)}" data-end="${e(b.end)}" data-days="${b.days}" data-leave="${e(b.leaveDays.join(" "))}"><strong>${e(dateRange(b.start, b.end, lang, true))}</strong> <span class="hint">(${e(first)}–${e(last)})</span>: ${e(count(b.days, "dayOff", lang))}; ${WORDS.leaveOn} ${listText(leave, lang)}</li>`;
  });
  const unused = plan.used < plan.budget && plan.objective === "longest" ? `<p class="hint">${e(WORDS.planUnused(plan.used, plan.budget))}</p>` : "";
  return `<p class="answer">${planAnswer(plan)}</p>
<p class="hint">${e(summary)}</p>${unused}
<ol id="plan-breaks" class="steps breaks">${items.join("")}</ol>
<p id="plan-calendar-note" class="plan-note"></p>
${requestLine(url, 200)}`;
}

planForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const from = byId<HTMLInputElement>("plan-from").value;
  const to = byId<HTMLInputElement>("plan-to").value;
  const days = byId<HTMLInputElement>("plan-days").value.trim();
  const objective = byId<HTMLSelectElement>("plan-objective").value;
  if (!from || !to || !days) {
    planResult.innerHTML = `<p class="error" role="alert">${e(WORDS.enterPlan)}</p>`;
    return;
  }
  const params: [string, string][] = [["from", from], ["to", to], ["days", days]];
  if (objective !== "most") params.push(["objective", objective]);
  const url = apiUrl(PATHS.leavePlan, params);
  planResult.innerHTML = `<p class="status">${e(WORDS.planning)}</p>`;
  clearPlanMarks();
  planMarks = null;
  decorateGrid();
  try {
    const plan = await getJson<LeavePlan>(url);
    planMarks = {
      plan,
      breakDates: new Set(plan.breaks.flatMap((b) => datesOf(b.start, b.end))),
      leaveDates: new Set(plan.breaks.flatMap((b) => b.leaveDays)),
    };
    planResult.innerHTML = planHtml(plan, url);
    decorateGrid();
    updatePlanNote();
  } catch (error) {
    planResult.innerHTML = errorBlock(error, url);
  }
});

planResult.addEventListener("click", (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-show-year]");
  if (!button) return;
  navigate(Number(button.dataset.showYear));
  byId("year-heading").scrollIntoView();
});

/* ------------------------------------------------------------------ feed subscription */

const feedForm = byId<HTMLFormElement>("feed-form");
const feedWebcal = byId<HTMLInputElement>("feed-webcal");
const feedHttps = byId<HTMLInputElement>("feed-https");
const feedSubscribe = byId<HTMLAnchorElement>("feed-subscribe");
const feedDownload = byId<HTMLAnchorElement>("feed-download");
const feedText = byId<HTMLElement>("feed-description");
const copyStatus = byId<HTMLElement>("copy-status");

function feedOptions(): ResolvedFeedOptions {
  const options = {} as ResolvedFeedOptions;
  for (const key of FEED_OPTION_NAMES) {
    options[key] = feedForm.querySelector<HTMLInputElement>(`[data-feed-option="${key}"]`)!.checked;
  }
  options.due = [...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")].filter((box) => box.checked).map((box) => box.value);
  return options;
}

function updateFeed(): void {
  const options = feedOptions();
  feedWebcal.value = feedUrl(location.host, options, "webcal");
  feedHttps.value = feedUrl(location.host, options, "https");
  feedSubscribe.href = feedWebcal.value;
  feedDownload.href = FEED_PATH + feedQuery(options);
  const dueNames = Object.fromEntries([...feedForm.querySelectorAll<HTMLInputElement>("[data-feed-due]")].map((box) => [box.value, box.labels?.[0]?.textContent?.trim() ?? box.value]));
  feedText.textContent = feedDescription(options, lang, dueNames);
}

async function copyText(text: string, input: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // older browsers and insecure contexts
    input.focus();
    input.select();
    return document.execCommand("copy");
  }
}

feedForm.addEventListener("change", updateFeed);
feedForm.addEventListener("click", (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-copy]");
  if (!button) return;
  const input = byId<HTMLInputElement>(button.dataset.copy!);
  void copyText(input.value, input).then((ok) => {
    copyStatus.textContent = ok ? WORDS.copied(input.value) : WORDS.copyFailed;
  });
});
updateFeed();

/* ------------------------------------------------------------------ calculators */

function dayNote(day: Day): string {
  if (day.observances.length > 0) {
    const names = listText(day.observances.map((o) => o.name[lang]), lang);
    return day.holidayType === "public" ? WORDS.publicNote(names) : WORDS.defactoNote(names);
  }
  if (day.weekday === 7) return WORDS.sunday;
  if (day.weekday === 6) return WORDS.saturday;
  return WORDS.working;
}

function dayHtml(day: Day, id?: string): string {
  return `<time${id ? ` id="${id}"` : ""} datetime="${e(day.date)}">${e(longDate(day.date, lang, day.weekday))}</time>`;
}

function dayText(iso: string): string {
  return `<time datetime="${e(iso)}">${e(longDate(iso, lang))}</time>`;
}

function countsHtml(counts: SpanCounts): string {
  const off = counts.daysOff;
  return `<dt>${WORDS.calendarDays}</dt><dd>${counts.calendarDays} <span class="hint">(${e(durationText(counts.duration, lang))})</span></dd>
<dt>${WORDS.workingDays}</dt><dd>${counts.workingDays}</dd>
<dt>${WORDS.daysOff}</dt><dd>${e(WORDS.offDetail(off, count(off.namedDays, "namedHoliday", lang), count(off.weekendDays, "weekendDay", lang)))}</dd>
<dt>${WORDS.bridgeDays}</dt><dd>${counts.bridgeDays}</dd>
<dt>${WORDS.halfDays}</dt><dd>${counts.halfDays}</dd>`;
}

const periodForm = byId<HTMLFormElement>("period-form");
const periodResult = byId<HTMLElement>("period-result");

periodForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const from = byId<HTMLInputElement>("period-from").value;
  const to = byId<HTMLInputElement>("period-to").value;
  const bounds = byId<HTMLSelectElement>("period-bounds").value;
  if (!from || !to) {
    periodResult.innerHTML = `<p class="error" role="alert">${e(WORDS.enterBoth)}</p>`;
    return;
  }
  const params: [string, string][] = [["from", from], ["to", to]];
  if (bounds !== "inclusive") params.push(["bounds", bounds]);
  const url = apiUrl(PATHS.period, params);
  periodResult.innerHTML = `<p class="status">${e(WORDS.counting)}</p>`;
  try {
    const p = await getJson<Period>(url);
    const boundsText = WORDS.bounds[p.bounds];
    const counted = p.counted
      ? `${dayText(p.counted.first)} – ${dayText(p.counted.last)} <span class="hint">(${e(boundsText)})</span>`
      : e(WORDS.cancelOut(boundsText));
    periodResult.innerHTML = `<p class="answer"><span id="period-working-days">${p.workingDays}</span> ${e(WORDS.workingAnswer(p.workingDays))}</p>
<dl class="facts"><dt>${WORDS.counted}</dt><dd>${counted}</dd>${countsHtml(p)}</dl>${requestLine(url, 200)}`;
  } catch (error) {
    periodResult.innerHTML = errorBlock(error, url);
  }
});

const shiftForm = byId<HTMLFormElement>("shift-form");
const shiftResult = byId<HTMLElement>("shift-result");

shiftForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const date = byId<HTMLInputElement>("shift-date").value;
  const steps = byId<HTMLInputElement>("shift-add").value.split(/[\s,]+/).filter(Boolean);
  const postpone = byId<HTMLInputElement>("shift-postpone").checked;
  if (!date || steps.length === 0) {
    shiftResult.innerHTML = `<p class="error" role="alert">${WORDS.enterSteps}</p>`;
    return;
  }
  const params: [string, string][] = [["date", date], ...steps.map((s): [string, string] => ["add", s])];
  if (postpone) params.push(["postpone", "true"]);
  const url = apiUrl(PATHS.shift, params);
  shiftResult.innerHTML = `<p class="status">${e(WORDS.calculating)}</p>`;
  try {
    const s = await getJson<Shift>(url);
    const items = s.steps.map((step) => {
      const [one, many] = WORDS.units[step.unit] ?? [step.unit, step.unit];
      const sign = step.amount < 0 ? "−" : "+";
      const size = Math.abs(step.amount);
      const clamp = step.constrained ? ` <span class="hint">${e(WORDS.clamped)}</span>` : "";
      return `<li>${sign}${size} ${size === 1 ? one : many} → ${dayHtml(step.result)}${clamp}</li>`;
    });
    let rule = "";
    if (s.postpone) {
      rule = s.postponed
        ? `<p>${WORDS.landsPostponed(dayHtml(s.landed), e(dayNote(s.landed)))}</p>`
        : `<p>${WORDS.landsWorking(dayHtml(s.landed))}</p>`;
    } else if (!s.result.workingDay) {
      rule = `<p class="hint">${e(WORDS.tickRule(dayNote(s.result)))}</p>`;
    }
    const summary = s.period
      ? `<h4>${WORDS.fromTo(dayText(s.period.from), dayText(s.period.to))}</h4><dl class="facts">${countsHtml(s.period)}</dl>`
      : `<p class="hint">${e(WORDS.tooLong)}</p>`;
    shiftResult.innerHTML = `<p class="answer">${WORDS.result}: ${dayHtml(s.result, "shift-result-date")}</p>
<p>${e(capitalise(dayNote(s.result)))}.</p>
<ol class="steps"><li>${WORDS.start}: ${dayText(s.date)}</li>${items.join("")}</ol>
${rule}${summary}${requestLine(url, 200)}`;
  } catch (error) {
    shiftResult.innerHTML = errorBlock(error, url);
  }
});
