/**
 * The bodies of the static dataset: each is the serialised answer of the same engine function and serializer
 * the functions use (contract/resources.ts, contract/serialize.ts, the engine's feed, functions/lib/openapi.ts).
 */
import { DEFAULT_FEED_OPTIONS, buildFeed, feedEvents, feedTimestamp } from "swedish-calendar/ics";
import {
  FIRST_YEAR, LAST_YEAR, dayFromCivil, dayOf, fromIsoDate, isInRange, toIsoDate, type DayNumber, dataVersion,
} from "swedish-calendar/core";
import {
  dueDateCatalogueResource, dueDatesResource,
  bridgeDaysResource, catalogueResource, flagDayCatalogueResource, flagDaysResource, halfDaysResource, holidaysResource,
  longWeekendsResource, occurrenceSeries, yearDaysResource,
} from "../contract/resources.js";
import { serializeJson } from "../contract/serialize.js";
import { openApiBody } from "../functions/lib/openapi-body.js";
import {
  DUE_DATE_CATALOGUE_PATH, dueDateSchedulesOfYear, dueDatesPath, CATALOGUE_PATH, FLAG_DAY_CATALOGUE_PATH,
  FLAG_VARIANTS, OBSERVANCE_CODES, OPENAPI_PATH, bridgeDaysPath, dayPath, flagDaysPath, halfDaysPath, hasFlagDaysFile,
  holidaysPath, icsPath, longWeekendsPath, occurrencesPath, yearDaysPath, type FileKind, INDEX_PATH, MANIFEST_PATH,
  type Manifest,
} from "./layout.js";
import { createHash } from "node:crypto";
import { API_VERSION } from "../contract/policies.js";

export interface PlannedFile {
  /** path relative to the publish folder, with forward slashes */
  path: string;
  kind: FileKind;
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
 * The same bytes as yearIcs(year), put together from blocks. It was written when buildFeed went through the `ics`
 * package, about 20 ms a year (it validated every event), which alone took the full build past its time budget;
 * buildFeed now writes the text itself, about 0.15 ms a year warm, no slower than this path, which can go. The feed's text is a
 * fixed header, one VEVENT block per event in feedEvents() order, and a fixed footer; a block depends on its
 * event's code and date only, and its dates sit in three fixed-width properties (UID, DTSTAMP, DTSTART; an event
 * has no DTEND, see buildFeed). So buildFeed runs for two probe years that between them hold every observance, and
 * each year's text is put together from those blocks with the dates set. test/build/materialise.test.ts checks the
 * equality against buildFeed (9999 included).
 */
export function yearIcsFast(year: number): string {
  const parts = (icsParts ??= icsPartsFromProbes());
  const events = feedEvents(year, year, DEFAULT_FEED_OPTIONS);
  if (events.some((e) => !parts.blocks.has(e.code))) return yearIcs(year);
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
    const bodies = text.slice(first, last).split(END_EVENT).slice(0, -1).map((b) => b + END_EVENT);
    if (bodies.length !== events.length) throw new Error(`unexpected feed text for ${probe}: ${bodies.length} blocks, ${events.length} events`);
    events.forEach((e, i) => blocks.set(e.code, bodies[i]));
  }
  return { header, footer, blocks };
}

function* yearRecipes(year: number): Generator<FileRecipe> {
  for (const flags of FLAG_VARIANTS) {
    yield { path: holidaysPath(year, flags), kind: "holidays", make: () => serializeJson(holidaysResource(year, flags)) };
  }
  yield { path: bridgeDaysPath(year), kind: "bridge-days", make: () => serializeJson(bridgeDaysResource(year)) };
  yield { path: halfDaysPath(year), kind: "half-days", make: () => serializeJson(halfDaysResource(year)) };
  yield { path: longWeekendsPath(year), kind: "long-weekends", make: () => serializeJson(longWeekendsResource(year)) };
  if (hasFlagDaysFile(year)) yield { path: flagDaysPath(year), kind: "flag-days", make: () => serializeJson(flagDaysResource(year)) };
  for (const schedule of dueDateSchedulesOfYear(year)) {
    yield { path: dueDatesPath(year, schedule), kind: "due-dates", make: () => serializeJson(dueDatesResource(year, { schedule })) };
  }
  yield { path: yearDaysPath(year), kind: "year-days", make: () => serializeJson(yearDaysResource(year)) };
  for (const code of OBSERVANCE_CODES) {
    yield { path: occurrencesPath(year, code), kind: "occurrences", make: () => serializeJson(occurrenceSeries(code, year, year)) };
  }
  yield { path: icsPath(year), kind: "ics", make: () => yearIcsFast(year) };
}

function* singleRecipes(): Generator<FileRecipe> {
  yield { path: CATALOGUE_PATH, kind: "observances", make: () => serializeJson(catalogueResource()) };
  yield { path: FLAG_DAY_CATALOGUE_PATH, kind: "flag-day-catalogue", make: () => serializeJson(flagDayCatalogueResource()) };
  yield { path: DUE_DATE_CATALOGUE_PATH, kind: "due-date-catalogue", make: () => serializeJson(dueDateCatalogueResource()) };
  yield { path: OPENAPI_PATH, kind: "openapi", make: () => openApiBody() };
}

function* made(recipes: Iterable<FileRecipe>): Generator<DatasetFile> {
  for (const { path, kind, make } of recipes) yield { path, kind, body: make() };
}

function* planned(recipes: Iterable<FileRecipe>): Generator<PlannedFile> {
  for (const { path, kind } of recipes) yield { path, kind };
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
  for (let n = first; n <= last; n++) {
    yield { path: dayFilePath(n), kind: "days", body: serializeJson(dayOf(n)) };
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

/** The index's body (`v3/data/index.json`): every file's path and content hash. */
export function datasetIndexBody(files: Record<string, string>): string {
  return serializeJson({ dataVersion: dataVersion(), files });
}

/** The manifest (`manifest.json`) of what a build wrote, with the fields every manifest carries. */
export function datasetManifest(built: Pick<Manifest, "years" | "days" | "files" | "bytes" | "contentHash" | "kinds">): Manifest {
  return { dataset: "swedish-calendar-service", apiVersion: API_VERSION, dataVersion: dataVersion(), ...built, index: "/" + INDEX_PATH };
}

/** The manifest file's text. */
export function datasetManifestBody(manifest: Manifest): string {
  return JSON.stringify(manifest, null, 2) + "\n";
}

/**
 * The index and the manifest where no dataset was built: what a build of no file would write (`files: 0`, an empty
 * index), so a client reading them knows every answer comes from the functions.
 */
function unbuiltDescription(path: string): string | undefined {
  if (path === INDEX_PATH) return datasetIndexBody({});
  if (path !== MANIFEST_PATH) return undefined;
  return datasetManifestBody(
    datasetManifest({ years: { from: FIRST_YEAR, to: LAST_YEAR }, days: null, files: 0, bytes: 0, contentHash: contentHashOf(""), kinds: {} }),
  );
}
