/**
 * Home page behaviour: the year picker (loads any year from the API), the feed subscription builder,
 * and the period and shift calculators. Plain DOM code; every API value is escaped or set as text.
 */
import { ApiError, apiUrl, getJson } from "../lib/api.ts";
import { PATHS } from "../../../contract/paths.ts";
import { FEED_PATH, FEED_OPTION_NAMES, feedDescription, feedQuery, feedUrl, type FeedOptions } from "../lib/feed.ts";
import { durationText, escapeHtml as e, isoWeekdayOf, longDateEn, parseIso, plural, stockholmYear, validateYear } from "../lib/format.ts";
import { renderYear } from "../lib/render.ts";
import type { Day, DayList, Period, Shift, SpanCounts } from "../lib/types.ts";

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
  return `<p class="request">Request: <a href="${e(absolute)}"><code>GET ${e(url)}</code></a>${suffix}</p>`;
}

function errorBlock(error: unknown, url: string): string {
  const status = error instanceof ApiError && error.status ? error.status : undefined;
  const title = error instanceof ApiError && error.problem ? `<strong>${e(error.problem.title)}:</strong> ` : "";
  return `<p class="error" role="alert">${title}${e(describeError(error))}</p>${requestLine(url, status)}`;
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
  document.title = `Swedish holidays ${year} – Swedish Calendar Service`;
}

async function loadYear(year: number): Promise<void> {
  setYearControls(year);
  showYearError("");
  loading?.abort();
  const cached = rendered.get(year);
  if (cached !== undefined) {
    show(year, cached);
    yearStatus.textContent = `Showing ${year}.`;
    return;
  }
  const controller = new AbortController();
  loading = controller;
  const { signal } = controller;
  content.setAttribute("aria-busy", "true");
  yearStatus.textContent = `Loading ${year}…`;
  try {
    const periodUrl = apiUrl(PATHS.period, [["from", `${year}-01-01`], ["to", `${year}-12-31`]]);
    const [holidays, bridge, half, period] = await Promise.all([
      getJson<DayList>(apiUrl(PATHS.holidays, [["year", String(year)]]), signal),
      getJson<DayList>(apiUrl(PATHS.bridgeDays, [["year", String(year)]]), signal),
      getJson<DayList>(apiUrl(PATHS.halfDays, [["year", String(year)]]), signal),
      // the count is welcome but not essential: a failure (e.g. 429) leaves the rest of the year shown
      getJson<Period>(periodUrl, signal).catch((error: unknown) => {
        if (isAbort(error)) throw error;
        return describeError(error);
      }),
    ]);
    const html = renderYear({
      year,
      holidays: holidays.days,
      bridgeDays: bridge.days,
      halfDays: half.days,
      workingDays: typeof period === "string" ? null : period.workingDays,
      workingDaysError: typeof period === "string" ? period : undefined,
    });
    if (typeof period !== "string") rendered.set(year, html);
    show(year, html);
    yearStatus.textContent = `Showing ${year}: ${plural(holidays.count, "holiday date")}, ${plural(bridge.count, "bridge day")}, ${plural(half.count, "half day")}.`;
  } catch (error) {
    if (isAbort(error)) return;
    yearStatus.textContent = "";
    showYearError(`Could not load ${year}: ${describeError(error)}`);
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
  const parsed = validateYear(yearInput.value);
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
    const parsed = validateYear(requested);
    if ("year" in parsed) return parsed.year;
    showYearError(`The address asks for year '${requested}'. ${parsed.error}`);
  }
  // a page built last year still opens on the current year
  return stockholmYear();
}

window.addEventListener("popstate", () => void loadYear(yearFromLocation()));
setYearControls(buildYear);
{
  const initial = yearFromLocation();
  if (initial !== buildYear) void loadYear(initial);
}

/* ------------------------------------------------------------------ feed subscription */

const feedForm = byId<HTMLFormElement>("feed-form");
const feedWebcal = byId<HTMLInputElement>("feed-webcal");
const feedHttps = byId<HTMLInputElement>("feed-https");
const feedSubscribe = byId<HTMLAnchorElement>("feed-subscribe");
const feedDownload = byId<HTMLAnchorElement>("feed-download");
const feedText = byId<HTMLElement>("feed-description");
const copyStatus = byId<HTMLElement>("copy-status");

function feedOptions(): FeedOptions {
  const options = {} as FeedOptions;
  for (const key of FEED_OPTION_NAMES) {
    options[key] = feedForm.querySelector<HTMLInputElement>(`[data-feed-option="${key}"]`)!.checked;
  }
  return options;
}

function updateFeed(): void {
  const options = feedOptions();
  feedWebcal.value = feedUrl(location.host, options, "webcal");
  feedHttps.value = feedUrl(location.host, options, "https");
  feedSubscribe.href = feedWebcal.value;
  feedDownload.href = FEED_PATH + feedQuery(options);
  feedText.textContent = feedDescription(options);
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
    copyStatus.textContent = ok ? `Copied: ${input.value}` : "Copying failed: select the address and copy it yourself.";
  });
});
updateFeed();

/* ------------------------------------------------------------------ calculators */

function dayNote(day: Day): string {
  if (day.observances.length > 0) {
    const names = day.observances.map((o) => o.name.en).join(" and ");
    return day.holidayType === "public" ? `public holiday: ${names}` : `de facto holiday: ${names}`;
  }
  if (day.weekday === 7) return "a Sunday (counts as a public holiday)";
  if (day.weekday === 6) return "a Saturday (a de facto holiday)";
  return "a working day";
}

function dayHtml(day: Day, id?: string): string {
  return `<time${id ? ` id="${id}"` : ""} datetime="${e(day.date)}">${e(longDateEn(day.date, day.weekday))}</time>`;
}

function countsHtml(counts: SpanCounts): string {
  const off = counts.daysOff;
  return `<dt>Calendar days</dt><dd>${counts.calendarDays} <span class="hint">(${e(durationText(counts.duration))})</span></dd>
<dt>Working days</dt><dd>${counts.workingDays}</dd>
<dt>Days off</dt><dd>${off.total}: ${off.publicHolidays} public (Sundays included), ${off.defactoHolidays} de facto (Saturdays included); ${plural(off.namedDays, "named holiday")}, ${plural(off.weekendDays, "plain weekend day")}</dd>
<dt>Bridge days</dt><dd>${counts.bridgeDays}</dd>
<dt>Half days</dt><dd>${counts.halfDays}</dd>`;
}

const BOUNDS_TEXT: Record<Period["bounds"], string> = {
  inclusive: "both dates counted",
  exclusive: "neither date counted",
  from: "start date counted, end date not",
  to: "end date counted, start date not",
};

const periodForm = byId<HTMLFormElement>("period-form");
const periodResult = byId<HTMLElement>("period-result");

periodForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const from = byId<HTMLInputElement>("period-from").value;
  const to = byId<HTMLInputElement>("period-to").value;
  const bounds = byId<HTMLSelectElement>("period-bounds").value;
  if (!from || !to) {
    periodResult.innerHTML = `<p class="error" role="alert">Enter both dates.</p>`;
    return;
  }
  const params: [string, string][] = [["from", from], ["to", to]];
  if (bounds !== "inclusive") params.push(["bounds", bounds]);
  const url = apiUrl(PATHS.period, params);
  periodResult.innerHTML = `<p class="status">Counting…</p>`;
  try {
    const p = await getJson<Period>(url);
    const counted = p.counted
      ? `${dayText(p.counted.first)} – ${dayText(p.counted.last)} <span class="hint">(${e(BOUNDS_TEXT[p.bounds])})</span>`
      : `no day: with ${e(BOUNDS_TEXT[p.bounds])} the two dates cancel out`;
    periodResult.innerHTML = `<p class="answer"><span id="period-working-days">${p.workingDays}</span> working ${p.workingDays === 1 ? "day" : "days"}</p>
<dl class="facts"><dt>Counted</dt><dd>${counted}</dd>${countsHtml(p)}</dl>${requestLine(url, 200)}`;
  } catch (error) {
    periodResult.innerHTML = errorBlock(error, url);
  }
});

function dayText(iso: string): string {
  const { year, month, day } = parseIso(iso);
  return `<time datetime="${e(iso)}">${e(longDateEn(iso, isoWeekdayOf(year, month, day)))}</time>`;
}

const UNIT_NAMES: Record<string, [string, string]> = {
  d: ["day", "days"],
  b: ["working day", "working days"],
  w: ["week", "weeks"],
  m: ["month", "months"],
  y: ["year", "years"],
};

const shiftForm = byId<HTMLFormElement>("shift-form");
const shiftResult = byId<HTMLElement>("shift-result");

shiftForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const date = byId<HTMLInputElement>("shift-date").value;
  const steps = byId<HTMLInputElement>("shift-add").value.split(/[\s,]+/).filter(Boolean);
  const postpone = byId<HTMLInputElement>("shift-postpone").checked;
  if (!date || steps.length === 0) {
    shiftResult.innerHTML = `<p class="error" role="alert">Enter a start date and at least one step, such as <code>10b</code>.</p>`;
    return;
  }
  const params: [string, string][] = [["date", date], ...steps.map((s): [string, string] => ["add", s])];
  if (postpone) params.push(["postpone", "true"]);
  const url = apiUrl(PATHS.shift, params);
  shiftResult.innerHTML = `<p class="status">Calculating…</p>`;
  try {
    const s = await getJson<Shift>(url);
    const items = s.steps.map((step) => {
      const [one, many] = UNIT_NAMES[step.unit] ?? [step.unit, step.unit];
      const sign = step.amount < 0 ? "−" : "+";
      const size = Math.abs(step.amount);
      const clamp = step.constrained ? ` <span class="hint">(clamped to the last day of the shorter month)</span>` : "";
      return `<li>${sign}${size} ${size === 1 ? one : many} → ${dayHtml(step.result)}${clamp}</li>`;
    });
    let rule = "";
    if (s.postpone) {
      rule = s.postponed
        ? `<p>The steps land on ${dayHtml(s.landed)}, ${e(dayNote(s.landed))}. The Sunday rule moves the date to the next working day.</p>`
        : `<p>The steps land on ${dayHtml(s.landed)}, a working day, so the Sunday rule does not move it.</p>`;
    } else if (!s.result.workingDay) {
      rule = `<p class="hint">The result is ${e(dayNote(s.result))}. Tick “Apply the Sunday rule” to move it to the next working day.</p>`;
    }
    const summary = s.period
      ? `<h4>From ${dayText(s.period.from)} to ${dayText(s.period.to)}, both counted</h4><dl class="facts">${countsHtml(s.period)}</dl>`
      : `<p class="hint">The span is over 200 years, so no counts are given.</p>`;
    shiftResult.innerHTML = `<p class="answer">Result: ${dayHtml(s.result, "shift-result-date")}</p>
<p>${e(dayNote(s.result).replace(/^./, (c) => c.toUpperCase()))}.</p>
<ol class="steps"><li>Start: ${dayText(s.date)}</li>${items.join("")}</ol>
${rule}${summary}${requestLine(url, 200)}`;
  } catch (error) {
    shiftResult.innerHTML = errorBlock(error, url);
  }
});
