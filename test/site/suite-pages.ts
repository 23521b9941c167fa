/** Swedish and English pages, the API reference and the v2 deprecation notice. */
import { existsSync } from "node:fs";
import path from "node:path";
import { FEED_OPTION_NAMES, holidaysOfYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { PROBLEM_STATUS } from "../../contract/problems.js";
import { ROUTES } from "../../contract/routes.js";
import { absoluteUrl, DEFAULT_PUBLIC_SITE_URL } from "../../site/src/lib/public-url.js";
import { ROOT, runShift, screenshot, showYear } from "./browser.js";
import { FIXTURE_OPENAPI } from "./fixture-api.js";
import type { SiteUnderTest } from "./site-setup.js";
import { tryWithDate } from "./swagger-ui.js";

const PUBLIC = path.join(ROOT, "public");

export function pagesSuite(site: SiteUnderTest): void {
  const { openPage } = site;

  describe("Swedish and English", () => {
    const pairs = [
      ["/", "/en/"],
      ["/api/", "/en/api/"],
      ["/v2-deprecation/", "/en/v2-deprecation/"],
    ] as const;

    it.each(pairs)(
      "%s and %s: lang attributes, alternates, the same content in both, and the switch both ways",
      async (sv, en) => {
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
          const svCounts = await page.$$eval("main", ([main]) =>
            ["section", "table", "tr", "li", "form", "input", "select", "option", "h2", "h3"].map(
              (tag) => main!.querySelectorAll(tag).length,
            ),
          );
          await page.click("#lang-switch");
          await page.waitForURL((url) => url.pathname === en);
          expect(await page.getAttribute("html", "lang")).toBe("en");
          expect(new URL(page.url()).pathname).toBe(en);
          expect(await page.$$eval("main [id]", (els) => els.map((el) => el.id))).toEqual(svIds);
          expect(
            await page.$$eval("main", ([main]) =>
              ["section", "table", "tr", "li", "form", "input", "select", "option", "h2", "h3"].map(
                (tag) => main!.querySelectorAll(tag).length,
              ),
            ),
          ).toEqual(svCounts);
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
      },
    );

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
        expect(await page.textContent('#holiday-table tr:has(time[datetime="2024-06-21"]) [data-label="Date"]')).toBe(
          "21 juni",
        );
        expect(
          await page.textContent('#holiday-table tr:has(time[datetime="2024-06-21"]) [data-label="Weekday"]'),
        ).toBe("fredag");
        expect(await page.getAttribute('#holiday-table tbody tr:first-child [data-label="English"]', "lang")).toBe(
          "en",
        );
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
          els
            .filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute("aria-label"))
            .map((el) => el.id || el.outerHTML),
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
        for (const p of ["/holidays", "/half-days", "/bridge-days", "/v3/holidays", "sundays=true&saturdays=true"])
          expect(withdrawn).toContain(p);
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

    it.each(["/api/", "/en/api/"])(
      "the API reference lists every route of the table and renders the OpenAPI document interactively (%s)",
      async (apiPage) => {
        const { context, page } = await openPage(apiPage);
        try {
          // the prose list is the route table's, flag days, due dates and POST /mcp included
          expect(
            await page.$$eval("#endpoints tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-route"))),
          ).toEqual(ROUTES.map((r) => r.id));
          const listed = (await page.textContent("#endpoints"))!;
          for (const route of ROUTES) expect(listed).toContain(route.path);
          expect(listed).toContain(`POST ${PATHS.mcp}`);
          // the problem types and the feed's options are the contract's and the engine's, not a hand-written subset
          expect(
            await page.$$eval("#problem-types tbody tr", (trs) =>
              trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 2).map((td) => td.textContent)),
            ),
          ).toEqual(Object.entries(PROBLEM_STATUS).map(([slug, status]) => [slug, String(status)]));
          const feedOptions = await page.$$eval("#feed-options code", (codes) => codes.map((c) => c.textContent));
          expect(feedOptions).toEqual(expect.arrayContaining([...FEED_OPTION_NAMES, "due"]));
          // the reference rendered at build time: one article per operation of the route table
          const built = await page.$$eval(".ref-op[data-path]", (els) =>
            els.map((el) => `${el.getAttribute("data-method")} ${el.getAttribute("data-path")}`),
          );
          for (const route of ROUTES)
            expect(
              built.some((op) => op.endsWith(` ${route.path}`)),
              route.path,
            ).toBe(true);
          // Swagger UI only once asked for; then it renders every path of the document it fetches
          expect(await page.$$("#reference-content .swagger-ui")).toEqual([]);
          await page.click("#try-it");
          await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
          const paths = await page.$$eval(
            "#reference-content .opblock-summary-path, #reference-content .opblock-summary-path__deprecated",
            (els) => els.map((el) => el.getAttribute("data-path")),
          );
          expect(paths.sort()).toEqual(Object.keys(FIXTURE_OPENAPI.paths).sort());
          await screenshot(page, apiPage === "/api/" ? "api" : "api-en", false);
        } finally {
          await context.close();
        }
      },
    );

    it("'try it out' on /v3/days/{date} sends a real request to this origin and shows the 200 answer", async () => {
      const { context, page } = await openPage("/en/api/");
      try {
        await page.click("#try-it");
        await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
        const block = page.locator("#reference-content .opblock", {
          has: page.locator('.opblock-summary-path[data-path="/v3/days/{date}"]'),
        });
        await block.locator(".opblock-summary").click();
        const tryIt = block.locator("button.try-out__btn");
        await tryIt.waitFor();
        expect((await tryIt.textContent())!.trim()).toBe("Try it out"); // off until pressed
        await tryIt.click();
        expect(await tryWithDate(block, "2026-06-19")).toBe("200");
        const body = (await block
          .locator(".live-responses-table tbody .response-col_description")
          .first()
          .textContent())!;
        expect(body).toContain('"date": "2026-06-19"');
        expect(body).toContain('"holidayType": "defacto"'); // Midsummer Eve
        expect(site.server.requests).toContain("/v3/days/2026-06-19");
      } finally {
        await context.close();
      }
    });

    it("the API reference and the deprecation notice have their text without JavaScript", async () => {
      const { context, page } = await openPage("/en/api/", { javaScriptEnabled: false });
      try {
        expect(await page.textContent("main")).toContain("problem documents");
        // the full reference too: every operation, its parameters and its examples
        expect(await page.$$eval(".ref-op[data-operation-id]", (els) => els.length)).toBe(
          ROUTES.reduce((n, r) => n + r.methods.filter((m) => m !== "HEAD" && m !== "OPTIONS").length, 0),
        );
        expect(await page.textContent('#getDay [data-param-name="date"]')).toContain("required");
        await page.goto(site.server.origin + "/en/v2-deprecation/");
        expect(await page.textContent("main")).toContain("Sunset");
        await page.goto(site.server.origin + "/api/");
        expect(await page.textContent("main")).toContain("problemdokument");
        await page.goto(site.server.origin + "/v2-deprecation/");
        expect(await page.textContent("main")).toContain("Sunset");
      } finally {
        await context.close();
      }
    });

    it("raised no script errors", () => {
      expect(site.pageErrors).toEqual([]);
    });
  });
}
