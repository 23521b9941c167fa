/** Flag days (flags=1) and due dates (due=<codes>) in the calendar feed. */

import { type DueDateScheduleCode, dueDates } from "swedish-calendar";
import { flagDaysOfYear } from "swedish-calendar/core";
import { buildFeed, DEFAULT_FEED_OPTIONS, feedCalendarName } from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import { PROBLEM_BASE } from "../../http/core.js";
import { FEED, get, WINDOW } from "./feed-setup.js";
import { parseCalendar } from "./helpers.js";

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
      "2024-01-01 Nyårsdagen",
      "2024-03-31 Påskdagen",
      "2024-05-01 Första maj",
      "2024-05-19 Pingstdagen",
      "2024-06-06 Sveriges nationaldag",
      "2024-06-22 Midsommardagen",
      "2024-12-25 Juldagen",
    ]);
    expect(cal.events.filter((e) => e.date === "2024-03-31")).toMatchObject([
      {
        uid: "2024-03-31-easterSunday@swedish-calendar.example",
        summary: "Påskdagen",
        description: "Allmän helgdag och allmän flaggdag\nEaster Sunday (public holiday and official flag day)",
        categories: ["Allmän helgdag", "Flaggdag"],
      },
    ]);
    expect(
      cal.events.find((e) => e.uid === "2024-06-09-flagDay-europeanParliamentElection@swedish-calendar.example")
        ?.summary,
    ).toBe("Dag för val till Europaparlamentet (flaggdag)");
    expect(new Set(cal.events.map((e) => e.uid)).size).toBe(cal.events.length);
  });

  it("keeps flag-day UIDs when the window moves, and has none before 1983", () => {
    const earlier = parseCalendar(buildFeed(2022, 2026, FLAGS)).events.filter((e) => e.uid.includes("-flagDay-"));
    const later = new Set(parseCalendar(buildFeed(2023, 2027, FLAGS)).events.map((e) => e.uid));
    for (const e of earlier.filter((e) => e.date >= "2023")) expect(later.has(e.uid)).toBe(true);
    expect(earlier.some((e) => e.uid === "2022-09-11-flagDay-riksdagElection@swedish-calendar.example")).toBe(true);
    expect(parseCalendar(buildFeed(1980, 1982, FLAGS)).events.filter((e) => e.categories.includes("Flaggdag"))).toEqual(
      [],
    );
    // 1983: 16 flag days, 6 of them holidays (National Day was no holiday before 2005: its flag day stays an event of its own)
    const y1983 = parseCalendar(buildFeed(1983, 1983, FLAGS)).events;
    expect(y1983.filter((e) => e.categories.includes("Flaggdag"))).toHaveLength(16);
    expect(y1983.filter((e) => e.uid.includes("-flagDay-"))).toHaveLength(10);
    expect(y1983.find((e) => e.date === "1983-06-06")?.uid).toBe(
      "1983-06-06-flagDay-nationalDay@swedish-calendar.example",
    );
  });

  it.each(["1", "true", "on", "YES", ""])(
    "flags=%j over HTTP names the calendar and adds the flag days",
    async (value) => {
      const cal = parseCalendar(await (await get(`${FEED}?flags=${value}`)).text());
      expect(cal.name).toBe("Svenska helgdagar och flaggdagar");
      const codes = cal.events
        .filter((e) => e.uid.includes("-flagDay-"))
        .map((e) => `${e.date}|${e.uid.slice(11, e.uid.indexOf("@"))}`);
      expect(codes).toEqual(
        WINDOW.flatMap((y) =>
          flagDaysOfYear(y)
            .filter((f) => f.holiday === null)
            .map((f) => `${f.date}|flagDay-${f.code}`),
        ),
      );
    },
  );

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
    expect(of("child-benefit").map((e) => e.date)).toEqual(
      dueDates(2026, "child-benefit").dates.map((x) => x.due.date),
    );
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
    expect(early.filter((e) => e.uid.includes("-due-tax-account@")).map((e) => e.date.slice(0, 4))).toEqual(
      Array(12).fill("2012"),
    );
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
    const expected = WINDOW.flatMap((y) =>
      codes.flatMap((c) => dueDates(y, c as DueDateScheduleCode).dates.map((x) => `${x.due.date}|due-${c}`)),
    );
    expect(found.slice().sort()).toEqual(expected.sort());
    expect(cal.name).toContain("betalningsdagar");
  });

  it.each(["", "nope", "salary-25,nope", "salary-25,", "SALARY-25", "true"])(
    "due=%j is a 400 invalid-parameter problem naming due",
    async (value) => {
      const res = await get(`${FEED}?due=${encodeURIComponent(value)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      const body = await res.json();
      expect(body.type).toBe(`${PROBLEM_BASE}/invalid-parameter`);
      expect(body.detail).toContain("'due'");
    },
  );

  it("due given twice is a 400, as every known parameter", async () => {
    expect((await get(`${FEED}?due=salary-25&due=tax-account`)).status).toBe(400);
  });
});
