/**
 * End-to-end: the site in headless Chromium against the real server (`npm start`, the standalone server; the e2e
 * global setup builds the dataset and the site into public/). Unlike test/site/site.test.ts (a fixture server answering from the engine),
 * every request here goes to the real server: the dataset's files (a year's lists), the /v3 routes (the calculators),
 * the feed function.
 * The site is Swedish at /, /api/, /v2-deprecation/ and English under /en/: checks of English wording open the
 * English pages. Screenshots: test-results/screenshots/real-*.png.
 */

import type { Browser, BrowserContext, Page } from "playwright-core";
import { dayOf, holidaysOfYear, parseIsoDate } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import {
  type ContextOptions,
  datasetPath,
  engineLongWeekends,
  enginePlan,
  engineWorkingTime,
  gridPlanMarks,
  gridWeekOf,
  launchChromium,
  listedDates,
  longWeekendRows,
  openPage as openPageAt,
  type PlanRequest,
  runPeriod,
  runPlanner,
  runShift,
  screenshot,
  shownPlan,
  shownWorkingTime,
  showYear,
  stockholmToday,
  stockholmYear,
  waitForWorkingTime,
  workingDaysOfYear,
} from "../site/browser.js";
import { e2eBaseUrl } from "./base-url.js";

const BASE = e2eBaseUrl();

describe.skipIf(!BASE)("the site over the real server (npm start)", () => {
  let browser: Browser;
  const pageErrors: string[] = [];
  /** path and status of every /v3, /ical and v2 request the pages made */
  const apiCalls: string[] = [];

  function openPage(urlPath: string, options: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    return openPageAt(browser, BASE!, urlPath, pageErrors, options, (page) =>
      page.on("response", (res) => {
        const url = new URL(res.url());
        if (url.origin === BASE && !/\.(js|css|html|png|svg|ico)$/.test(url.pathname) && !url.pathname.endsWith("/")) {
          apiCalls.push(`${res.status()} ${url.pathname}${url.search}`);
        }
      }),
    );
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("home page: the current Stockholm year's holidays as the engine has them", async () => {
    const year = stockholmYear();
    const { context, page } = await openPage("/");
    try {
      expect(await page.getAttribute("#holiday-table", "data-year")).toBe(String(year));
      expect(await listedDates(page)).toEqual(holidaysOfYear(year).map((d) => d.date));
      expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(year)));
      await screenshot(page, "real-home");
    } finally {
      await context.close();
    }
  });

  it("year picker: 1952 loads from the real dataset files", async () => {
    const { context, page } = await openPage("/en/");
    try {
      await showYear(page, "1952");
      const engine = holidaysOfYear(1952);
      expect(await page.$$eval("#holiday-table tbody tr", (trs) => trs.length)).toBe(engine.length);
      expect(await listedDates(page)).toEqual(engine.map((d) => d.date));
      expect(await page.textContent("#holiday-table")).toContain("Annunciation Day");
      expect(await page.textContent("#holiday-table caption")).toContain(`(${engine.length} dates)`);
      expect(await page.textContent("#stat-working .stat-value")).toBe(String(workingDaysOfYear(1952)));
      for (const file of ["holidays", "bridgeDays", "halfDays", "longWeekends", "yearDays"] as const) {
        expect(apiCalls).toContain(`200 ${datasetPath(file, { year: 1952 })}`);
      }
      expect(apiCalls.filter((call) => call.includes("year=1952") || call.includes("from=1952"))).toEqual([]);
      expect(await longWeekendRows(page)).toEqual(engineLongWeekends(1952));
      await screenshot(page, "real-home-1952");
    } finally {
      await context.close();
    }
  });

  it("calculators: the period and the shift come from the real /v3/period and /v3/shift", async () => {
    const { context, page } = await openPage("/en/");
    try {
      await runPeriod(page, { from: "2024-01-01", to: "2024-12-31" });
      expect(await page.textContent("#period-working-days")).toBe("251");
      expect(await page.textContent("#period-result")).toContain("GET /v3/period?from=2024-01-01&to=2024-12-31");
      expect(apiCalls).toContain("200 /v3/period?from=2024-01-01&to=2024-12-31");

      await runShift(page, { date: "2024-06-01", add: "20d", postpone: true });
      // 2024-06-21 is Midsummer Eve: the Sunday rule moves the answer to Monday 24 June
      expect(await page.getAttribute("#shift-result-date", "datetime")).toBe("2024-06-24");
      expect(await page.textContent("#shift-result")).toContain("Midsummer Eve");
      expect(apiCalls).toContain("200 /v3/shift?date=2024-06-01&add=20d&postpone=true");
      await screenshot(page, "real-calculators");
    } finally {
      await context.close();
    }
  });

  it("feed: over plain HTTP the page offers only the http:// address, and it serves text/calendar", async () => {
    const { context, page } = await openPage("/");
    try {
      const host = new URL(BASE!).host;
      const address = await page.inputValue("#feed-http");
      expect(address).toBe(`http://${host}/ical/svenska-helgdagar.ics`);
      for (const other of ["#feed-webcal", "#feed-https", "#feed-subscribe"])
        expect(await page.isVisible(other), other).toBe(false);
      await page.check('[data-feed-option="bridge"]');
      const withBridge = await page.inputValue("#feed-http");
      expect(withBridge).toBe(`http://${host}/ical/svenska-helgdagar.ics?bridge=true`);
      for (const url of [address, withBridge]) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/calendar\b/);
        expect(await res.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
      }
    } finally {
      await context.close();
    }
  });

  it("the v2 deprecation notice loads", async () => {
    const { context, page } = await openPage("/v2-deprecation/");
    try {
      expect(await page.textContent("h1")).toContain("v2");
      expect(await page.$$eval("#timeline li", (lis) => lis.length)).toBe(5);
      expect(await page.textContent("#v2-status-text")).toBeTruthy();
      expect(apiCalls.some((call) => call.endsWith(" /holidays"))).toBe(true); // the HEAD that reads the announcement
      await screenshot(page, "real-v2-deprecation");
    } finally {
      await context.close();
    }
  });

  it("the API page renders the operations of the real /v3/openapi.json", async () => {
    const doc = (await (await fetch(`${BASE}/v3/openapi.json`)).json()) as {
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = ["get", "head", "options", "post", "put", "patch", "delete"];
    const operations = Object.values(doc.paths).flatMap((item) => methods.filter((m) => typeof item[m] === "object"));
    const { context, page } = await openPage("/api/");
    try {
      // Swagger UI, once asked for: one block per operation of the document, every path shown
      await page.click("#try-it");
      await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
      expect(await page.$$eval("#reference-content .opblock", (els) => els.length)).toBe(operations.length);
      const shown = await page.$$eval(
        "#reference-content .opblock-summary-path, #reference-content .opblock-summary-path__deprecated",
        (els) => els.map((el) => el.getAttribute("data-path")),
      );
      expect([...new Set(shown)].sort()).toEqual(Object.keys(doc.paths).sort());
      expect(await page.textContent("#reference-content .version")).toContain(doc.info.version);
      expect(apiCalls).toContain("200 /v3/openapi.json");
      await screenshot(page, "real-api", false); // the whole reference is a very tall image
    } finally {
      await context.close();
    }
  });

  it("week numbers and today in the grid; the long weekends of 2025 and 2026 from the real dataset files", async () => {
    const { context, page } = await openPage("/");
    try {
      expect(await page.getAttribute("#year-content .month-days .c-today", "data-date")).toBe(stockholmToday());
      for (const year of [2026, 2025]) {
        await showYear(page, String(year));
        expect(await longWeekendRows(page)).toEqual(engineLongWeekends(year));
      }
      expect(apiCalls).toContain(`200 ${datasetPath("longWeekends", { year: 2025 })}`);
      expect(await longWeekendRows(page)).toContainEqual({
        start: "2025-12-31",
        end: "2026-01-04",
        days: 5,
        leave: "2026-01-02",
      });
      await showYear(page, "2026");
      expect(await gridWeekOf(page, "2026-12-31")).toBe("53");
      const rows = await page.$$eval("#year-content .wrow", (els) =>
        els.map((row) => [
          row.querySelector(".wk")!.textContent!,
          (row.querySelector("[data-date]") as HTMLElement).dataset.date!,
        ]),
      );
      for (const [week, date] of rows) expect(week, date).toBe(String(dayOf(parseIsoDate(date!, "date")).isoWeek.week));
      const easter = await longWeekendRows(page);
      expect(easter).toContainEqual({ start: "2026-04-03", end: "2026-04-06", days: 4, leave: "" });
      expect(easter).toContainEqual({ start: "2026-05-14", end: "2026-05-17", days: 4, leave: "2026-05-15" });
    } finally {
      await context.close();
    }
  });

  it("leave planner: the real /v3/leave-plan's plan equals the engine's, is marked on the calendar, and its problems are shown", async () => {
    const year = stockholmYear();
    const { context, page } = await openPage("/");
    try {
      for (const request of [
        { from: `${year}-01-01`, to: `${year}-12-31`, days: "5" },
        { from: `${year}-01-01`, to: `${year}-12-31`, days: "20", objective: "longest" },
      ] satisfies PlanRequest[]) {
        await runPlanner(page, request);
        const expected = enginePlan(request);
        expect(await shownPlan(page)).toEqual(expected);
        const marks = await gridPlanMarks(page);
        expect(marks.leave.sort()).toEqual(expected.breaks.flatMap((b) => b.leaveDays).sort());
        expect(marks.breaks.length).toBe(expected.daysOff);
        const query = `from=${request.from}&to=${request.to}&days=${request.days}${"objective" in request ? `&objective=${request.objective}` : ""}`;
        expect(apiCalls).toContain(`200 ${PATHS.leavePlan}?${query}`);
        expect(await page.textContent("#plan-result")).toContain(`GET ${PATHS.leavePlan}?${query}`);
      }
      await screenshot(page, "real-planner");
      await runPlanner(page, { from: `${year}-01-01`, to: `${year}-12-31`, days: "61" });
      // Swedish on the Swedish page (issue 22), the API's English folded away beside it
      expect(await page.textContent("#plan-result .error")).toContain(
        "Antalet semesterdagar ska vara ett heltal från 1 till 60",
      );
      expect(await page.textContent("#plan-result details [lang=en]")).toContain("'days'");
      expect(apiCalls).toContain(`400 ${PATHS.leavePlan}?from=${year}-01-01&to=${year}-12-31&days=61`);
    } finally {
      await context.close();
    }
  });

  it("working time: 2027's defaults from the real dataset file, the state profile from the real /v3/working-time, the CSV file", async () => {
    const { context, page } = await openPage("/en/?year=2027");
    try {
      await waitForWorkingTime(page, 2027, "40", "standard");
      const shown = await shownWorkingTime(page);
      expect({ ...shown, bars: shown.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
        engineWorkingTime(2027),
      );
      expect(shown.total).toEqual({ workingDays: 253, hours: 2024 });
      expect(apiCalls).toContain(`200 ${datasetPath("workingTime", { year: 2027 })}`);
      await page.selectOption("#wt-profile", "state");
      await waitForWorkingTime(page, 2027, "40", "state");
      const state = await shownWorkingTime(page);
      expect({ ...state, bars: state.bars.map(({ month, hours }) => ({ month, hours })) }).toEqual(
        engineWorkingTime(2027, { profile: "state" }),
      );
      expect(apiCalls).toContain(`200 ${PATHS.workingTime}?year=2027&weeklyHours=40&profile=state`);
      const csv = await fetch(new URL((await page.getAttribute("#wt-csv", "href"))!, BASE));
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect((await csv.text()).split("\r\n")[1]).toBe("2027-01,month,2027,1,1,19,9120,152.00,0,40,standard");
      await screenshot(page, "real-working-time");
    } finally {
      await context.close();
    }
  });

  it("both languages are served, and the switch moves between them on every page", async () => {
    for (const [sv, en] of [
      ["/", "/en/"],
      ["/api/", "/en/api/"],
      ["/v2-deprecation/", "/en/v2-deprecation/"],
    ] as const) {
      const { context, page } = await openPage(sv);
      try {
        expect(await page.getAttribute("html", "lang")).toBe("sv");
        await page.click("#lang-switch");
        await page.waitForURL((url) => url.pathname === en);
        expect(await page.getAttribute("html", "lang")).toBe("en");
        await page.click("#lang-switch");
        await page.waitForURL((url) => url.pathname === sv);
        expect(await page.getAttribute("html", "lang")).toBe("sv");
        if (sv === "/") await screenshot(page, "real-home-sv");
      } finally {
        await context.close();
      }
    }
  });

  it("raised no script errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
