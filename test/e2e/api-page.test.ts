/**
 * The API reference pages (/api/ and /en/api/), over the real server with the real OpenAPI document.
 *
 * As HTML, without JavaScript: every operation of /v3/openapi.json (its operationId as the anchor, its method and
 * path) and every parameter name is in the page, and no script the page loads carries Swagger UI.
 *
 * On a phone: axe-core (injected from its package) finds no violation on the page as built, once Swagger UI is loaded
 * (by its button: no Swagger UI request before), with an operation open, and once "Try it out" has sent a request
 * (the first and the last check read the whole page, the two in between the part of it Swagger UI draws);
 * nothing scrolls the page sideways at 390 px; the Markdown tables of the document keep their columns (a `|` in a
 * cell's code once split the static dataset's) and an error slug breaks only after a hyphen; "Try it out" is off
 * until pressed, and opening an operation leaves the address alone (no deep links).
 * Screenshots: test-results/screenshots/api-phone-*.png.
 */

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticDatasetFiles } from "../../contract/openapi.js";
import { PROBLEM_STATUS } from "../../contract/problems.js";
import { launchChromium, openPage, screenshot, axeViolations as violations } from "../site/browser.js";
import { tryWithDate } from "../site/swagger-ui.js";
import { e2eBaseUrl } from "./base-url.js";

const BASE = e2eBaseUrl();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/**
 * Where Swagger UI draws, all that opening an operation and trying it out change: the rest of the page is as the last
 * check, of the whole page, reads it (the button hidden, Swagger UI's stylesheets loaded).
 */
const SWAGGER_UI = "#reference-content";
/**
 * A page on a phone, four axe checks among its steps, on a 2-core machine: 13-15 s at a load average of 5, 20-29 s
 * with both cores kept busy besides (axe 9-19 s of it), over 30 s once in a whole suite on a busy machine.
 */
const PHONE_TIMEOUT = 90_000;

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

interface Operation {
  operationId: string;
  parameters?: ({ $ref: string } | { name: string })[];
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { name: string }> };
};

/** Swagger UI's own marks, in a script or stylesheet: its bundle names itself, its CSS styles `.swagger-ui`. */
const SWAGGER = /swagger-ui|SwaggerUI|\.opblock/;

describe.skipIf(!BASE)("the API reference as HTML", () => {
  it.each(["/api/", "/en/api/"])(
    "%s: every operation and parameter of /v3/openapi.json, and no Swagger UI on load",
    async (path) => {
      const doc = (await (await fetch(`${BASE}/v3/openapi.json`)).json()) as OpenApi;
      const res = await fetch(`${BASE}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const paramName = (p: { $ref: string } | { name: string }) =>
        "name" in p ? p.name : doc.components.parameters[p.$ref.split("/").pop()!]!.name;
      let operations = 0;
      for (const [route, item] of Object.entries(doc.paths)) {
        const methods = Object.keys(item);
        const main = methods.filter((m) => m !== "head" && m !== "options");
        for (const [method, op] of Object.entries(item)) {
          // HEAD and OPTIONS are told on their path's main operation ("Also answers"), not as entries of their own
          if (main.length > 0 && !main.includes(method)) {
            const start = html.indexOf(`<article class="ref-op" id="${item[main[0]!]!.operationId}"`);
            const article = html.slice(start, html.indexOf("</article>", start));
            const also = article.match(/<p class="ref-also"[^>]*>.*?<\/p>/s)?.[0].replace(/<[^>]+>/g, "");
            expect(also, `${route} ${method}`).toMatch(new RegExp(`^Also answers .*\\b${method.toUpperCase()}\\b`));
            continue;
          }
          operations++;
          // the operation's own article, anchored by its operationId, then its parameters inside it
          const start = html.indexOf(`<article class="ref-op" id="${op.operationId}"`);
          expect(start, op.operationId).toBeGreaterThan(0);
          const article = html.slice(start, html.indexOf("</article>", start));
          expect(article).toContain(`data-path="${route}" data-method="${method.toUpperCase()}"`);
          expect(html).toContain(`href="#${op.operationId}"`); // the table of contents
          for (const p of op.parameters ?? [])
            expect(article, `${op.operationId} ${paramName(p)}`).toContain(`data-param-name="${paramName(p)}"`);
        }
      }
      expect(operations).toBeGreaterThanOrEqual(20);
      expect(html.match(/<article class="ref-op" id="[^"]+" data-operation-id=/g)).toHaveLength(operations);
      // what loads with the page: its scripts (and what they preload) and stylesheets carry nothing of Swagger UI
      const loaded = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+\.(?:js|css))"/g)].map(
        (m) => m[1]!,
      );
      expect(loaded.length).toBeGreaterThan(0);
      for (const url of loaded) {
        const body = await (await fetch(new URL(url, BASE))).text();
        expect(SWAGGER.test(body), url).toBe(false);
        expect(body.length, url).toBeLessThan(20_000);
      }
      const inline = [...html.matchAll(/<(script|style)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => m[2]!);
      for (const text of inline) expect(SWAGGER.test(text)).toBe(false);
    },
  );
});

describe.skipIf(!BASE)("the API reference on a phone", () => {
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(["/api/", "/en/api/"])(
    "%s: no axe violation, no sideways scroll, whole tables, slugs broken at hyphens, Try it out off",
    async (path) => {
      const { context, page } = await openPage(browser, BASE!, path, errors, PHONE);
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      try {
        // the page as built: the reference is there, Swagger UI is not, and was not fetched
        await page.waitForLoadState("networkidle");
        expect(await page.$$eval(".ref-op[data-operation-id]", (els) => els.length)).toBeGreaterThanOrEqual(20);
        expect(await page.$$("#reference-content .swagger-ui")).toEqual([]);
        expect(requested.filter((url) => /swagger|api-reference/.test(url))).toEqual([]);
        expect(await violations(page)).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

        // the document's Markdown tables: every row has the header's cells
        const tables = await page.$$eval(".ref table", (els) =>
          els.map((table) => ({
            head: [...table.querySelectorAll("thead th")].map((th) => th.textContent),
            rows: [...table.querySelectorAll("tbody tr")].map((tr) => tr.children.length),
          })),
        );
        const slugs = tables.find((t) => t.head[0] === "Slug")!;
        expect(slugs.head).toEqual(["Slug", "Status", "When"]);
        expect(slugs.rows).toEqual(Object.keys(PROBLEM_STATUS).map(() => 3));
        const dataset = tables.find((t) => t.head[0] === "File")!;
        expect(dataset.head).toEqual(["File", "Answers"]);
        expect(dataset.rows).toEqual(staticDatasetFiles().map(() => 2));

        // each slug's lines, as drawn: a line ends only after a hyphen
        const slugLines = await page.$$eval(".ref table", (els) => {
          const table = els.find((t) => t.querySelector("thead th")?.textContent === "Slug")!;
          return [...table.querySelectorAll("tbody tr td:first-child code")].map((code) => {
            const text = code.firstChild!;
            const range = document.createRange();
            const lines: string[] = [];
            let lastMiddle = -Infinity;
            for (let i = 0; i < text.textContent!.length; i++) {
              range.setStart(text, i);
              range.setEnd(text, i + 1);
              const rect = [...range.getClientRects()].filter((r) => r.width > 0).pop();
              if (!rect) continue;
              const middle = (rect.top + rect.bottom) / 2;
              if (middle > lastMiddle + rect.height / 2) lines.push("");
              lines[lines.length - 1] += text.textContent![i];
              lastMiddle = middle;
            }
            return lines;
          });
        });
        expect(slugLines.map((lines) => lines.join(""))).toEqual(Object.keys(PROBLEM_STATUS));
        for (const lines of slugLines)
          for (const line of lines.slice(0, -1)) expect(line, lines.join("|")).toMatch(/-$/);

        // Swagger UI, loaded by its button: its bundle and stylesheets are fetched only now
        await page.click("#try-it");
        await page.waitForSelector('#reference-content[data-rendered="true"] .opblock');
        expect(requested.some((url) => /swagger-ui[^/]*\.css$/.test(url))).toBe(true);
        expect(await page.isVisible("#try-it")).toBe(false);
        expect(await violations(page, SWAGGER_UI)).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

        // "Try it out" is off: no operation opens in its try-out state, and opening one keeps the address
        expect(
          await page.$$("#reference-content button.try-out__btn.cancel, #reference-content button.execute"),
        ).toEqual([]);
        const address = page.url();
        // the GET of the path (its HEAD and OPTIONS are blocks of their own)
        const block = page.locator("#reference-content .opblock.opblock-get", {
          has: page.locator('.opblock-summary-path[data-path="/v3/days/{date}"]'),
        });
        await block.locator(".opblock-summary").click();
        const tryIt = block.locator("button.try-out__btn");
        await tryIt.waitFor();
        expect((await tryIt.textContent())!.trim()).toBe("Try it out");
        expect(
          await page.$$("#reference-content button.try-out__btn.cancel, #reference-content button.execute"),
        ).toEqual([]);
        expect(page.url()).toBe(address);
        expect(await violations(page, SWAGGER_UI)).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

        // pressed: the form, a real request, its answer; still nothing for axe on the whole page, no sideways scroll
        await tryIt.click();
        expect((await tryIt.textContent())!.trim()).toBe("Cancel");
        expect(await tryWithDate(block, "2026-06-19")).toBe("200");
        expect(await violations(page)).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
        await screenshot(page, `api-phone-${path === "/api/" ? "sv" : "en"}`, false);
      } finally {
        await context.close();
      }
    },
    PHONE_TIMEOUT,
  );

  it("raised no script errors", () => {
    expect(errors).toEqual([]);
  });
});
