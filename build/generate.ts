/**
 * The bodies of the static dataset: each is the serialised answer of the same engine function and serializer
 * the functions use (contract/resources.ts, contract/serialize.ts, the engine's feed, http/openapi.ts).
 */

import { createHash } from "node:crypto";
import {
  CORRECTIONS,
  civilFromDay,
  type DayNumber,
  dataVersion,
  dayFromCivil,
  dayOf,
  FIRST_YEAR,
  findDueDateRule,
  fromIsoDate,
  isInRange,
  LAST_YEAR,
  toIsoDate,
} from "swedish-calendar/core";
import { buildFeed, DEFAULT_FEED_OPTIONS, feedEvents, feedTimestamp } from "swedish-calendar/ics";
import { daysCsv, workingTimeCsv } from "../contract/csv.js";
import { API_VERSION } from "../contract/policies.js";
import {
  bridgeDaysResource,
  catalogueResource,
  dueDateCatalogueResource,
  dueDatesResource,
  flagDayCatalogueResource,
  flagDaysResource,
  halfDaysResource,
  holidaysResource,
  longWeekendsResource,
  occurrenceSeries,
  workingTimeResource,
  yearDaysResource,
} from "../contract/resources.js";
import { etagOf, serializeJson } from "../contract/serialize.js";
import { openApiBody } from "../http/openapi-body.js";
import {
  bridgeDaysPath,
  CATALOGUE_PATH,
  DUE_DATE_CATALOGUE_PATH,
  dayPath,
  daysCsvPath,
  dueDateSchedulesOfYear,
  dueDatesPath,
  type FileKind,
  FLAG_DAY_CATALOGUE_PATH,
  FLAG_VARIANTS,
  flagDaysPath,
  halfDaysPath,
  hasFlagDaysFile,
  holidaysPath,
  INDEX_PATH,
  icsPath,
  indexPartOf,
  indexPartPath,
  longWeekendsPath,
  MANIFEST_PATH,
  type Manifest,
  OBSERVANCE_CODES,
  OPENAPI_PATH,
  occurrencesPath,
  workingTimeCsvPath,
  workingTimePath,
  yearDaysPath,
} from "./layout.js";

export interface PlannedFile {
  /** path relative to the publish folder, with forward slashes */
  path: string;
  kind: FileKind;
  /** the year the file belongs to (a Day file: its date's), undefined for a file of no year: decides its index part */
  year: number | undefined;
}

export interface DatasetFile extends PlannedFile {
  body: string;
}

/** A file whose body is made only when asked for, so the build's plan can list paths without computing answers. */
interface FileRecipe extends PlannedFile {
  make: () => string;
}

/**
 * The per-year .ics file is the calendar feed with its default options (public and de facto holidays) for a
 * window of that one year: buildFeed(year, year, DEFAULT_FEED_OPTIONS), byte for byte.
 */
export function yearIcs(year: number): string {
  return buildFeed(year, year, DEFAULT_FEED_OPTIONS);
}

/**
 * The same bytes as yearIcs(year), put together from blocks (buildFeed itself takes about 0.15 ms a year warm, no
 * slower than this path). The feed's text is a fixed header, one VEVENT block per event in feedEvents() order, and a
 * fixed footer; a block depends on its event's code and date only, and its dates sit in three fixed-width properties
 * (UID, DTSTAMP, DTSTART; an event has no DTEND, see buildFeed). So buildFeed runs for two probe years that between
 * them hold every observance, and each year's text is put together from those blocks with the dates set.
 * test/build/materialise.test.ts checks the equality against buildFeed (LAST_YEAR included).
 */
export function yearIcsFast(year: number): string {
  const parts = (icsParts ??= icsPartsFromProbes());
  const events = feedEvents(year, year, DEFAULT_FEED_OPTIONS);
  // a year a correction touched has events with SEQUENCE and LAST-MODIFIED, which the probes' blocks lack
  if (CORRECTED_YEARS.has(year) || events.some((e) => !parts.blocks.has(e.code))) return yearIcs(year);
  const stamp = feedTimestamp(year);
  let text = parts.header;
  for (const e of events) {
    const n = fromIsoDate(e.date);
    text += parts.blocks
      .get(e.code)!
      .replace(UID_DATE, `UID:${e.date}-`)
      .replace(STAMP, `DTSTAMP:${stamp}`)
      .replace(START, `DTSTART;VALUE=DATE:${compact(n)}`);
  }
  return text + parts.footer;
}

const CORRECTED_YEARS = new Set(CORRECTIONS.flatMap((c) => c.years));
const UID_DATE = /^UID:\d{4}-\d{2}-\d{2}-/m;
const STAMP = /^DTSTAMP:\d{8}T\d{6}Z/m;
const START = /^DTSTART;VALUE=DATE:\d{8}/m;
const BEGIN_EVENT = "BEGIN:VEVENT\r\n";
const END_EVENT = "END:VEVENT\r\n";
/** 1952 still has Annunciation and Whit Monday; 2024 has National Day and the Saturday All Saints' Day. */
const PROBE_YEARS = [1952, 2024];

function compact(n: DayNumber): string {
  return toIsoDate(n).replaceAll("-", "");
}

interface IcsParts {
  header: string;
  footer: string;
  blocks: Map<string, string>;
}

let icsParts: IcsParts | undefined;

function icsPartsFromProbes(): IcsParts {
  let header = "";
  let footer = "";
  const blocks = new Map<string, string>();
  for (const probe of PROBE_YEARS) {
    const text = yearIcs(probe);
    const first = text.indexOf(BEGIN_EVENT);
    const last = text.lastIndexOf(END_EVENT) + END_EVENT.length;
    header = text.slice(0, first);
    footer = text.slice(last);
    const events = feedEvents(probe, probe, DEFAULT_FEED_OPTIONS);
    const bodies = text
      .slice(first, last)
      .split(END_EVENT)
      .slice(0, -1)
      .map((b) => b + END_EVENT);
    if (bodies.length !== events.length)
      throw new Error(`unexpected feed text for ${probe}: ${bodies.length} blocks, ${events.length} events`);
    events.forEach((e, i) => {
      blocks.set(e.code, bodies[i]);
    });
  }
  return { header, footer, blocks };
}

function* yearRecipes(year: number): Generator<FileRecipe> {
  const recipe = (path: string, kind: FileKind, make: () => string): FileRecipe => ({ path, kind, year, make });
  for (const flags of FLAG_VARIANTS) {
    yield recipe(holidaysPath(year, flags), "holidays", () => serializeJson(holidaysResource(year, flags)));
  }
  yield recipe(bridgeDaysPath(year), "bridge-days", () => serializeJson(bridgeDaysResource(year)));
  yield recipe(halfDaysPath(year), "half-days", () => serializeJson(halfDaysResource(year)));
  yield recipe(longWeekendsPath(year), "long-weekends", () => serializeJson(longWeekendsResource(year)));
  if (hasFlagDaysFile(year)) yield recipe(flagDaysPath(year), "flag-days", () => serializeJson(flagDaysResource(year)));
  for (const schedule of dueDateSchedulesOfYear(year)) {
    yield recipe(dueDatesPath(year, schedule), "due-dates", () =>
      serializeJson(dueDatesResource(year, { schedule: findDueDateRule(schedule) })),
    );
  }
  yield recipe(yearDaysPath(year), "year-days", () => serializeJson(yearDaysResource(year)));
  yield recipe(workingTimePath(year), "working-time", () => serializeJson(workingTimeResource(year)));
  yield recipe(daysCsvPath(year), "days-csv", () => daysCsv(year));
  yield recipe(workingTimeCsvPath(year), "working-time-csv", () => workingTimeCsv(workingTimeResource(year)));
  for (const code of OBSERVANCE_CODES) {
    yield recipe(occurrencesPath(year, code), "occurrences", () => serializeJson(occurrenceSeries(code, year, year)));
  }
  yield recipe(icsPath(year), "ics", () => yearIcsFast(year));
}

function* singleRecipes(): Generator<FileRecipe> {
  const recipe = (path: string, kind: FileKind, make: () => string): FileRecipe => ({
    path,
    kind,
    year: undefined,
    make,
  });
  yield recipe(CATALOGUE_PATH, "observances", () => serializeJson(catalogueResource()));
  yield recipe(FLAG_DAY_CATALOGUE_PATH, "flag-day-catalogue", () => serializeJson(flagDayCatalogueResource()));
  yield recipe(DUE_DATE_CATALOGUE_PATH, "due-date-catalogue", () => serializeJson(dueDateCatalogueResource()));
  yield recipe(OPENAPI_PATH, "openapi", () => openApiBody());
}

function* made(recipes: Iterable<FileRecipe>): Generator<DatasetFile> {
  for (const { path, kind, year, make } of recipes) yield { path, kind, year, body: make() };
}

function* planned(recipes: Iterable<FileRecipe>): Generator<PlannedFile> {
  for (const { path, kind, year } of recipes) yield { path, kind, year };
}

/** Every file of one year, in a fixed order. */
export function yearFiles(year: number): Generator<DatasetFile> {
  return made(yearRecipes(year));
}

/** The path of a date's Day file. */
export function dayFilePath(n: DayNumber): string {
  return dayPath(toIsoDate(n));
}

/** The Day file of every date first..last (day numbers, inclusive). */
export function* dayFiles(first: DayNumber, last: DayNumber): Generator<DatasetFile> {
  for (const { year, from, to } of yearsOfDays(first, last)) {
    for (let n = from; n <= to; n++) yield { path: dayFilePath(n), kind: "days", year, body: serializeJson(dayOf(n)) };
  }
}

/** The dates first..last (day numbers, inclusive) cut at the years' ends: each year's first and last of them. */
export function* yearsOfDays(
  first: DayNumber,
  last: DayNumber,
): Generator<{ year: number; from: DayNumber; to: DayNumber }> {
  for (let from = first; from <= last; ) {
    const { year } = civilFromDay(from);
    const to = Math.min(last, dayFromCivil(year, 12, 31));
    yield { year, from, to };
    from = to + 1;
  }
}

/** The files that do not depend on a year: the catalogues and the OpenAPI document. */
export function singleFiles(): Generator<DatasetFile> {
  return made(singleRecipes());
}

/** The paths and kinds of yearFiles(year) and singleFiles(), without their bodies (dayFilePath names a Day file's). */
export function yearFilesPlanned(year: number): Generator<PlannedFile> {
  return planned(yearRecipes(year));
}

export function singleFilesPlanned(): Generator<PlannedFile> {
  return planned(singleRecipes());
}

const YEAR_FILE = /^(?:v3\/data\/(\d{4})\/|ics\/svenska-helgdagar-(\d{4})\.ics$)/;

/**
 * The body the build writes at `path` (relative to the publish folder), computed now, or undefined when the build
 * writes no such file: any year's files, any date's Day file (as `--days all` would write it) and the single files.
 * The standalone server answers a dataset path from this when no built file is there, so every documented dataset
 * URL answers on a fresh start, with the bytes a build would write.
 */
export function datasetFileBody(path: string): string | undefined {
  const yearMatch = YEAR_FILE.exec(path);
  if (yearMatch) {
    const year = Number(yearMatch[1] ?? yearMatch[2]);
    if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
    for (const recipe of yearRecipes(year)) if (recipe.path === path) return recipe.make();
    return undefined;
  }
  const dayMatch = /^v3\/data\/days\/(\d{4}-\d{2}-\d{2})\.json$/.exec(path);
  if (dayMatch) {
    const day = fromIsoDate(dayMatch[1]);
    return isInRange(day) && dayPath(toIsoDate(day)) === path ? serializeJson(dayOf(day)) : undefined;
  }
  for (const recipe of singleRecipes()) if (recipe.path === path) return recipe.make();
  return unbuiltDescription(path);
}

/** A content hash in the dataset's index and manifest: the first 16 hex digits of the text's SHA-256. */
export function contentHashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** A file as the index lists it: its path, its content hash, and its part of the index (build/layout.ts indexPartOf). */
export interface IndexedFile {
  path: string;
  hash: string;
  part: string;
}

/** The index of a dataset: the root's body, and each part's body by the part's path, in path order. */
export interface DatasetIndex {
  root: string;
  parts: Map<string, string>;
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index of these files (`v3/data/index.json` and its parts): each part lists its files' paths and content hashes
 * in path order (`{files}`), and the root the data version and every part's path and content hash (`{dataVersion,
 * parts}`). A part's hash is computed as a file's (its ETag value): a client keeps it, and reads the part again only
 * when the root names another. Only parts that list a file are made.
 */
export function datasetIndex(files: Iterable<IndexedFile>): DatasetIndex {
  const byPart = new Map<string, [path: string, hash: string][]>();
  for (const { path, hash, part } of files) {
    let listed = byPart.get(part);
    if (!listed) byPart.set(part, (listed = []));
    listed.push([path, hash]);
  }
  return indexOfParts(byPart);
}

/** The index of files already grouped by part (a part with no file is made too, and lists none). */
function indexOfParts(byPart: ReadonlyMap<string, [path: string, hash: string][]>): DatasetIndex {
  const parts = new Map<string, string>();
  for (const [path, listed] of [...byPart]
    .map(([part, listed]) => [indexPartPath(part), listed] as const)
    .sort((a, b) => byPath(a[0], b[0]))) {
    listed.sort((a, b) => byPath(a[0], b[0]));
    parts.set(path, serializeJson({ files: Object.fromEntries(listed) }));
  }
  const hashes = Object.fromEntries([...parts].map(([path, body]) => [path, etagOf(body)]));
  return { root: serializeJson({ dataVersion: dataVersion(), parts: hashes }), parts };
}

/** The manifest (`manifest.json`) of what a build wrote, with the fields every manifest carries. */
export function datasetManifest(
  built: Pick<Manifest, "years" | "days" | "files" | "bytes" | "contentHash" | "kinds">,
): Manifest {
  return {
    dataset: "swedish-calendar-service",
    apiVersion: API_VERSION,
    dataVersion: dataVersion(),
    ...built,
    index: "/" + INDEX_PATH,
  };
}

/** The manifest file's text. */
export function datasetManifestBody(manifest: Manifest): string {
  return JSON.stringify(manifest, null, 2) + "\n";
}

/**
 * The index where no dataset was built: every part a build of the manifest's years (all of them) would have, none
 * listing a file, so each part the root links answers, with the hash the root gives it.
 */
function unbuiltIndex(): DatasetIndex {
  if (!unbuilt) {
    const byPart = new Map<string, [string, string][]>([[indexPartOf(undefined), []]]);
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) byPart.set(indexPartOf(year), []);
    unbuilt = indexOfParts(byPart);
  }
  return unbuilt;
}

/** unbuiltIndex() once made: the standalone server asks for it with every dataset path it has no file for. */
let unbuilt: DatasetIndex | undefined;

/**
 * The index, its parts and the manifest where no dataset was built: what a build of no file would write (`files: 0`,
 * parts listing no file), so a client reading them knows every answer comes from the functions.
 */
function unbuiltDescription(path: string): string | undefined {
  if (path === INDEX_PATH) return unbuiltIndex().root;
  const part = unbuiltIndex().parts.get(path);
  if (part !== undefined) return part;
  if (path !== MANIFEST_PATH) return undefined;
  return datasetManifestBody(
    datasetManifest({
      years: { from: FIRST_YEAR, to: LAST_YEAR },
      days: null,
      files: 0,
      bytes: 0,
      contentHash: contentHashOf(""),
      kinds: {},
    }),
  );
}
