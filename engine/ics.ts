/**
 * `swedish-calendar/ics`: the iCalendar feed of the Swedish Calendar Service, offline (RFC 5545, all-day events,
 * stable UIDs), as `/ical/svenska-helgdagar.ics` serves it for the same years and options.
 */
import { FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { parseDueScheduleList } from "./duedates.js";
import { invalidArgument } from "./errors.js";
import { buildFeed } from "./feed.js";
import { type FeedOptions, resolveFeedOptions } from "./feed-options.js";
import { MAX_SPAN_YEARS } from "./grammar.js";
import { FEED_SIGNATURES } from "./signatures.js";
import { checkArguments } from "./validation.js";

/**
 * A public entry point on purpose: the feed (`icsFeed`), the writer's own steps for code that writes its own events beside
 * the feed's (`buildFeed`, `feedEvents`, `feedCalendarName`; the events' UIDs, codes and DTSTAMP: `feedUid`,
 * `flagDayEventCode`, `dueDateEventCode`, `feedTimestamp`), the options and their defaults (the service's feed and
 * the build take these). The rest of feed.ts is internal. Checked by test/engine/package-shape.test.ts (no `export *`)
 * and test/package/package.test.ts (the installed module exports exactly these values).
 */
export {
  buildFeed,
  dueDateEventCode,
  type FeedEvent,
  feedCalendarName,
  feedEvents,
  feedTimestamp,
  feedUid,
  flagDayEventCode,
} from "./feed.js";
export {
  DEFAULT_FEED_OPTIONS,
  FEED_OPTION_NAMES,
  type FeedOptions,
  type ResolvedFeedOptions,
} from "./feed-options.js";

/**
 * The iCalendar text (CRLF line ends) of the years `fromYear` to `toYear` (at most 200 years). Options (FeedOptions,
 * each with its default there): `defacto` (the five eves), `bridge`, `half`, `saturdays`, `sundays`, `flags`
 * (official flag days), `busy` (events block time); `due`: due-date schedule codes whose dates become events
 * (`dueDateSchedules()`; an unknown code throws).
 *
 * @example
 * import { icsFeed } from "swedish-calendar/ics";
 * writeFileSync("helgdagar.ics", icsFeed(2026, 2027, { bridge: true }));
 */
export function icsFeed(fromYear: number, toYear: number, options: FeedOptions = {}): string {
  checkArguments(FEED_SIGNATURES.icsFeed, [fromYear, toYear, options]);
  for (const [argument, year] of [
    ["fromYear", fromYear],
    ["toYear", toYear],
  ] as const) {
    if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
      throw invalidArgument(argument, `'${argument}' must be a year from ${FIRST_YEAR} to ${LAST_YEAR}`);
    }
  }
  if (toYear < fromYear)
    throw invalidArgument("toYear", `'toYear' (${toYear}) must not be earlier than 'fromYear' (${fromYear})`);
  if (toYear - fromYear > MAX_SPAN_YEARS) {
    throw invalidArgument(
      "toYear",
      `a feed spans at most ${MAX_SPAN_YEARS} years ('toYear' - 'fromYear' <= ${MAX_SPAN_YEARS})`,
    );
  }
  const chosen = resolveFeedOptions(options);
  // `due`: schedule codes (an array of strings, checked above), read as the service reads its `due` parameter (known
  // codes, catalogue order)
  if (chosen.due.length > 0) {
    if (chosen.due.some((code) => code.includes(",")))
      throw invalidArgument("due", "'due' must be a list of due-date schedule codes");
    chosen.due = parseDueScheduleList(chosen.due.join(","), "due");
  }
  return buildFeed(fromYear, toYear, chosen);
}
