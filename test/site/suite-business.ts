/** Pay and payment dates on the home page. */

import { dueDates } from "swedish-calendar";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { SALARY_25_2026 } from "../support/hand-checked.js";
import { datasetPath, gridDueMarks, payColumnDates, screenshot, showYear, waitForPay } from "./browser.js";
import type { SiteUnderTest } from "./site-setup.js";

export function businessSuite(site: SiteUnderTest): void {
  const { openPage } = site;

  describe("pay and payment dates", () => {
    const dates = (year: number, rule: Parameters<typeof dueDates>[1]) =>
      dueDates(year, rule).dates.map((d) => d.due.date);

    it.each([
      ["sv", "/", "Löner och utbetalningar", "Lön", "Barnbidrag"],
      ["en", "/en/", "Pay and payment dates", "Salary", "Child benefit"],
    ])(
      "(%s) lists 2026's salary and child-benefit dates as the engine gives them and marks them on the calendar",
      async (_lang, home, heading, salary, child) => {
        const { context, page } = await openPage(`${home}?year=2026`);
        try {
          await waitForPay(page, 2026, ["salary-25", "child-benefit"]);
          expect(await page.textContent("#pay-heading")).toBe(heading);
          // the engine's dates (Försäkringskassan's 20th, the banking day before: 18 June, 18 September, 18 December)
          expect(await payColumnDates(page, "child-benefit")).toEqual([
            "2026-01-20",
            "2026-02-20",
            "2026-03-20",
            "2026-04-20",
            "2026-05-20",
            "2026-06-18",
            "2026-07-20",
            "2026-08-20",
            "2026-09-18",
            "2026-10-20",
            "2026-11-20",
            "2026-12-18",
          ]);
          expect(await payColumnDates(page, "child-benefit")).toEqual(dates(2026, "child-benefit"));
          expect(await payColumnDates(page, "salary-25")).toEqual(SALARY_25_2026);
          expect(await payColumnDates(page, "salary-25")).toEqual(dates(2026, "salary-25"));
          expect(await page.textContent("#pay-table thead")).toContain(salary);
          expect(await page.textContent("#pay-table thead")).toContain(child);
          // the catalogue's schedules are offered; tax-account is not chosen by default
          expect(
            await page.$$eval("#pay-schedules input", (els) =>
              els.map((el) => [(el as HTMLInputElement).value, (el as HTMLInputElement).checked]),
            ),
          ).toEqual([
            ["salary-25", true],
            ["child-benefit", true],
            ["tax-account", false],
          ]);
          const marks = await gridDueMarks(page);
          expect(marks.map((m) => m.date)).toEqual(
            [...dates(2026, "salary-25"), ...dates(2026, "child-benefit")].sort(),
          );
          expect(marks.find((m) => m.date === "2026-06-18")!.title).toContain(child);
          expect(marks.find((m) => m.date === "2026-12-23")!.title).toContain(salary);
          expect(await page.isVisible('#year-content [data-legend="due"]')).toBe(true);
          expect(site.server.requests).toContain(datasetPath("dueDateCatalogue"));
          expect(site.server.requests).toContain(datasetPath("dueDates", { year: 2026, schedule: "child-benefit" }));

          // another schedule and another year: the marks follow the calendar
          await page.check('#pay-schedules input[value="tax-account"]');
          await waitForPay(page, 2026, ["salary-25", "child-benefit", "tax-account"]);
          expect(await payColumnDates(page, "tax-account")).toEqual(dates(2026, "tax-account"));
          await showYear(page, "2027");
          await waitForPay(page, 2027, ["salary-25", "child-benefit", "tax-account"]);
          expect((await gridDueMarks(page)).map((m) => m.date)).toEqual(
            [
              ...new Set([...dates(2027, "salary-25"), ...dates(2027, "child-benefit"), ...dates(2027, "tax-account")]),
            ].sort(),
          );
          for (const code of ["salary-25", "child-benefit", "tax-account"])
            await page.uncheck(`#pay-schedules input[value="${code}"]`);
          await waitForPay(page, 2027, []);
          expect(await gridDueMarks(page)).toEqual([]);
          expect(await page.isVisible('#year-content [data-legend="due"]')).toBe(false);
          await screenshot(page, `pay-${_lang}`);
        } finally {
          await context.close();
        }
      },
    );

    it("a schedule before its first year says why in the page's language, and nothing is asked for those dates", async () => {
      /** a request for child benefit's dates of a year before 2015: a file or the API's route */
      const beforeSince = (r: string) =>
        /\/(19\d\d|200\d|201[0-4])\/due-dates\/child-benefit\.json$|year=(19\d\d|200\d|201[0-4])&schedule=child-benefit/.test(
          r,
        );
      const sv = await openPage("/?year=2013");
      try {
        await waitForPay(sv.page, 2013, ["salary-25", "child-benefit"]);
        expect(await payColumnDates(sv.page, "salary-25")).toEqual(dates(2013, "salary-25"));
        expect(await payColumnDates(sv.page, "child-benefit")).toEqual([]);
        const note = (await sv.page.textContent('#pay-result .pay-note[data-schedule="child-benefit"]'))!;
        expect(note).toContain("Barnbidrag betalas ut enligt denna regel från 2015.");
        expect(note).toContain("Försäkringskassans publicerade utbetalningsdagar från 2015");
        expect(note).not.toMatch(/sourced|payment day|Invalid|'year'/);
        await sv.page.check('#pay-schedules input[value="tax-account"]');
        await showYear(sv.page, "2011");
        await waitForPay(sv.page, 2011, ["salary-25", "child-benefit", "tax-account"]);
        const tax = (await sv.page.textContent('#pay-result .pay-note[data-schedule="tax-account"]'))!;
        expect(tax).toContain("Skattekontots förfallodagar följer denna regel från 2012");
        expect(tax).toContain("skatteförfarandelagens (2011:1244), som trädde i kraft den 1 januari 2012");
        expect(await sv.page.textContent("#pay-status")).toContain("(1 schema)");
      } finally {
        await sv.context.close();
      }
      const en = await openPage("/en/?year=2013");
      try {
        await waitForPay(en.page, 2013, ["salary-25", "child-benefit"]);
        const note = (await en.page.textContent('#pay-result .pay-note[data-schedule="child-benefit"]'))!;
        expect(note).toContain("Child benefit is paid by this rule from 2015.");
        expect(note).toContain("Försäkringskassan's published payment days from 2015");
      } finally {
        await en.context.close();
      }
      expect(site.server.requests.filter(beforeSince)).toEqual([]);
      expect(site.server.requests).toContain(datasetPath("dueDates", { year: 2013, schedule: "salary-25" }));
    });

    it.each([
      ["sv", "/", "Egen regel"],
      ["en", "/en/", "Custom rule"],
    ])(
      "(%s) a rule of your own: the last day, modified following, in the table and on the calendar",
      async (_lang, home, name) => {
        const { context, page } = await openPage(`${home}?year=2026`);
        try {
          await waitForPay(page, 2026, ["salary-25", "child-benefit"]);
          await page.uncheck('#pay-schedules input[value="salary-25"]');
          await page.uncheck('#pay-schedules input[value="child-benefit"]');
          await waitForPay(page, 2026, []);
          await page.selectOption("#due-day", "last");
          await page.selectOption("#due-convention", "modified-following");
          await page.click("#due-form button[type=submit]");
          await waitForPay(page, 2026, ["custom"]);
          const expected = dates(2026, { day: "last", convention: "modified-following" });
          // 31 May 2026 is a Sunday and modified following stays in May: Friday the 29th
          expect(expected[4]).toBe("2026-05-29");
          expect(await payColumnDates(page, "custom")).toEqual(expected);
          expect((await gridDueMarks(page)).map((m) => m.date)).toEqual(expected);
          expect(await page.textContent("#pay-table thead")).toContain(name);
          expect(site.server.requests).toContain(`${PATHS.dueDates}?year=2026&day=last&convention=modified-following`);
          expect(await page.textContent("#due-result .request")).toContain("→ 200");
          // the rule stays when another year is shown
          await showYear(page, "2030");
          await waitForPay(page, 2030, ["custom"]);
          expect(await payColumnDates(page, "custom")).toEqual(
            dates(2030, { day: "last", convention: "modified-following" }),
          );
        } finally {
          await context.close();
        }
      },
    );

    it("the feed builder offers the due-date schedules as the feed's due option", async () => {
      const { context, page } = await openPage("/");
      try {
        const host = new URL(site.server.origin).host;
        await page.check('[data-feed-due="salary-25"]');
        await page.check('[data-feed-due="tax-account"]');
        expect(await page.inputValue("#feed-http")).toBe(`http://${host}${PATHS.feed}?due=salary-25,tax-account`);
        expect(await page.textContent("#feed-description")).toContain(
          "betalningsdagarna (Lön och Skattekontot: förfallodag)",
        );
        await page.check('[data-feed-option="bridge"]');
        expect(await page.getAttribute("#feed-download", "href")).toBe(
          `${PATHS.feed}?bridge=true&due=salary-25,tax-account`,
        );
      } finally {
        await context.close();
      }
    });
  });
}
