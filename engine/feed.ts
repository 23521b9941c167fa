/**
 * The calendar subscription feed (docs/contract.md#calendar-feed, docs/decisions.md#calendar-feed): pure, no clock.
 * The caller chooses the window of years; the events come from the engine and are written here as RFC 5545 text.
 * Output is a pure function of (window, options), so the ETag of a feed is stable between rebuilds.
 *
 * Every function exported here but `writeFeed` is public (`swedish-calendar/ics` lists them), so each checks the types
 * of its arguments and options (FEED_SIGNATURES) and fills in the options left out; the writer itself (`writeFeed`, on
 * core's list for the service, which has read and resolved the options) works from resolved options and calls the
 * unchecked forms of the per-event helpers (uidOf). Line folding and the fixed properties are ical-text.ts.
 */
import { SERVICE_DOMAIN } from "./constants.js";
import { CORRECTIONS, type DataCorrection, revisionsOf } from "./corrections.js";
import { type DayNumber, dayFromCivil, FIRST_DAY, fromIsoDate, isoWeekday, LAST_DAY, toIsoDate } from "./dates.js";
import { dayOf } from "./day-object.js";
import { dueDateScheduleInfo, dueDatesOfYear, findDueDateRule } from "./duedates.js";
import { type FeedOptions, type ResolvedFeedOptions, resolveFeedOptions } from "./feed-options.js";
import { flagDayOccurrences } from "./flagdays.js";
import { FEED_PRODUCT_ID, FEED_REFRESH, foldLine as fold } from "./ical-text.js";
import type { Names } from "./rules.js";
import { FEED_SIGNATURES as SIGNATURES } from "./signatures.js";
import type { Day } from "./types.js";
import { checkArguments } from "./validation.js";
import { bridgeDaysOfYear, halfDaysOfYear, holidaysOfYear } from "./year-lists.js";

/** The fixed domain of every event UID: `<date>-<code>@swedish-calendar.example`. */
const FEED_UID_DOMAIN = SERVICE_DOMAIN;

/** The event codes of days that are not observances. */
const FEED_EXTRA_CODES = { bridge: "bridgeDay", half: "halfDay", saturday: "saturday", sunday: "sunday" } as const;

const EXTRA_NAMES: Record<keyof typeof FEED_EXTRA_CODES, Names> = {
  bridge: { sv: "Klämdag", en: "Bridge day" },
  half: { sv: "Halvdag", en: "Half day" },
  saturday: { sv: "Lördag", en: "Saturday" },
  sunday: { sv: "Söndag", en: "Sunday" },
};

/**
 * What each kind of event is, in Swedish (the calendar's language: the first line of DESCRIPTION, and CATEGORIES)
 * and in English (the second line of DESCRIPTION). Public holidays are those of the Public Holidays Act (lagen
 * (1989:253) om allmänna helgdagar); official flag days those of the flag-day ordinance (förordningen (1982:270) om
 * allmänna flaggdagar).
 */
const KINDS = {
  public: { category: "Allmän helgdag", sv: "Allmän helgdag", en: "public holiday" },
  defacto: {
    category: "De facto-helgdag",
    sv: "De facto-helgdag: ingen allmän helgdag, men ledig i praktiken",
    en: "de facto holiday",
  },
  flag: { category: "Flaggdag", sv: "Allmän flaggdag", en: "official flag day" },
  bridge: {
    category: "Klämdag",
    sv: "Klämdag: en arbetsdag mellan två lediga dagar",
    en: "a working day between two days off",
  },
  half: {
    category: "Halvdag",
    sv: "Halvdag: en arbetsdag före en allmän helgdag, då många slutar tidigare",
    en: "a working day before a public holiday, customarily worked short",
  },
  saturday: { category: "Lördag", sv: "Lördag", en: "Saturday" },
  sunday: { category: "Söndag", sv: "Söndag", en: "Sunday" },
  due: { category: "Betalningsdag", sv: "Betalningsdag", en: "due date" },
} as const;

/**
 * A holiday's Swedish name inside a sentence: lower case, as Swedish writes holiday names in running text
 * ("trettondedag jul", "alla helgons dag"), except where the name begins with a proper noun ("Kristi
 * himmelsfärdsdag", "Sveriges nationaldag").
 */
function nameInText(name: string): string {
  return /^(Kristi|Sveriges) /.test(name) ? name : name[0].toLocaleLowerCase("sv") + name.slice(1);
}

/** The first named observance of a day number inside the range, if any. */
function firstObservance(n: DayNumber): Day["observances"][number] | undefined {
  if (n < FIRST_DAY || n > LAST_DAY) return undefined;
  return dayOf(n).observances[0];
}

/** One event of the feed, before it is written as iCalendar. */
export interface FeedEvent {
  date: string;
  code: string;
  uid: string;
  /** Swedish name (SUMMARY) */
  summary: string;
  /** the kind of day in Swedish, a line break, the English name and kind of day (DESCRIPTION) */
  description: string;
  /** the kinds of day in Swedish (CATEGORIES): a holiday that is also a flag day is one event with both */
  categories: string[];
}

export function feedUid(date: string, code: string): string {
  checkArguments(SIGNATURES.feedUid, [date, code]);
  return uidOf(date, code);
}

function uidOf(date: string, code: string): string {
  return `${date}-${code}@${FEED_UID_DOMAIN}`;
}

/**
 * The event code of a flag day that has an event of its own: its code under a prefix of its own, because flag-day
 * codes are those of the observances where the ordinance names a holiday (`nationalDay`), and an event's UID must not
 * repeat. A flag day that is a holiday of the feed has no event of its own: the holiday's event says it is a flag day.
 */
export function flagDayEventCode(code: string): string {
  checkArguments(SIGNATURES.flagDayEventCode, [code]);
  return `flagDay-${code}`;
}

/** The event code of a due date: `due-<schedule>`, so its UID is `<date>-due-<schedule>@…` and never repeats another's. */
export function dueDateEventCode(schedule: string): string {
  checkArguments(SIGNATURES.dueDateEventCode, [schedule]);
  return `due-${schedule}`;
}

/**
 * The calendar's display name, a function of the options alone:
 * - base: "Svenska helgdagar" (public and de facto holidays) or "Svenska allmänna helgdagar" (defacto=false), then
 *   "flaggdagar" when flags=true and "betalningsdagar" when `due` names a schedule, as a Swedish list ("Svenska
 *   helgdagar och flaggdagar", "Svenska helgdagar, flaggdagar och betalningsdagar");
 * - then "med" and the added kinds of day in the fixed order klämdagar, halvdagar, lördagar, söndagar,
 *   joined as a Swedish list ("a", "a och b", "a, b och c");
 * - then " (upptagen tid)" when busy=true.
 * E.g. "Svenska helgdagar med klämdagar och halvdagar", "Svenska helgdagar och flaggdagar med klämdagar".
 */
export function feedCalendarName(options: FeedOptions = {}): string {
  checkArguments(SIGNATURES.feedCalendarName, [options]);
  return calendarName(resolveFeedOptions(options));
}

function calendarName(options: ResolvedFeedOptions): string {
  const kinds = [options.defacto ? "Svenska helgdagar" : "Svenska allmänna helgdagar"];
  if (options.flags) kinds.push("flaggdagar");
  if (options.due.length > 0) kinds.push("betalningsdagar");
  const base = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(", ")} och ${kinds[kinds.length - 1]}`;
  const added: string[] = [];
  if (options.bridge) added.push("klämdagar");
  if (options.half) added.push("halvdagar");
  if (options.saturdays) added.push("lördagar");
  if (options.sundays) added.push("söndagar");
  let name = base;
  if (added.length > 0) {
    const list = added.length === 1 ? added[0] : `${added.slice(0, -1).join(", ")} och ${added[added.length - 1]}`;
    name += ` med ${list}`;
  }
  if (options.busy) name += " (upptagen tid)";
  return name;
}

/**
 * The events of the feed for the years fromYear..toYear, ordered by date; on one date the observances come
 * first in catalogue order, then the flag days in their catalogue order (a flag day that is a holiday in the feed is no
 * event of its own: the holiday's event says it is a flag day too, in DESCRIPTION and CATEGORIES), then the due dates of `due` in catalogue order
 * (a schedule only in the years it answers, from its `since`), then bridge day, half day, Saturday, Sunday.
 */
export function feedEvents(fromYear: number, toYear: number, options: FeedOptions = {}): FeedEvent[] {
  checkArguments(SIGNATURES.feedEvents, [fromYear, toYear, options]);
  return events(fromYear, toYear, resolveFeedOptions(options));
}

function events(fromYear: number, toYear: number, options: ResolvedFeedOptions): FeedEvent[] {
  const byDate = new Map<DayNumber, FeedEvent[]>();
  const add = (date: string, code: string, summary: string, sv: string, en: string, categories: string[]) => {
    const n = fromIsoDate(date);
    let list = byDate.get(n);
    if (!list) byDate.set(n, (list = []));
    const event = { date, code, uid: uidOf(date, code), summary, description: `${sv}\n${en}`, categories };
    list.push(event);
    return event;
  };

  for (let year = fromYear; year <= toYear; year++) {
    // the holiday events of the year by date and code, so that a flag day on a holiday joins the holiday's event
    const holidayEvents = new Map<string, FeedEvent>();
    for (const day of holidaysOfYear(year, {})) {
      for (const o of day.observances) {
        if (o.holidayType === "defacto" && !options.defacto) continue;
        const kind = KINDS[o.holidayType];
        holidayEvents.set(
          `${day.date} ${o.code}`,
          add(day.date, o.code, o.name.sv, kind.sv, `${o.name.en} (${kind.en})`, [kind.category]),
        );
      }
    }
    if (options.flags) {
      for (const { day, rule, holiday } of flagDayOccurrences(year)) {
        const date = toIsoDate(day);
        const merged = holiday === null ? undefined : holidayEvents.get(`${date} ${holiday}`);
        if (merged) {
          // one event for the day: the holiday's (its UID), saying it is a flag day too
          const [sv, en] = merged.description.split("\n");
          merged.description = `${sv} och ${KINDS.flag.sv.toLocaleLowerCase("sv")}\n${en.replace(/\)$/, ` and ${KINDS.flag.en})`)}`;
          merged.categories.push(KINDS.flag.category);
        } else {
          add(
            date,
            flagDayEventCode(rule.code),
            `${rule.name.sv} (flaggdag)`,
            KINDS.flag.sv,
            `${rule.name.en} (${KINDS.flag.en})`,
            [KINDS.flag.category],
          );
        }
      }
    }
    for (const code of options.due) {
      // icsFeed and the service read `due` first (parseDueScheduleList); an unknown code given to buildFeed or
      // feedEvents is refused here, as the bad input it is (invalid-argument naming `due`), not as a failure
      const rule = findDueDateRule(code, "due");
      if (rule.since !== undefined && year < rule.since) continue;
      for (const x of dueDatesOfYear(year, dueDateScheduleInfo(rule), rule).dates) {
        const sv = x.moved ? `${KINDS.due.sv}, flyttad från ${x.nominal}` : KINDS.due.sv;
        add(
          x.due.date,
          dueDateEventCode(code),
          rule.name.sv,
          sv,
          `${rule.name.en} (${x.moved ? `moved from ${x.nominal}` : KINDS.due.en})`,
          [KINDS.due.category],
        );
      }
    }
    if (options.bridge) {
      for (const day of bridgeDaysOfYear(year)) {
        // the holiday it bridges to: the next day's, else the previous day's (one of them carries a named holiday)
        const n = fromIsoDate(day.date);
        const next = firstObservance(n + 1);
        const holiday = next ?? firstObservance(n - 1);
        const where = holiday
          ? {
              sv: `${next ? "före" : "efter"} ${nameInText(holiday.name.sv)}`,
              en: `${next ? "before" : "after"} ${holiday.name.en}`,
            }
          : undefined;
        add(
          day.date,
          FEED_EXTRA_CODES.bridge,
          where ? `${EXTRA_NAMES.bridge.sv} ${where.sv}` : EXTRA_NAMES.bridge.sv,
          KINDS.bridge.sv,
          `${EXTRA_NAMES.bridge.en}${where ? " " + where.en : ""}: ${KINDS.bridge.en}`,
          [KINDS.bridge.category],
        );
      }
    }
    if (options.half) {
      for (const day of halfDaysOfYear(year)) {
        // the public holiday of the next day (a half day is the working day before one)
        const n = fromIsoDate(day.date);
        const holiday = n < LAST_DAY ? dayOf(n + 1).observances.find((o) => o.holidayType === "public") : undefined;
        add(
          day.date,
          FEED_EXTRA_CODES.half,
          holiday ? `${EXTRA_NAMES.half.sv} före ${nameInText(holiday.name.sv)}` : EXTRA_NAMES.half.sv,
          KINDS.half.sv,
          `${EXTRA_NAMES.half.en}${holiday ? ` before ${holiday.name.en}` : ""}: ${KINDS.half.en}`,
          [KINDS.half.category],
        );
      }
    }
    if (options.saturdays || options.sundays) {
      const last = dayFromCivil(year, 12, 31);
      for (let n = dayFromCivil(year, 1, 1); n <= last; n++) {
        const wd = isoWeekday(n);
        if (wd === 6 && options.saturdays)
          add(toIsoDate(n), FEED_EXTRA_CODES.saturday, EXTRA_NAMES.saturday.sv, KINDS.saturday.sv, KINDS.saturday.en, [
            KINDS.saturday.category,
          ]);
        if (wd === 7 && options.sundays)
          add(toIsoDate(n), FEED_EXTRA_CODES.sunday, EXTRA_NAMES.sunday.sv, KINDS.sunday.sv, KINDS.sunday.en, [
            KINDS.sunday.category,
          ]);
      }
    }
  }
  return [...byDate.keys()].sort((a, b) => a - b).flatMap((n) => byDate.get(n)!);
}

/**
 * DTSTAMP of every event: derived from the data, never the clock, so identical input gives identical bytes.
 * It is midnight UTC on 1 January of the window's first year.
 */
export function feedTimestamp(fromYear: number): string {
  checkArguments(SIGNATURES.feedTimestamp, [fromYear]);
  return `${String(fromYear).padStart(4, "0")}0101T000000Z`;
}

/**
 * A TEXT value (RFC 5545 s. 3.3.11): backslash, semicolon, comma and line breaks escaped, in one pass (each
 * character is escaped once: the backslash of an escape is never escaped again).
 */
function escapeText(text: string): string {
  return text.replace(/[\\;,]|\r?\n/g, (m) => (m.length === 1 && m !== "\n" ? "\\" + m : "\\n"));
}

/** SEQUENCE and LAST-MODIFIED (RFC 5545 s. 3.8.7.4, 3.8.7.3) of an event corrections touched; nothing otherwise. */
function revisionLines(revision: { sequence: number; lastModified: string } | undefined): string {
  if (!revision) return "";
  return `SEQUENCE:${revision.sequence}\r\nLAST-MODIFIED:${revision.lastModified.replaceAll("-", "")}T000000Z\r\n`;
}

/** A content line, folded, with its CRLF. */
function contentLine(line: string): string {
  return fold(line) + "\r\n";
}

/**
 * The whole feed for the years fromYear..toYear as iCalendar text (CRLF line ends).
 *
 * Every event is `DTSTART;VALUE=DATE` with neither DTEND nor DURATION: RFC 5545 s. 3.6.1 makes such an event last
 * exactly one day. An explicit end cannot be written for every date of the range: the DTEND of 9999-12-31 would be
 * 10000-01-01, which no iCalendar DATE (four-digit year) can hold. So all events take the one form, whatever the window.
 *
 * The text is written here rather than by a general iCalendar library: the events are the engine's own (their
 * dates, codes and names known valid), so a library's validation of each event, its default values and its
 * character-counting line folding were work every feed paid for nothing (most of a cold start's first feed). The
 * properties, their order and their bytes are those the feed has always had, when the `ics` package wrote it
 * (test/feed/ics-cross-check.test.ts compares the two): per event UID, SUMMARY, DTSTAMP, DTSTART, DESCRIPTION,
 * CATEGORIES, X-MICROSOFT-CDO-BUSYSTATUS, TRANSP. X-WR-CALNAME is written unescaped, as it always was: it is no
 * RFC 5545 property, and a parser that does not know it (ical.js, for one) reads its value as it stands, so an
 * escaped comma ("flaggdagar\, …") would show its backslash.
 *
 * An event a data correction touched (corrections.ts: its year and its code are the correction's) carries, after
 * DTSTAMP, `SEQUENCE` (how many corrections touched it) and `LAST-MODIFIED` (the latest one's date, midnight UTC), so
 * a subscribed calendar replaces it; every other event is written as before, byte for byte.
 */
export function buildFeed(fromYear: number, toYear: number, options: FeedOptions = {}): string {
  checkArguments(SIGNATURES.buildFeed, [fromYear, toYear, options]);
  return writeFeed(fromYear, toYear, resolveFeedOptions(options));
}

/**
 * The feed's text for options already read and resolved (the service's argument reader has checked every option and
 * the due-date codes): buildFeed without its checks, for the service, which parses a request's values once.
 */
export function writeFeed(
  fromYear: number,
  toYear: number,
  options: ResolvedFeedOptions,
  corrections: readonly DataCorrection[] = CORRECTIONS,
): string {
  const stamp = `DTSTAMP:${feedTimestamp(fromYear)}\r\n`;
  const revisionOf = revisionsOf(corrections);
  const busy = options.busy
    ? "X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r\nTRANSP:OPAQUE\r\n"
    : "X-MICROSOFT-CDO-BUSYSTATUS:FREE\r\nTRANSP:TRANSPARENT\r\n";
  let text =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\n" +
    contentLine(`PRODID:${FEED_PRODUCT_ID}`) +
    "METHOD:PUBLISH\r\n" +
    contentLine(`X-WR-CALNAME:${calendarName(options)}`) +
    `X-PUBLISHED-TTL:${FEED_REFRESH}\r\nREFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}\r\n`;
  for (const e of events(fromYear, toYear, options)) {
    text +=
      "BEGIN:VEVENT\r\n" +
      contentLine(`UID:${e.uid}`) +
      contentLine(`SUMMARY:${escapeText(e.summary)}`) +
      stamp +
      revisionLines(revisionOf(+e.date.slice(0, 4), e.code)) +
      // a DATE value: YYYYMMDD (every year of the range has four digits)
      `DTSTART;VALUE=DATE:${e.date.slice(0, 4)}${e.date.slice(5, 7)}${e.date.slice(8, 10)}\r\n` +
      contentLine(`DESCRIPTION:${escapeText(e.description)}`) +
      contentLine(`CATEGORIES:${e.categories.map(escapeText).join(",")}`) +
      busy +
      "END:VEVENT\r\n";
  }
  return text + "END:VCALENDAR\r\n";
}
