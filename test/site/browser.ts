/**
 * Headless Chromium for the site tests: the fixture-server suite (test/site/site.test.ts) and the one against the
 * real server (test/e2e/site.e2e.test.ts) launch it the same way and share the page helpers.
 * Chromium is `/usr/bin/chromium` (Debian) or CHROMIUM_PATH; without it the suites fail, they never skip.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { dayFromCivil, period } from "../../data-gen/index.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SCREENSHOTS = path.join(ROOT, "test-results", "screenshots");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

/** Launches headless Chromium (and makes sure the screenshot folder exists). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is required for the site tests and was not found at ${CHROMIUM}. Install it: apt-get install -y chromium (CI does this in .ci/run), or set CHROMIUM_PATH.`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type ContextOptions = Parameters<Browser["newContext"]>[0];

/**
 * Opens `origin + urlPath` in a fresh context (1280×900 unless the options say otherwise) and waits for the
 * network to go quiet. Script errors and console errors go to `errors`; failed requests (the calculators' 400s
 * on purpose) are not script errors. `watch` may add its own listeners to the page before it loads.
 */
export async function openPage(
  browser: Browser, origin: string, urlPath: string, errors: string[], options: ContextOptions = {}, watch?: (page: Page) => void,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${urlPath}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`${urlPath}: console: ${message.text()}`);
  });
  watch?.(page);
  await page.goto(origin + urlPath, { waitUntil: "networkidle" });
  return { context, page };
}

/** A screenshot into test-results/screenshots/<name>.png: the full page, or only the viewport (for very long pages). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
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
