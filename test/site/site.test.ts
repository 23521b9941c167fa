/**
 * The human-facing site (issues 6 and 11) in real headless Chromium. The test builds the site (npm run
 * build:site), serves public/ with a fixture server that answers the API URLs the pages call straight
 * from the engine (test/site/fixture-server.ts), and drives the pages. Screenshots go to
 * test-results/screenshots/. Chromium is required: without it the suite fails, it never skips.
 *
 * The site is Swedish at /, /api/, /v2-deprecation/ and English at /en/, /en/api/, /en/v2-deprecation/. Checks
 * of English wording run on the English pages; checks that do not depend on the language run on the Swedish ones
 * (or on both), and the Swedish wording has checks of its own.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eBaseUrl } from "../e2e/base-url.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  bridgeDaysOfYear, dayOf, daysInMonth, halfDaysOfYear, holidaysOfYear, longWeekendsOfYear, parseIsoDate, parseSteps, period,
  shift, FEED_OPTION_NAMES,
} from "swedish-calendar/core";
import { PATHS } from "../../contract/paths.js";
import { dueDates } from "swedish-calendar";
import {
  ROOT, SCREENSHOTS, axeViolations, datasetPath, engineLongWeekends, engineWorkingTime, shownWorkingTime, waitForWorkingTime, enginePlan, gridDueMarks, gridPlanMarks, payColumnDates, waitForPay, gridWeekOf, launchChromium, listedDates, longWeekendRows,
  openPage as openPageAt, runPeriod, runPlanner, runShift, screenshot, showYear, shownPlan, stockholmToday, stockholmYear, workingDaysOfYear,
  type ContextOptions, type PlanRequest,
} from "./browser.js";
import { FIXTURE_OPENAPI, startFixtureServer, type FixtureServer } from "./fixture-server.js";
import { ROUTES, ROUTE_BY_ID } from "../../contract/routes.js";
import { absoluteUrl, DEFAULT_PUBLIC_SITE_URL } from "../../site/src/lib/public-url.js";

import { PROBLEM_STATUS } from "../../contract/problems.js";
import { CSV_CONTENT_TYPE } from "../../contract/policies.js";

const PUBLIC = path.join(ROOT, "public");

let server: FixtureServer;
let browser: Browser;
const pageErrors: string[] = [];

function openPage(urlPath: string, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  return openPageAt(browser, server.origin, urlPath, pageErrors, options);
}

beforeAll(async () => {
  browser = await launchChromium();
  // When the e2e server runs, `npm start` has just built the site into public/ (and serves it to the e2e
  // browser tests in parallel): rebuilding it here would replace files under their feet.
  const builtByServer = Boolean(e2eBaseUrl());
  const skipBuild = process.env.SITE_TEST_SKIP_BUILD === "1" || builtByServer;
  if (!skipBuild || !existsSync(path.join(PUBLIC, "index.html"))) {
    execFileSync("npm", ["run", "--silent", "build:site"], { cwd: ROOT, stdio: "pipe", timeout: 120_000 });
  }
  server = await startFixtureServer(PUBLIC);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("home page", () => {
  it.each([["sv", "/"], ["en", "/en/"]])("(%s) lists the current Stockholm year's holidays, bridge days, half days and working days as the engine does", async (lang, home) => {
    const year = stockholmYear();
    const { context, page } = await openPage(home);
    try {
      expect(await page.getAttribute("#holiday-table", "data-year")).toBe(String(year));
      const holidays = holidaysOfYear(year);
      expect(await listedDates(page)).toEqual(holidays.map((d) => d.date));
      const rows = await page.$$eval("#holiday-table tbody tr", (trs) =>
        trs.map((tr) => ({ sv: tr.querySelector('[data-label="Swedish"]')!.textContent, en: tr.querySelector('[data-label="English"]')!.textContent })),
      );
      expect(rows).toEqual(holidays.map((d) => ({ sv: d.observances.map((o) => o.name.sv).join(" · "), en: d.observances.map((o) => o.name.en).join(" · ") })));
      expect(await listedDates(page, "#bridge-table")).toEqual(bridgeDaysOfYear(year).map((d) => d.date));
      expect(await listedDates(page, "#half-table")).toEqual(halfDaysOfYear(year).map((d) => d.date));
      expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(year)));
      expect(await page.title()).toContain(String(year));
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      await screenshot(page, `home-${lang}`);
    } finally {
      await context.close();
    }
  });

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
      for (const file of ["holidays", "bridgeDays", "halfDays", "longWeekends", "yearDays"] as const) expect(server.requests).toContain(datasetPath(file, { year: 2024 }));
      expect(server.requests.filter((r) => r.includes("year=2024") || r.includes("from=2024-01-01"))).toEqual([]);
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
      const host = new URL(server.origin).host;
      const base = `http://${host}/ical/svenska-helgdagar.ics`;
      // the fixture speaks plain HTTP: neither webcal:// nor https:// would reach it (the https case: test/site/feed.test.ts)
      expect(await page.isVisible("#feed-http")).toBe(true);
      for (const other of ["#feed-webcal", "#feed-https", "#feed-subscribe"]) expect(await page.isVisible(other), other).toBe(false);
      expect(await page.inputValue("#feed-http")).toBe(base);
      expect(await page.textContent('label[for="feed-http"]')).toContain("plain HTTP");
      await page.check('[data-feed-option="bridge"]');
      await page.check('[data-feed-option="half"]');
      expect(await page.inputValue("#feed-http")).toBe(`${base}?bridge=true&half=true`);
      await page.uncheck('[data-feed-option="defacto"]');
      await page.check('[data-feed-option="busy"]');
      expect(await page.inputValue("#feed-http")).toBe(`${base}?defacto=false&bridge=true&half=true&busy=true`);
      expect(await page.getAttribute("#feed-download", "href")).toBe(`/ical/svenska-helgdagar.ics?defacto=false&bridge=true&half=true&busy=true`);
      await page.check('[data-feed-option="saturdays"]');
      await page.check('[data-feed-option="sundays"]');
      expect(await page.inputValue("#feed-http")).toBe(`${base}?defacto=false&bridge=true&half=true&saturdays=true&sundays=true&busy=true`);
      expect(await page.textContent("#feed-description")).toContain("busy");
      // no address of another scheme anywhere in the section
      expect(await page.$$eval("#subscribe input:not([hidden])", (els) => els.map((el) => (el as HTMLInputElement).value).filter((v) => /^(webcal|https):/.test(v)).length)).toBe(0);

      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
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
      await page.waitForFunction(() => document.getElementById("period-result")!.textContent!.includes("to=2024-12-31"));
      expect(await page.textContent("#period-working-days")).toBe(String(workingDaysOfYear(2024)));

      // the service does not swap dates: its problem, in Swedish on the Swedish page (the API's English folded away)
      await runPeriod(page, { from: "2024-12-31", to: "2024-01-01" });
      await page.waitForSelector("#period-result .error");
      const error = (await page.textContent("#period-result .error"))!;
      expect(error).toContain("Ogiltigt värde: Ett av värdena i anropet godtogs inte. Till-datumet ska vara ett datum");
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
      const plain = shift(parseIsoDate("2024-01-31", "date"), parseSteps(["1m", "10b"]), false);
      expect(await page.getAttribute("#shift-result-date", "datetime")).toBe(plain.result.date);
      expect(await page.textContent("#shift-result")).toContain("clamped");
      expect(await page.textContent("#shift-result")).toContain("GET /v3/shift?date=2024-01-31&add=1m&add=10b");

      // 2024-06-21 is Midsummer Eve: the Sunday rule moves the answer to the next working day
      await runShift(page, { date: "2024-06-01", add: "20d", postpone: true });
      const postponed = shift(parseIsoDate("2024-06-01", "date"), parseSteps(["20d"]), true);
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
        els.filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute("aria-label")).map((el) => el.id || el.outerHTML),
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
      expect(await page.textContent('#holiday-table tr:has(time[datetime="2008-05-01"]) [data-label="English"]')).toBe(shared.observances.map((o) => o.name.en).join(" · "));
    } finally {
      await context.close();
    }
  });

  it.each([["sv", "/"], ["en", "/en/"]])("(%s) fits a phone screen", async (lang, home) => {
    const { context, page } = await openPage(home, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, lang === "sv" ? "home-phone" : "home-phone-en");
    } finally {
      await context.close();
    }
  });
});

/** Every date from start to end, both included. */
function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let n = parseIsoDate(start, "start"), last = parseIsoDate(end, "end"); n <= last; n++) out.push(dayOf(n).date);
  return out;
}

describe("week numbers, today and long weekends (issue 11)", () => {
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
      // every row of whole years: its number is the isoWeek of every date in it (the engine's Day, data-gen/day-object.ts), every
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
    for (const [home, word] of [["/", "I dag"], ["/en/", "Today"]] as const) {
      const { context, page } = await openPage(home);
      try {
        expect(await page.textContent("#year-content .month-days .wk-head")).toBe(home === "/" ? "v." : "wk");
        const marked = await page.$$eval("#year-content .month-days .c-today", (els) => els.map((el) => ({ date: (el as HTMLElement).dataset.date, current: el.getAttribute("aria-current"), title: el.getAttribute("title") })));
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
      for (const name of ["Långfredagen", "Påskafton", "Påskdagen", "Annandag påsk", "3–6 april"]) expect(easter).toContain(name);
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
      expect(await longWeekendRows(page)).toContainEqual({ start: "2025-12-31", end: "2026-01-04", days: 5, leave: "2026-01-02" });
      expect(server.requests).toContain(datasetPath("longWeekends", { year: 2025 }));
    } finally {
      await context.close();
    }
    const en = await openPage("/en/?year=2026");
    try {
      await en.page.waitForSelector('#holiday-table[data-year="2026"]');
      const easter = (await en.page.textContent('#long-weekend-table tr[data-start="2026-04-03"]'))!;
      for (const name of ["Good Friday", "Easter Eve", "Easter Sunday", "Easter Monday", "3–6 April"]) expect(easter).toContain(name);
      expect(longWeekendsOfYear(2026).length).toBe(await en.page.$$eval("#long-weekend-table tbody tr", (trs) => trs.length));
    } finally {
      await en.context.close();
    }
  });
});

describe("leave planner (issue 11)", () => {
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
      expect(await page.textContent("#plan-result")).toContain(`GET ${PATHS.leavePlan}?from=${year}-01-01&to=${year}-12-31&days=5`);
      expect(await page.textContent("#plan-result .answer")).toBe(`${expected.daysOff} lediga dagar för ${expected.used} semesterdagar`);
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
      expect((await gridPlanMarks(page)).leave.sort()).toEqual(expectedLongest.breaks.flatMap((b) => b.leaveDays).sort());
      // the legend keeps its samples when a plan replaces another
      expect(await page.$$eval("#year-content .legend i.m-break, #year-content .legend i.m-leave", (els) => els.length)).toBe(2);
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
      expect(await page.textContent("#plan-result .answer")).toBe(`${expected.daysOff} days off for ${expected.used} leave days`);
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
      const daysText = "Ogiltigt värde: Ett av värdena i anropet godtogs inte. Antalet semesterdagar ska vara ett heltal från 1 till 60";
      const toText = "Ogiltigt värde: Ett av värdena i anropet godtogs inte. Till-datumet ska vara ett datum";
      for (const [request, detail, swedish] of [
        [{ from: `${year}-01-01`, to: `${year}-12-31`, days: "61" }, "'days' must be a whole number of leave days from 1 to 60", daysText],
        [{ from: `${year}-01-01`, to: `${year}-12-31`, days: "0" }, "'days' must be a whole number", daysText],
        [{ from: "2024-01-01", to: "2025-01-01", days: "5" }, "at most 366 days", "Ogiltigt värde: Ett av värdena i anropet godtogs inte."],
        [{ from: `${year}-12-31`, to: `${year}-01-01`, days: "5" }, "must not be earlier than 'from'", toText],
      ] as const) {
        await runPlanner(page, request);
        const error = (await page.textContent("#plan-result .error"))!;
        // Swedish on the Swedish page (issue 22): the text of the problem's type and of the parameter it names
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
        expect(await en.page.textContent("#plan-result .error")).toContain("Invalid parameter: 'days' must be a whole number of leave days from 1 to 60");
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

describe("pay and payment dates (issue 21)", () => {
  const dates = (year: number, rule: Parameters<typeof dueDates>[1]) => dueDates(year, rule).dates.map((d) => d.due.date);

  it.each([
    ["sv", "/", "Löner och utbetalningar", "Lön", "Barnbidrag"],
    ["en", "/en/", "Pay and payment dates", "Salary", "Child benefit"],
  ])("(%s) lists 2026's salary and child-benefit dates as the engine gives them and marks them on the calendar", async (_lang, home, heading, salary, child) => {
    const { context, page } = await openPage(`${home}?year=2026`);
    try {
      await waitForPay(page, 2026, ["salary-25", "child-benefit"]);
      expect(await page.textContent("#pay-heading")).toBe(heading);
      // the engine's dates (Försäkringskassan's 20th, the banking day before: 18 June, 18 September, 18 December)
      expect(await payColumnDates(page, "child-benefit")).toEqual([
        "2026-01-20", "2026-02-20", "2026-03-20", "2026-04-20", "2026-05-20", "2026-06-18",
        "2026-07-20", "2026-08-20", "2026-09-18", "2026-10-20", "2026-11-20", "2026-12-18",
      ]);
      expect(await payColumnDates(page, "child-benefit")).toEqual(dates(2026, "child-benefit"));
      expect(await payColumnDates(page, "salary-25")).toEqual([
        "2026-01-23", "2026-02-25", "2026-03-25", "2026-04-24", "2026-05-25", "2026-06-25",
        "2026-07-24", "2026-08-25", "2026-09-25", "2026-10-23", "2026-11-25", "2026-12-23",
      ]);
      expect(await payColumnDates(page, "salary-25")).toEqual(dates(2026, "salary-25"));
      expect(await page.textContent("#pay-table thead")).toContain(salary);
      expect(await page.textContent("#pay-table thead")).toContain(child);
      // the catalogue's schedules are offered; tax-account is not chosen by default
      expect(await page.$$eval("#pay-schedules input", (els) => els.map((el) => [(el as HTMLInputElement).value, (el as HTMLInputElement).checked])))
        .toEqual([["salary-25", true], ["child-benefit", true], ["tax-account", false]]);
      const marks = await gridDueMarks(page);
      expect(marks.map((m) => m.date)).toEqual([...dates(2026, "salary-25"), ...dates(2026, "child-benefit")].sort());
      expect(marks.find((m) => m.date === "2026-06-18")!.title).toContain(child);
      expect(marks.find((m) => m.date === "2026-12-23")!.title).toContain(salary);
      expect(await page.isVisible('#year-content [data-legend="due"]')).toBe(true);
      expect(server.requests).toContain(datasetPath("dueDateCatalogue"));
      expect(server.requests).toContain(datasetPath("dueDates", { year: 2026, schedule: "child-benefit" }));

      // another schedule and another year: the marks follow the calendar
      await page.check('#pay-schedules input[value="tax-account"]');
      await waitForPay(page, 2026, ["salary-25", "child-benefit", "tax-account"]);
      expect(await payColumnDates(page, "tax-account")).toEqual(dates(2026, "tax-account"));
      await showYear(page, "2027");
      await waitForPay(page, 2027, ["salary-25", "child-benefit", "tax-account"]);
      expect((await gridDueMarks(page)).map((m) => m.date)).toEqual(
        [...new Set([...dates(2027, "salary-25"), ...dates(2027, "child-benefit"), ...dates(2027, "tax-account")])].sort(),
      );
      for (const code of ["salary-25", "child-benefit", "tax-account"]) await page.uncheck(`#pay-schedules input[value="${code}"]`);
      await waitForPay(page, 2027, []);
      expect(await gridDueMarks(page)).toEqual([]);
      expect(await page.isVisible('#year-content [data-legend="due"]')).toBe(false);
      await screenshot(page, `pay-${_lang}`);
    } finally {
      await context.close();
    }
  });

  it("a schedule before its first year says why in the page's language, and nothing is asked for those dates", async () => {
    /** a request for child benefit's dates of a year before 2015: a file or the API's route */
    const beforeSince = (r: string) => /\/(19\d\d|200\d|201[0-4])\/due-dates\/child-benefit\.json$|year=(19\d\d|200\d|201[0-4])&schedule=child-benefit/.test(r);
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
    expect(server.requests.filter(beforeSince)).toEqual([]);
    expect(server.requests).toContain(datasetPath("dueDates", { year: 2013, schedule: "salary-25" }));
  });

  it.each([["sv", "/", "Egen regel"], ["en", "/en/", "Custom rule"]])("(%s) a rule of your own: the last day, modified following, in the table and on the calendar", async (_lang, home, name) => {
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
      expect(server.requests).toContain(`${PATHS.dueDates}?year=2026&day=last&convention=modified-following`);
      expect(await page.textContent("#due-result .request")).toContain("→ 200");
      // the rule stays when another year is shown
      await showYear(page, "2030");
      await waitForPay(page, 2030, ["custom"]);
      expect(await payColumnDates(page, "custom")).toEqual(dates(2030, { day: "last", convention: "modified-following" }));
    } finally {
      await context.close();
    }
  });

  it("the feed builder offers the due-date schedules as the feed's due option", async () => {
    const { context, page } = await openPage("/");
    try {
      const host = new URL(server.origin).host;
      await page.check('[data-feed-due="salary-25"]');
      await page.check('[data-feed-due="tax-account"]');
      expect(await page.inputValue("#feed-http")).toBe(`http://${host}${PATHS.feed}?due=salary-25,tax-account`);
      expect(await page.textContent("#feed-description")).toContain("betalningsdagarna (Lön och Skattekontot: förfallodag)");
      await page.check('[data-feed-option="bridge"]');
      expect(await page.getAttribute("#feed-download", "href")).toBe(`${PATHS.feed}?bridge=true&due=salary-25,tax-account`);
    } finally {
      await context.close();
    }
  });
});

describe("working time", () => {
  /** Every working day of a month counted again from the engine's Days (dayOf), not from workingTime. */
  const workingDaysOfMonth = (year: number, month: number) => {
    const mm = String(month).padStart(2, "0");
    return datesBetween(`${year}-${mm}-01`, `${year}-${mm}-${daysInMonth(year, month)}`).filter((date) => dayOf(parseIsoDate(date, "date")).workingDay).length;
  };
  const apiRequests = () => server.requests.filter((r) => r.startsWith(PATHS.workingTime));

  it.each([
    ["sv", "/", "Arbetstid", "160 h", "2\u00a0008"],
    ["en", "/en/", "Working time", "160 h", "2,008"],
  ])("(%s) shows 2026's chart and month table with the engine's numbers, read from the dataset's file", async (lang, home, heading, january, total) => {
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
      expect((await page.textContent("#wt-chart desc"))!.split(lang === "sv" ? "januari 160 h" : "January 160 h").length).toBe(2);
      expect(await page.$$eval("#wt-chart .wt-cut", (els) => els.length)).toBe(0);
      // the defaults are the dataset's file (or the page's own HTML for its build year), never the API
      if (stockholmYear() !== 2026) expect(server.requests).toContain(datasetPath("workingTime", { year: 2026 }));
      expect(apiRequests().length).toBe(before);
      expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year: 2026 }));
      await page.locator("#working-time").screenshot({ path: `${SCREENSHOTS}/working-time-2026-${lang}.png` });
    } finally {
      await context.close();
    }
  });

  it("works without JavaScript for the build year: the chart, the table, the CSV link, and the form asks the API", async () => {
    const year = stockholmYear();
    const { context, page } = await openPage("/", { javaScriptEnabled: false });
    try {
      const shown = await shownWorkingTime(page);
      expect({ ...shown, bars: shown.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(engineWorkingTime(year));
      expect(await page.getAttribute("#wt-form", "action")).toBe(PATHS.workingTime);
      expect(await page.getAttribute("#wt-weekly", "name")).toBe("weeklyHours");
      expect(await page.getAttribute("#wt-profile", "name")).toBe("profile");
      expect(await page.inputValue("#wt-year")).toBe(String(year));
      expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year }));
      // the profile's explanation links the route's operation in the API reference, which has it
      const docs = (await page.getAttribute("#wt-docs", "href"))!;
      expect(docs).toBe(`/api/#${ROUTE_BY_ID.workingTime.doc.operationId}`);
      await page.goto(new URL(docs, server.origin).href);
      expect(await page.textContent(`[id="${ROUTE_BY_ID.workingTime.doc.operationId}"]`)).toContain(PATHS.workingTime);
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
      expect({ ...shown2027, bars: shown2027.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(engineWorkingTime(2027));
      for (const m of shown2027.months) expect(m.workingDays, `month ${m.month}`).toBe(workingDaysOfMonth(2027, m.month));
      expect(server.requests).toContain(datasetPath("workingTime", { year: 2027 }));
      expect(apiRequests().length).toBe(before);
      expect(await page.getAttribute("#wt-csv", "href")).toBe(datasetPath("workingTimeCsv", { year: 2027 }));
      expect(await page.textContent("#wt-csv")).toContain("2027");

      // the state profile: the API, and fewer hours (2027: 30 April is a Friday, 4 hours off)
      await page.selectOption("#wt-profile", "state");
      await waitForWorkingTime(page, 2027, "40", "state");
      expect(apiRequests()).toContain(`${PATHS.workingTime}?year=2027&weeklyHours=40&profile=state`);
      const state = await shownWorkingTime(page);
      expect(state).toMatchObject({ profile: "state", total: { workingDays: 253 } });
      expect({ ...state, bars: state.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(engineWorkingTime(2027, { profile: "state" }));
      expect(state.total.hours).toBeLessThan(2024);
      expect(state.months[3]!.shortened).toContain("2027-04-30");
      expect(await page.textContent('#wt-table tr[data-month="4"]')).toContain("Walpurgis Night, −4 h");
      expect(await page.isVisible('[data-profile-note="state"]')).toBe(true);
      expect(await page.isVisible('[data-profile-note="standard"]')).toBe(false);
      // the hatched part of a bar: one per month with a shortened day, and its legend
      expect(await page.$$eval("#wt-chart .wt-cut", (els) => els.length)).toBe(state.months.filter((m) => m.shortened.length > 0).length);
      expect(await page.isVisible(".wt-figure .legend")).toBe(true);

      // back to 2026, state: 1,996 hours (docs/working-time.md); then 38.25 hours a week
      await showYear(page, "2026");
      await waitForWorkingTime(page, 2026, "40", "state");
      expect((await shownWorkingTime(page)).total).toEqual({ workingDays: 251, hours: 1996 });
      await page.fill("#wt-weekly", "38.25");
      await page.press("#wt-weekly", "Enter");
      await waitForWorkingTime(page, 2026, "38.25", "state");
      const part = await shownWorkingTime(page);
      expect({ ...part, bars: part.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(engineWorkingTime(2026, { weeklyHours: 38.25, profile: "state" }));
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
      expect(await page.textContent("#wt-result .request")).toContain(`GET ${PATHS.workingTime}?year=2026&weeklyHours=61&profile=standard`);
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
      const res = await fetch(new URL(href, server.origin));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(CSV_CONTENT_TYPE);
      const lines = (await res.text()).split("\r\n");
      // the header, January (19 working days, 152 hours) and the year (253 days, 2,024 hours)
      expect(lines[0]).toBe("period,kind,year,quarter,month,workingDays,minutes,hours,shortenedDays,weeklyHours,profile");
      expect(lines[1]).toBe("2027-01,month,2027,1,1,19,9120,152.00,0,40,standard");
      expect(lines.at(-2)).toBe("2027,year,2027,,,253,121440,2024.00,0,40,standard");
      expect(await page.getAttribute("#wt-csv", "download")).not.toBeNull();
    } finally {
      await context.close();
    }
  });

  it.each([["sv", "/"], ["en", "/en/"]])("(%s) passes axe at 390 px, and fits the screen, with the state profile's hatched bars", async (_lang, home) => {
    const { context, page } = await openPage(`${home}?year=2026`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await waitForWorkingTime(page, 2026, "40", "standard");
      expect(await axeViolations(page, "#working-time")).toEqual([]);
      await page.selectOption("#wt-profile", "state");
      await waitForWorkingTime(page, 2026, "40", "state");
      expect(await axeViolations(page, "#working-time")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // the table and every cell of it end inside the screen (a table too wide would be clipped by its panel)
      const cells = await page.$$eval("#wt-table, #wt-table th, #wt-table td", (els) => els.map((el) => el.getBoundingClientRect().right));
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

describe("Swedish and English (issue 11)", () => {
  const pairs = [
    ["/", "/en/"],
    ["/api/", "/en/api/"],
    ["/v2-deprecation/", "/en/v2-deprecation/"],
  ] as const;

  it.each(pairs)("%s and %s: lang attributes, alternates, the same content in both, and the switch both ways", async (sv, en) => {
    const { context, page } = await openPage(sv);
    try {
      expect(await page.getAttribute("html", "lang")).toBe("sv");
      // absolute, on the one configured public address (search engines ignore relative alternates)
      expect(await page.getAttribute('link[rel="alternate"][hreflang="en"]', "href")).toBe(absoluteUrl(en));
      expect(await page.getAttribute('link[rel="alternate"][hreflang="sv"]', "href")).toBe(absoluteUrl(sv));
      expect(await page.getAttribute('link[rel="alternate"][hreflang="x-default"]', "href")).toBe(absoluteUrl(sv));
      expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(`${DEFAULT_PUBLIC_SITE_URL}${sv}`);
      expect(await page.getAttribute("#lang-switch", "hreflang")).toBe("en");
      const svIds = await page.$$eval("main [id]", (els) => els.map((el) => el.id));
      const svCounts = await page.$$eval("main", ([main]) => ["section", "table", "tr", "li", "form", "input", "select", "option", "h2", "h3"].map((tag) => main!.querySelectorAll(tag).length));
      await page.click("#lang-switch");
      await page.waitForURL((url) => url.pathname === en);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(new URL(page.url()).pathname).toBe(en);
      expect(await page.$$eval("main [id]", (els) => els.map((el) => el.id))).toEqual(svIds);
      expect(await page.$$eval("main", ([main]) => ["section", "table", "tr", "li", "form", "input", "select", "option", "h2", "h3"].map((tag) => main!.querySelectorAll(tag).length))).toEqual(svCounts);
      expect(await page.getAttribute("#lang-switch", "hreflang")).toBe("sv");
      expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(absoluteUrl(en));
      expect(await page.getAttribute('nav a[aria-current="page"]', "href")).toBe(en);
      await page.click("#lang-switch");
      await page.waitForURL((url) => url.pathname === sv);
      expect(await page.getAttribute("html", "lang")).toBe("sv");
      expect(await page.getAttribute('nav a[aria-current="page"]', "href")).toBe(sv);
    } finally {
      await context.close();
    }
  });

  it("the switch keeps the year shown (and works without JavaScript as a plain link)", async () => {
    const { context, page } = await openPage("/");
    try {
      await showYear(page, "1952");
      await page.click("#lang-switch");
      await page.waitForURL((url) => url.pathname === "/en/" && url.search === "?year=1952");
      await page.waitForSelector('#holiday-table[data-year="1952"]');
      expect(await page.textContent("#year-heading")).toBe("1952 at a glance");
      await page.click("#lang-switch");
      await page.waitForURL((url) => url.pathname === "/" && url.search === "?year=1952");
      await page.waitForSelector('#holiday-table[data-year="1952"]');
      expect(await page.textContent("#year-heading")).toBe("1952 i överblick");
    } finally {
      await context.close();
    }
    const plain = await openPage("/en/api/", { javaScriptEnabled: false });
    try {
      expect(await plain.page.getAttribute("#lang-switch", "href")).toBe("/api/");
      await plain.page.click("#lang-switch");
      expect(new URL(plain.page.url()).pathname).toBe("/api/");
      expect(await plain.page.getAttribute("html", "lang")).toBe("sv");
    } finally {
      await plain.context.close();
    }
  });

  it("the Swedish home page speaks Swedish: headings, the year picker's messages, the calculators, the feed", async () => {
    const { context, page } = await openPage("/");
    try {
      expect(await page.textContent("h1")).toBe("Svenska helgdagar");
      expect(await page.title()).toContain("Svenska helgdagar");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Hoppa till innehållet");
      await showYear(page, "2024");
      expect(await page.textContent("#holiday-table caption")).toContain(`(${holidaysOfYear(2024).length} datum)`);
      expect(await page.textContent('#holiday-table tr:has(time[datetime="2024-06-21"]) [data-label="Date"]')).toBe("21 juni");
      expect(await page.textContent('#holiday-table tr:has(time[datetime="2024-06-21"]) [data-label="Weekday"]')).toBe("fredag");
      expect(await page.getAttribute('#holiday-table tbody tr:first-child [data-label="English"]', "lang")).toBe("en");
      await page.fill("#year-input", "1929");
      await page.press("#year-input", "Enter");
      expect(await page.textContent("#year-error")).toBe("Tjänsten täcker åren 1930 till 9999.");
      expect(await page.textContent("#feed-description")).toContain("ledig tid");
      await page.check('[data-feed-option="busy"]');
      expect(await page.textContent("#feed-description")).toContain("upptagen tid");

      await runShift(page, { date: "2024-06-01", add: "20d", postpone: true });
      await page.waitForSelector("#shift-result-date");
      const text = (await page.textContent("#shift-result"))!;
      expect(text).toContain("Midsommarafton");
      expect(text).toContain("Söndagsregeln flyttar");
      expect(await page.textContent("#shift-result-date")).toBe("måndag 24 juni 2024");
      const unlabelled = await page.$$eval("input, select, textarea", (els) =>
        els.filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute("aria-label")).map((el) => el.id || el.outerHTML),
      );
      expect(unlabelled).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the Swedish v2 notice shows the announced dates in Swedish", async () => {
    const { context, page } = await openPage("/v2-deprecation/");
    try {
      await page.waitForSelector("#v2-sunset");
      expect(await page.textContent("#v2-status")).toContain("15 juli 2031");
      expect(await page.textContent('#timeline [data-step="month1"]')).toContain("15 februari 2031");
      await screenshot(page, "v2-deprecation-sv");
    } finally {
      await context.close();
    }
  });

  it("the build put the English pages in public/en/ beside the Swedish ones", () => {
    for (const page of ["index.html", "api/index.html", "v2-deprecation/index.html"]) {
      expect(existsSync(path.join(PUBLIC, page)), page).toBe(true);
      expect(existsSync(path.join(PUBLIC, "en", page)), `en/${page}`).toBe(true);
    }
  });
});

describe("other pages", () => {
  it("the v2 deprecation notice explains the withdrawal and shows the announced dates", async () => {
    const { context, page } = await openPage("/en/v2-deprecation/");
    try {
      expect(await page.textContent("h1")).toContain("v2");
      const withdrawn = (await page.textContent("#withdrawn"))!;
      for (const p of ["/holidays", "/half-days", "/bridge-days", "/v3/holidays", "sundays=true&saturdays=true"]) expect(withdrawn).toContain(p);
      expect(await page.$$eval("#timeline li", (lis) => lis.length)).toBe(5);
      expect(await page.$$eval("#differences tbody tr", (trs) => trs.length)).toBe(8);
      // the fixture's v2 headers announce 15 January 2031 with sunset 15 July 2031
      await page.waitForSelector("#v2-sunset");
      expect(await page.textContent("#v2-status")).toContain("15 July 2031");
      expect(await page.textContent('#timeline [data-step="month1"]')).toContain("15 February 2031");
      expect(await page.textContent('#timeline [data-step="month3"]')).toContain("15 April 2031");
      await screenshot(page, "v2-deprecation");
    } finally {
      await context.close();
    }
  });

  it.each(["/api/", "/en/api/"])("the API reference lists every route of the table and renders the OpenAPI document interactively (%s)", async (apiPage) => {
    const { context, page } = await openPage(apiPage);
    try {
      // the prose list is the route table's, flag days, due dates and POST /mcp included
      expect(await page.$$eval("#endpoints tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-route")))).toEqual(ROUTES.map((r) => r.id));
      const listed = (await page.textContent("#endpoints"))!;
      for (const route of ROUTES) expect(listed).toContain(route.path);
      expect(listed).toContain(`POST ${PATHS.mcp}`);
      // the problem types and the feed's options are the contract's and the engine's, not a hand-written subset
      expect(await page.$$eval("#problem-types tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent))))
        .toEqual(Object.entries(PROBLEM_STATUS).map(([slug, status]) => [slug, String(status)]));
      const feedOptions = await page.$$eval("#feed-options code", (codes) => codes.map((c) => c.textContent));
      expect(feedOptions).toEqual(expect.arrayContaining([...FEED_OPTION_NAMES, "due"]));
      // the reference rendered at build time: one article per operation of the route table
      const built = await page.$$eval(".ref-op[data-path]", (els) => els.map((el) => `${el.getAttribute("data-method")} ${el.getAttribute("data-path")}`));
      for (const route of ROUTES) expect(built.some((op) => op.endsWith(` ${route.path}`)), route.path).toBe(true);
      // Swagger UI only once asked for; then it renders every path of the document it fetches
      expect(await page.$$("#reference-content .swagger-ui")).toEqual([]);
      await page.click("#try-it");
      await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
      const paths = await page.$$eval("#reference-content .opblock-summary-path, #reference-content .opblock-summary-path__deprecated", (els) => els.map((el) => el.getAttribute("data-path")));
      expect(paths.sort()).toEqual(Object.keys(FIXTURE_OPENAPI.paths).sort());
      await screenshot(page, apiPage === "/api/" ? "api" : "api-en", false);
    } finally {
      await context.close();
    }
  });

  it("'try it out' on /v3/days/{date} sends a real request to this origin and shows the 200 answer", async () => {
    const { context, page } = await openPage("/en/api/");
    try {
      await page.click("#try-it");
      await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
      const block = page.locator("#reference-content .opblock", { has: page.locator('.opblock-summary-path[data-path="/v3/days/{date}"]') });
      await block.locator(".opblock-summary").click();
      const tryIt = block.locator("button.try-out__btn");
      await tryIt.waitFor();
      expect((await tryIt.textContent())!.trim()).toBe("Try it out"); // off until pressed
      await tryIt.click();
      await block.locator('tr[data-param-name="date"] input').fill("2026-06-19");
      await block.locator("button.execute").click();
      await block.locator(".live-responses-table tbody .response-col_status").first().waitFor();
      expect((await block.locator(".live-responses-table tbody .response-col_status").first().textContent())!.trim()).toBe("200");
      const body = (await block.locator(".live-responses-table tbody .response-col_description").first().textContent())!;
      expect(body).toContain('"date": "2026-06-19"');
      expect(body).toContain('"holidayType": "defacto"'); // Midsummer Eve
      expect(server.requests).toContain("/v3/days/2026-06-19");
    } finally {
      await context.close();
    }
  });

  it("the API reference and the deprecation notice have their text without JavaScript", async () => {
    const { context, page } = await openPage("/en/api/", { javaScriptEnabled: false });
    try {
      expect(await page.textContent("main")).toContain("problem documents");
      // the full reference too: every operation, its parameters and its examples
      expect(await page.$$eval(".ref-op[data-operation-id]", (els) => els.length)).toBe(ROUTES.reduce((n, r) => n + r.methods.filter((m) => m !== "HEAD" && m !== "OPTIONS").length, 0));
      expect(await page.textContent('#getDay [data-param-name="date"]')).toContain("required");
      await page.goto(server.origin + "/en/v2-deprecation/");
      expect(await page.textContent("main")).toContain("Sunset");
      await page.goto(server.origin + "/api/");
      expect(await page.textContent("main")).toContain("problemdokument");
      await page.goto(server.origin + "/v2-deprecation/");
      expect(await page.textContent("main")).toContain("Sunset");
    } finally {
      await context.close();
    }
  });

  it("raised no script errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
