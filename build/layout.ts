/**
 * Where every materialised answer lives in the publish folder. One module names every path, so the builder,
 * the tests and the documentation agree; netlify.toml's rewrite rules point at the same patterns.
 *
 *   v3/data/{year}/holidays.json                     GET /v3/holidays?year={year}
 *   v3/data/{year}/holidays-sundays.json             GET /v3/holidays?year={year}&sundays=true  (saturdays=false or omitted)
 *   v3/data/{year}/holidays-saturdays.json           GET /v3/holidays?year={year}&saturdays=true (sundays=false or omitted)
 *   v3/data/{year}/holidays-sundays-saturdays.json   GET /v3/holidays?year={year}&sundays=true&saturdays=true
 *   v3/data/{year}/bridge-days.json                  GET /v3/bridge-days?year={year}
 *   v3/data/{year}/half-days.json                    GET /v3/half-days?year={year}
 *   v3/data/{year}/days.json                         every Day of the year (a static file only; no route answers it)
 *   v3/data/{year}/observances/{code}.json           GET /v3/observances/{code}?from={year}  (to omitted or equal)
 *   v3/data/days/{date}.json                         GET /v3/days/{date}  (for the days window)
 *   v3/data/observances.json                         GET /v3/observances
 *   v3/data/openapi.json                             GET /v3/openapi.json
 *   ics/svenska-helgdagar-{year}.ics                 the year's public and de facto holidays as iCalendar
 *   manifest.json                                    data version, counts, bytes, content hashes (read by /health)
 *   v3/data/index.json                               every dataset file with its content hash (the ETag value)
 */
import { OBSERVANCE_CODES } from "../data-gen/rules.js";

export const DATASET_PREFIX = "v3/data";
export const ICS_PREFIX = "ics";
export const MANIFEST_PATH = "manifest.json";
export const INDEX_PATH = `${DATASET_PREFIX}/index.json`;

export { OBSERVANCE_CODES };

export interface HolidayFlags {
  sundays: boolean;
  saturdays: boolean;
}

export const FLAG_VARIANTS: readonly HolidayFlags[] = [
  { sundays: false, saturdays: false },
  { sundays: true, saturdays: false },
  { sundays: false, saturdays: true },
  { sundays: true, saturdays: true },
];

/** The kinds of file, for the manifest's counts and the progress bar. */
export type FileKind = "holidays" | "bridge-days" | "half-days" | "occurrences" | "ics" | "days" | "observances" | "openapi" | "year-days";

export function holidaysPath(year: number, flags: HolidayFlags): string {
  return `${DATASET_PREFIX}/${year}/holidays${flags.sundays ? "-sundays" : ""}${flags.saturdays ? "-saturdays" : ""}.json`;
}

export function bridgeDaysPath(year: number): string {
  return `${DATASET_PREFIX}/${year}/bridge-days.json`;
}

export function halfDaysPath(year: number): string {
  return `${DATASET_PREFIX}/${year}/half-days.json`;
}

export function occurrencesPath(year: number, code: string): string {
  return `${DATASET_PREFIX}/${year}/observances/${code}.json`;
}

export function icsPath(year: number): string {
  return `${ICS_PREFIX}/svenska-helgdagar-${year}.ics`;
}

export function dayPath(isoDate: string): string {
  return `${DATASET_PREFIX}/days/${isoDate}.json`;
}

export const CATALOGUE_PATH = `${DATASET_PREFIX}/observances.json`;
export const OPENAPI_PATH = `${DATASET_PREFIX}/openapi.json`;

/** Files per year: four holiday variants, bridge days, half days, one series file per observance, the .ics, the year's days. */
export const FILES_PER_YEAR = FLAG_VARIANTS.length + 2 + OBSERVANCE_CODES.length + 1 + 1;

/** Netlify's deploy limit: a deploy with more than this many files in ONE directory is refused (the total is not limited). */
export const MAX_FILES_PER_DIRECTORY = 54_000;

export function yearDaysPath(year: number): string {
  return `${DATASET_PREFIX}/${year}/days.json`;
}
