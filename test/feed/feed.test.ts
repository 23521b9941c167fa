/**
 * The calendar feed (issue 5): content against the engine's lists for all 64 option combinations, stable UIDs and
 * bytes, naming, transparency, refresh hints, loose booleans, and the HTTP contract of /ical/*.
 */
import { describe, expect, it } from "vitest";
import { bridgeDaysOfYear, flagDaysOfYear, halfDaysOfYear, holidaysOfYear } from "swedish-calendar/core";
import { dueDates, type DueDateScheduleCode } from "swedish-calendar";
import { buildFeed, DEFAULT_FEED_OPTIONS, feedCalendarName, FEED_OPTION_NAMES, type FeedOptions } from "swedish-calendar/ics";
import { handleFeed } from "../../functions/lib/feed.js";
import { memoryRateLimitStore, PROBLEM_BASE } from "../../functions/lib/core.js";
import { parseCalendar } from "./helpers.js";

/** A fixed moment: 2026-03-15 noon UTC, so the window is 2024..2028. */
const NOW = new Date("2026-03-15T12:00:00Z");
const clock = () => NOW;
const WINDOW = [2024, 2025, 2026, 2027, 2028];
const BASE = "https://swedish-calendar.example";
const FEED = `${BASE}/ical/svenska-helgdagar.ics`;

const get = (url: string, init?: RequestInit) => handleFeed(new Request(url, init), { clock });

/** Every combination of the seven options, as objects. */
const ALL_OPTIONS: FeedOptions[] = Array.from({ length: 1 << FEED_OPTION_NAMES.length }, (_, bits) => {
  const o = {} as FeedOptions;
  FEED_OPTION_NAMES.forEach((name, i) => (o[name] = (bits & (1 << i)) !== 0));
  return o;
});

function query(options: FeedOptions): string {
  return FEED_OPTION_NAMES.map((n) => `${n}=${options[n]}`).join("&");
}

/** The expected `date|code` entries, from the engine's own lists (weekends from the platform's Date). */
function expectedEntries(options: FeedOptions): string[] {
  const out: string[] = [];
  for (const year of WINDOW) {
    const holidays = new Set<string>();
    for (const day of holidaysOfYear(year)) {
      for (const o of day.observances) if (o.holidayType === "public" || options.defacto) holidays.add(`${day.date}|${o.code}`);
    }
    out.push(...holidays);
    // a flag day that is a holiday of the feed is that holiday's event, not one of its own
    if (options.flags) for (const f of flagDaysOfYear(year)) if (!holidays.has(`${f.date}|${f.holiday}`)) out.push(`${f.date}|flagDay-${f.code}`);
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
        const named = cal.events.filter((e) => e.date === date && !/-(bridgeDay|halfDay|saturday|sunday)@/.test(e.uid)).map((e) => e.summary.replace(/ \(flaggdag\)$/, ""));
        expect(new Set(named).size, date).toBe(named.length);
      }
      for (const e of cal.events.filter((e) => /-(bridgeDay|halfDay)@/.test(e.uid))) expect(e.summary).toMatch(/^(Klämdag|Halvdag) (före|efter) \S/);
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
    expect(may1).toEqual(["2008-05-01-ascensionDay@swedish-calendar.example", "2008-05-01-mayDay@swedish-calendar.example"]);
  });

  it("defacto=false leaves out the five eves but keeps Saturdays when asked", () => {
    const cal = parseCalendar(buildFeed(2024, 2024, { ...DEFAULT_FEED_OPTIONS, defacto: false, saturdays: true }));
    const codes = new Set(cal.events.map((e) => e.uid.slice(11, e.uid.indexOf("@"))));
    for (const eve of ["holySaturday", "whitsunEve", "midsummerEve", "christmasEve", "newYearsEve"]) expect(codes.has(eve)).toBe(false);
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

describe("Swedish events (issue 22): descriptions, the holiday of each bridge and half day, the order on a date", () => {
  const ALL = { defacto: true, bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true };
  const row = (e: ReturnType<typeof parseCalendar>["events"][number]) => [e.uid.slice(0, e.uid.indexOf("@")), e.summary, e.description, e.categories.join(","), e.transp, e.busyStatus];

  it("describes holidays in Swedish first, then in English", () => {
    const events = parseCalendar(buildFeed(2026, 2026, DEFAULT_FEED_OPTIONS)).events;
    expect(events.find((e) => e.date === "2026-06-19")!.description).toBe("De facto-helgdag: ingen allmän helgdag, men ledig i praktiken\nMidsummer Eve (de facto holiday)");
    expect(events.find((e) => e.date === "2026-04-03")!.description).toBe("Allmän helgdag\nGood Friday (public holiday)");
    expect(events.find((e) => e.date === "2026-04-03")!.categories).toEqual(["Allmän helgdag"]);
  });

  it("names the holiday of every bridge day and half day of 2026", () => {
    const events = parseCalendar(buildFeed(2026, 2026, { ...DEFAULT_FEED_OPTIONS, bridge: true, half: true })).events;
    expect(events.filter((e) => e.uid.includes("-bridgeDay@")).map((e) => `${e.date} ${e.summary}`)).toEqual([
      "2026-01-02 Klämdag efter nyårsdagen", "2026-01-05 Klämdag före trettondedag jul", "2026-05-15 Klämdag efter Kristi himmelsfärdsdag",
    ]);
    expect(events.filter((e) => e.uid.includes("-halfDay@")).map((e) => `${e.date} ${e.summary}`)).toEqual([
      "2026-01-05 Halvdag före trettondedag jul", "2026-04-02 Halvdag före långfredagen", "2026-04-30 Halvdag före första maj",
      "2026-05-13 Halvdag före Kristi himmelsfärdsdag", "2026-06-05 Halvdag före Sveriges nationaldag", "2026-10-30 Halvdag före alla helgons dag",
    ]);
    expect(events.find((e) => e.uid === "2026-05-15-bridgeDay@swedish-calendar.example")!.description).toBe(
      "Klämdag: en arbetsdag mellan två lediga dagar\nBridge day after Ascension Day: a working day between two days off",
    );
  });

  it("pins every property and the order of the events of shared dates in the all-options feed (busy)", () => {
    const events = parseCalendar(buildFeed(2018, 2018, ALL)).events;
    const on = (date: string) => events.filter((e) => e.date === date).map(row);
    expect(on("2018-04-30")).toEqual([
      ["2018-04-30-flagDay-kingsBirthday", "Konungens födelsedag (flaggdag)", "Allmän flaggdag\nThe King's birthday (official flag day)", "Flaggdag", "OPAQUE", "BUSY"],
      ["2018-04-30-bridgeDay", "Klämdag före första maj", "Klämdag: en arbetsdag mellan två lediga dagar\nBridge day before May Day: a working day between two days off", "Klämdag", "OPAQUE", "BUSY"],
      ["2018-04-30-halfDay", "Halvdag före första maj", "Halvdag: en arbetsdag före en allmän helgdag, då många slutar tidigare\nHalf day before May Day: a working day before a public holiday, customarily worked short", "Halvdag", "OPAQUE", "BUSY"],
    ]);
    expect(on("2018-06-23")).toEqual([
      ["2018-06-23-midsummerDay", "Midsommardagen", "Allmän helgdag och allmän flaggdag\nMidsummer Day (public holiday and official flag day)", "Allmän helgdag,Flaggdag", "OPAQUE", "BUSY"],
      ["2018-06-23-saturday", "Lördag", "Lördag\nSaturday", "Lördag", "OPAQUE", "BUSY"],
    ]);
    const free = parseCalendar(buildFeed(2018, 2018, { ...ALL, busy: false })).events;
    expect(free.filter((e) => e.date === "2018-04-01").map(row)).toEqual([
      ["2018-04-01-easterSunday", "Påskdagen", "Allmän helgdag och allmän flaggdag\nEaster Sunday (public holiday and official flag day)", "Allmän helgdag,Flaggdag", "TRANSPARENT", "FREE"],
      ["2018-04-01-sunday", "Söndag", "Söndag\nSunday", "Söndag", "TRANSPARENT", "FREE"],
    ]);
  });
});

describe("flag days in the feed (flags=1)", () => {
  const FLAGS = { ...DEFAULT_FEED_OPTIONS, flags: true };

  it("adds one event per flag day that is no holiday of the feed; a holiday that is a flag day is one event saying both", () => {
    const cal = parseCalendar(buildFeed(2024, 2024, FLAGS));
    expect(cal.name).toBe("Svenska helgdagar och flaggdagar");
    const flagEvents = cal.events.filter((e) => e.uid.includes("-flagDay-"));
    const expected = flagDaysOfYear(2024).filter((f) => f.holiday === null);
    expect(flagEvents.map((e) => `${e.date} ${e.uid}`)).toEqual(
      expected.map((f) => `${f.date} ${f.date}-flagDay-${f.code}@swedish-calendar.example`),
    );
    for (const [e, f] of flagEvents.map((e, i) => [e, expected[i]] as const)) {
      expect(e.summary).toBe(`${f.name.sv} (flaggdag)`);
      expect(e.description).toBe(`Allmän flaggdag\n${f.name.en} (official flag day)`);
      expect(e.categories).toEqual(["Flaggdag"]);
      expect(e.isDate).toBe(true);
      expect(e.transp).toBe("TRANSPARENT");
    }
    // the holiday events keep their UIDs; the seven flag days that are holidays in 2024 are those events
    const plain = parseCalendar(buildFeed(2024, 2024, DEFAULT_FEED_OPTIONS)).events.map((e) => e.uid);
    expect(cal.events.filter((e) => !e.uid.includes("-flagDay-")).map((e) => e.uid)).toEqual(plain);
    const merged = cal.events.filter((e) => e.categories.includes("Flaggdag") && !e.uid.includes("-flagDay-"));
    expect(merged.map((e) => `${e.date} ${e.summary}`)).toEqual([
      "2024-01-01 Nyårsdagen", "2024-03-31 Påskdagen", "2024-05-01 Första maj", "2024-05-19 Pingstdagen",
      "2024-06-06 Sveriges nationaldag", "2024-06-22 Midsommardagen", "2024-12-25 Juldagen",
    ]);
    expect(cal.events.filter((e) => e.date === "2024-03-31")).toMatchObject([
      {
        uid: "2024-03-31-easterSunday@swedish-calendar.example",
        summary: "Påskdagen",
        description: "Allmän helgdag och allmän flaggdag\nEaster Sunday (public holiday and official flag day)",
        categories: ["Allmän helgdag", "Flaggdag"],
      },
    ]);
    expect(cal.events.find((e) => e.uid === "2024-06-09-flagDay-europeanParliamentElection@swedish-calendar.example")?.summary)
      .toBe("Dag för val till Europaparlamentet (flaggdag)");
    expect(new Set(cal.events.map((e) => e.uid)).size).toBe(cal.events.length);
  });

  it("keeps flag-day UIDs when the window moves, and has none before 1983", () => {
    const earlier = parseCalendar(buildFeed(2022, 2026, FLAGS)).events.filter((e) => e.uid.includes("-flagDay-"));
    const later = new Set(parseCalendar(buildFeed(2023, 2027, FLAGS)).events.map((e) => e.uid));
    for (const e of earlier.filter((e) => e.date >= "2023")) expect(later.has(e.uid)).toBe(true);
    expect(earlier.some((e) => e.uid === "2022-09-11-flagDay-riksdagElection@swedish-calendar.example")).toBe(true);
    expect(parseCalendar(buildFeed(1980, 1982, FLAGS)).events.filter((e) => e.categories.includes("Flaggdag"))).toEqual([]);
    // 1983: 16 flag days, 6 of them holidays (National Day was no holiday before 2005: its flag day stays an event of its own)
    const y1983 = parseCalendar(buildFeed(1983, 1983, FLAGS)).events;
    expect(y1983.filter((e) => e.categories.includes("Flaggdag"))).toHaveLength(16);
    expect(y1983.filter((e) => e.uid.includes("-flagDay-"))).toHaveLength(10);
    expect(y1983.find((e) => e.date === "1983-06-06")?.uid).toBe("1983-06-06-flagDay-nationalDay@swedish-calendar.example");
  });

  it.each(["1", "true", "on", "YES", ""])("flags=%j over HTTP names the calendar and adds the flag days", async (value) => {
    const cal = parseCalendar(await (await get(`${FEED}?flags=${value}`)).text());
    expect(cal.name).toBe("Svenska helgdagar och flaggdagar");
    const codes = cal.events.filter((e) => e.uid.includes("-flagDay-")).map((e) => `${e.date}|${e.uid.slice(11, e.uid.indexOf("@"))}`);
    expect(codes).toEqual(WINDOW.flatMap((y) => flagDaysOfYear(y).filter((f) => f.holiday === null).map((f) => `${f.date}|flagDay-${f.code}`)));
  });

  it("flags=maybe is a 400 invalid-parameter problem naming flags", async () => {
    const res = await get(`${FEED}?flags=maybe`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
    expect(body.detail).toContain("flags");
  });
});

describe("due dates in the feed (due=<codes>)", () => {
  const DUE = { ...DEFAULT_FEED_OPTIONS, due: ["salary-25", "child-benefit", "tax-account"] };
  const dueEvents = (cal: ReturnType<typeof parseCalendar>) => cal.events.filter((e) => e.uid.includes("-due-"));

  it("adds each schedule's due dates as all-day events with the schedule's Swedish name and a stable UID", () => {
    const cal = parseCalendar(buildFeed(2026, 2026, DUE));
    expect(cal.name).toBe("Svenska helgdagar och betalningsdagar");
    const events = dueEvents(cal);
    expect(events).toHaveLength(36);
    const of = (code: string) => events.filter((e) => e.uid.includes(`-due-${code}@`));
    expect(of("salary-25").map((e) => e.date)).toEqual(dueDates(2026, "salary-25").dates.map((x) => x.due.date));
    expect(of("child-benefit").map((e) => e.date)).toEqual(dueDates(2026, "child-benefit").dates.map((x) => x.due.date));
    expect(of("tax-account").map((e) => e.date)).toEqual(dueDates(2026, "tax-account").dates.map((x) => x.due.date));
    expect(new Set(of("salary-25").map((e) => e.summary))).toEqual(new Set(["Lön"]));
    expect(new Set(of("child-benefit").map((e) => e.summary))).toEqual(new Set(["Barnbidrag"]));
    expect(new Set(of("tax-account").map((e) => e.summary))).toEqual(new Set(["Skattekontot: förfallodag"]));
    // Midsummer 2026: the child benefit of Saturday 20 June is paid on Thursday 18 June
    const june = of("child-benefit").find((e) => e.date === "2026-06-18")!;
    expect(june.uid).toBe("2026-06-18-due-child-benefit@swedish-calendar.example");
    expect(june.description).toBe("Betalningsdag, flyttad från 2026-06-20\nChild benefit (moved from 2026-06-20)");
    expect(of("salary-25").find((e) => e.date === "2026-02-25")!.description).toBe("Betalningsdag\nSalary (due date)");
    expect(june.categories).toEqual(["Betalningsdag"]);
    for (const e of events) expect([e.isDate, e.explicitEnd, e.transp]).toEqual([true, false, "TRANSPARENT"]);
    // the holiday events are all still there, and every UID is unique
    const plain = parseCalendar(buildFeed(2026, 2026, DEFAULT_FEED_OPTIONS)).events.map((e) => e.uid);
    expect(cal.events.filter((e) => !e.uid.includes("-due-")).map((e) => e.uid)).toEqual(plain);
    expect(new Set(cal.events.map((e) => e.uid)).size).toBe(cal.events.length);
  });

  it("keeps UIDs when the window moves; a schedule has events only from its since", () => {
    const earlier = dueEvents(parseCalendar(buildFeed(2024, 2028, DUE)));
    const later = new Set(dueEvents(parseCalendar(buildFeed(2025, 2029, DUE))).map((e) => e.uid));
    for (const e of earlier.filter((e) => e.date >= "2025")) expect(later.has(e.uid)).toBe(true);
    const early = dueEvents(parseCalendar(buildFeed(2011, 2012, DUE)));
    expect(early.filter((e) => e.uid.includes("-due-salary-25@"))).toHaveLength(24);
    expect(early.filter((e) => e.uid.includes("-due-tax-account@")).map((e) => e.date.slice(0, 4))).toEqual(Array(12).fill("2012"));
    expect(early.filter((e) => e.uid.includes("-due-child-benefit@"))).toEqual([]);
  });

  it("with flags too, the name lists both", () => {
    expect(feedCalendarName({ ...DUE, flags: true })).toBe("Svenska helgdagar, flaggdagar och betalningsdagar");
    expect(feedCalendarName({ ...DUE, due: [] })).toBe("Svenska helgdagar");
  });

  it.each([
    ["due=salary-25", ["salary-25"]],
    ["due=tax-account,salary-25", ["salary-25", "tax-account"]],
    ["due=child-benefit,child-benefit&bridge=1", ["child-benefit"]],
  ])("%s over HTTP adds those schedules in the window, in catalogue order", async (q, codes) => {
    const res = await get(`${FEED}?${q}`);
    expect(res.status).toBe(200);
    const cal = parseCalendar(await res.text());
    const found = dueEvents(cal).map((e) => `${e.date}|${e.uid.slice(11, e.uid.indexOf("@"))}`);
    const expected = WINDOW.flatMap((y) => codes.flatMap((c) => dueDates(y, c as DueDateScheduleCode).dates.map((x) => `${x.due.date}|due-${c}`)));
    expect(found.slice().sort()).toEqual(expected.sort());
    expect(cal.name).toContain("betalningsdagar");
  });

  it.each(["", "nope", "salary-25,nope", "salary-25,", "SALARY-25", "true"])("due=%j is a 400 invalid-parameter problem naming due", async (value) => {
    const res = await get(`${FEED}?due=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body.type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
    expect(body.detail).toContain("'due'");
  });

  it("due given twice is a 400, as every known parameter", async () => {
    expect((await get(`${FEED}?due=salary-25&due=tax-account`)).status).toBe(400);
  });
});

describe("the last year of the range", () => {
  it("the feed for 9999 is valid iCalendar: Christmas and New Year's Eve are one-day events ending within 9999", () => {
    const text = buildFeed(9999, 9999, DEFAULT_FEED_OPTIONS);
    const cal = parseCalendar(text);
    const byDate = new Map(cal.events.map((e) => [e.date, e]));
    for (const [date, code] of [["9999-12-24", "christmasEve"], ["9999-12-25", "christmasDay"], ["9999-12-26", "boxingDay"], ["9999-12-31", "newYearsEve"]]) {
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
    expect(cal.events.map((e) => e.date)).toEqual(holidaysOfYear(9999, {}).flatMap((d) => d.observances.map(() => d.date)));
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

describe("feed options over HTTP", () => {
  const nameOf = async (url: string) => parseCalendar(await (await get(url)).text()).name;

  it("both addresses serve the same calendar", async () => {
    const a = await get(FEED);
    const b = await get(`${BASE}/ical/holidays`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.text()).toBe(await b.text());
  });

  it.each(["true", "TRUE", "1", "on", "On", "yes", "YES", ""])("bridge=%s is true", async (value) => {
    expect(await nameOf(`${FEED}?bridge=${value}`)).toBe("Svenska helgdagar med klämdagar");
  });

  it("a bare parameter is true", async () => {
    expect(await nameOf(`${FEED}?half`)).toBe("Svenska helgdagar med halvdagar");
  });

  it.each(["false", "FALSE", "0", "off", "no", "No"])("defacto=%s is false", async (value) => {
    expect(await nameOf(`${FEED}?defacto=${value}`)).toBe("Svenska allmänna helgdagar");
  });

  it.each(["maybe", "2", "tru", "y", "null", " true"])("busy=%j is a 400 invalid-parameter problem", async (value) => {
    const res = await get(`${FEED}?busy=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = await res.json();
    expect(body.type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
    expect(body.status).toBe(400);
    expect(body.detail).toContain("busy");
  });

  it("a known parameter given twice is 400, even with equal values", async () => {
    const res = await get(`${FEED}?sundays=true&sundays=true`);
    expect(res.status).toBe(400);
    expect((await res.json()).type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
  });

  it("ignores unknown parameters (also repeated or odd-valued ones)", async () => {
    const plain = await (await get(FEED)).text();
    const res = await get(`${FEED}?utm_source=x&utm_source=y&year=1999&lang=en`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(plain);
  });

  it("the window follows the injected clock's year in Sweden (New Year's Eve 23:30 UTC is already next year)", async () => {
    const at = (iso: string) => handleFeed(new Request(FEED), { clock: () => new Date(iso) });
    const before = parseCalendar(await (await at("2026-12-31T22:30:00Z")).text()).events.map((e) => e.date);
    const after = parseCalendar(await (await at("2026-12-31T23:30:00Z")).text()).events.map((e) => e.date);
    expect(before[0].slice(0, 4)).toBe("2024");
    expect(before[before.length - 1].slice(0, 4)).toBe("2028");
    expect(after[0].slice(0, 4)).toBe("2025");
    expect(after[after.length - 1].slice(0, 4)).toBe("2029");
  });
});

describe("feed HTTP headers", () => {
  it("200: Content-Type, Cache-Control (six hours), ETag, CORS, RateLimit-*", async () => {
    const res = await get(FEED);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=21600");
    expect(res.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("ETag");
    expect(res.headers.get("RateLimit-Limit")).toBe("30");
    expect(res.headers.get("RateLimit-Policy")).toBe("30;w=10");
    expect(res.headers.get("RateLimit-Remaining")).toBeNull();
  });

  it("with query parameters the policy is 10 per 10 s", async () => {
    const res = await get(`${FEED}?bridge=true`);
    expect(res.headers.get("RateLimit-Limit")).toBe("10");
    expect(res.headers.get("RateLimit-Policy")).toBe("10;w=10");
    const unknownOnly = await get(`${FEED}?utm=1`);
    expect(unknownOnly.headers.get("RateLimit-Policy")).toBe("10;w=10");
    const bad = await get(`${FEED}?bridge=perhaps`);
    expect(bad.headers.get("RateLimit-Policy")).toBe("10;w=10");
  });

  it("the ETag is the same for both addresses and across requests; If-None-Match gives 304 without a body", async () => {
    const etag = (await get(FEED)).headers.get("ETag")!;
    expect((await get(`${BASE}/ical/holidays`)).headers.get("ETag")).toBe(etag);
    const res = await get(FEED, { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe(etag);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=21600");
    const weak = await get(FEED, { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await get(`${FEED}?busy`, { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);
  });

  it("HEAD answers like GET without a body", async () => {
    const res = await get(FEED, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("ETag")).toBe((await get(FEED)).headers.get("ETag"));
    expect(await res.text()).toBe("");
  });

  it("OPTIONS is a CORS preflight; POST is 405 with Allow", async () => {
    const pre = await get(FEED, { method: "OPTIONS", headers: { "Access-Control-Request-Headers": "If-None-Match" } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const post = await get(FEED, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toContain("GET");
    expect(post.headers.get("RateLimit-Limit")).toBe("30");
  });
});

describe("feed rate limits (memory store, injected clock)", () => {
  it("30 per 10 s without a query, 10 per 10 s with one, counted separately; 429 rate-limited with Retry-After", async () => {
    let now = NOW.getTime();
    const ctx = { clock: () => new Date(now), store: memoryRateLimitStore(), rateLimitsEnabled: true, clientAddress: "192.0.2.1" };
    const call = (url: string) => handleFeed(new Request(url), ctx);

    for (let i = 0; i < 10; i++) expect((await call(`${FEED}?half=1`)).status).toBe(200);
    const limited = await call(`${FEED}?half=1`);
    expect(limited.status).toBe(429);
    expect((await limited.json()).type).toBe(`${PROBLEM_BASE}/rate-limited`);
    expect(limited.headers.get("Retry-After")).toBe("10");
    expect(limited.headers.get("RateLimit-Policy")).toBe("10;w=10");
    expect(limited.headers.get("Cache-Control")).toBe("no-store");
    expect(limited.headers.get("Access-Control-Allow-Origin")).toBe("*");

    // the plain feed still has its own 30
    for (let i = 0; i < 30; i++) expect((await call(FEED)).status).toBe(200);
    const plainLimited = await call(FEED);
    expect(plainLimited.status).toBe(429);
    expect(plainLimited.headers.get("RateLimit-Policy")).toBe("30;w=10");

    // another address is not affected
    expect((await handleFeed(new Request(FEED), { ...ctx, clientAddress: "192.0.2.2" })).status).toBe(200);

    now += 10_000;
    expect((await call(`${FEED}?half=1`)).status).toBe(200);
    expect((await call(FEED)).status).toBe(200);
  });

  it("fails open when the store breaks", async () => {
    const broken = { hit: async () => { throw new Error("store down"); } };
    const res = await handleFeed(new Request(FEED), { clock, store: broken, rateLimitsEnabled: true });
    expect(res.status).toBe(200);
  });
});
