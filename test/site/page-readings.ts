/**
 * What the site's pages show, read from the page, beside what the engine says for the same request: the readings the
 * site suites compare (re-exported by ./browser.ts), and the forms they fill in.
 */
import type { Page } from "playwright-core";
import { workingTime } from "swedish-calendar";
import {
  dayFromCivil,
  dayOf,
  type LeaveObjective,
  leavePlan,
  longWeekendsOfYear,
  parseIsoDate,
  period,
} from "swedish-calendar/core";

/** Every date from start to end, both included. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let n = parseIsoDate(start, "start"), last = parseIsoDate(end, "end"); n <= last; n++) out.push(dayOf(n).date);
  return out;
}

/** The ISO dates listed in a table of the year overview, in page order. */
export async function listedDates(page: Page, table = "#holiday-table"): Promise<string[]> {
  return page.$$eval(`${table} tbody time[datetime]`, (els) => els.map((el) => el.getAttribute("datetime")!));
}

/** Picks a year with the year picker and waits until it is shown. */
export async function showYear(page: Page, year: string): Promise<void> {
  await page.fill("#year-input", year);
  await page.press("#year-input", "Enter");
  await page.waitForSelector(`#holiday-table[data-year="${year}"]`);
  await page.waitForFunction(() => !document.getElementById("year-content")!.hasAttribute("aria-busy"));
}

export function stockholmYear(): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", year: "numeric" }).format(new Date()));
}

/** The engine's count of working days in a whole year. */
export function workingDaysOfYear(year: number): number {
  return period(dayFromCivil(year, 1, 1), dayFromCivil(year, 12, 31), "inclusive").workingDays;
}

/** Today's date in Sweden (YYYY-MM-DD), as the pages mark it. */
export function stockholmToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Stockholm",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

/** The ISO week shown in the first column of the month-grid row holding `date` (null when the grid does not show it). */
export async function gridWeekOf(page: Page, date: string): Promise<string | null> {
  return page.evaluate((d) => {
    const cell = document.querySelector(`#year-content .month-days [data-date="${d}"]`);
    return cell?.closest(".wrow")?.querySelector(".wk")?.textContent ?? null;
  }, date);
}

export interface LongWeekendRow {
  start: string;
  end: string;
  days: number;
  leave: string;
}

/** The long weekends the year overview lists, as start, end, days and the leave days (space-separated). */
export async function longWeekendRows(page: Page): Promise<LongWeekendRow[]> {
  return page.$$eval("#long-weekend-table tbody tr", (trs) =>
    trs.map((tr) => {
      const data = (tr as HTMLElement).dataset;
      return { start: data.start!, end: data.end!, days: Number(data.days), leave: data.leave! };
    }),
  );
}

/** The engine's long weekends of a year, in the shape longWeekendRows reads. */
export function engineLongWeekends(year: number): LongWeekendRow[] {
  return longWeekendsOfYear(year).map((lw) => ({
    start: lw.start,
    end: lw.end,
    days: lw.days,
    leave: lw.leaveDays.join(" "),
  }));
}

/**
 * Submits a calculator of the home page (`#<name>-form`) with its result (`#<name>-result`) cleared first, and waits for
 * its answer (the element `#<answer>` in the result) or its error.
 */
async function submitCalculator(page: Page, name: string, answer: string): Promise<void> {
  await page.evaluate((id) => (document.getElementById(id)!.innerHTML = ""), `${name}-result`);
  await page.click(`#${name}-form button[type=submit]`);
  await page.waitForSelector(`#${name}-result #${answer}, #${name}-result .error`);
}

export interface PlanRequest {
  from: string;
  to: string;
  days: string;
  objective?: LeaveObjective;
}

/** Fills in the leave planner and submits it; waits for an answer (a plan or an error). */
export async function runPlanner(page: Page, request: PlanRequest): Promise<void> {
  await page.fill("#plan-from", request.from);
  await page.fill("#plan-to", request.to);
  await page.fill("#plan-days", request.days);
  await page.selectOption("#plan-objective", request.objective ?? "most");
  await submitCalculator(page, "plan", "plan-used");
}

export interface PeriodRequest {
  from: string;
  to: string;
  /** the bounds selector's value; absent: left as it is */
  bounds?: "inclusive" | "exclusive";
}

/** Fills in the period calculator and submits it; waits for an answer (the count or an error). */
export async function runPeriod(page: Page, request: PeriodRequest): Promise<void> {
  await page.fill("#period-from", request.from);
  await page.fill("#period-to", request.to);
  if (request.bounds) await page.selectOption("#period-bounds", request.bounds);
  await submitCalculator(page, "period", "period-working-days");
}

export interface ShiftRequest {
  date: string;
  add: string;
  /** the Sunday-rule box; absent: left as it is */
  postpone?: boolean;
}

/** Fills in the shift calculator and submits it; waits for an answer (the date or an error). */
export async function runShift(page: Page, request: ShiftRequest): Promise<void> {
  await page.fill("#shift-date", request.date);
  await page.fill("#shift-add", request.add);
  if (request.postpone !== undefined) await page.setChecked("#shift-postpone", request.postpone);
  await submitCalculator(page, "shift", "shift-result-date");
}

export interface ShownPlan {
  used: number;
  daysOff: number;
  breaks: { start: string; end: string; days: number; leaveDays: string[] }[];
}

/** The plan the planner shows. */
export async function shownPlan(page: Page): Promise<ShownPlan> {
  return page.evaluate(() => ({
    used: Number(document.getElementById("plan-used")!.textContent),
    daysOff: Number(document.getElementById("plan-days-off")!.textContent),
    breaks: [...document.querySelectorAll<HTMLElement>("#plan-breaks li")].map((li) => ({
      start: li.dataset.start!,
      end: li.dataset.end!,
      days: Number(li.dataset.days),
      leaveDays: li.dataset.leave ? li.dataset.leave.split(" ") : [],
    })),
  }));
}

/** The engine's plan for the same request, in the shape shownPlan reads. */
export function enginePlan(request: PlanRequest): ShownPlan {
  const plan = leavePlan(
    parseIsoDate(request.from, "from"),
    parseIsoDate(request.to, "to"),
    Number(request.days),
    request.objective ?? "most",
  );
  return {
    used: plan.used,
    daysOff: plan.daysOff,
    breaks: plan.breaks.map((b) => ({ start: b.start, end: b.end, days: b.days, leaveDays: b.leaveDays })),
  };
}

/** The dates the month grids mark as part of a planned break, and as leave days. */
export async function gridPlanMarks(page: Page): Promise<{ breaks: string[]; leave: string[] }> {
  return page.evaluate(() => ({
    breaks: [...document.querySelectorAll<HTMLElement>("#year-content .month-days .m-break")].map(
      (el) => el.dataset.date!,
    ),
    leave: [...document.querySelectorAll<HTMLElement>("#year-content .month-days .m-leave")].map(
      (el) => el.dataset.date!,
    ),
  }));
}

/** Waits until the pay section shows `year` with exactly these schedules (keys in catalogue order, then "custom"). */
export async function waitForPay(page: Page, year: number, keys: string[]): Promise<void> {
  await page.waitForSelector(`#pay-result[data-shown="${year}:${keys.join(",")}"]`);
}

/** The due dates a column of the pay table lists, in order. */
export async function payColumnDates(page: Page, key: string): Promise<string[]> {
  return page.$$eval(`#pay-table tbody td[data-schedule="${key}"] time[datetime]`, (els) =>
    els.map((el) => el.getAttribute("datetime")!),
  );
}

/** The dates marked as payment dates on the year grid, with their titles. */
export async function gridDueMarks(page: Page): Promise<{ date: string; title: string }[]> {
  return page.$$eval("#year-content .month-days .m-due", (els) =>
    els.map((el) => ({ date: el.getAttribute("data-date")!, title: el.getAttribute("title") ?? "" })),
  );
}

/** Waits until the working-time section shows `year` with these hours a week and this profile (`data-shown`). */
export async function waitForWorkingTime(
  page: Page,
  year: number,
  weeklyHours: string,
  profile: string,
): Promise<void> {
  await page.waitForSelector(`#wt-result[data-shown="${year}:${weeklyHours}:${profile}"]:not([aria-busy])`);
}

export interface ShownWorkingTime {
  year: number;
  weeklyHours: number;
  profile: string;
  months: { month: number; workingDays: number; hours: number; shortened: string[] }[];
  quarters: { quarter: number; workingDays: number; hours: number }[];
  total: { workingDays: number; hours: number };
  /** the chart's bars: each month's hours, and the hours written beside its bar */
  bars: { month: number; hours: number; label: string }[];
}

/** What the working-time section's table and chart show (their data attributes and the chart's labels). */
export async function shownWorkingTime(page: Page): Promise<ShownWorkingTime> {
  return page.evaluate(() => {
    const table = document.getElementById("wt-table")!;
    const num = (el: Element, name: string) => Number(el.getAttribute(name));
    return {
      year: num(table, "data-year"),
      weeklyHours: num(table, "data-weekly-hours"),
      profile: table.getAttribute("data-profile")!,
      months: [...table.querySelectorAll("tbody tr[data-month]")].map((tr) => ({
        month: num(tr, "data-month"),
        workingDays: num(tr, "data-working-days"),
        hours: num(tr, "data-hours"),
        shortened: [...tr.querySelectorAll("[data-date]")].map((el) => el.getAttribute("data-date")!),
      })),
      quarters: [...table.querySelectorAll("tbody tr[data-quarter]")].map((tr) => ({
        quarter: num(tr, "data-quarter"),
        workingDays: num(tr, "data-working-days"),
        hours: num(tr, "data-hours"),
      })),
      total: {
        workingDays: num(table.querySelector("tfoot tr")!, "data-working-days"),
        hours: num(table.querySelector("tfoot tr")!, "data-hours"),
      },
      bars: [...document.querySelectorAll("#wt-chart g[data-month]")].map((g) => ({
        month: num(g, "data-month"),
        hours: num(g, "data-hours"),
        label: g.querySelector(".wt-value")!.textContent!,
      })),
    };
  });
}

/** The engine's working time of a year, in the shape shownWorkingTime reads (the labels aside). */
export function engineWorkingTime(
  year: number,
  options: { weeklyHours?: number; profile?: "standard" | "state" } = {},
): Omit<ShownWorkingTime, "bars"> & { bars: { month: number; hours: number }[] } {
  const answer = workingTime(year, options);
  return {
    year,
    weeklyHours: answer.weeklyHours,
    profile: answer.profile.code,
    months: answer.months.map((m) => ({
      month: m.month,
      workingDays: m.workingDays,
      hours: m.hours,
      shortened: m.shortenedDays.map((d) => d.date),
    })),
    quarters: answer.quarters.map((q) => ({ quarter: q.quarter, workingDays: q.workingDays, hours: q.hours })),
    total: { workingDays: answer.total.workingDays, hours: answer.total.hours },
    bars: answer.months.map((m) => ({ month: m.month, hours: m.hours })),
  };
}
