/**
 * Where every materialised answer lives in the publish folder, relative to it: each path is filled from the
 * route table's `static.file` template of the route it answers (contract/routes.ts), so the build, the generated
 * `_redirects` and the OpenAPI `x-static-dataset` list cannot disagree. Static-only files (a year's days, the
 * per-year .ics, the manifest, the index and its parts) are the table's STATIC_ONLY_FILES.
 */

import { posix } from "node:path";
import { DUE_DATE_RULES, OBSERVANCE_CODES } from "swedish-calendar/core";
import { ROUTE_BY_ID, type RouteId, STATIC_ONLY_FILES } from "../contract/routes.js";
import { fillFile } from "../contract/static.js";

/** A route's file for these values, relative to the publish folder. */
function routeFile(id: RouteId, values: Record<string, string | number>, flags?: Record<string, boolean>): string {
  return fillFile(ROUTE_BY_ID[id].static!, values, flags).slice(1);
}

const staticOnly = (file: string, values: Record<string, string | number> = {}) => fillFile({ file }, values).slice(1);

export const MANIFEST_PATH = staticOnly(STATIC_ONLY_FILES.manifest.file);
/** The root of the index: the data version and the index's parts with their content hashes. */
export const INDEX_PATH = staticOnly(STATIC_ONLY_FILES.index.file);

/** The index part of the files of no year (the catalogues, the OpenAPI document). */
export const COMMON_INDEX_PART = "common";

/**
 * The part of the index that lists a file, by the file's year (a Day file's: its date's year): its century, `20xx`
 * for 2000-2099, or COMMON_INDEX_PART for a file of no year. By century because a part must stay far below
 * MAX_FILE_BYTES whatever the build's options (the most a part can list is a century's year files and a Day file
 * for each of its dates: test/build/deploy-limits.test.ts measures it), while the root stays short (82 parts for
 * the whole range) and a client re-reads only the centuries whose files changed (a moved days window: those of its years).
 */
export function indexPartOf(year: number | undefined): string {
  return year === undefined ? COMMON_INDEX_PART : `${Math.floor(year / 100)}xx`;
}

/** Where an index part lives, relative to the publish folder. */
export function indexPartPath(part: string): string {
  return staticOnly(STATIC_ONLY_FILES.indexPart.file, { part });
}

/** The folder of the index parts: nothing else is written there, so a build removes any part it did not write. */
export const INDEX_PARTS_FOLDER = posix.dirname(indexPartPath(COMMON_INDEX_PART));

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
export type FileKind =
  | "holidays"
  | "bridge-days"
  | "half-days"
  | "long-weekends"
  | "flag-days"
  | "occurrences"
  | "ics"
  | "days"
  | "observances"
  | "flag-day-catalogue"
  | "openapi"
  | "year-days"
  | "due-dates"
  | "due-date-catalogue"
  | "working-time"
  | "days-csv"
  | "working-time-csv";

export function holidaysPath(year: number, flags: HolidayFlags): string {
  return routeFile("holidays", { year }, { ...flags });
}

export function bridgeDaysPath(year: number): string {
  return routeFile("bridgeDays", { year });
}

export function halfDaysPath(year: number): string {
  return routeFile("halfDays", { year });
}

export function longWeekendsPath(year: number): string {
  return routeFile("longWeekends", { year });
}

/** The year's working time at the default week and profile (other weeks and profiles answer from the function). */
export function workingTimePath(year: number): string {
  return routeFile("workingTime", { year });
}

/** The year's days as CSV (contract/csv.ts). */
export function daysCsvPath(year: number): string {
  return staticOnly(STATIC_ONLY_FILES.daysCsv.file, { year });
}

/** The year's default working time as CSV (contract/csv.ts). */
export function workingTimeCsvPath(year: number): string {
  return staticOnly(STATIC_ONLY_FILES.workingTimeCsv.file, { year });
}

/** The year's flag days: written from FLAG_DAYS_FROM on only (earlier years answer 400 from the function). */
export function flagDaysPath(year: number): string {
  return routeFile("flagDays", { year });
}

/** Whether a year has a flag-days file: official flag days exist from FLAG_DAYS_FROM (the route's `written`). */
export function hasFlagDaysFile(year: number): boolean {
  return ROUTE_BY_ID.flagDays.static!.written!({ year: String(year) });
}

/** A named due-date schedule's year: written from the schedule's `since` (earlier years answer 400 from the function). */
export function dueDatesPath(year: number, schedule: string): string {
  return routeFile("dueDates", { year, schedule });
}

/** The schedules that have a file in a year: those that answer it, from their `since` (the route's `written`). */
export function dueDateSchedulesOfYear(year: number): string[] {
  const written = ROUTE_BY_ID.dueDates.static!.written!;
  return DUE_DATE_RULES.filter((r) => written({ year: String(year), schedule: r.code })).map((r) => r.code);
}

export function occurrencesPath(year: number, code: string): string {
  return routeFile("observance", { from: year, code });
}

export function icsPath(year: number): string {
  return staticOnly(STATIC_ONLY_FILES.ics.file, { year });
}

export function dayPath(isoDate: string): string {
  return routeFile("day", { date: isoDate });
}

export const CATALOGUE_PATH = routeFile("observances", {});
export const FLAG_DAY_CATALOGUE_PATH = routeFile("flagDayCatalogue", {});
export const DUE_DATE_CATALOGUE_PATH = routeFile("dueDateCatalogue", {});
export const OPENAPI_PATH = routeFile("openapi", {});

/**
 * Files of a year from FLAG_DAYS_FROM on in which every due-date schedule answers: four holiday variants, bridge days,
 * half days, long weekends, flag days, one series file per observance, the .ics, the year's days, one file per
 * due-date schedule, the working time, and the two CSV files (the year's days, the working time). Earlier years have
 * fewer (no flag-days file before FLAG_DAYS_FROM, no file of a schedule before its `since`): filesPerYear().
 */
export const FILES_PER_YEAR =
  FLAG_VARIANTS.length + 4 + OBSERVANCE_CODES.length + 1 + 1 + DUE_DATE_RULES.length + 1 + 2;

/** The files the build writes for one year. */
export function filesPerYear(year: number): number {
  return (
    FILES_PER_YEAR - (hasFlagDaysFile(year) ? 0 : 1) - (DUE_DATE_RULES.length - dueDateSchedulesOfYear(year).length)
  );
}

/** The files of the years from..to (inclusive). */
export function filesOfYears(from: number, to: number): number {
  let files = 0;
  for (let year = from; year <= to; year++) files += filesPerYear(year);
  return files;
}

/** Files that belong to no year: the observance catalogue, the flag-day and due-date catalogues, the OpenAPI document. */
export const SINGLE_FILES = 4;

/** Netlify's deploy limit: a deploy with more than this many files in ONE directory is refused (the total is not limited). */
export const MAX_FILES_PER_DIRECTORY = 54_000;

/**
 * Netlify's guidance: a deployed file over 10 MB will likely fail to upload. Every file of the dataset stays below
 * it (test/build/deploy-limits.test.ts computes every file of the full build); the index is split into parts for it.
 */
export const MAX_FILE_BYTES = 10_000_000;

export function yearDaysPath(year: number): string {
  return staticOnly(STATIC_ONLY_FILES.yearDays.file, { year });
}

export type { KindSummary, Manifest } from "../contract/static.js";
