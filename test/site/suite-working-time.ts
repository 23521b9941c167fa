/** Working time on the home page. */

import { dayOf, daysInMonth, parseIsoDate } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { CSV_CONTENT_TYPE } from "../../contract/policies.js";
import { ROUTE_BY_ID } from "../../contract/routes.js";
import {
  axeViolations,
  datasetPath,
  datesBetween,
  engineWorkingTime,
  SCREENSHOTS,
  screenshot,
  shownWorkingTime,
  showYear,
  stockholmYear,
  waitForWorkingTime,
} from "./browser.js";
import type { SiteUnderTest } from "./site-setup.js";

export function workingTimeSuite(site: SiteUnderTest): void {
  const { openPage } = site;

  describe("working time", () => {
    /** Every working day of a month counted again from the engine's Days (dayOf), not from workingTime. */
    const workingDaysOfMonth = (year: number, month: number) => {
      const mm = String(month).padStart(2, "0");
      return datesBetween(`${year}-${mm}-01`, `${year}-${mm}-${daysInMonth(year, month)}`).filter(
        (date) => dayOf(parseIsoDate(date, "date")).workingDay,
      ).length;
    };
    const apiRequests = () => site.server.requests.filter((r) => r.startsWith(PATHS.workingTime));

    it.each([
      ["sv", "/", "Arbetstid", "160 h", "2\u00a0008"],
      ["en", "/en/", "Working time", "160 h", "2,008"],
    ])(
      "(%s) shows 2026's chart and month table with the engine's numbers, read from the dataset's file",
      async (lang, home, heading, january, total) => {
        const before = apiRequests().length;
        const { context, page } = await openPage(`${home}?year=2026`);
        try {
          await waitForWorkingTime(page, 2026, "40", "standard");
          expect(await page.textContent("#wt-heading")).toBe(heading);
          const shown = await shownWorkingTime(page);
          // by hand (docs/working-time.md): 251 working days, 2,008 hours; January 20 days, 160 hours
          expect(shown.total).toEqual({ workingDays: 251, hours: 2008 });
          expect(shown.months[0]).toEqual({ month: 1, workingDays: 20, hours: 160, shortened: [] });
          expect(shown.quarters.map((q) => q.hours)).toEqual([496, 480, 528, 504]);
          const { bars, ...rest } = shown;
          const engine = engineWorkingTime(2026);
          const { bars: engineBars, ...engineRest } = engine;
          expect(rest).toEqual(engineRest);
          expect(bars.map(({ month, hours }) => ({ month, hours }))).toEqual(engineBars);
          // each month again from the Days: its working days, 8 hours each
          for (const m of shown.months) {
            expect(m.workingDays, `month ${m.month}`).toBe(workingDaysOfMonth(2026, m.month));
            expect(m.hours, `month ${m.month}`).toBe(m.workingDays * 8);
          }
          expect(bars[0]!.label).toBe(january);
          expect(await page.textContent("#wt-table tfoot")).toContain(total);
          expect(await page.textContent("#wt-chart title")).toContain("2026");
          expect(await page.getAttribute("#wt-chart", "role")).toBe("img");
          expect(
            (await page.textContent("#wt-chart desc"))!.split(lang === "sv" ? "januari 160 h" : "January 160 h").length,
          ).toBe(2);
          expect(await page.$$eval("#wt-chart .wt-cut", (els) => els.length)).toBe(0);
          // the defaults are the dataset's file (or the page's own HTML for its build year), never the API
          if (stockholmYear() !== 2026)
            expect(site.server.requests).toContain(datasetPath("workingTime", { year: 2026 }));
          expect(apiRequests().length).toBe(before);
          expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year: 2026 }));
          await page.locator("#working-time").screenshot({ path: `${SCREENSHOTS}/working-time-2026-${lang}.png` });
        } finally {
          await context.close();
        }
      },
    );

    it("works without JavaScript for the build year: the chart, the table, the CSV link, and the form asks the API", async () => {
      const year = stockholmYear();
      const { context, page } = await openPage("/", { javaScriptEnabled: false });
      try {
        const shown = await shownWorkingTime(page);
        expect({ ...shown, bars: shown.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
          engineWorkingTime(year),
        );
        expect(await page.getAttribute("#wt-form", "action")).toBe(PATHS.workingTime);
        expect(await page.getAttribute("#wt-weekly", "name")).toBe("weeklyHours");
        expect(await page.getAttribute("#wt-profile", "name")).toBe("profile");
        expect(await page.inputValue("#wt-year")).toBe(String(year));
        expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year }));
        // the profile's explanation links the route's operation in the API reference, which has it
        const docs = (await page.getAttribute("#wt-docs", "href"))!;
        expect(docs).toBe(`/api/#${ROUTE_BY_ID.workingTime.doc.operationId}`);
        await page.goto(new URL(docs, site.server.origin).href);
        expect(await page.textContent(`[id="${ROUTE_BY_ID.workingTime.doc.operationId}"]`)).toContain(
          PATHS.workingTime,
        );
      } finally {
        await context.close();
      }
    });

    it("follows a year change (another year's file), the state profile, other weekly hours, and a year before the profile's first", async () => {
      const { context, page } = await openPage("/en/?year=2026");
      try {
        await waitForWorkingTime(page, 2026, "40", "standard");
        const before = apiRequests().length;
        await showYear(page, "2027");
        await waitForWorkingTime(page, 2027, "40", "standard");
        const shown2027 = await shownWorkingTime(page);
        expect(shown2027.total).toEqual({ workingDays: 253, hours: 2024 });
        expect(shown2027.months.map((m) => m.workingDays)).toEqual([19, 20, 21, 22, 20, 21, 22, 22, 22, 21, 22, 21]);
        expect({ ...shown2027, bars: shown2027.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
          engineWorkingTime(2027),
        );
        for (const m of shown2027.months)
          expect(m.workingDays, `month ${m.month}`).toBe(workingDaysOfMonth(2027, m.month));
        expect(site.server.requests).toContain(datasetPath("workingTime", { year: 2027 }));
        expect(apiRequests().length).toBe(before);
        expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year: 2027 }));
        expect(await page.textContent("#wt-csv")).toContain("2027");

        // the state profile: the API, and fewer hours (2027: 30 April is a Friday, 4 hours off)
        await page.selectOption("#wt-profile", "state");
        await waitForWorkingTime(page, 2027, "40", "state");
        expect(apiRequests()).toContain(`${PATHS.workingTime}?year=2027&weeklyHours=40&profile=state`);
        const state = await shownWorkingTime(page);
        expect(state).toMatchObject({ profile: "state", total: { workingDays: 253 } });
        expect({ ...state, bars: state.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
          engineWorkingTime(2027, { profile: "state" }),
        );
        expect(state.total.hours).toBeLessThan(2024);
        expect(state.months[3]!.shortened).toContain("2027-04-30");
        expect(await page.textContent('#wt-table tr[data-month="4"]')).toContain("Walpurgis Night, −4 h");
        expect(await page.isVisible('[data-profile-note="state"]')).toBe(true);
        expect(await page.isVisible('[data-profile-note="standard"]')).toBe(false);
        // the hatched part of a bar: one per month with a shortened day, and its legend
        expect(await page.$$eval("#wt-chart .wt-cut", (els) => els.length)).toBe(
          state.months.filter((m) => m.shortened.length > 0).length,
        );
        expect(await page.isVisible(".wt-figure .legend")).toBe(true);

        // back to 2026, state: 1,996 hours (docs/working-time.md); then 38.25 hours a week
        await showYear(page, "2026");
        await waitForWorkingTime(page, 2026, "40", "state");
        expect((await shownWorkingTime(page)).total).toEqual({ workingDays: 251, hours: 1996 });
        await page.fill("#wt-weekly", "38.25");
        await page.press("#wt-weekly", "Enter");
        await waitForWorkingTime(page, 2026, "38.25", "state");
        const part = await shownWorkingTime(page);
        expect({ ...part, bars: part.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
          engineWorkingTime(2026, { weeklyHours: 38.25, profile: "state" }),
        );
        expect(part.total.hours).toBe(1908.65);
        expect(part.bars[0]!.label).toBe("149.17 h");
        expect(await page.textContent("#wt-status")).toContain("1,908.65 h");

        // 2016 is before the state profile's first year: the section says why and asks nothing
        const asked = apiRequests().length;
        await showYear(page, "2016");
        await waitForWorkingTime(page, 2016, "38.25", "state");
        expect(await page.textContent("#wt-before-since")).toContain("from 2017");
        expect(apiRequests().length).toBe(asked);
        expect(await page.$("#wt-table")).toBeNull();
        await page.selectOption("#wt-profile", "standard");
        await waitForWorkingTime(page, 2016, "38.25", "standard");
        expect((await shownWorkingTime(page)).total).toEqual(engineWorkingTime(2016, { weeklyHours: 38.25 }).total);
        await screenshot(page, "working-time-en");
      } finally {
        await context.close();
      }
    });

    it("shows the API's problem for a week out of bounds, in Swedish on the Swedish page", async () => {
      const { context, page } = await openPage("/?year=2026");
      try {
        await waitForWorkingTime(page, 2026, "40", "standard");
        await page.fill("#wt-weekly", "61");
        await page.press("#wt-weekly", "Enter");
        await waitForWorkingTime(page, 2026, "61", "standard");
        const error = (await page.textContent("#wt-result .error"))!;
        expect(error).toContain("Ogiltigt värde");
        expect(await page.textContent("#wt-result details [lang=en]")).toContain("'weeklyHours' must be");
        expect(await page.textContent("#wt-result .request")).toContain(
          `GET ${PATHS.workingTime}?year=2026&weeklyHours=61&profile=standard`,
        );
        expect(await page.textContent("#wt-result .request")).toContain("400");
        // a good value again: the table is back
        await page.fill("#wt-weekly", "40");
        await page.press("#wt-weekly", "Enter");
        await waitForWorkingTime(page, 2026, "40", "standard");
        expect((await shownWorkingTime(page)).total).toEqual({ workingDays: 251, hours: 2008 });
      } finally {
        await context.close();
      }
    });

    it("the CSV link answers with the year's CSV file", async () => {
      const { context, page } = await openPage("/?year=2027");
      try {
        await waitForWorkingTime(page, 2027, "40", "standard");
        const href = (await page.getAttribute("#wt-csv", "href"))!;
        expect(href).toBe("/v3/data/2027/working-time.csv");
        const res = await fetch(new URL(href, site.server.origin));
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe(CSV_CONTENT_TYPE);
        const lines = (await res.text()).split("\r\n");
        // the header, January (19 working days, 152 hours) and the year (253 days, 2,024 hours)
        expect(lines[0]).toBe(
          "period,kind,year,quarter,month,workingDays,minutes,hours,shortenedDays,weeklyHours,profile",
        );
        expect(lines[1]).toBe("2027-01,month,2027,1,1,19,9120,152.00,0,40,standard");
        expect(lines.at(-2)).toBe("2027,year,2027,,,253,121440,2024.00,0,40,standard");
        expect(await page.getAttribute("#wt-csv", "download")).not.toBeNull();
      } finally {
        await context.close();
      }
    });

    it.each([
      ["sv", "/"],
      ["en", "/en/"],
    ])("(%s) passes axe at 390 px, and fits the screen, with the state profile's hatched bars", async (_lang, home) => {
      const { context, page } = await openPage(`${home}?year=2026`, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        await waitForWorkingTime(page, 2026, "40", "standard");
        expect(await axeViolations(page, "#working-time")).toEqual([]);
        await page.selectOption("#wt-profile", "state");
        await waitForWorkingTime(page, 2026, "40", "state");
        expect(await axeViolations(page, "#working-time")).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        // the table and every cell of it end inside the screen (a table too wide would be clipped by its panel)
        const cells = await page.$$eval("#wt-table, #wt-table th, #wt-table td", (els) =>
          els.map((el) => el.getBoundingClientRect().right),
        );
        expect(Math.max(...cells)).toBeLessThanOrEqual(390);
        // the chart's widest label ends inside the chart
        const overflow = await page.$$eval("#wt-chart .wt-value", (els) => {
          const chart = document.getElementById("wt-chart")!.getBoundingClientRect();
          return els.filter((el) => el.getBoundingClientRect().right > chart.right + 0.5).map((el) => el.textContent);
        });
        expect(overflow).toEqual([]);
        await page.locator("#working-time").screenshot({ path: `${SCREENSHOTS}/working-time-phone-${_lang}.png` });
      } finally {
        await context.close();
      }
    });
  });
}
