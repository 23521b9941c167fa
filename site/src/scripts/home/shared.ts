/**
 * What every widget of the home page shares: the page's language, element lookup, and how an API answer's request
 * and an error are shown. Problem documents from the API stay in English (the API's language), marked as such.
 */
import { ApiError } from "../../lib/api.ts";
import { readDatasetConfig } from "../../lib/dataset.ts";
import { escapeHtml as e } from "../../lib/format.ts";
import { documentLang, type Lang } from "../../lib/i18n.ts";

export const lang: Lang = documentLang();

/** The words more than one widget uses. */
export const SHARED_WORDS = {
  en: {
    request: "Request",
    calculating: "Calculating…",
    apiWords: "The API's own words",
  },
  sv: {
    request: "Anrop",
    calculating: "Räknar…",
    apiWords: "API:ets egna ord (på engelska)",
  },
}[lang];

/** Where the dataset's files are and which years have them: built into the page (../../lib/dataset-config.ts). */
export const dataset = readDatasetConfig(byId("year-content"));

export function byId<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.describe();
  return error instanceof Error ? error.message : String(error);
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export function requestLine(url: string, status?: number): string {
  const absolute = new URL(url, location.href).href;
  const suffix = status ? ` <span class="hint">→ ${status}</span>` : "";
  return `<p class="request">${SHARED_WORDS.request}: <a href="${e(absolute)}"><code>GET ${e(url)}</code></a>${suffix}</p>`;
}

/**
 * A problem document as a sentence in the page's language: on the Swedish page its Swedish text (problems.ts), with
 * the API's own English words kept beside it, folded away, for whoever wants to look them up.
 */
export function errorBlock(error: unknown, url: string): string {
  const status = error instanceof ApiError && error.status ? error.status : undefined;
  const problem = error instanceof ApiError ? error.problem : null;
  let text = e(describeError(error));
  let original = "";
  if (error instanceof ApiError && problem) {
    const { title, text: said } = error.problemText();
    const own = describeError(error).slice(said.length); // the client's own words, e.g. when to retry after a 429
    text = `<strong>${e(title)}:</strong> ${e(said)}${e(own)}`;
    if (lang === "sv") {
      original = `<details class="api-words"><summary>${e(SHARED_WORDS.apiWords)}</summary><p lang="en">${e(problem.title)}: ${e(problem.detail ?? "")}</p></details>`;
    }
  }
  return `<p class="error" role="alert">${text}</p>${original}${requestLine(url, status)}`;
}

/** Adds a part to a grid cell's title (parts joined with " · "). */
export function appendTitle(cell: HTMLElement, text: string): void {
  const title = cell.getAttribute("title");
  cell.setAttribute("title", title ? `${title} · ${text}` : text);
}
