/**
 * Data corrections carried to the feed: an event a correction touched (its year and code are the record's) carries
 * SEQUENCE (how many corrections touched it) and LAST-MODIFIED (the latest one's date), every other event is written
 * exactly as before. The real record (the Easter correction) is checked through ical.js; a fake record checks that a
 * correction changes exactly the events it names and nothing else, byte for byte.
 */

import {
  CORRECTIONS,
  type DataCorrection,
  DEFAULT_FEED_OPTIONS,
  easterSunday,
  OBSERVANCE_RULES,
  observanceDate,
  type ResolvedFeedOptions,
  writeFeed,
} from "swedish-calendar/core";
import { buildFeed } from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import { parseCalendar } from "./helpers.js";

const EASTER = CORRECTIONS[0];

/** The VEVENT blocks of a feed's text by UID, each as written. */
function blocksByUid(text: string): Map<string, string> {
  const blocks = text.split("BEGIN:VEVENT\r\n").slice(1);
  return new Map(blocks.map((b) => [/^UID:(.*)\r\n/.exec(b)![1], b]));
}

describe("the record of corrections", () => {
  it("starts with the contract's Easter correction of 1954, 1981, 2049 and 2076", () => {
    expect(EASTER.years).toEqual([1954, 1981, 2049, 2076]);
    expect(EASTER.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // the corrected Easter Sundays (docs/decisions.md#easter)
    expect(EASTER.years.map((y) => new Date(easterSunday(y) * 86_400_000).toISOString().slice(0, 10))).toEqual([
      "1954-04-18",
      "1981-04-19",
      "2049-04-18",
      "2076-04-19",
    ]);
  });

  it("names exactly the observances whose date is Easter Sunday plus a fixed number of days", () => {
    const years = Array.from({ length: 200 }, (_, i) => 1930 + i);
    const easterBased = OBSERVANCE_RULES.filter((rule) => {
      const offsets = new Set(
        years
          .map((y) => observanceDate(rule, y))
          .flatMap((d, i) => (d === undefined || d === null ? [] : [d - easterSunday(years[i])])),
      );
      return offsets.size === 1;
    }).map((rule) => rule.code);
    expect([...EASTER.codes].sort()).toEqual(easterBased.sort());
  });

  it("is dated, append-only in date order, and every code is an observance", () => {
    const codes = new Set(OBSERVANCE_RULES.map((r) => r.code));
    for (const c of CORRECTIONS) for (const code of c.codes) expect(codes.has(code)).toBe(true);
    expect(CORRECTIONS.map((c) => c.date)).toEqual([...CORRECTIONS.map((c) => c.date)].sort());
  });
});

describe("the real feed, read by ical.js", () => {
  it.each(EASTER.years.map((y) => [y]))(
    "%i: the Easter-based events carry SEQUENCE:1 and LAST-MODIFIED, the others neither",
    (year) => {
      const events = parseCalendar(buildFeed(year, year, { bridge: true, half: true, flags: true })).events;
      const touched = events.filter((e) => EASTER.codes.includes(e.uid.slice(11, e.uid.indexOf("@"))));
      // Whit Monday is a holiday until 2004: eight Easter-based holidays in 1954 and 1981, seven in 2049 and 2076
      expect(touched.length).toBe(year <= 2004 ? 8 : 7);
      for (const e of touched) {
        expect(e.sequence, e.uid).toBe(1);
        expect(e.lastModified, e.uid).toBe(`${EASTER.date}T00:00:00Z`);
      }
      for (const e of events.filter((x) => !touched.includes(x))) {
        expect(e.sequence, e.uid).toBeNull();
        expect(e.lastModified, e.uid).toBeNull();
      }
    },
  );

  it("2024: no event carries SEQUENCE or LAST-MODIFIED", () => {
    const text = buildFeed(2024, 2024, { bridge: true, half: true, flags: true });
    const events = parseCalendar(text).events;
    expect(events.filter((e) => e.uid.includes("-easterSunday@")).length).toBe(1);
    expect(events.every((e) => e.sequence === null && e.lastModified === null)).toBe(true);
    expect(text).not.toMatch(/SEQUENCE|LAST-MODIFIED/);
  });
});

describe("a correction applied: exactly the events it names change", () => {
  const all: ResolvedFeedOptions = {
    ...DEFAULT_FEED_OPTIONS,
    bridge: true,
    half: true,
    saturdays: true,
    sundays: true,
    flags: true,
    due: ["salary-25"],
  };
  const fake: DataCorrection = {
    date: "2030-05-02",
    what: "a test correction",
    years: [2027],
    codes: ["ascensionDay", "midsummerEve"],
    source: "test",
  };

  it("SEQUENCE:1 and LAST-MODIFIED on the named events of the named year; every other event byte-identical", () => {
    const before = blocksByUid(writeFeed(2026, 2028, all, []));
    const after = blocksByUid(writeFeed(2026, 2028, all, [fake]));
    expect([...after.keys()]).toEqual([...before.keys()]);
    const changed = [...after].filter(([uid, block]) => before.get(uid) !== block).map(([uid]) => uid);
    expect(changed).toEqual([
      "2027-05-06-ascensionDay@swedish-calendar.example",
      "2027-06-25-midsummerEve@swedish-calendar.example",
    ]);
    for (const uid of changed) {
      const block = after.get(uid)!;
      expect(block).toContain("\r\nSEQUENCE:1\r\nLAST-MODIFIED:20300502T000000Z\r\n");
      // the block without its two new lines is the block as it was
      expect(block.replace("SEQUENCE:1\r\nLAST-MODIFIED:20300502T000000Z\r\n", "")).toBe(before.get(uid));
    }
  });

  it("a second correction of the same event makes SEQUENCE:2 with the later date", () => {
    const later: DataCorrection = { ...fake, date: "2031-01-15", codes: ["ascensionDay"] };
    const events = parseCalendar(writeFeed(2027, 2027, all, [fake, later])).events;
    const ascension = events.find((e) => e.uid.startsWith("2027-05-06-ascensionDay@"))!;
    expect([ascension.sequence, ascension.lastModified]).toEqual([2, "2031-01-15T00:00:00Z"]);
    const midsummer = events.find((e) => e.uid.startsWith("2027-06-25-midsummerEve@"))!;
    expect([midsummer.sequence, midsummer.lastModified]).toEqual([1, "2030-05-02T00:00:00Z"]);
  });

  it("the feed with the real record is the feed with none but for the corrected years' events", () => {
    const withRecord = writeFeed(1980, 1982, all);
    const without = writeFeed(1980, 1982, all, []);
    expect(withRecord.replace(/SEQUENCE:1\r\nLAST-MODIFIED:\d{8}T000000Z\r\n/g, "")).toBe(without);
    expect(withRecord.match(/SEQUENCE:1\r\n/g)?.length).toBe(8);
  });
});
