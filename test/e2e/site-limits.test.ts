/**
 * A newcomer's first hour, with the limits on: a fresh standalone server (no dataset built, limits on, its own
 * port and its own publish folder holding only the site) and the home page in headless Chromium. Looking through
 * five years in a minute shows every year's real lists and costs nothing of the API's limit (the page reads the
 * dataset's files, which are never counted); a schedule before its first year says why and is never asked for; the
 * calculators, the planner and a rule of your own still answer afterwards, and they are all the page spent. Which
 * requests count is decided by the contract, as the server decides it (a route's request the deployed service
 * answers from a function), and the server's own counter is read back at the end: exactly the rest of the minute's
 * budget is left.
 *
 * The server's clock is held at the test's start, so every request falls in one rate-limit window however slowly
 * this machine runs (the limiter's window is a minute from its first counted request: http/ratelimit.ts).
 */
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { dueDates } from "swedish-calendar";
import { bridgeDaysOfYear, halfDaysOfYear, holidaysOfYear } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployedRange } from "../../build/deployed.js";
import { resolveRewrite } from "../../contract/cdn.js";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS } from "../../contract/policies.js";
import { matchRoute } from "../../contract/route-match.js";
import { DATASET_FOLDER } from "../../contract/routes.js";
import { redirectRules } from "../../contract/static.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import {
  engineLongWeekends,
  enginePlan,
  launchChromium,
  listedDates,
  longWeekendRows,
  openPage,
  payColumnDates,
  runPeriod,
  runPlanner,
  runShift,
  shownPlan,
  showYear,
  stockholmYear,
  waitForPay,
  workingDaysOfYear,
} from "../site/browser.js";
import { siteWithoutDataset } from "./server.js";

const YEARS = [1952, 2004, 2026, 2031, 9999];
/** The schedules the pay section shows by default, in catalogue order. */
const SCHEDULES = ["salary-25", "child-benefit"];
const CHILD_BENEFIT_SINCE = 2015;

describe.skipIf(process.env.E2E === "off")("the home page with the limits on, no dataset built", () => {
  let publicDir: string;
  let service: StandaloneServer;
  let base: string;
  let browser: Browser;
  const frozen = new Date();

  beforeAll(async () => {
    publicDir = siteWithoutDataset("site-limits-");
    service = createServer({ publicDir, rateLimits: true, clock: () => frozen, log: () => {} });
    base = (await service.listen(0, "127.0.0.1")).url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await service?.close(0);
    if (publicDir) rmSync(publicDir, { recursive: true, force: true });
  });

  /** Does the server count this request (and the deployed service send it to a function)? The contract's answer. */
  function counted(path: string): boolean {
    const url = new URL(path, base);
    const match = matchRoute(url.pathname);
    if (!match) return false; // the site, and the dataset's files by their own paths
    if (!match.route.static) return true;
    return (
      resolveRewrite(url.pathname, url, redirectRules(), { routeId: match.route.id, built: deployedRange(frozen) }) ===
      undefined
    );
  }

  it("five years in a minute show real lists, spend nothing of the limit, and the computed widgets still answer", {
    timeout: 180_000,
  }, async () => {
    const errors: string[] = [];
    const requests: string[] = [];
    const failed: string[] = [];
    const { context, page } = await openPage(browser, base, "/", errors, {}, (p) => {
      p.on("request", (req) => {
        const url = new URL(req.url());
        if (url.origin === base) requests.push(url.pathname + url.search);
      });
      p.on("response", (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
    });
    try {
      await waitForPay(page, stockholmYear(), SCHEDULES);

      for (const year of YEARS) {
        const before = requests.length;
        await showYear(page, String(year));
        await waitForPay(page, year, SCHEDULES);
        // the year's real lists, as the engine gives them
        expect(await listedDates(page), `${year}`).toEqual(holidaysOfYear(year).map((d) => d.date));
        expect(await listedDates(page, "#bridge-table"), `${year}`).toEqual(bridgeDaysOfYear(year).map((d) => d.date));
        expect(await listedDates(page, "#half-table"), `${year}`).toEqual(halfDaysOfYear(year).map((d) => d.date));
        expect(await longWeekendRows(page), `${year}`).toEqual(engineLongWeekends(year));
        expect(await page.textContent("#stat-working .stat-value"), `${year}`).toBe(String(workingDaysOfYear(year)));
        expect(await payColumnDates(page, "salary-25"), `${year}`).toEqual(
          dueDates(year, "salary-25").dates.map((d) => d.due.date),
        );
        // no error anywhere
        expect(await page.textContent("#year-error"), `${year}`).toBe("");
        expect(
          await page.$$eval("#year-content .error, #pay-result .error, [role=alert]:not(:empty)", (els) =>
            els.map((el) => el.textContent),
          ),
          `${year}`,
        ).toEqual([]);
        expect(await page.textContent("#year-status"), `${year}`).toMatch(new RegExp(`^Visar ${year}`));
        const notes = await page.$$eval("#pay-result .pay-note", (els) =>
          els.map((el) => [(el as HTMLElement).dataset.schedule, el.textContent]),
        );
        if (year < CHILD_BENEFIT_SINCE) {
          // before its first year: the sentence why, no dates
          expect(notes, `${year}`).toEqual([
            [
              "child-benefit",
              expect.stringContaining(`Barnbidrag betalas ut enligt denna regel från ${CHILD_BENEFIT_SINCE}.`),
            ],
          ]);
          expect(await payColumnDates(page, "child-benefit"), `${year}`).toEqual([]);
        } else {
          expect(notes, `${year}`).toEqual([]);
          expect(await payColumnDates(page, "child-benefit"), `${year}`).toEqual(
            dueDates(year, "child-benefit").dates.map((d) => d.due.date),
          );
        }
        // everything the year asked for is a dataset file (the page holds the year it was built in: nothing to ask)
        const asked = requests.slice(before);
        if (year !== stockholmYear()) expect(asked.length, `${year}`).toBeGreaterThan(0);
        expect(
          asked.filter((path) => !path.startsWith(DATASET_FOLDER + "/")),
          `${year}`,
        ).toEqual([]);
      }
      // real values, to the day: Midsummer 2026
      await showYear(page, "2026");
      const midsummer = await page.$$eval("#holiday-table tbody tr", (trs) =>
        trs.map((tr) => tr.textContent ?? "").filter((t) => /midsommar/i.test(t)),
      );
      expect(await listedDates(page)).toEqual(expect.arrayContaining(["2026-06-19", "2026-06-20"]));
      expect(midsummer.join(" ")).toContain("Midsommarafton");
      expect(midsummer.join(" ")).toContain("Midsommardagen");
      expect(await page.textContent("#stat-working .stat-value")).toBe("251");
      await showYear(page, "9999");

      // nothing counted so far, and child benefit was never asked for before its first year
      expect(requests.filter(counted)).toEqual([]);
      const beforeSince = requests.filter((path) => {
        const url = new URL(path, base);
        const year = Number(
          /\/(\d{4})\/due-dates\/child-benefit\.json$/.exec(url.pathname)?.[1] ??
            (url.searchParams.get("schedule") === "child-benefit" ? url.searchParams.get("year") : NaN),
        );
        return year < CHILD_BENEFIT_SINCE;
      });
      expect(beforeSince).toEqual([]);

      // the computed widgets answer: the planner, the period, the shift, a rule of your own
      const plan = { from: "2026-01-01", to: "2026-12-31", days: "5" };
      await runPlanner(page, plan);
      expect(await shownPlan(page)).toEqual(enginePlan(plan));

      await runPeriod(page, { from: "2024-01-01", to: "2024-12-31" });
      expect(await page.textContent("#period-working-days")).toBe("251");

      await runShift(page, { date: "2024-06-01", add: "20d", postpone: true });
      // 2024-06-21 is Midsummer Eve: the Sunday rule moves the answer to Monday 24 June
      expect(await page.getAttribute("#shift-result-date", "datetime")).toBe("2024-06-24");

      await page.click("#due-form button[type=submit]"); // the form's defaults: the 25th, the banking day before
      await waitForPay(page, 9999, [...SCHEDULES, "custom"]);
      expect(await payColumnDates(page, "custom")).toEqual(
        dueDates(9999, { day: 25, convention: "preceding" }).dates.map((d) => d.due.date),
      );

      // what the page spent of the limit: exactly what the computed widgets needed
      expect(requests.filter(counted)).toEqual([
        `${PATHS.leavePlan}?from=2026-01-01&to=2026-12-31&days=5`,
        `${PATHS.period}?from=2024-01-01&to=2024-12-31`,
        `${PATHS.shift}?date=2024-06-01&add=20d&postpone=true`,
        `${PATHS.dueDates}?year=9999&day=25&convention=preceding`,
      ]);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // the server counted the same: from the same address, the rest of the minute's budget and no more
    const spent = requests.filter(counted).length;
    const statuses: number[] = [];
    for (let i = 1; i <= RATE_LIMITS.v3.limit - spent + 1; i++) {
      const res = await fetch(`${base}${PATHS.period}?from=2030-01-01&to=2030-12-${String(i).padStart(2, "0")}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(RATE_LIMITS.v3.limit - spent).fill(200), 429]);
  });
});
