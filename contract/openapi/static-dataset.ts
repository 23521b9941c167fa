/**
 * The static dataset (CDN-direct files) as the OpenAPI document lists it (`x-static-dataset`): the URL patterns
 * build/layout.ts writes, from the generated rewrite rules.
 */
import { FLAG_DAYS_FROM } from "swedish-calendar/core";
import { DATASET_FOLDER, STATIC_ONLY_FILES } from "../routes.js";
import { redirectRules } from "../static.js";

export interface StaticFile {
  /** URL path of the file, relative to the server, e.g. `/v3/data/{year}/holidays.json` */
  path: string;
  /** which API requests it answers byte for byte (the generated rewrite rules), or what it holds */
  answers: string;
}

const braces = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/**
 * The files of the dataset: for each file template of the route table, the requests the generated rewrite rules
 * answer from it (so this list, `_redirects` and the build cannot disagree); then the static-only files.
 */
export function staticDatasetFiles(): StaticFile[] {
  return datasetFileRows().map(({ path, requests, holds }) => ({
    path,
    answers: requests ? requests.join(" | ") : holds!,
  }));
}

/** The files of the dataset: a route file with the requests it answers, a static-only file with what it holds. */
export function datasetFileRows(): { path: string; requests?: string[]; holds?: string }[] {
  const byFile = new Map<string, string[]>();
  for (const rule of redirectRules()) {
    if (!rule.to.startsWith(DATASET_FOLDER + "/") || rule.to.endsWith("/function")) continue;
    const query = Object.entries(rule.query)
      .map(([k, v]) => `${k}=${braces(v)}`)
      .join("&");
    const request = `GET ${braces(rule.from)}${query ? "?" + query : ""}`;
    const path = braces(rule.to);
    byFile.set(path, [...(byFile.get(path) ?? []), request]);
  }
  const rows: { path: string; requests?: string[]; holds?: string }[] = [...byFile].map(([path, requests]) => ({
    path,
    requests,
  }));
  for (const file of Object.values(STATIC_ONLY_FILES)) rows.push({ path: braces(file.file), holds: file.answers });
  return rows;
}

export const STATIC_DATASET_NOTE =
  "Year-level resources (the holidays list in its four `sundays`/`saturdays` variants, bridge days, half days, long weekends, " +
  `flag days from ${FLAG_DAYS_FROM}, each named due-date schedule from its \`since\`), the catalogue and occurrence series, the flag-day and due-date catalogues, this document, per-date Day files for a window of years and per-year \`.ics\` ` +
  "downloads are precomputed and also served CDN-direct as static files. A request the dataset can answer is answered " +
  "from it with the same status, body, `ETag` and spec headers as the function would give; such requests, and the files " +
  "by their own paths, are never counted against the rate limits (a server without a built dataset computes them, " +
  "uncounted too). Requests a file cannot answer (a bad parameter, an omitted `year`, period, shift, leave plans, the " +
  "subscription feed, v2, dates outside the materialised window) reach the dynamic service.";
