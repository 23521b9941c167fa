/**
 * Working time (docs/working-time.md): the state profile's shortened days against a computation of its own (Easter by
 * Gauss's formula, weekdays by the platform's Date) over every year it answers, the rounding of odd minutes, and the
 * profiles' table.
 */
import fc from "fast-check";
import { describeDay, type WorkingTime, workingTime } from "swedish-calendar";
import { findWorkingTimeProfile, WORKING_TIME_PROFILE_CODES, WORKING_TIME_PROFILES } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { easterByGauss } from "../support/easter-gauss.js";
import { weekdayByDate } from "./helpers.js";
import { errorOf, expectConsistent, isoOf } from "./working-time-check.js";

type Expected = [date: string, rule: string, reduction: "half" | "twoHours"];

/**
 * The shortened days of the state profile, computed apart from the engine: Villkorsavtal's table as the employers
 * publish it (docs/working-time.md), Easter by Gauss, weekdays by Date. A day is a working day when it is Monday to
 * Friday and no holiday; of the five days only 30 April can be one: Ascension Day, when Easter is 22 March (2285).
 */
function stateDaysByHand(year: number): Expected[] {
  const out: Expected[] = [];
  const weekday = (iso: string) => weekdayByDate(iso);
  const [em, ed] = easterByGauss(year);
  const ascension = new Date(Date.UTC(year, em - 1, ed + 39)).toISOString().slice(0, 10);
  const add = (iso: string, rule: string, reduction: "half" | "twoHours" | undefined) => {
    if (reduction !== undefined && weekday(iso) <= 5 && iso !== ascension) out.push([iso, rule, reduction]);
  };
  add(isoOf(year, 1, 5), "epiphanyEve", "half");
  const maundy = new Date(Date.UTC(year, em - 1, ed - 3));
  add(maundy.toISOString().slice(0, 10), "maundyThursday", "twoHours");
  add(isoOf(year, 4, 30), "walpurgisNight", weekday(isoOf(year, 4, 30)) === 5 ? "half" : "twoHours");
  // the Friday from 30 October to 5 November (the day before Alla helgons dag, a Saturday from 31 October to 6 November)
  for (let i = 0; i < 7; i++) {
    const date = new Date(Date.UTC(year, 9, 30 + i)).toISOString().slice(0, 10);
    if (weekday(date) === 5) add(date, "allSaintsEve", "half");
  }
  add(isoOf(year, 12, 23), "dayBeforeChristmasEve", weekday(isoOf(year, 12, 23)) === 5 ? "half" : undefined);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

const shortened = (r: WorkingTime) => r.months.flatMap((m) => m.shortenedDays);

describe("working time: the state profile (Villkorsavtal, office hours)", () => {
  it("2026: 5 January half, Maundy Thursday 2 April −2 h, Thursday 30 April −2 h, 30 October half; 23 December (a Wednesday) none", () => {
    const r = workingTime(2026, { profile: "state" });
    expect(shortened(r).map((d) => [d.date, d.rule, d.reductionMinutes, d.minutes])).toEqual([
      ["2026-01-05", "epiphanyEve", 240, 240],
      ["2026-04-02", "maundyThursday", 120, 360],
      ["2026-04-30", "walpurgisNight", 120, 360],
      ["2026-10-30", "allSaintsEve", 240, 240],
    ]);
    expect(shortened(r).map((d) => d.name.sv)).toEqual([
      "Trettondagsafton",
      "Skärtorsdagen",
      "Valborgsmässoafton",
      "Allhelgonaafton",
    ]);
    // the weekdays, as the platform's Date has them
    expect(["2026-01-05", "2026-04-02", "2026-04-30", "2026-10-30", "2026-12-23"].map(weekdayByDate)).toEqual([
      1, 4, 4, 5, 3,
    ]);
    expect(r.total).toEqual({ workingDays: 251, minutes: 120_480 - 720, hours: 1996 });
    expect(r.months[3]).toMatchObject({ workingDays: 20, minutes: 20 * 480 - 240, hours: 156 });
    expect(r.profile.code).toBe("state");
    expect(r.profile.since).toBe(2017);
    expect(r.profile.source).toMatch(/Villkorsavtal/);
    expectConsistent(r);
  });

  it("Valborgsmässoafton on a Friday is a half day (2027, 2021)", () => {
    expect(weekdayByDate("2027-04-30")).toBe(5);
    expect(shortened(workingTime(2027, { profile: "state" })).find((d) => d.date === "2027-04-30")).toMatchObject({
      rule: "walpurgisNight",
      reductionMinutes: 240,
      minutes: 240,
    });
    expect(
      shortened(workingTime(2021, { profile: "state" })).find((d) => d.date === "2021-04-30")?.reductionMinutes,
    ).toBe(240);
  });

  it("23 December: a half day on a Friday (2022), nothing on a Saturday (2023) or a Sunday (2029), nothing on a weekday (2026)", () => {
    expect(weekdayByDate("2022-12-23")).toBe(5);
    expect(shortened(workingTime(2022, { profile: "state" })).at(-1)).toMatchObject({
      date: "2022-12-23",
      rule: "dayBeforeChristmasEve",
      reductionMinutes: 240,
    });
    for (const [year, weekday] of [
      [2023, 6],
      [2029, 7],
      [2026, 3],
    ] as const) {
      expect(weekdayByDate(`${year}-12-23`)).toBe(weekday);
      expect(shortened(workingTime(year, { profile: "state" })).map((d) => d.date)).not.toContain(`${year}-12-23`);
    }
  });

  it("every year it answers (2017-2400) and some after: the days of the computation by hand, and no other", () => {
    // 2285: Easter on 22 March, so 30 April is Ascension Day, a holiday: not shortened
    expect(easterByGauss(2285)).toEqual([3, 22]);
    expect(shortened(workingTime(2285, { profile: "state" })).map((d) => d.rule)).not.toContain("walpurgisNight");
    const years = [...Array.from({ length: 384 }, (_, i) => 2017 + i), 4099, 5700, 9999];
    for (const year of years) {
      const got = shortened(workingTime(year, { profile: "state" })).map(
        (d): Expected => [d.date, d.rule, d.reductionMinutes === 240 ? "half" : "twoHours"],
      );
      expect(got, String(year)).toEqual(stateDaysByHand(year));
      for (const d of shortened(workingTime(year, { profile: "state" })))
        expect(d.reductionMinutes === 240 || d.reductionMinutes === 120).toBe(true);
    }
  });

  it("a rule shortens only a working day: 5 January and 30 April on a weekend give nothing", () => {
    // 2025: 30 April is a Wednesday; 2028: 5 January a Wednesday; 2020 (outside the profile) aside, 2022: 30 April a Saturday
    expect(weekdayByDate("2022-04-30")).toBe(6);
    expect(shortened(workingTime(2022, { profile: "state" })).map((d) => d.rule)).not.toContain("walpurgisNight");
    expect(weekdayByDate("2019-01-05")).toBe(6);
    expect(shortened(workingTime(2019, { profile: "state" })).map((d) => d.rule)).not.toContain("epiphanyEve");
  });

  it("odd minutes: the share of the day rounded to a whole minute, a half minute up (38.25 h: 459 → half 230, two hours 115)", () => {
    const r = workingTime(2027, { profile: "state", weeklyHours: 38.25 });
    expect(shortened(r).map((d) => [d.date, d.reductionMinutes, d.minutes])).toEqual([
      ["2027-01-05", 230, 229],
      ["2027-03-25", 115, 344],
      ["2027-04-30", 230, 229],
      ["2027-11-05", 230, 229],
    ]);
    expectConsistent(r);
    // the scaling: two hours of a 40-hour week is a quarter of the day, in proportion for any week
    const weekly = fc.integer({ min: 4, max: 240 }).map((k) => k / 4);
    fc.assert(
      fc.property(fc.integer({ min: 2017, max: 9999 }), weekly, (year, weeklyHours) => {
        const w = workingTime(year, { profile: "state", weeklyHours });
        const standard = workingTime(year, { weeklyHours });
        for (const d of shortened(w)) {
          // a quarter (two of eight hours) or a half of the day, a half minute up, in integers
          const quarter = d.rule === "maundyThursday" || (d.rule === "walpurgisNight" && weekdayByDate(d.date) !== 5);
          expect(d.reductionMinutes).toBe(
            quarter ? Math.floor((w.dailyMinutes + 2) / 4) : Math.floor((w.dailyMinutes + 1) / 2),
          );
        }
        expect(w.total.minutes).toBe(standard.total.minutes - shortened(w).reduce((n, d) => n + d.reductionMinutes, 0));
        expect(w.total.workingDays).toBe(standard.total.workingDays);
        expectConsistent(w);
      }),
      { numRuns: 100 },
    );
  });

  it("before 2017 the profile has no answer: invalid-argument naming the year and saying why", () => {
    const error = errorOf(() => workingTime(2016, { profile: "state" }));
    expect(error).toMatchObject({ code: "invalid-argument", argument: "year" });
    expect(error.message).toMatch(/^'year' must be from 2017 to 9999 for the profile 'state': /);
    // the standard profile answers 2016: its working days, counted by describeDay
    let days = 0;
    for (let n = Date.UTC(2016, 0, 1); n <= Date.UTC(2016, 11, 31); n += 86_400_000)
      if (describeDay(new Date(n).toISOString().slice(0, 10)).workingDay) days++;
    expect(workingTime(2016).total.workingDays).toBe(days);
  });
});

describe("working time: the profiles' table", () => {
  it("the codes, the default first; each profile with its source (standard none) and each rule the day before an observance", () => {
    expect(WORKING_TIME_PROFILE_CODES).toEqual(["standard", "state"]);
    expect(WORKING_TIME_PROFILES[0].rules).toEqual([]);
    expect(WORKING_TIME_PROFILES[0].source).toBeNull();
    const state = findWorkingTimeProfile("state");
    expect(state.rules.map((r) => [r.code, r.before])).toEqual([
      ["epiphanyEve", "epiphany"],
      ["maundyThursday", "goodFriday"],
      ["walpurgisNight", "mayDay"],
      ["allSaintsEve", "allSaintsDay"],
      ["dayBeforeChristmasEve", "christmasEve"],
    ]);
    expect(state.source).toMatch(/Arbetsgivarverket/);
  });
});
