/**
 * The not-found pages the deployed not-found function holds (http/site-pages.ts): read from the repository's own
 * publish folder, whichever folder the module stands in (a path one folder off reads nothing and falls back).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fallbackNotFoundPage, notFoundPages, PUBLIC_DIR } from "../../http/site-pages.js";

describe("the not-found pages a function bundle holds", () => {
  it("are read from the repository's public/", () => {
    expect(PUBLIC_DIR).toBe(fileURLToPath(new URL("../../public/", import.meta.url)));
  });

  it("fall back to the small bilingual page where no site was built", () => {
    const pages = notFoundPages("/nonexistent-publish-folder");
    expect(pages.sv).toBe(fallbackNotFoundPage("sv"));
    expect(pages.en).toBe(fallbackNotFoundPage("en"));
    expect(pages.en.indexOf('lang="en"')).toBeLessThan(pages.en.indexOf('lang="sv"'));
  });
});
