/**
 * The calendar feed's content: every option combination against the engine's lists, stable UIDs and bytes, line
 * form, Swedish descriptions, the range's last year, and naming. Flag days and due dates: feed-extras.test.ts;
 * HTTP: feed-http.test.ts.
 */

import { bridgeDaysOfYear, flagDaysOfYear, halfDaysOfYear, holidaysOfYear } from "swedish-calendar/core";
import { buildFeed, DEFAULT_FEED_OPTIONS, type FeedOptions, feedCalendarName } from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import { ALL_OPTIONS, FEED, get, query, WINDOW } from "./feed-setup.js";
import { parseCalendar } from "./helpers.js";

/** The expected `date|code` entries, from the engine's own lists (weekends from the platform's Date). */
function expectedEntries(options: FeedOptions): string[] {
  const out: string[] = [];
  for (const year of WINDOW) {
    const holidays = new Set<string>();
    for (const day of holidaysOfYear(year)) {
      for (const o of day.observances)
        if (o.holidayType === "public" || options.defacto) holidays.add(`${day.date}|${o.code}`);
    }
    out.push(...holidays);
    // a flag day that is a holiday of the feed is that holiday's event, not one of its own
    if (options.flags)
      for (const f of flagDaysOfYear(year))
        if (!holidays.has(`${f.date}|${f.holiday}`)) out.push(`${f.date}|flagDay-${f.code}`);
    if (options.bridge) for (const d of bridgeDaysOfYear(year)) out.push(`${d.date}|bridgeDay`);
    if (options.half) for (const d of halfDaysOfYear(year)) out.push(`${d.date}|halfDay`);
    for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += 86400000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const wd = new Date(t).getUTCDay();
      if (wd === 6 && options.saturdays) out.push(`${date}|saturday`);
      if (wd === 0 && options.sundays) out.push(`${date}|sunday`);
    }
  }
  return out.sort();
}

describe("feed content for every option combination (window 2024..2028 from the injected clock)", () => {
  const names = new Set<string>();
  for (const options of ALL_OPTIONS) {
    it(query(options), async () => {
      const res = await get(`${FEED}?${query(options)}`);
      expect(res.status).toBe(200);
      const cal = parseCalendar(await res.text());
      const entries = cal.events.map((e) => `${e.date}|${e.uid.slice(11, e.uid.indexOf("@"))}`);
      expect(entries.slice().sort()).toEqual(expectedEntries(options));
      // the UID carries the date, and events appear in date order
      for (const e of cal.events) {
        expect(e.uid).toBe(`${e.date}-${e.uid.slice(11, e.uid.indexOf("@"))}@swedish-calendar.example`);
        expect(e.isDate).toBe(true);
        const next = new Date(Date.parse(e.date) + 86400000).toISOString().slice(0, 10);
        expect(e.end).toBe(next);
        expect(e.transp).toBe(options.busy ? "OPAQUE" : "TRANSPARENT");
        expect(e.busyStatus).toBe(options.busy ? "BUSY" : "FREE");
        expect(e.categories.length).toBeGreaterThan(0);
      }
      const dates = cal.events.map((e) => e.date);
      expect(dates).toEqual(dates.slice().sort());
      // no date holds two events for one holiday, and every bridge and half day names its holiday
      for (const date of new Set(dates)) {
        const named = cal.events
          .filter((e) => e.date === date && !/-(bridgeDay|halfDay|saturday|sunday)@/.test(e.uid))
          .map((e) => e.summary.replace(/ \(flaggdag\)$/, ""));
        expect(new Set(named).size, date).toBe(named.length);
      }
      for (const e of cal.events.filter((e) => /-(bridgeDay|halfDay)@/.test(e.uid)))
        expect(e.summary).toMatch(/^(Klämdag|Halvdag) (före|efter) \S/);
      expect(new Set(cal.events.map((e) => e.uid)).size).toBe(cal.events.length);
      expect(cal.name).toBe(feedCalendarName(options));
      expect(cal.publishedTtl).toBe("PT6H");
      expect(cal.refreshInterval).toBe("PT6H");
      names.add(cal.name);
    });
  }
  it("gives each of the 128 combinations its own calendar name", () => {
    expect(names.size).toBe(128);
  });
});

describe("feed events", () => {
  it("default feed: public and de facto holidays only, Swedish summary, English name in the description", () => {
    const cal = parseCalendar(buildFeed(2024, 2024, DEFAULT_FEED_OPTIONS));
    const observances = holidaysOfYear(2024).flatMap((d) => d.observances);
    expect(cal.events).toHaveLength(observances.length);
    const midsummerEve = cal.events.find((e) => e.uid === "2024-06-21-midsummerEve@swedish-calendar.example")!;
    expect(midsummerEve.summary).toBe("Midsommarafton");
    expect(midsummerEve.description).toContain("Midsummer Eve");
    const goodFriday = cal.events.find((e) => e.date === "2024-03-29")!;
    expect(goodFriday.summary).toBe("Långfredagen");
    expect(goodFriday.description).toContain("Good Friday");
  });

  it("two observances on one date give two events with distinct UIDs (2008-05-01)", () => {
    const cal = parseCalendar(buildFeed(2008, 2008, DEFAULT_FEED_OPTIONS));
    const may1 = cal.events.filter((e) => e.date === "2008-05-01").map((e) => e.uid);
    expect(may1).toEqual([
      "2008-05-01-ascensionDay@swedish-calendar.example",
      "2008-05-01-mayDay@swedish-calendar.example",
    ]);
  });

  it("defacto=false leaves out the five eves but keeps Saturdays when asked", () => {
    const cal = parseCalendar(buildFeed(2024, 2024, { ...DEFAULT_FEED_OPTIONS, defacto: false, saturdays: true }));
    const codes = new Set(cal.events.map((e) => e.uid.slice(11, e.uid.indexOf("@"))));
    for (const eve of ["holySaturday", "whitsunEve", "midsummerEve", "christmasEve", "newYearsEve"])
      expect(codes.has(eve)).toBe(false);
    expect(cal.events.filter((e) => e.uid.includes("-saturday@"))).toHaveLength(52);
  });

  it("is byte-identical across two builds (stable UIDs, fixed DTSTAMP derived from the window)", () => {
    const all = { defacto: true, bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: false };
    const a = buildFeed(2024, 2028, all);
    const b = buildFeed(2024, 2028, all);
    expect(a).toBe(b);
    const cal = parseCalendar(a);
    expect(new Set(cal.events.map((e) => e.dtstamp))).toEqual(new Set(["2024-01-01T00:00:00Z"]));
  });

  it("keeps an event's UID when the window moves (no duplicates for subscribers after a rebuild)", () => {
    const earlier = parseCalendar(buildFeed(2024, 2028, DEFAULT_FEED_OPTIONS)).events;
    const later = new Map(parseCalendar(buildFeed(2025, 2029, DEFAULT_FEED_OPTIONS)).events.map((e) => [e.uid, e]));
    const shared = earlier.filter((e) => e.date >= "2025");
    expect(shared.length).toBeGreaterThan(50);
    for (const e of shared) expect(later.get(e.uid)?.date).toBe(e.date);
  });

  it("uses CRLF line ends and declares all-day events with VALUE=DATE", () => {
    const text = buildFeed(2024, 2024, DEFAULT_FEED_OPTIONS);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text).toContain("DTSTART;VALUE=DATE:20240101\r\n");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("folds every line at 75 octets, never inside a character (the longest calendar name has two-octet letters)", () => {
    const all = { defacto: false, bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true };
    const text = buildFeed(2024, 2024, all);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toMatch(/^X-WR-CALNAME:.*\r\n .*\r\n/m);
    expect(parseCalendar(text).name).toBe(feedCalendarName(all));
  });
});

describe("Swedish events: descriptions, the holiday of each bridge and half day, the order on a date", () => {
  const ALL = { defacto: true, bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true };
  const row = (e: ReturnType<typeof parseCalendar>["events"][number]) => [
    e.uid.slice(0, e.uid.indexOf("@")),
    e.summary,
    e.description,
    e.categories.join(","),
    e.transp,
    e.busyStatus,
  ];

  it("describes holidays in Swedish first, then in English", () => {
    const events = parseCalendar(buildFeed(2026, 2026, DEFAULT_FEED_OPTIONS)).events;
    expect(events.find((e) => e.date === "2026-06-19")!.description).toBe(
      "De facto-helgdag: ingen allmän helgdag, men ledig i praktiken\nMidsummer Eve (de facto holiday)",
    );
    expect(events.find((e) => e.date === "2026-04-03")!.description).toBe(
      "Allmän helgdag\nGood Friday (public holiday)",
    );
    expect(events.find((e) => e.date === "2026-04-03")!.categories).toEqual(["Allmän helgdag"]);
  });

  it("names the holiday of every bridge day and half day of 2026", () => {
    const events = parseCalendar(buildFeed(2026, 2026, { ...DEFAULT_FEED_OPTIONS, bridge: true, half: true })).events;
    expect(events.filter((e) => e.uid.includes("-bridgeDay@")).map((e) => `${e.date} ${e.summary}`)).toEqual([
      "2026-01-02 Klämdag efter nyårsdagen",
      "2026-01-05 Klämdag före trettondedag jul",
      "2026-05-15 Klämdag efter Kristi himmelsfärdsdag",
    ]);
    expect(events.filter((e) => e.uid.includes("-halfDay@")).map((e) => `${e.date} ${e.summary}`)).toEqual([
      "2026-01-05 Halvdag före trettondedag jul",
      "2026-04-02 Halvdag före långfredagen",
      "2026-04-30 Halvdag före första maj",
      "2026-05-13 Halvdag före Kristi himmelsfärdsdag",
      "2026-06-05 Halvdag före Sveriges nationaldag",
      "2026-10-30 Halvdag före alla helgons dag",
    ]);
    expect(events.find((e) => e.uid === "2026-05-15-bridgeDay@swedish-calendar.example")!.description).toBe(
      "Klämdag: en arbetsdag mellan två lediga dagar\nBridge day after Ascension Day: a working day between two days off",
    );
  });

  it("pins every property and the order of the events of shared dates in the all-options feed (busy)", () => {
    const events = parseCalendar(buildFeed(2018, 2018, ALL)).events;
    const on = (date: string) => events.filter((e) => e.date === date).map(row);
    expect(on("2018-04-30")).toEqual([
      [
        "2018-04-30-flagDay-kingsBirthday",
        "Konungens födelsedag (flaggdag)",
        "Allmän flaggdag\nThe King's birthday (official flag day)",
        "Flaggdag",
        "OPAQUE",
        "BUSY",
      ],
      [
        "2018-04-30-bridgeDay",
        "Klämdag före första maj",
        "Klämdag: en arbetsdag mellan två lediga dagar\nBridge day before May Day: a working day between two days off",
        "Klämdag",
        "OPAQUE",
        "BUSY",
      ],
      [
        "2018-04-30-halfDay",
        "Halvdag före första maj",
        "Halvdag: en arbetsdag före en allmän helgdag, då många slutar tidigare\nHalf day before May Day: a working day before a public holiday, customarily worked short",
        "Halvdag",
        "OPAQUE",
        "BUSY",
      ],
    ]);
    expect(on("2018-06-23")).toEqual([
      [
        "2018-06-23-midsummerDay",
        "Midsommardagen",
        "Allmän helgdag och allmän flaggdag\nMidsummer Day (public holiday and official flag day)",
        "Allmän helgdag,Flaggdag",
        "OPAQUE",
        "BUSY",
      ],
      ["2018-06-23-saturday", "Lördag", "Lördag\nSaturday", "Lördag", "OPAQUE", "BUSY"],
    ]);
    const free = parseCalendar(buildFeed(2018, 2018, { ...ALL, busy: false })).events;
    expect(free.filter((e) => e.date === "2018-04-01").map(row)).toEqual([
      [
        "2018-04-01-easterSunday",
        "Påskdagen",
        "Allmän helgdag och allmän flaggdag\nEaster Sunday (public holiday and official flag day)",
        "Allmän helgdag,Flaggdag",
        "TRANSPARENT",
        "FREE",
      ],
      ["2018-04-01-sunday", "Söndag", "Söndag\nSunday", "Söndag", "TRANSPARENT", "FREE"],
    ]);
  });
});

describe("the last year of the range", () => {
  it("the feed for 9999 is valid iCalendar: Christmas and New Year's Eve are one-day events ending within 9999", () => {
    const text = buildFeed(9999, 9999, DEFAULT_FEED_OPTIONS);
    const cal = parseCalendar(text);
    const byDate = new Map(cal.events.map((e) => [e.date, e]));
    for (const [date, code] of [
      ["9999-12-24", "christmasEve"],
      ["9999-12-25", "christmasDay"],
      ["9999-12-26", "boxingDay"],
      ["9999-12-31", "newYearsEve"],
    ]) {
      const e = byDate.get(date);
      expect(e, date).toBeDefined();
      expect(e!.uid).toBe(`${date}-${code}@swedish-calendar.example`);
      expect(e!.isDate).toBe(true);
    }
    // no event writes an end (DTEND 10000-01-01 would not be a DATE); each lasts one day as RFC 5545 says
    expect(text).not.toMatch(/^(DTEND|DURATION)/m);
    for (const e of cal.events) expect(e.explicitEnd).toBe(false);
    expect(byDate.get("9999-12-25")!.end).toBe("9999-12-26");
    expect(byDate.get("9999-12-31")!.end).toBe("10000-01-01");
    expect(cal.events.map((e) => e.date)).toEqual(
      holidaysOfYear(9999, {}).flatMap((d) => d.observances.map(() => d.date)),
    );
    expect(buildFeed(9999, 9999, DEFAULT_FEED_OPTIONS)).toBe(text); // deterministic
  });

  it("every option combination builds for a window ending in 9999", () => {
    for (const options of ALL_OPTIONS) expect(() => parseCalendar(buildFeed(9998, 9999, options))).not.toThrow();
  });
});

describe("calendar name rule", () => {
  it.each([
    [{}, "Svenska helgdagar"],
    [{ bridge: true, half: true }, "Svenska helgdagar med klämdagar och halvdagar"],
    [{ bridge: true }, "Svenska helgdagar med klämdagar"],
    [{ defacto: false }, "Svenska allmänna helgdagar"],
    [{ saturdays: true, sundays: true, half: true }, "Svenska helgdagar med halvdagar, lördagar och söndagar"],
    [{ busy: true }, "Svenska helgdagar (upptagen tid)"],
    [
      { defacto: false, bridge: true, half: true, saturdays: true, sundays: true, busy: true },
      "Svenska allmänna helgdagar med klämdagar, halvdagar, lördagar och söndagar (upptagen tid)",
    ],
    [{ flags: true }, "Svenska helgdagar och flaggdagar"],
    [{ flags: true, bridge: true }, "Svenska helgdagar och flaggdagar med klämdagar"],
    [
      { defacto: false, bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true },
      "Svenska allmänna helgdagar och flaggdagar med klämdagar, halvdagar, lördagar och söndagar (upptagen tid)",
    ],
  ] as [Partial<FeedOptions>, string][])("%j -> %s", (partial, name) => {
    expect(feedCalendarName({ ...DEFAULT_FEED_OPTIONS, ...partial })).toBe(name);
  });
});
