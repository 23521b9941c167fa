/**
 * The bodies of the static dataset: each is the serialised answer of the same engine function and serializer
 * the functions use (data-gen/resources.ts, data-gen/serialize.ts, data-gen/feed.ts, functions/lib/openapi.ts).
 */
import { DEFAULT_FEED_OPTIONS, buildFeed, feedEvents } from "../data-gen/feed.js";
import { dayFromCivil, isLeapYear, toIsoDate, type DayNumber } from "../data-gen/dates.js";
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

/**
 * The same bytes as yearIcs(year), fast. Writing iCalendar through the `ics` package costs about 20 ms a year
 * (it validates every event), which alone would take the full build past its time budget. Two years whose
 * events fall on the same month-days (same codes, same leap-ness) give texts that differ only in the year digits
 * of the date properties (UID, DTSTAMP, DTSTART, DTEND; DTEND of 31 December is in the next year), and no
 * other property holds digits. So buildFeed runs once per such shape, and the other years of the shape take its
 * text with those year digits replaced. test/build/ics.test.ts checks the equality against buildFeed.
 * Undefined when the feed cannot write that year (9999: its last event would end in year 10000).
 */
export function yearIcsFast(year: number): string | undefined {
  const key = (isLeapYear(year) ? "L" : "C") + feedEvents(year, year, DEFAULT_FEED_OPTIONS).map((e) => e.date.slice(5) + e.code).join(",");
  const shape = icsShapes.get(key);
  if (shape === undefined || year === 9999) {
    let text: string | undefined;
    try {
      text = yearIcs(year);
    } catch {
      text = undefined;
    }
    if (text !== undefined && year !== 9999) icsShapes.set(key, { year, text });
    return text;
  }
  const from = String(shape.year);
  const fromNext = String(shape.year + 1);
  const to = String(year);
  const toNext = String(year + 1);
  return shape.text.replace(DATE_PROPERTY, (_m, property: string, digits: string) =>
    property + (digits === from ? to : digits === fromNext ? toNext : digits),
  );
}

const DATE_PROPERTY = /^(UID:|DTSTAMP:|DTSTART;VALUE=DATE:|DTEND;VALUE=DATE:)(\d{4})/gm;
const icsShapes = new Map<string, { year: number; text: string }>();

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
  const ics = yearIcsFast(year);
  if (ics !== undefined) yield { path: icsPath(year), kind: "ics", body: ics };
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
