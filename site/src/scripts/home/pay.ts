/**
 * "Löner och utbetalningar" / "Pay and payment dates": the catalogue's schedules as checkboxes, the chosen ones'
 * (and a rule of your own's) dates for the year the calendar shows, as a table and as marks on the month grids.
 * The catalogue and a schedule's year are the dataset's files (read for a year from the schedule's `since` on only;
 * before it the section says why, and asks nothing); a rule of your own is computed by the API.
 */
import type { DueDateScheduleCode } from "swedish-calendar/core";
import { PATHS } from "../../../../contract/paths.ts";
import { apiUrl, getJson } from "../../lib/api.ts";
import { dueDateCatalogueSource, dueDatesSource } from "../../lib/dataset.ts";
import { escapeHtml as e } from "../../lib/format.ts";
import {
  type Convention,
  type DayOfMonth,
  type DueDateSchedule,
  type DueDates,
  PAY_WORDS,
  type PayColumn,
  payTable,
  ruleText,
} from "../../lib/pay.ts";
import { beforeSinceSentence } from "../../lib/year-words.ts";
import { appendTitle, byId, dataset, describeError, errorBlock, lang, requestLine, SHARED_WORDS } from "./shared.ts";
import { content, currentYear, onDecorate, onYearShown } from "./year.ts";

const WORDS = {
  en: {
    movedCount: (moved: number, total: number) =>
      `${moved} of the ${total} dates ${moved === 1 ? "is" : "are"} moved to a banking day.`,
  },
  sv: {
    movedCount: (moved: number, total: number) => `${moved} av ${total} datum flyttas till en bankdag.`,
  },
}[lang];

/** The schedules offered (the catalogue's), checked by default: the two most people plan by. */
const DEFAULT_SCHEDULES = new Set<DueDateScheduleCode>(["salary-25", "child-benefit"]); // typed by the engine's union
let catalogue: DueDateSchedule[] = [];
let customRule: { day: string; convention: Convention } | null = null;
/** Answers by URL: a schedule's year never changes (and a rule of your own is counted against the API's limit). */
const dueAnswers = new Map<string, DueDates>();
/** The shown year's due dates: date -> the names of the schedules due on it (the marks on the grid). */
let dueMarks = new Map<string, string[]>();
let payGeneration = 0;

const payStatus = byId<HTMLElement>("pay-status");
const payResult = byId<HTMLElement>("pay-result");
const paySchedules = byId<HTMLFieldSetElement>("pay-schedules");

function chosenSchedules(): DueDateSchedule[] {
  return catalogue.filter(
    (s) => paySchedules.querySelector<HTMLInputElement>(`input[value="${CSS.escape(s.code)}"]`)?.checked,
  );
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
    const title = (day.getAttribute("title") ?? "")
      .split(" · ")
      .filter((part) => !names.includes(part))
      .join(" · ");
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
  const year = currentYear();
  const generation = ++payGeneration;
  byId<HTMLInputElement>("due-year").value = String(year);
  const chosen = chosenSchedules();
  const jobs: Promise<PayColumn>[] = chosen.map(async (schedule) => {
    const name = schedule.name[lang];
    const rule = ruleText(schedule, lang);
    // before its first year a schedule has no dates (no file; the API would answer 400): say why, ask nothing
    if (schedule.since !== undefined && year < schedule.since) {
      return {
        key: schedule.code,
        name,
        rule,
        beforeSince: beforeSinceSentence({ ...schedule, since: schedule.since }, lang),
      };
    }
    try {
      return { key: schedule.code, name, rule, dates: await dueDatesOf(dueDatesSource(dataset, year, schedule.code)) };
    } catch (error) {
      return { key: schedule.code, name, rule, error: describeError(error) };
    }
  });
  if (customRule) {
    const rule = customRule;
    const url = apiUrl(PATHS.dueDates, [
      ["year", String(year)],
      ["day", rule.day],
      ["convention", rule.convention],
    ]);
    jobs.push(
      dueDatesOf(url).then(
        (dates): PayColumn => ({
          key: "custom",
          name: dates.schedule.name[lang],
          rule: PAY_WORDS[lang].custom(dates.schedule.day as DayOfMonth, rule.convention),
          dates,
        }),
        (error: unknown): PayColumn => ({
          key: "custom",
          name: PAY_WORDS[lang].custom(rule.day === "last" ? "last" : Number(rule.day), rule.convention),
          rule: "",
          error: describeError(error),
        }),
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
    const list = await getJson<{ count: number; schedules: DueDateSchedule[] }>(dueDateCatalogueSource(dataset));
    catalogue = list.schedules;
  } catch (error) {
    payStatus.textContent = PAY_WORDS[lang].catalogueError(describeError(error));
    return;
  }
  const items = catalogue.map((s) => {
    const since = s.since !== undefined ? ` ${PAY_WORDS[lang].since(s.since)}` : "";
    return `<label class="check"><input type="checkbox" name="schedule" value="${e(s.code)}"${DEFAULT_SCHEDULES.has(s.code as DueDateScheduleCode) ? " checked" : ""} />
<span>${e(s.name[lang])}<span class="hint"> – ${e(ruleText(s, lang))}${e(since)}</span></span></label>`;
  });
  paySchedules.insertAdjacentHTML("beforeend", items.join(""));
  await refreshPay();
}

/** The section's controls; then the catalogue is loaded and the shown year's dates with it. */
export function initPay(): void {
  const dueForm = byId<HTMLFormElement>("due-form");
  const dueResult = byId<HTMLElement>("due-result");
  onDecorate(markDueDates);
  onYearShown(() => void refreshPay());

  paySchedules.addEventListener("change", () => void refreshPay());

  dueForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const day = byId<HTMLSelectElement>("due-day").value;
    const convention = byId<HTMLSelectElement>("due-convention").value as Convention;
    const url = apiUrl(PATHS.dueDates, [
      ["year", String(currentYear())],
      ["day", day],
      ["convention", convention],
    ]);
    dueResult.innerHTML = `<p class="status">${e(SHARED_WORDS.calculating)}</p>`;
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

  void loadCatalogue();
}
