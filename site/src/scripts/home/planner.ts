/**
 * The leave planner (`/v3/leave-plan`): its answer as a list of breaks, the breaks and leave days marked on the
 * month grids (they stay when another year is shown), and buttons to show the years the calendar does not.
 */

import { LEAVE_OBJECTIVES } from "swedish-calendar/core";
import { PATHS } from "../../../../contract/paths.ts";
import { apiUrl, getJson } from "../../lib/api.ts";
import { addDaysIso, escapeHtml as e } from "../../lib/format.ts";
import { count, dateRange, listText, longDate, noun, weekdayName, weekdayOfIso } from "../../lib/i18n.ts";
import type { LeavePlan } from "../../lib/types.ts";
import { appendTitle, byId, errorBlock, lang, requestLine } from "./shared.ts";
import { content, currentYear, decorateGrid, navigate, onDecorate, onYearShown } from "./year.ts";

const WORDS = {
  en: {
    planning: "Planning…",
    enterPlan: "Enter both dates and a number of leave days.",
    planAnswer: (off: string, used: string) => `${off} for ${used}`,
    planObjective: { most: "the most days off in total", longest: "the longest single break" },
    planSummary: (objective: string, budget: string, from: string, to: string) =>
      `Aiming for ${objective} with at most ${budget}, ${from} – ${to}.`,
    planUnused: (used: number, budget: number) =>
      `The plan uses ${used} of the ${budget} leave days: more would not make the break longer.`,
    planNone: "The span holds no working day, so no leave is needed and no break is counted.",
    leaveOn: "leave",
    marked: (year: number) => `The breaks and leave days are marked on the calendar of ${year} above.`,
    markedNone: (year: number) => `None of the breaks falls in ${year}, the year the calendar shows.`,
    showYear: (year: number) => `Show ${year} in the calendar`,
    toCalendar: "To the calendar",
    planBreak: "Break in your plan",
    planLeave: "Leave day in your plan",
  },
  sv: {
    planning: "Planerar…",
    enterPlan: "Ange båda datumen och antalet semesterdagar.",
    planAnswer: (off: string, used: string) => `${off} för ${used}`,
    planObjective: { most: "flest lediga dagar totalt", longest: "den längsta sammanhängande ledigheten" },
    planSummary: (objective: string, budget: string, from: string, to: string) =>
      `Siktar på ${objective} med högst ${budget}, ${from} – ${to}.`,
    planUnused: (used: number, budget: number) =>
      `Planen använder ${used} av ${budget} semesterdagar: fler skulle inte göra ledigheten längre.`,
    planNone: "Perioden har ingen arbetsdag, så ingen semester behövs och ingen ledighet räknas.",
    leaveOn: "semester",
    marked: (year: number) => `Ledigheterna och semesterdagarna är markerade i kalendern för ${year} ovan.`,
    markedNone: (year: number) => `Ingen av ledigheterna infaller ${year}, det år kalendern visar.`,
    showYear: (year: number) => `Visa ${year} i kalendern`,
    toCalendar: "Till kalendern",
    planBreak: "Ledighet i din plan",
    planLeave: "Semesterdag i din plan",
  },
}[lang];

interface PlanMarks {
  plan: LeavePlan;
  /** every date of every counted break */
  breakDates: Set<string>;
  leaveDates: Set<string>;
}
let planMarks: PlanMarks | null = null;

function datesOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDaysIso(d, 1)) out.push(d);
  return out;
}

/** Marks the current leave plan on whatever year the grids show. */
function markPlan(): void {
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
}

/** Rendered HTML without the marks (the cached renders never hold them). */
function clearPlanMarks(): void {
  for (const day of content.querySelectorAll<HTMLElement>(".month-days .m-break")) {
    day.classList.remove("m-break", "m-leave");
    const title = day.getAttribute("title") ?? "";
    const cached = title
      .split(" · ")
      .filter((part) => part !== WORDS.planBreak && part !== WORDS.planLeave)
      .join(" · ");
    if (cached) day.setAttribute("title", cached);
    else day.removeAttribute("title");
  }
}

/** The note under a plan: where its breaks are on the calendar, and buttons for the years the calendar does not show. */
function updatePlanNote(): void {
  const note = document.getElementById("plan-calendar-note");
  if (!note || !planMarks) return;
  const shownYear = currentYear();
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
  const summary = WORDS.planSummary(
    objective,
    count(plan.budget, "leaveDay", lang),
    longDate(plan.from, lang),
    longDate(plan.to, lang),
  );
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
  const unused =
    plan.used < plan.budget && plan.objective === "longest"
      ? `<p class="hint">${e(WORDS.planUnused(plan.used, plan.budget))}</p>`
      : "";
  return `<p class="answer">${planAnswer(plan)}</p>
<p class="hint">${e(summary)}</p>${unused}
<ol id="plan-breaks" class="steps breaks">${items.join("")}</ol>
<p id="plan-calendar-note" class="plan-note"></p>
${requestLine(url, 200)}`;
}

export function initPlanner(): void {
  const planForm = byId<HTMLFormElement>("plan-form");
  const planResult = byId<HTMLElement>("plan-result");
  onDecorate(markPlan);
  onYearShown(updatePlanNote);

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
    const params: [string, string][] = [
      ["from", from],
      ["to", to],
      ["days", days],
    ];
    // the default (the first of the engine's list) is left out of the request
    if (objective !== LEAVE_OBJECTIVES[0]) params.push(["objective", objective]);
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
}
