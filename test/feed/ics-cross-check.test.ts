/**
 * The feed's writer (engine/feed.ts buildFeed, which writes RFC 5545 text itself) against the `ics` package, an
 * independent iCalendar writer and the one that wrote the feed before: the engine's events (feedEvents) through
 * `ics`' createEvents, with the feed's refresh hints and 75-octet folding (withCalendarProperties), must be the
 * feed's bytes, for every option combination, every set of due-date schedules and windows from 1930 to 9999.
 * `ics` is a development dependency of the repository for this test only; the engine package does not depend on it.
 */
import { createEvents, type EventAttributes } from "ics";
import { dueDateSchedules } from "swedish-calendar";
import { FEED_PRODUCT_ID, foldLine, withCalendarProperties } from "swedish-calendar/core";
import {
  buildFeed,
  FEED_OPTION_NAMES,
  type FeedOptions,
  feedCalendarName,
  feedEvents,
  feedTimestamp,
} from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";

/** The feed as the `ics` package writes it (the engine's former writer, unchanged). */
function viaIcs(fromYear: number, toYear: number, options: FeedOptions): string {
  const stamp = feedTimestamp(fromYear);
  const events = feedEvents(fromYear, toYear, options).map((e): EventAttributes => {
    const [year, month, day] = e.date.split("-").map(Number);
    // `timestamp` (DTSTAMP) is read by ics but missing from its type declarations, and they demand `end` or
    // `duration` where its schema and writer accept neither (an all-day event of one day)
    return {
      uid: e.uid,
      title: e.summary,
      description: e.description,
      categories: e.categories,
      start: [year, month, day],
      transp: options.busy ? "OPAQUE" : "TRANSPARENT",
      busyStatus: options.busy ? "BUSY" : "FREE",
      timestamp: stamp,
    } as unknown as EventAttributes;
  });
  const { error, value } = createEvents(events, {
    productId: FEED_PRODUCT_ID,
    method: "PUBLISH",
    calName: feedCalendarName(options),
  });
  if (error || value === null) throw error ?? new Error("the ics package returned no calendar");
  return withCalendarProperties(value);
}

/** The seven boolean options of the bits of `bits`, with the due-date schedules `due`. */
function optionsOf(bits: number, due: string[] = []): FeedOptions {
  const o = { due } as unknown as FeedOptions;
  FEED_OPTION_NAMES.forEach((name, i) => {
    o[name] = (bits & (1 << i)) !== 0;
  });
  return o;
}

const ALL_BITS = Array.from({ length: 1 << FEED_OPTION_NAMES.length }, (_, bits) => bits);
const SCHEDULES = dueDateSchedules().map((s) => s.code);
/** Every subset of the due-date schedules, in catalogue order. */
const DUE_SETS = Array.from({ length: 1 << SCHEDULES.length }, (_, m) => SCHEDULES.filter((_, i) => m & (1 << i)));

function expectSame(fromYear: number, toYear: number, options: FeedOptions): void {
  const ours = buildFeed(fromYear, toYear, options);
  const theirs = viaIcs(fromYear, toYear, options);
  if (ours !== theirs) {
    const a = ours.split("\r\n");
    const b = theirs.split("\r\n");
    const at = a.findIndex((line, i) => line !== b[i]);
    expect(a[at], `${fromYear}..${toYear} ${JSON.stringify(options)}: line ${at + 1}`).toBe(b[at]);
  }
  expect(ours).toBe(theirs);
}

/**
 * `ics` validates every event and so takes tens of milliseconds a year: the combinations are spread over cheap
 * windows (every calendar name and transparency in one year; every kind of event in the years where kinds begin or
 * end; the multi-year windows at both ends of the range with everything on).
 */
describe("the feed's writer gives the bytes the ics package gives for the same events", () => {
  it("has the schedules to combine", () => {
    expect(SCHEDULES.length).toBeGreaterThanOrEqual(3);
    expect(DUE_SETS.length).toBe(1 << SCHEDULES.length);
  });

  it("every combination of the boolean options, each with a set of schedules in turn, window 2026", () => {
    for (const bits of ALL_BITS) expectSame(2026, 2026, optionsOf(bits, DUE_SETS[bits % DUE_SETS.length]));
  }, 120_000);

  // 1930: the first year (Annunciation, Whit Monday); 1983: flag days begin; 2005: National Day becomes a holiday;
  // 9999: the last year, whose last events have no following day in the range
  it.each([[1930], [1983], [2004], [2005], [9999]])(
    "everything on, nothing on, the default feed, window %i",
    (year) => {
      expectSame(year, year, optionsOf(ALL_BITS.length - 1, SCHEDULES));
      expectSame(year, year, optionsOf(0));
      expectSame(year, year, optionsOf(1));
    },
    60_000,
  );

  it.each([
    [1930, 1934],
    [2024, 2028],
    [9995, 9999],
  ])(
    "everything on and the default feed, window %i..%i",
    (from, to) => {
      expectSame(from, to, optionsOf(ALL_BITS.length - 1, SCHEDULES));
      expectSame(from, to, optionsOf(1));
    },
    60_000,
  );
});

describe("foldLine", () => {
  /** The fold as RFC 5545 s. 3.1 reads, written plainly: UTF-8 octets of each character, by TextEncoder. */
  function plainFold(line: string): string {
    const encoder = new TextEncoder();
    if (encoder.encode(line).length <= 75) return line;
    const pieces: string[] = [];
    let piece = "";
    let octets = 0;
    let limit = 75;
    for (const ch of line) {
      const size = encoder.encode(ch).length;
      if (octets + size > limit) {
        pieces.push(piece);
        piece = "";
        octets = 0;
        limit = 74;
      }
      piece += ch;
      octets += size;
    }
    pieces.push(piece);
    return pieces.join("\r\n ");
  }

  it("counts octets as UTF-8 does, lone surrogates as U+FFFD, and never splits a character", () => {
    const alphabet = ["a", "å", "€", "😀", "\ud800", "\udc00", " ", ";"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(random() * 200);
      let line = "";
      for (let i = 0; i < length; i++) line += alphabet[Math.floor(random() * alphabet.length)];
      const folded = foldLine(line);
      expect(folded, JSON.stringify(line)).toBe(plainFold(line));
      expect(folded.replace(/\r\n /g, "")).toBe(line);
    }
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    expect(foldLine("å".repeat(38))).toBe(`${"å".repeat(37)}\r\n å`);
  });
});
