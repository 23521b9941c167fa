/**
 * The home page: the year at a glance, the year picker, the feed builder, the period and shift calculators, keyboard
 * use and phone screens.
 */

import {
  bridgeDaysOfYear,
  halfDaysOfYear,
  holidaysOfYear,
  parseIsoDate,
  parseSteps,
  period,
  shift,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import {
  datasetPath,
  engineLongWeekends,
  listedDates,
  longWeekendRows,
  runPeriod,
  runShift,
  screenshot,
  showYear,
  stockholmYear,
  workingDaysOfYear,
} from "./browser.js";
import type { SiteUnderTest } from "./site-setup.js";

export function homePageSuite(site: SiteUnderTest): void {
  const { openPage } = site;

  describe("home page", () => {
    it.each([
      ["sv", "/"],
      ["en", "/en/"],
    ])(
      "(%s) lists the current Stockholm year's holidays, bridge days, half days and working days as the engine does",
      async (lang, home) => {
        const year = stockholmYear();
        const { context, page } = await openPage(home);
        try {
          expect(await page.getAttribute("#holiday-table", "data-year")).toBe(String(year));
          const holidays = holidaysOfYear(year);
          expect(await listedDates(page)).toEqual(holidays.map((d) => d.date));
          const rows = await page.$$eval("#holiday-table tbody tr", (trs) =>
            trs.map((tr) => ({
              sv: tr.querySelector('[data-label="Swedish"]')!.textContent,
              en: tr.querySelector('[data-label="English"]')!.textContent,
            })),
          );
          expect(rows).toEqual(
            holidays.map((d) => ({
              sv: d.observances.map((o) => o.name.sv).join(" · "),
              en: d.observances.map((o) => o.name.en).join(" · "),
            })),
          );
          expect(await listedDates(page, "#bridge-table")).toEqual(bridgeDaysOfYear(year).map((d) => d.date));
          expect(await listedDates(page, "#half-table")).toEqual(halfDaysOfYear(year).map((d) => d.date));
          expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(year)));
          expect(await page.title()).toContain(String(year));
          expect(await page.getAttribute("html", "lang")).toBe(lang);
          await screenshot(page, `home-${lang}`);
        } finally {
          await context.close();
        }
      },
    );

    it.each(["/", "/en/"])("works without JavaScript: the current year is in the HTML (%s)", async (home) => {
      const year = stockholmYear();
      const { context, page } = await openPage(home, { javaScriptEnabled: false });
      try {
        expect(await listedDates(page)).toEqual(holidaysOfYear(year).map((d) => d.date));
        // the week numbers and the long weekends too; the leave planner's form submits to the API itself
        expect(await page.$$eval(".month-days .wrow", (rows) => rows.length)).toBeGreaterThanOrEqual(52);
        expect(await longWeekendRows(page)).toEqual(engineLongWeekends(year));
        expect(await page.getAttribute("#plan-form", "action")).toBe(PATHS.leavePlan);
      } finally {
        await context.close();
      }
    });

    it("loads another year with the year picker, validates the input and keeps the address in step", async () => {
      const { context, page } = await openPage("/en/");
      try {
        await showYear(page, "1952");
        expect(await listedDates(page)).toEqual(holidaysOfYear(1952).map((d) => d.date));
        expect(await page.textContent("#holiday-table")).toContain("Annunciation Day");
        expect(await page.textContent("#holiday-table")).toContain("Jungfru Marie bebådelsedag");
        expect(new URL(page.url()).searchParams.get("year")).toBe("1952");
        expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(1952)));

        await showYear(page, "2024");
        const engine2024 = holidaysOfYear(2024);
        expect(await page.$$eval("#holiday-table tbody tr", (trs) => trs.length)).toBe(engine2024.length);
        expect(await listedDates(page)).toEqual(engine2024.map((d) => d.date));
        expect(await page.textContent("#holiday-table caption")).toContain(`(${engine2024.length} dates)`);
        expect(await page.textContent("#holiday-table")).not.toContain("Annunciation Day");
        expect(await page.textContent("#stat-bridge .stat-value")).toBe(String(bridgeDaysOfYear(2024).length));
        expect(await page.textContent("#stat-half .stat-value")).toBe(String(halfDaysOfYear(2024).length));
        expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(2024)));
        // the year's lists are the dataset's files (the working days counted from its days), never the API's routes
        expect(datasetPath("holidays", { year: 2024 })).toBe("/v3/data/2024/holidays.json");
        for (const file of ["holidays", "bridgeDays", "halfDays", "longWeekends", "yearDays"] as const)
          expect(site.server.requests).toContain(datasetPath(file, { year: 2024 }));
        expect(site.server.requests.filter((r) => r.includes("year=2024") || r.includes("from=2024-01-01"))).toEqual(
          [],
        );
        expect(await longWeekendRows(page)).toEqual(engineLongWeekends(2024));

        // previous-year button, then back in history
        await page.click("#prev-year");
        await page.waitForSelector('#holiday-table[data-year="2023"]');
        expect(await listedDates(page)).toEqual(holidaysOfYear(2023).map((d) => d.date));
        await page.goBack();
        await page.waitForSelector('#holiday-table[data-year="2024"]');

        // invalid years are refused with a message, and the shown year stays
        for (const bad of ["1929", "10000", "24", "20x4"]) {
          await page.fill("#year-input", bad);
          await page.press("#year-input", "Enter");
          expect(await page.textContent("#year-error")).toMatch(/1930/);
          expect(await page.getAttribute("#year-input", "aria-invalid")).toBe("true");
          expect(await page.getAttribute("#holiday-table", "data-year")).toBe("2024");
        }
        await screenshot(page, "home-2024");
      } finally {
        await context.close();
      }
    });

    it("opens the year named in the address", async () => {
      const { context, page } = await openPage("/?year=1952");
      try {
        await page.waitForSelector('#holiday-table[data-year="1952"]');
        expect(await page.inputValue("#year-input")).toBe("1952");
        expect(await page.textContent("#holiday-table")).toContain("Annunciation Day");
      } finally {
        await context.close();
      }
    });

    it("builds the feed address from the toggles in the page's scheme (plain HTTP here: only http://) and copies it", async () => {
      const { context, page } = await openPage("/en/");
      try {
        const host = new URL(site.server.origin).host;
        const base = `http://${host}/ical/svenska-helgdagar.ics`;
        // the fixture speaks plain HTTP: neither webcal:// nor https:// would reach it (the https case: test/site/feed.test.ts)
        expect(await page.isVisible("#feed-http")).toBe(true);
        for (const other of ["#feed-webcal", "#feed-https", "#feed-subscribe"])
          expect(await page.isVisible(other), other).toBe(false);
        expect(await page.inputValue("#feed-http")).toBe(base);
        expect(await page.textContent('label[for="feed-http"]')).toContain("plain HTTP");
        await page.check('[data-feed-option="bridge"]');
        await page.check('[data-feed-option="half"]');
        expect(await page.inputValue("#feed-http")).toBe(`${base}?bridge=true&half=true`);
        await page.uncheck('[data-feed-option="defacto"]');
        await page.check('[data-feed-option="busy"]');
        expect(await page.inputValue("#feed-http")).toBe(`${base}?defacto=false&bridge=true&half=true&busy=true`);
        expect(await page.getAttribute("#feed-download", "href")).toBe(
          `/ical/svenska-helgdagar.ics?defacto=false&bridge=true&half=true&busy=true`,
        );
        await page.check('[data-feed-option="saturdays"]');
        await page.check('[data-feed-option="sundays"]');
        expect(await page.inputValue("#feed-http")).toBe(
          `${base}?defacto=false&bridge=true&half=true&saturdays=true&sundays=true&busy=true`,
        );
        expect(await page.textContent("#feed-description")).toContain("busy");
        // no address of another scheme anywhere in the section
        expect(
          await page.$$eval(
            "#subscribe input:not([hidden])",
            (els) => els.map((el) => (el as HTMLInputElement).value).filter((v) => /^(webcal|https):/.test(v)).length,
          ),
        ).toBe(0);

        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.server.origin });
        await page.click('button[data-copy="feed-http"]');
        await page.waitForFunction(() => document.getElementById("copy-status")!.textContent!.startsWith("Copied"));
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.inputValue("#feed-http"));
      } finally {
        await context.close();
      }
    });

    it("counts a period with the engine's numbers and shows the request and errors", async () => {
      const { context, page } = await openPage("/");
      try {
        await runPeriod(page, { from: "2024-03-01", to: "2024-06-30", bounds: "exclusive" });
        const expected = period(parseIsoDate("2024-03-01", "from"), parseIsoDate("2024-06-30", "to"), "exclusive");
        expect(await page.textContent("#period-working-days")).toBe(String(expected.workingDays));
        const text = (await page.textContent("#period-result"))!;
        expect(text).toContain(`${expected.calendarDays}`);
        expect(text).toContain("GET /v3/period?from=2024-03-01&to=2024-06-30&bounds=exclusive");

        await runPeriod(page, { from: "2024-01-01", to: "2024-12-31", bounds: "inclusive" });
        await page.waitForFunction(() =>
          document.getElementById("period-result")!.textContent!.includes("to=2024-12-31"),
        );
        expect(await page.textContent("#period-working-days")).toBe(String(workingDaysOfYear(2024)));

        // the service does not swap dates: its problem, in Swedish on the Swedish page (the API's English folded away)
        await runPeriod(page, { from: "2024-12-31", to: "2024-01-01" });
        await page.waitForSelector("#period-result .error");
        const error = (await page.textContent("#period-result .error"))!;
        expect(error).toContain(
          "Ogiltigt värde: Ett av värdena i anropet godtogs inte. Till-datumet ska vara ett datum",
        );
        expect(error).toContain("inte före från-datumet");
        expect(error).not.toContain("must not be earlier");
        expect(await page.textContent("#period-result details [lang=en]")).toContain("must not be earlier than 'from'");
        expect(await page.isVisible("#period-result details [lang=en]")).toBe(false); // folded
        expect(await page.textContent("#period-result")).toContain("400");
      } finally {
        await context.close();
      }
    });

    it("moves a date with the shift calculator and explains steps and postponement", async () => {
      const { context, page } = await openPage("/en/");
      try {
        await runShift(page, { date: "2024-01-31", add: "1m, 10b" });
        await page.waitForSelector("#shift-result-date");
        const plain = shift(parseIsoDate("2024-01-31", "date"), parseSteps(["1m", "10b"]), { postpone: false });
        expect(await page.getAttribute("#shift-result-date", "datetime")).toBe(plain.result.date);
        expect(await page.textContent("#shift-result")).toContain("clamped");
        expect(await page.textContent("#shift-result")).toContain("GET /v3/shift?date=2024-01-31&add=1m&add=10b");

        // 2024-06-21 is Midsummer Eve: the Sunday rule moves the answer to the next working day
        await runShift(page, { date: "2024-06-01", add: "20d", postpone: true });
        const postponed = shift(parseIsoDate("2024-06-01", "date"), parseSteps(["20d"]), { postpone: true });
        expect(postponed.postponed).toBe(true);
        await page.waitForSelector(`#shift-result-date[datetime="${postponed.result.date}"]`);
        const text = (await page.textContent("#shift-result"))!;
        expect(text).toContain("Midsummer Eve");
        expect(text).toContain("Sunday rule moves");
        expect(text).toContain("postpone=true");
        await screenshot(page, "home-calculators");

        await page.fill("#shift-add", "1x");
        await page.click("#shift-form button[type=submit]");
        await page.waitForSelector("#shift-result .error");
        expect(await page.textContent("#shift-result .error")).toContain("is not a step chain");
      } finally {
        await context.close();
      }
    });

    it("is usable by keyboard and labelled for assistive technology", async () => {
      const { context, page } = await openPage("/en/");
      try {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
        const unlabelled = await page.$$eval("input, select, textarea", (els) =>
          els
            .filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute("aria-label"))
            .map((el) => el.id || el.outerHTML),
        );
        expect(unlabelled).toEqual([]);
        expect(await page.$$eval("h1", (els) => els.length)).toBe(1);
        expect(await page.getAttribute("html", "lang")).toBe("en");
        // the year picker by keyboard alone
        await page.focus("#year-input");
        await page.keyboard.press("Control+A");
        await page.keyboard.type("2008");
        await page.keyboard.press("Enter");
        await page.waitForSelector('#holiday-table[data-year="2008"]');
        // 1 May 2008 carries two observances: one row, both names in the engine's order
        const shared = holidaysOfYear(2008).find((d) => d.date === "2008-05-01")!;
        expect(shared.observances.length).toBe(2);
        expect(
          await page.textContent('#holiday-table tr:has(time[datetime="2008-05-01"]) [data-label="English"]'),
        ).toBe(shared.observances.map((o) => o.name.en).join(" · "));
      } finally {
        await context.close();
      }
    });

    it.each([
      ["sv", "/"],
      ["en", "/en/"],
    ])("(%s) fits a phone screen", async (lang, home) => {
      const { context, page } = await openPage(home, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, lang === "sv" ? "home-phone" : "home-phone-en");
      } finally {
        await context.close();
      }
    });
  });
}
