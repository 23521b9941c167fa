/** Week numbers, today, long weekends and the leave planner on the home page. */

import { dayOf, longWeekendsOfYear, parseIsoDate } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import {
  datasetPath,
  datesBetween,
  engineLongWeekends,
  enginePlan,
  gridPlanMarks,
  gridWeekOf,
  longWeekendRows,
  type PlanRequest,
  runPlanner,
  screenshot,
  shownPlan,
  showYear,
  stockholmToday,
  stockholmYear,
} from "./browser.js";
import type { SiteUnderTest } from "./site-setup.js";

export function calendarSuite(site: SiteUnderTest): void {
  const { openPage } = site;

  describe("week numbers, today and long weekends", () => {
    it("shows each grid row's ISO week in a first column, as the engine's Days carry it", async () => {
      const { context, page } = await openPage("/");
      try {
        expect(await page.textContent("#year-content .month-days .wk-head")).toBe("v.");
        await showYear(page, "2026");
        expect(await gridWeekOf(page, "2026-12-31")).toBe("53");
        expect(await gridWeekOf(page, "2026-12-28")).toBe("53");
        expect(await gridWeekOf(page, "2026-01-01")).toBe("1");
        await showYear(page, "2024");
        expect(await gridWeekOf(page, "2024-12-30")).toBe("1"); // week 1 of 2025
        expect(await gridWeekOf(page, "2024-12-29")).toBe("52");
        await showYear(page, "2027");
        expect(await gridWeekOf(page, "2027-01-01")).toBe("53"); // week 53 of 2026
        // every row of whole years: its number is the isoWeek of every date in it (the engine's Day, engine/day-object.ts), every
        // date of the year is in exactly one row, and each date sits in its weekday's column (Monday first)
        for (const year of [2027, 2024]) {
          await showYear(page, String(year));
          const rows = await page.$$eval("#year-content .wrow", (els) =>
            els.map((row) => ({
              week: row.querySelector(".wk")!.textContent!,
              cells: [...row.children].slice(1).map((c) => (c as HTMLElement).dataset.date ?? null),
            })),
          );
          const dates = rows.flatMap((row) => row.cells.filter((d): d is string => d !== null));
          expect(dates).toEqual(datesBetween(`${year}-01-01`, `${year}-12-31`));
          for (const row of rows) {
            row.cells.forEach((date, column) => {
              if (date === null) return;
              const day = dayOf(parseIsoDate(date, "date"));
              expect(String(day.isoWeek.week), date).toBe(row.week);
              expect(day.weekday, date).toBe(column + 1);
            });
          }
        }
      } finally {
        await context.close();
      }
    });

    it("marks today (the date in Stockholm) in the grid, in both languages", async () => {
      const today = stockholmToday();
      for (const [home, word] of [
        ["/", "I dag"],
        ["/en/", "Today"],
      ] as const) {
        const { context, page } = await openPage(home);
        try {
          expect(await page.textContent("#year-content .month-days .wk-head")).toBe(home === "/" ? "v." : "wk");
          const marked = await page.$$eval("#year-content .month-days .c-today", (els) =>
            els.map((el) => ({
              date: (el as HTMLElement).dataset.date,
              current: el.getAttribute("aria-current"),
              title: el.getAttribute("title"),
            })),
          );
          expect(marked).toHaveLength(1);
          expect(marked[0]!.date).toBe(today);
          expect(marked[0]!.current).toBe("date");
          expect(marked[0]!.title).toContain(word);
          expect(await page.isVisible('#year-content [data-legend="today"]')).toBe(true);
          // another year has no today; back to this year, today is marked again
          const other = String(stockholmYear() - 1);
          await showYear(page, other);
          expect(await page.$$eval("#year-content .month-days .c-today", (els) => els.length)).toBe(0);
          expect(await page.isVisible('#year-content [data-legend="today"]')).toBe(false);
          await page.click("#next-year");
          await page.waitForSelector(`#holiday-table[data-year="${stockholmYear()}"]`);
          expect(await page.getAttribute("#year-content .month-days .c-today", "data-date")).toBe(today);
        } finally {
          await context.close();
        }
      }
    });

    it("lists the long weekends of 2026 beside the bridge days: dates, length, the leave day, the holidays' names", async () => {
      const { context, page } = await openPage("/");
      try {
        await showYear(page, "2026");
        const rows = await longWeekendRows(page);
        expect(rows).toEqual(engineLongWeekends(2026));
        expect(rows).toContainEqual({ start: "2026-04-03", end: "2026-04-06", days: 4, leave: "" });
        expect(rows).toContainEqual({ start: "2026-05-14", end: "2026-05-17", days: 4, leave: "2026-05-15" });
        expect(rows.some((r) => r.start === "2025-12-31")).toBe(false); // listed under 2025, where it starts
        const easter = (await page.textContent('#long-weekend-table tr[data-start="2026-04-03"]'))!;
        for (const name of ["Långfredagen", "Påskafton", "Påskdagen", "Annandag påsk", "3–6 april"])
          expect(easter).toContain(name);
        const ascension = '#long-weekend-table tr[data-start="2026-05-14"]';
        expect(await page.getAttribute(`${ascension} [data-label="Leave"] time`, "datetime")).toBe("2026-05-15");
        expect(await page.textContent(ascension)).toContain("Kristi himmelsfärdsdag");
        // beside the bridge days: the two sections share a row on a wide screen
        const bridgeBox = (await page.locator("#bridge-heading").boundingBox())!;
        const longBox = (await page.locator("#long-heading").boundingBox())!;
        expect(Math.abs(bridgeBox.y - longBox.y)).toBeLessThan(2);
        expect(longBox.x).toBeGreaterThan(bridgeBox.x + 200);

        await showYear(page, "2025");
        expect(await longWeekendRows(page)).toEqual(engineLongWeekends(2025));
        expect(await longWeekendRows(page)).toContainEqual({
          start: "2025-12-31",
          end: "2026-01-04",
          days: 5,
          leave: "2026-01-02",
        });
        expect(site.server.requests).toContain(datasetPath("longWeekends", { year: 2025 }));
      } finally {
        await context.close();
      }
      const en = await openPage("/en/?year=2026");
      try {
        await en.page.waitForSelector('#holiday-table[data-year="2026"]');
        const easter = (await en.page.textContent('#long-weekend-table tr[data-start="2026-04-03"]'))!;
        for (const name of ["Good Friday", "Easter Eve", "Easter Sunday", "Easter Monday", "3–6 April"])
          expect(easter).toContain(name);
        expect(longWeekendsOfYear(2026).length).toBe(
          await en.page.$$eval("#long-weekend-table tbody tr", (trs) => trs.length),
        );
      } finally {
        await en.context.close();
      }
    });
  });

  describe("leave planner", () => {
    const year = stockholmYear();

    it("plans the current year with the engine's numbers, lists the breaks, marks them on the calendar and shows the request", async () => {
      const { context, page } = await openPage("/");
      try {
        // the defaults: the current year, 5 days, the most days off
        expect(await page.inputValue("#plan-from")).toBe(`${year}-01-01`);
        expect(await page.inputValue("#plan-to")).toBe(`${year}-12-31`);
        const request: PlanRequest = { from: `${year}-01-01`, to: `${year}-12-31`, days: "5" };
        await page.click("#plan-form button[type=submit]");
        await page.waitForSelector("#plan-used");
        const expected = enginePlan(request);
        expect(await shownPlan(page)).toEqual(expected);
        expect(await page.textContent("#plan-result")).toContain(
          `GET ${PATHS.leavePlan}?from=${year}-01-01&to=${year}-12-31&days=5`,
        );
        expect(await page.textContent("#plan-result .answer")).toBe(
          `${expected.daysOff} lediga dagar för ${expected.used} semesterdagar`,
        );
        const marks = await gridPlanMarks(page);
        expect(marks.leave.sort()).toEqual(expected.breaks.flatMap((b) => b.leaveDays).sort());
        expect(marks.breaks.sort()).toEqual(expected.breaks.flatMap((b) => datesBetween(b.start, b.end)).sort());
        expect(marks.breaks.length).toBe(expected.daysOff);
        expect(await page.isVisible('#year-content [data-legend="plan"]')).toBe(true);
        await screenshot(page, "planner-sv");

        // the longest break with up to 10 days
        const longest: PlanRequest = { from: `${year}-01-01`, to: `${year}-12-31`, days: "10", objective: "longest" };
        await runPlanner(page, longest);
        const expectedLongest = enginePlan(longest);
        expect(await shownPlan(page)).toEqual(expectedLongest);
        expect(await page.textContent("#plan-result")).toContain("objective=longest");
        expect((await gridPlanMarks(page)).leave.sort()).toEqual(
          expectedLongest.breaks.flatMap((b) => b.leaveDays).sort(),
        );
        // the legend keeps its samples when a plan replaces another
        expect(
          await page.$$eval("#year-content .legend i.m-break, #year-content .legend i.m-leave", (els) => els.length),
        ).toBe(2);
      } finally {
        await context.close();
      }
    });

    it("plans a span in another year (2026, Ascension included), and shows that year's calendar with the plan on it", async () => {
      const { context, page } = await openPage("/en/");
      try {
        await showYear(page, "2024");
        const request: PlanRequest = { from: "2026-04-01", to: "2026-06-30", days: "3" };
        await runPlanner(page, request);
        const expected = enginePlan(request);
        expect(await shownPlan(page)).toEqual(expected);
        expect(expected.breaks.some((b) => b.leaveDays.includes("2026-05-15"))).toBe(true);
        expect(await page.textContent("#plan-result .answer")).toBe(
          `${expected.daysOff} days off for ${expected.used} leave days`,
        );
        expect((await gridPlanMarks(page)).breaks).toEqual([]); // the calendar shows 2024
        await page.click('#plan-result button[data-show-year="2026"]');
        await page.waitForSelector('#holiday-table[data-year="2026"]');
        await page.waitForFunction(() => !document.getElementById("year-content")!.hasAttribute("aria-busy"));
        const marks = await gridPlanMarks(page);
        expect(marks.leave.sort()).toEqual(expected.breaks.flatMap((b) => b.leaveDays).sort());
        expect(marks.breaks.length).toBe(expected.daysOff);
        expect(await page.textContent("#plan-calendar-note")).toContain("marked on the calendar of 2026");
        await screenshot(page, "planner-en");
      } finally {
        await context.close();
      }
    });

    it("shows the API's problem documents as readable errors and clears the old plan's marks", async () => {
      const { context, page } = await openPage("/");
      try {
        await runPlanner(page, { from: `${year}-01-01`, to: `${year}-12-31`, days: "5" });
        expect((await gridPlanMarks(page)).breaks.length).toBeGreaterThan(0);
        const daysText =
          "Ogiltigt värde: Ett av värdena i anropet godtogs inte. Antalet semesterdagar ska vara ett heltal från 1 till 60";
        const toText = "Ogiltigt värde: Ett av värdena i anropet godtogs inte. Till-datumet ska vara ett datum";
        for (const [request, detail, swedish] of [
          [
            { from: `${year}-01-01`, to: `${year}-12-31`, days: "61" },
            "'days' must be a whole number of leave days from 1 to 60",
            daysText,
          ],
          [{ from: `${year}-01-01`, to: `${year}-12-31`, days: "0" }, "'days' must be a whole number", daysText],
          [
            { from: "2024-01-01", to: "2025-01-01", days: "5" },
            "at most 366 days",
            "Ogiltigt värde: Ett av värdena i anropet godtogs inte.",
          ],
          [{ from: `${year}-12-31`, to: `${year}-01-01`, days: "5" }, "must not be earlier than 'from'", toText],
        ] as const) {
          await runPlanner(page, request);
          const error = (await page.textContent("#plan-result .error"))!;
          // Swedish on the Swedish page: the text of the problem's type and of the parameter it names
          expect(error).toContain(swedish);
          expect(error).not.toContain(detail);
          expect(error).not.toMatch(/Invalid|must|leave/);
          expect(await page.textContent("#plan-result details [lang=en]")).toContain(detail); // the API's words, folded away
          expect(await page.textContent("#plan-result .request")).toContain("→ 400");
          expect((await gridPlanMarks(page)).breaks).toEqual([]);
          expect(await page.isVisible('#year-content [data-legend="plan"]')).toBe(false);
        }
        // the English page shows the API's own words
        const en = await openPage("/en/");
        try {
          await runPlanner(en.page, { from: `${year}-01-01`, to: `${year}-12-31`, days: "61" });
          expect(await en.page.textContent("#plan-result .error")).toContain(
            "Invalid parameter: 'days' must be a whole number of leave days from 1 to 60",
          );
          expect(await en.page.$("#plan-result details")).toBeNull();
        } finally {
          await en.context.close();
        }
        // a span without a working day: nothing to plan
        const weekend = { from: "2026-04-03", to: "2026-04-06", days: "2" };
        await runPlanner(page, weekend);
        expect(await shownPlan(page)).toEqual(enginePlan(weekend));
        expect(enginePlan(weekend).used).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
}
