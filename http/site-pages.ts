/**
 * The site's not-found pages as the deployed not-found function answers browsers with them (http/not-found.ts).
 * A function cannot read the publish folder: build/bundle.ts evaluates this module at build time (PRECOMPUTED) and
 * the not-found bundle holds the pages as public/ held them when `npm run build:code` ran, which `npm run build` runs
 * after the site build. Without a built site the bundle holds a small page in both languages instead (the path's
 * language first). In process (tests, tsx) the pages are read when asked for. The files are the bundles' inputs
 * too: a site build after the bundling makes the functions' bundles stale (build/bundle-state.mjs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { NOT_FOUND_PAGES, type PageLanguage } from "./not-found-page.js";

/** The publish folder (the project's public/). */
export const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));

/** The page a bundle holds when no site was built: both languages, the path's first. */
export function fallbackNotFoundPage(language: PageLanguage): string {
  const sv = '<p lang="sv"><strong>Sidan finns inte.</strong> <a href="/">Till startsidan</a></p>';
  const en = '<p lang="en"><strong>Page not found.</strong> <a href="/en/">To the home page</a></p>';
  const english = language === "en";
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${english ? "Page not found – Swedish Calendar Service" : "Sidan finns inte – Svensk kalendertjänst"}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${english ? en + sv : sv + en}</body></html>`
  );
}

function pageOf(publicDir: string, language: PageLanguage): string {
  try {
    return readFileSync(join(publicDir, NOT_FOUND_PAGES[language]), "utf8");
  } catch {
    return fallbackNotFoundPage(language);
  }
}

/**
 * The not-found page of each language: the built site's in `publicDir`, else the small bilingual one. (Called with
 * no argument at build time: a default parameter leaves the function's length 0, which is what PRECOMPUTED evaluates.)
 */
export function notFoundPages(publicDir = PUBLIC_DIR): Record<PageLanguage, string> {
  return { sv: pageOf(publicDir, "sv"), en: pageOf(publicDir, "en") };
}
