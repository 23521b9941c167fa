/**
 * The bodies of the static dataset: each is the serialised answer of the same engine function and serializer
 * the functions use (data-gen/resources.ts, data-gen/serialize.ts, data-gen/feed.ts, functions/lib/openapi.ts).
 */
import { DEFAULT_FEED_OPTIONS, buildFeed } from "../data-gen/feed.js";
import { dayFromCivil, toIsoDate, type DayNumber } from "../data-gen/dates.js";
import {
  bridgeDaysResource, catalogueResource, dayResource, halfDaysResource, holidaysResource, occurrenceSeries,
} from "../data-gen/resources.js";
import { serializeJson } from "../data-gen/serialize.js";
import { openApiBody } from "../functions/lib/openapi.js";
import {
  CATALOGUE_PATH, FLAG_VARIANTS, OBSERVANCE_CODES, OPENAPI_PATH, bridgeDaysPath, dayPath, halfDaysPath, holidaysPath,
  icsPath, occurrencesPath, type FileKind,
} from "./layout.js";

export interface DatasetFile {
  /** path relative to the publish folder, with forward slashes */
  path: string;
  kind: FileKind;
  body: string;
}

/**
 * The per-year .ics file is the calendar feed with its default options (public and de facto holidays) for a
 * window of that one year: buildFeed(year, year, DEFAULT_FEED_OPTIONS), byte for byte.
 */
export function yearIcs(year: number): string {
  return buildFeed(year, year, DEFAULT_FEED_OPTIONS);
}

/** Every file of one year, in a fixed order. */
export function* yearFiles(year: number): Generator<DatasetFile> {
  for (const flags of FLAG_VARIANTS) {
    yield { path: holidaysPath(year, flags), kind: "holidays", body: serializeJson(holidaysResource(year, flags)) };
  }
  yield { path: bridgeDaysPath(year), kind: "bridge-days", body: serializeJson(bridgeDaysResource(year)) };
  yield { path: halfDaysPath(year), kind: "half-days", body: serializeJson(halfDaysResource(year)) };
  for (const code of OBSERVANCE_CODES) {
    yield { path: occurrencesPath(year, code), kind: "occurrences", body: serializeJson(occurrenceSeries(code, year, year)) };
  }
  yield { path: icsPath(year), kind: "ics", body: yearIcs(year) };
}

/** The Day file of every date first..last (day numbers, inclusive). */
export function* dayFiles(first: DayNumber, last: DayNumber): Generator<DatasetFile> {
  for (let n = first; n <= last; n++) {
    yield { path: dayPath(toIsoDate(n)), kind: "days", body: serializeJson(dayResource(n)) };
  }
}

/** The files that do not depend on a year: the catalogue and the OpenAPI document. */
export function* singleFiles(): Generator<DatasetFile> {
  yield { path: CATALOGUE_PATH, kind: "observances", body: serializeJson(catalogueResource()) };
  yield { path: OPENAPI_PATH, kind: "openapi", body: openApiBody() };
}

export function firstDayOfYear(year: number): DayNumber {
  return dayFromCivil(year, 1, 1);
}

export function lastDayOfYear(year: number): DayNumber {
  return dayFromCivil(year, 12, 31);
}
