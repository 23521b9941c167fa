/**
 * "Arbetstid" / "Working time": the shown year's working days and hours per month (../../lib/working-time.ts draws
 * the chart and the table), for the hours a week and the profile chosen. The defaults (the input's and the select's
 * own defaults, as the page was built with the engine's) are the dataset's file of the year, which costs nothing of
 * the rate limit; any other choice is computed by the API. A profile's years before its first (`data-since` on its
 * option) are not asked for: the section says why. The page's build year is already in the HTML.
 */
import { PATHS } from "../../../../contract/paths.ts";
import { apiUrl, getJson } from "../../lib/api.ts";
import { fillTemplate, workingTimeSource } from "../../lib/dataset.ts";
import { escapeHtml as e } from "../../lib/format.ts";
import type { WorkingTime } from "../../lib/types.ts";
import { formatHours, renderWorkingTime } from "../../lib/working-time.ts";
import { WORKING_TIME_WORDS } from "../../lib/working-time-words.ts";
import { byId, dataset, errorBlock, isAbort, lang } from "./shared.ts";
import { currentYear, onYearShown } from "./year.ts";

const WORDS = WORKING_TIME_WORDS[lang];
/** Answers by URL: a year's working time never changes, and the API's answers count against its limit. */
const answers = new Map<string, WorkingTime>();
/** The section as rendered, by what it shows: the build year's defaults are in the page already. */
const rendered = new Map<string, string>();
let generation = 0;
let pending: AbortController | null = null;

/** What the section shows now (`year:weeklyHours:profile`), for scripts and tests. */
function shownKey(year: number, weekly: string, profile: string): string {
  return `${year}:${weekly}:${profile}`;
}

/** The shown year's answer for the chosen hours and profile: the table and the chart, or why there is none. */
async function refresh(): Promise<void> {
  const form = byId<HTMLFormElement>("wt-form");
  const weekly = byId<HTMLInputElement>("wt-weekly");
  const profile = byId<HTMLSelectElement>("wt-profile");
  const result = byId<HTMLElement>("wt-result");
  const status = byId<HTMLElement>("wt-status");
  const year = currentYear();
  const mine = ++generation;
  pending?.abort();
  pending = null;
  byId<HTMLInputElement>("wt-year").value = String(year);
  const csv = byId<HTMLAnchorElement>("wt-csv");
  csv.href = fillTemplate(dataset.files.workingTimeCsv, { year });
  csv.textContent = WORDS.csv(year);
  for (const note of form.querySelectorAll<HTMLElement>("[data-profile-note]"))
    note.hidden = note.dataset.profileNote !== profile.value;

  const key = shownKey(year, weekly.value, profile.value);
  if (key === result.dataset.shown && result.querySelector("#wt-table, #wt-before-since")) return; // shown already
  const known = rendered.get(key);
  if (known !== undefined) {
    result.innerHTML = known;
    result.dataset.shown = key;
    status.textContent = "";
    return;
  }
  const option = profile.selectedOptions[0];
  const since = option?.dataset.since ? Number(option.dataset.since) : undefined;
  if (since !== undefined && year < since) {
    // no file, and the API would answer 400: say why, ask nothing
    result.innerHTML = `<p class="notice" id="wt-before-since">${e(WORDS.beforeSince(option!.textContent ?? profile.value, since))}</p>`;
    result.dataset.shown = key;
    status.textContent = "";
    return;
  }
  const isDefault =
    Number(weekly.value) === Number(weekly.defaultValue) && weekly.value !== "" && option?.defaultSelected === true;
  const url = isDefault
    ? workingTimeSource(dataset, year)
    : apiUrl(PATHS.workingTime, [
        ["year", String(year)],
        ["weeklyHours", weekly.value],
        ["profile", profile.value],
      ]);
  let answer = answers.get(url);
  if (!answer) {
    const controller = new AbortController();
    pending = controller;
    status.textContent = WORDS.loading(year);
    result.setAttribute("aria-busy", "true");
    try {
      answer = await getJson<WorkingTime>(url, controller.signal);
      answers.set(url, answer);
    } catch (error) {
      if (isAbort(error) || mine !== generation) return;
      result.innerHTML = errorBlock(error, url);
      result.dataset.shown = key;
      status.textContent = "";
      return;
    } finally {
      if (pending === controller) pending = null;
      if (mine === generation) result.removeAttribute("aria-busy");
    }
  }
  if (mine !== generation) return;
  result.innerHTML = renderWorkingTime(answer, lang);
  result.dataset.shown = key;
  rendered.set(key, result.innerHTML);
  status.textContent = WORDS.shown(year, answer.total.workingDays, WORDS.hours(formatHours(answer.total.hours, lang)));
}

/** The section follows the shown year and its choices (a number typed is asked for once typing pauses). */
export function initWorkingTime(): void {
  const form = byId<HTMLFormElement>("wt-form");
  const result = byId<HTMLElement>("wt-result");
  if (result.dataset.shown) rendered.set(result.dataset.shown, result.innerHTML);
  let typing: ReturnType<typeof setTimeout> | undefined;
  const now = () => {
    clearTimeout(typing);
    void refresh();
  };
  onYearShown(now);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    now();
  });
  byId<HTMLSelectElement>("wt-profile").addEventListener("change", now);
  const weekly = byId<HTMLInputElement>("wt-weekly");
  weekly.addEventListener("change", now);
  weekly.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(now, 600);
  });
}
