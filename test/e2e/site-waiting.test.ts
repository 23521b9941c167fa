/**
 * A first start that speaks: while the site builds (npm start builds it in the background on a fresh clone), site
 * paths answer at once with a small page in both languages, 503 with Retry-After, that reloads itself, and the API
 * answers meanwhile; afterwards a browser asking for a page that does not exist gets the site's not-found page in
 * the path's language, while API clients keep the problem document. Standalone servers in this process, real HTTP.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createServer,
  NOT_FOUND_PAGES,
  SITE_BUILD_RETRY_SECONDS,
  type StandaloneServer,
} from "../../server/standalone.js";
import { PUBLIC_DIR } from "./server.js";

const HTML = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

describe.skipIf(process.env.E2E === "off")("the site while it builds, and pages that do not exist", () => {
  const servers: StandaloneServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close(0);
  });

  async function start(siteReady?: Promise<unknown>): Promise<string> {
    const service = createServer({ publicDir: PUBLIC_DIR, rateLimits: false, siteReady, log: () => {} });
    servers.push(service);
    return (await service.listen(0, "127.0.0.1")).url;
  }

  it("during the build: / and /en/ answer the waiting page within a second, 503 with Retry-After; the API answers; then the site", async () => {
    let built!: () => void;
    const base = await start(new Promise<void>((resolve) => (built = resolve)));
    for (const [path, lang, first] of [
      ["/", "sv", "Webbplatsen byggs"],
      ["/en/", "en", "The site is being built"],
      ["/api/", "sv", "Webbplatsen byggs"],
    ] as const) {
      const started = Date.now();
      const res = await fetch(base + path, { headers: HTML, signal: AbortSignal.timeout(1000) });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after")).toBe(String(SITE_BUILD_RETRY_SECONDS));
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.text();
      expect(body).toContain(`<html lang="${lang}">`);
      expect(body).toContain(`<meta http-equiv="refresh" content="${SITE_BUILD_RETRY_SECONDS}">`);
      // both languages, the path's first
      expect(body.indexOf(first)).toBeLessThan(
        body.indexOf(lang === "sv" ? "The site is being built" : "Webbplatsen byggs"),
      );
    }
    const day = await fetch(`${base}/v3/days/2026-06-19`);
    expect(day.status).toBe(200);
    expect((await day.json()).holidayType).toBe("defacto");
    // an API path nothing answers: the not-found problem at once, as once the site is built (not the waiting page)
    for (const accept of ["application/json", HTML.accept]) {
      const nope = await fetch(`${base}/v3/nope`, { headers: { accept } });
      expect(nope.status, accept).toBe(404);
      expect(nope.headers.get("content-type"), accept).toBe("application/problem+json");
      expect((await nope.json()).type, accept).toMatch(/not-found$/);
    }
    built();
    await new Promise((r) => setTimeout(r, 10));
    const home = await fetch(base + "/", { headers: HTML });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="sv">');
  });

  it("a path that does not exist: the site's 404 page in the path's language for a browser, the problem document for an API client", async () => {
    for (const page of Object.values(NOT_FOUND_PAGES)) expect(existsSync(join(PUBLIC_DIR, page)), page).toBe(true);
    const base = await start();
    const en = await fetch(`${base}/en/foo`, { headers: HTML });
    expect(en.status).toBe(404);
    expect(en.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const enBody = await en.text();
    expect(enBody).toContain('<html lang="en">');
    expect(enBody).toContain("Page not found");
    const sv = await fetch(`${base}/foo/bar`, { headers: HTML });
    expect(sv.status).toBe(404);
    expect(await sv.text()).toContain("Sidan finns inte");
    for (const accept of ["application/json", "*/*", "application/problem+json"]) {
      const api = await fetch(`${base}/en/foo`, { headers: { accept } });
      expect(api.status, accept).toBe(404);
      expect(api.headers.get("content-type"), accept).toMatch(/^application\/problem\+json/);
      expect((await api.json()).type).toMatch(/\/problems\/not-found$/);
    }
    // the API's own tree is the API's for a browser too (on Netlify the v3 function answers it, with the problem)
    for (const path of ["/v3/nothing-here", "/v3"]) {
      const api = await fetch(base + path, { headers: HTML });
      expect(api.status, path).toBe(404);
      expect(api.headers.get("content-type"), path).toMatch(/^application\/problem\+json/);
      await api.arrayBuffer();
    }
    // HEAD from a browser: the status and type, no body
    const head = await fetch(`${base}/en/foo`, { method: "HEAD", headers: HTML });
    expect(head.status).toBe(404);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});
