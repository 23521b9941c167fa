/**
 * The human-facing site (issue 6) in real headless Chromium. The test builds the site (npm run
 * build:site), serves public/ with a fixture server that answers the API URLs the pages call straight
 * from the engine (test/site/fixture-server.ts), and drives the pages. Screenshots go to
 * test-results/screenshots/. Chromium is required: without it the suite fails, it never skips.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eBaseUrl } from "../e2e/base-url.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { bridgeDaysOfYear, halfDaysOfYear, holidaysOfYear, parseIsoDate, parseSteps, period, shift } from "../../data-gen/index.js";
import {
  ROOT, launchChromium, listedDates, openPage as openPageAt, screenshot, showYear, stockholmYear, workingDaysOfYear, type ContextOptions,
} from "./browser.js";
import { startFixtureServer, type FixtureServer } from "./fixture-server.js";

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
  it("lists the current Stockholm year's holidays, bridge days, half days and working days as the engine does", async () => {
    const year = stockholmYear();
    const { context, page } = await openPage("/");
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
      await screenshot(page, "home");
    } finally {
      await context.close();
    }
  });

  it("works without JavaScript: the current year is in the HTML", async () => {
    const year = stockholmYear();
    const { context, page } = await openPage("/", { javaScriptEnabled: false });
    try {
      expect(await listedDates(page)).toEqual(holidaysOfYear(year).map((d) => d.date));
    } finally {
      await context.close();
    }
  });

  it("loads another year with the year picker, validates the input and keeps the address in step", async () => {
    const { context, page } = await openPage("/");
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
      expect(server.requests).toContain("/v3/holidays?year=2024");
      expect(server.requests).toContain("/v3/period?from=2024-01-01&to=2024-12-31");

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

  it("builds the feed address from the toggles and copies it", async () => {
    const { context, page } = await openPage("/");
    try {
      const host = new URL(server.origin).host;
      const base = `${host}/ical/svenska-helgdagar.ics`;
      expect(await page.inputValue("#feed-https")).toBe(`https://${base}`);
      expect(await page.inputValue("#feed-webcal")).toBe(`webcal://${base}`);
      await page.check('[data-feed-option="bridge"]');
      await page.check('[data-feed-option="half"]');
      expect(await page.inputValue("#feed-https")).toBe(`https://${base}?bridge=true&half=true`);
      await page.uncheck('[data-feed-option="defacto"]');
      await page.check('[data-feed-option="busy"]');
      expect(await page.inputValue("#feed-webcal")).toBe(`webcal://${base}?defacto=false&bridge=true&half=true&busy=true`);
      expect(await page.getAttribute("#feed-subscribe", "href")).toBe(`webcal://${base}?defacto=false&bridge=true&half=true&busy=true`);
      expect(await page.getAttribute("#feed-download", "href")).toBe(`/ical/svenska-helgdagar.ics?defacto=false&bridge=true&half=true&busy=true`);
      await page.check('[data-feed-option="saturdays"]');
      await page.check('[data-feed-option="sundays"]');
      expect(await page.inputValue("#feed-https")).toBe(`https://${base}?defacto=false&bridge=true&half=true&saturdays=true&sundays=true&busy=true`);
      expect(await page.textContent("#feed-description")).toContain("busy");

      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
      await page.click('button[data-copy="feed-https"]');
      await page.waitForFunction(() => document.getElementById("copy-status")!.textContent!.startsWith("Copied"));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.inputValue("#feed-https"));
    } finally {
      await context.close();
    }
  });

  it("counts a period with the engine's numbers and shows the request and errors", async () => {
    const { context, page } = await openPage("/");
    try {
      await page.fill("#period-from", "2024-03-01");
      await page.fill("#period-to", "2024-06-30");
      await page.selectOption("#period-bounds", "exclusive");
      await page.click("#period-form button[type=submit]");
      await page.waitForSelector("#period-working-days");
      const expected = period(parseIsoDate("2024-03-01", "from"), parseIsoDate("2024-06-30", "to"), "exclusive");
      expect(await page.textContent("#period-working-days")).toBe(String(expected.workingDays));
      const text = (await page.textContent("#period-result"))!;
      expect(text).toContain(`${expected.calendarDays}`);
      expect(text).toContain("GET /v3/period?from=2024-03-01&to=2024-06-30&bounds=exclusive");

      await page.selectOption("#period-bounds", "inclusive");
      await page.fill("#period-from", "2024-01-01");
      await page.fill("#period-to", "2024-12-31");
      await page.click("#period-form button[type=submit]");
      await page.waitForFunction(() => document.getElementById("period-result")!.textContent!.includes("to=2024-12-31"));
      expect(await page.textContent("#period-working-days")).toBe(String(workingDaysOfYear(2024)));

      // the service does not swap dates: its problem detail is shown
      await page.fill("#period-from", "2024-12-31");
      await page.fill("#period-to", "2024-01-01");
      await page.click("#period-form button[type=submit]");
      await page.waitForSelector("#period-result .error");
      expect(await page.textContent("#period-result .error")).toContain("must not be earlier than 'from'");
      expect(await page.textContent("#period-result")).toContain("400");
    } finally {
      await context.close();
    }
  });

  it("moves a date with the shift calculator and explains steps and postponement", async () => {
    const { context, page } = await openPage("/");
    try {
      await page.fill("#shift-date", "2024-01-31");
      await page.fill("#shift-add", "1m, 10b");
      await page.click("#shift-form button[type=submit]");
      await page.waitForSelector("#shift-result-date");
      const plain = shift(parseIsoDate("2024-01-31", "date"), parseSteps(["1m", "10b"]), false);
      expect(await page.getAttribute("#shift-result-date", "datetime")).toBe(plain.result.date);
      expect(await page.textContent("#shift-result")).toContain("clamped");
      expect(await page.textContent("#shift-result")).toContain("GET /v3/shift?date=2024-01-31&add=1m&add=10b");

      // 2024-06-21 is Midsummer Eve: the Sunday rule moves the answer to the next working day
      await page.fill("#shift-date", "2024-06-01");
      await page.fill("#shift-add", "20d");
      await page.check("#shift-postpone");
      await page.click("#shift-form button[type=submit]");
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
    const { context, page } = await openPage("/");
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

  it("fits a phone screen", async () => {
    const { context, page } = await openPage("/", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, "home-phone");
    } finally {
      await context.close();
    }
  });
});

describe("other pages", () => {
  it("the v2 deprecation notice explains the withdrawal and shows the announced dates", async () => {
    const { context, page } = await openPage("/v2-deprecation/");
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

  it("the API reference shows the static introduction and renders the OpenAPI document", async () => {
    const { context, page } = await openPage("/api/");
    try {
      expect(await page.textContent("main")).toContain("/v3/holidays?year=2025");
      await page.waitForSelector("#operations-toc li");
      expect(await page.$$eval("#operations-toc li", (lis) => lis.length)).toBe(3);
      expect(await page.textContent("#api-version")).toBe("3.0.0");
      const holidays = (await page.textContent("#op-get-v3-holidays"))!;
      expect(holidays).toContain("year"); // resolved from #/components/parameters/Year
      expect(holidays).toContain("min 1930");
      expect(holidays).toContain("HolidaysResponse");
      expect(holidays).toContain("Invalid parameter"); // resolved from #/components/responses/BadRequest
      expect(await page.textContent("#schema-day")).toContain("workingDay");
      await screenshot(page, "api");
    } finally {
      await context.close();
    }
  });

  it("the API reference and the deprecation notice have their text without JavaScript", async () => {
    const { context, page } = await openPage("/api/", { javaScriptEnabled: false });
    try {
      expect(await page.textContent("main")).toContain("problem documents");
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
