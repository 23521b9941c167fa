/**
 * The static dataset as the home page reads it, as a CDN client would: a year's lists (holidays, bridge days, half
 * days, long weekends, every Day of the year), its working time with the defaults (and the CSV file the page links to)
 * and the due-date catalogue and schedules from their files, so that
 * looking through years costs nothing of the API's rate limit (dataset files are never counted: on the deployed
 * service the CDN serves them, and the standalone server computes a file it has not built without counting it).
 * Only what must be computed goes to the API: a period, a shift, a leave plan, a rule of your own, a working time
 * other than the defaults.
 *
 * The file templates and the years that have files are not written here: the page is built with them
 * (./dataset-config.ts, from the route table's `static` declarations and build/deployed.ts) and this module only
 * fills in `:year` and `:schedule`. A year without files (none today: every year the engine covers has them) is asked of
 * the API's routes instead. Browser code: it imports only contract/paths.ts, which imports nothing.
 */
import { PATHS } from "../../../contract/paths.ts";
import { apiUrl } from "./api.ts";

/** The dataset files the site reads. */
export type DatasetFileName =
  | "holidays"
  | "bridgeDays"
  | "halfDays"
  | "longWeekends"
  | "yearDays"
  | "dueDates"
  | "dueDateCatalogue"
  | "workingTime"
  | "workingTimeCsv";

export interface DatasetConfig {
  /** the years the deployed service has each year's files for (build/deployed.ts deployedRange) */
  years: { from: number; to: number };
  /** each file's path template: `:year` and `:schedule` to fill (a flag's variant already chosen: the default) */
  files: Record<DatasetFileName, string>;
}

/** A template with its `:name` placeholders filled (values percent-encoded). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (whole, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : whole,
  );
}

/** The configuration the page was built with (`data-dataset` on the element, JSON). */
export function readDatasetConfig(element: HTMLElement): DatasetConfig {
  const text = element.dataset.dataset;
  if (!text) throw new Error(`#${element.id} has no data-dataset`);
  return JSON.parse(text) as DatasetConfig;
}

/** Does the deployed service have this year's files? */
export function hasYearFiles(config: DatasetConfig, year: number): boolean {
  return year >= config.years.from && year <= config.years.to;
}

/** Where a year's lists are read: its files, or for a year without them the API's routes. */
export interface YearSources {
  holidays: string;
  bridgeDays: string;
  halfDays: string;
  longWeekends: string;
  /** the count of working days: every Day of the year (count those with `workingDay`), or the period's count */
  workingDays: { from: "days" | "period"; url: string };
}

export function yearSources(config: DatasetConfig, year: number): YearSources {
  if (hasYearFiles(config, year)) {
    const file = (name: DatasetFileName) => fillTemplate(config.files[name], { year });
    return {
      holidays: file("holidays"),
      bridgeDays: file("bridgeDays"),
      halfDays: file("halfDays"),
      longWeekends: file("longWeekends"),
      workingDays: { from: "days", url: file("yearDays") },
    };
  }
  const yearParam: [string, string][] = [["year", String(year)]];
  return {
    holidays: apiUrl(PATHS.holidays, yearParam),
    bridgeDays: apiUrl(PATHS.bridgeDays, yearParam),
    halfDays: apiUrl(PATHS.halfDays, yearParam),
    longWeekends: apiUrl(PATHS.longWeekends, yearParam),
    workingDays: {
      from: "period",
      url: apiUrl(PATHS.period, [
        ["from", `${year}-01-01`],
        ["to", `${year}-12-31`],
      ]),
    },
  };
}

/**
 * A named schedule's due dates of a year: its file, or the API's route for a year without files. Only for a year
 * from the schedule's `since` on: before it there is no file, and the site says why instead of asking.
 */
export function dueDatesSource(config: DatasetConfig, year: number, schedule: string): string {
  if (hasYearFiles(config, year)) return fillTemplate(config.files.dueDates, { year, schedule });
  return apiUrl(PATHS.dueDates, [
    ["year", String(year)],
    ["schedule", schedule],
  ]);
}

/** The due-date schedules (each with its `since`): the catalogue's file. */
export function dueDateCatalogueSource(config: DatasetConfig): string {
  return config.files.dueDateCatalogue;
}

/** A year's working time with the declared defaults of `weeklyHours` and `profile`: its file, or the API's route. */
export function workingTimeSource(config: DatasetConfig, year: number): string {
  if (hasYearFiles(config, year)) return fillTemplate(config.files.workingTime, { year });
  return apiUrl(PATHS.workingTime, [["year", String(year)]]);
}
