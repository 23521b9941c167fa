/**
 * The site suites' setup (./suite-*.ts): Chromium, public/ built (npm run build:site), and a fixture server that
 * answers the API URLs the pages call straight from the engine (./fixture-server.ts).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { e2eBaseUrl } from "../e2e/base-url.js";
import { type ContextOptions, launchChromium, openPage as openPageAt, ROOT } from "./browser.js";
import { type FixtureServer, startFixtureServer } from "./fixture-server.js";

export interface SiteUnderTest {
  openPage(urlPath: string, options?: ContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  readonly server: FixtureServer;
  /** script errors of every page opened */
  readonly pageErrors: string[];
}

/** Registers the file's hooks: one Chromium, one build, one fixture server for every suite of the file. */
export function siteUnderTest(): SiteUnderTest {
  const PUBLIC = path.join(ROOT, "public");
  let server: FixtureServer;
  let browser: Browser;
  const pageErrors: string[] = [];

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

  return {
    openPage: (urlPath, options = {}) => openPageAt(browser, server.origin, urlPath, pageErrors, options),
    get server() {
      return server;
    },
    pageErrors,
  };
}
