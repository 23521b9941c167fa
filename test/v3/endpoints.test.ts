import { describe, expect, it } from "vitest";
import { BRIDGE_DAYS_2024, HALF_DAYS_2024 } from "../support/hand-checked.js";
import { json, LONG, v3 } from "./helpers.js";

const dates = (days: { date: string }[]) => days.map((d) => d.date);

/** A Day of 2024 without observances or flag days; working exactly when it is no holiday (docs/contract.md). */
const bareDay = (date: string, weekday: number, isoWeek: number, holidayType: "public" | "defacto" | null) => ({
  date,
  weekday,
  isoWeek: { year: 2024, week: isoWeek },
  holidayType,
  workingDay: holidayType === null,
  observances: [],
  flagDay: [],
});

describe("GET /v3/holidays", () => {
  it("lists one entry per date with the named holidays of a year", async () => {
    const { res, body } = await json("/v3/holidays?year=2024");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body.year).toBe(2024);
    expect(body.count).toBe(18);
    expect(body.days).toHaveLength(18);
    expect(body.days[0]).toEqual({
      date: "2024-01-01",
      weekday: 1,
      isoWeek: { year: 2024, week: 1 },
      holidayType: "public",
      workingDay: false,
      observances: [
        {
          code: "newYearsDay",
          holidayType: "public",
          name: { sv: "Nyårsdagen", en: "New Year's Day" },
          feast: { code: "newYear", name: { sv: "Nyår", en: "New Year" } },
        },
      ],
      flagDay: ["newYearsDay"],
    });
    const midsummerEve = body.days.find((d: any) => d.date === "2024-06-21");
    expect(midsummerEve.holidayType).toBe("defacto");
    expect(midsummerEve.observances[0].code).toBe("midsummerEve");
    expect(dates(body.days)).toEqual([...dates(body.days)].sort());
  });

  it("adds Sundays and Saturdays independently, never changing what a day is", async () => {
    const counts = await Promise.all(
      ["", "&sundays=true", "&saturdays=true", "&sundays=true&saturdays=true", "&sundays=false&saturdays=false"].map(
        async (q) => (await json(`/v3/holidays?year=2024${q}`)).body.count,
      ),
    );
    expect(counts).toEqual([18, 68, 65, 115, 18]);
    const { body } = await json("/v3/holidays?year=2024&sundays=true");
    const plainSunday = body.days.find((d: any) => d.date === "2024-01-07");
    expect(plainSunday).toEqual(bareDay("2024-01-07", 7, 1, "public"));
    const easterSunday = body.days.filter((d: any) => d.date === "2024-03-31");
    expect(easterSunday).toHaveLength(1);
    expect(easterSunday[0].observances.map((o: any) => o.code)).toEqual(["easterSunday"]);
    const sat = (await json("/v3/holidays?year=2024&saturdays=true")).body.days.find(
      (d: any) => d.date === "2024-01-13",
    );
    expect(sat).toEqual(bareDay("2024-01-13", 6, 2, "defacto"));
  });

  it("gives a date with two holidays one entry with two observances", async () => {
    const { body } = await json("/v3/holidays?year=2008");
    const may1 = body.days.filter((d: any) => d.date === "2008-05-01");
    expect(may1).toHaveLength(1);
    expect(may1[0].observances.map((o: any) => o.code)).toEqual(["ascensionDay", "mayDay"]); // catalogue order;
    expect(body.count).toBe(17);
  });

  it("defaults to the current year in Sweden", async () => {
    const { body } = await json("/v3/holidays");
    expect(body.year).toBe(2026);
    // 2025-12-31 23:30 UTC is already 2026 in Stockholm
    const { body: newYear } = await json("/v3/holidays", { clock: () => new Date("2025-12-31T23:30:00Z") });
    expect(newYear.year).toBe(2026);
    const { body: stillOld } = await json("/v3/holidays", { clock: () => new Date("2025-12-31T22:30:00Z") });
    expect(stillOld.year).toBe(2025);
  });

  it("covers the whole range 1930-9999 and the pre-1953 calendar", async () => {
    expect((await json("/v3/holidays?year=1930")).body.days[0].date).toBe("1930-01-01");
    expect((await json("/v3/holidays?year=9999")).body.days.at(-1).date).toBe("9999-12-31");
    const { body } = await json("/v3/holidays?year=1952");
    expect(body.days.some((d: any) => d.observances.some((o: any) => o.code === "annunciation"))).toBe(true);
    expect(body.days.find((d: any) => d.date === "1952-06-23").observances[0].code).toBe("midsummerEve");
  });
});

describe("GET /v3/bridge-days and /v3/half-days", () => {
  it("lists the bridge days of 2024 as working days", async () => {
    const { res, body } = await json("/v3/bridge-days?year=2024");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ year: 2024, count: 5 });
    expect(dates(body.days)).toEqual(BRIDGE_DAYS_2024);
    for (const d of body.days) expect(d).toMatchObject({ holidayType: null, workingDay: true, observances: [] });
  });

  it("lists the half days of 2024", async () => {
    const { body } = await json("/v3/half-days?year=2024");
    expect(body.count).toBe(6);
    expect(dates(body.days)).toEqual(HALF_DAYS_2024);
    expect(body.days[0]).toEqual(bareDay("2024-01-05", 5, 1, null));
  });

  it("default to the current year", async () => {
    expect((await json("/v3/bridge-days")).body.year).toBe(2026);
    expect((await json("/v3/half-days")).body.year).toBe(2026);
  });
});

describe("GET /v3/days/{date}", () => {
  it("classifies a holiday, a Saturday and an ordinary working day", async () => {
    expect((await json("/v3/days/2024-12-24")).body).toEqual({
      date: "2024-12-24",
      weekday: 2,
      isoWeek: { year: 2024, week: 52 },
      holidayType: "defacto",
      workingDay: false,
      observances: [
        {
          code: "christmasEve",
          holidayType: "defacto",
          name: { sv: "Julafton", en: "Christmas Eve" },
          feast: { code: "christmas", name: { sv: "Jul", en: "Christmas" } },
        },
      ],
      flagDay: [],
    });
    expect((await json("/v3/days/2024-01-13")).body).toEqual(bareDay("2024-01-13", 6, 2, "defacto"));
    const { res, body } = await json("/v3/days/2024-01-10");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body).toEqual(bareDay("2024-01-10", 3, 2, null));
  });

  it("gives 2076-06-06 (whitsunEve + nationalDay) public with two observances", async () => {
    const { body } = await json("/v3/days/2076-06-06");
    expect(body.holidayType).toBe("public");
    expect(body.observances.map((o: any) => o.code)).toEqual(["nationalDay", "whitsunEve"]); // catalogue order;
  });

  it("ignores query parameters", async () => {
    expect((await v3("/v3/days/2024-01-10?sundays=banana&x=1")).status).toBe(200);
  });
});

describe("GET /v3/period", () => {
  it("counts 2024 inclusive", async () => {
    const { res, body } = await json("/v3/period?from=2024-01-01&to=2024-12-31");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body).toEqual({
      from: "2024-01-01",
      to: "2024-12-31",
      bounds: "inclusive",
      counted: { first: "2024-01-01", last: "2024-12-31" },
      calendarDays: 366,
      duration: { years: 1, months: 0, days: 0 },
      workingDays: 251,
      daysOff: { total: 115, publicHolidays: 63, defactoHolidays: 52, namedDays: 18, weekendDays: 97 },
      bridgeDays: 5,
      halfDays: 6,
    });
  });

  it("applies each bounds reading", async () => {
    const read = async (bounds: string) =>
      (await json(`/v3/period?from=2024-01-01&to=2024-01-10&bounds=${bounds}`)).body;
    expect((await read("inclusive")).calendarDays).toBe(10);
    expect((await read("from")).counted).toEqual({ first: "2024-01-01", last: "2024-01-09" });
    expect((await read("to")).counted).toEqual({ first: "2024-01-02", last: "2024-01-10" });
    const exclusive = await read("exclusive");
    expect(exclusive).toMatchObject({
      bounds: "exclusive",
      calendarDays: 8,
      counted: { first: "2024-01-02", last: "2024-01-09" },
    });
  });

  it("gives zero days, counted null, for two identical dates read exclusively", async () => {
    const { body } = await json("/v3/period?from=2024-05-01&to=2024-05-01&bounds=exclusive");
    expect(body).toMatchObject({
      calendarDays: 0,
      counted: null,
      workingDays: 0,
      duration: { years: 0, months: 0, days: 0 },
    });
    expect(body.daysOff.total).toBe(0);
  });

  it("answers a full 200-year period and keeps the invariants", async () => {
    const { res, body } = await json("/v3/period?from=1930-01-01&to=2130-01-01");
    expect(res.status).toBe(200);
    expect(body.calendarDays).toBe(73050);
    expect(body.duration).toEqual({ years: 200, months: 0, days: 1 });
    expect(body.workingDays + body.daysOff.total).toBe(body.calendarDays);
    expect(body.daysOff.publicHolidays + body.daysOff.defactoHolidays).toBe(body.daysOff.total);
    expect(body.daysOff.namedDays + body.daysOff.weekendDays).toBe(body.daysOff.total);
  });
});

describe("GET /v3/shift", () => {
  it("applies steps in order, clamps months and reports each step", async () => {
    const { res, body } = await json("/v3/shift?date=2024-01-31&add=1m&add=1d");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body.date).toBe("2024-01-31");
    expect(body.postpone).toBe(false);
    expect(body.steps.map((s: any) => [s.unit, s.amount, s.constrained, s.result.date])).toEqual([
      ["m", 1, true, "2024-02-29"],
      ["d", 1, false, "2024-03-01"],
    ]);
    expect(body.landed.date).toBe("2024-03-01");
    expect(body.result.date).toBe("2024-03-01");
    expect(body.postponed).toBe(false);
    expect(body.period).toMatchObject({ from: "2024-01-31", to: "2024-03-01", calendarDays: 31 });
    expect(body.period).not.toHaveProperty("bounds");
  });

  it("reads a comma chain like repeated add", async () => {
    const a = await (await v3("/v3/shift?date=2024-01-31&add=1m,1d")).text();
    const b = await (await v3("/v3/shift?date=2024-01-31&add=1m&add=1d")).text();
    expect(a).toBe(b);
  });

  it("applies the Sunday rule once, after the last step", async () => {
    const { body } = await json("/v3/shift?date=2024-06-20&add=1d&postpone=true");
    expect(body.landed.date).toBe("2024-06-21");
    expect(body.result.date).toBe("2024-06-24");
    expect(body.postponed).toBe(true);
    const { body: off } = await json("/v3/shift?date=2024-06-20&add=1d&postpone=false");
    expect(off.result.date).toBe("2024-06-21");
    expect(off.postponed).toBe(false);
  });

  it("moves by working days and backwards, with a chronological period", async () => {
    const { body } = await json("/v3/shift?date=2024-12-23&add=1b");
    expect(body.result.date).toBe("2024-12-27");
    const { body: back } = await json("/v3/shift?date=2024-03-01&add=-1m");
    expect(back.result.date).toBe("2024-02-01");
    expect(back.period).toMatchObject({ from: "2024-02-01", to: "2024-03-01" });
  });

  it("accepts 20 steps and gives a null period beyond 200 years", async () => {
    const twenty = Array.from({ length: 20 }, () => "add=1d").join("&");
    const { res, body } = await json(`/v3/shift?date=2024-01-01&${twenty}`);
    expect(res.status).toBe(200);
    expect(body.steps).toHaveLength(20);
    expect(body.result.date).toBe("2024-01-21");
    const { body: far } = await json("/v3/shift?date=1930-01-01&add=300y");
    expect(far.result.date).toBe("2230-01-01");
    expect(far.period).toBeNull();
  });

  it("leaves the date untouched on a zero step", async () => {
    const { body } = await json("/v3/shift?date=2024-12-25&add=0b");
    expect(body.result.date).toBe("2024-12-25");
  });
});

describe("GET /v3/observances", () => {
  it("lists all 20 observances with since/until", async () => {
    const { res, body } = await json("/v3/observances");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body.count).toBe(20);
    expect(body.observances).toHaveLength(20);
    const byCode = Object.fromEntries(body.observances.map((o: any) => [o.code, o]));
    expect(byCode.annunciation.until).toBe(1952);
    expect(byCode.nationalDay.since).toBe(2005);
    expect(byCode.whitMonday.until).toBe(2004);
    expect(byCode.christmasDay).not.toHaveProperty("since");
    expect(byCode.whitsun.name.en).toBe("Whit Sunday");
  });

  it("gives the occurrences of one observance over a year range", async () => {
    const { res, body } = await json("/v3/observances/midsummerEve?from=2024&to=2026");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body).toMatchObject({ code: "midsummerEve", holidayType: "defacto", count: 3 });
    expect(body.occurrences.map((o: any) => [o.year, o.day.date])).toEqual([
      [2024, "2024-06-21"],
      [2025, "2025-06-20"],
      [2026, "2026-06-19"],
    ]);
  });

  it("omits years in which the observance was no holiday (count may be 0)", async () => {
    const { res, body } = await json("/v3/observances/nationalDay?from=2000&to=2004");
    expect(res.status).toBe(200);
    expect(body.count).toBe(0);
    expect(body.occurrences).toEqual([]);
    expect((await json("/v3/observances/nationalDay?from=2003&to=2006")).body.count).toBe(2);
  });

  it("defaults from to the current year and to to from", async () => {
    const { res, body } = await json("/v3/observances/christmasDay");
    expect(body.occurrences.map((o: any) => o.year)).toEqual([2026]);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
    const { body: single, res: singleRes } = await json("/v3/observances/christmasDay?from=1999");
    expect(single.occurrences.map((o: any) => o.day.date)).toEqual(["1999-12-25"]);
    expect(singleRes.headers.get("cache-control")).toBe(LONG);
  });

  it("accepts a range of exactly 200 years", async () => {
    const { res, body } = await json("/v3/observances/newYearsDay?from=1930&to=2130");
    expect(res.status).toBe(200);
    expect(body.count).toBe(201);
  });
});

describe("GET /v3/openapi.json", () => {
  it("serves an OpenAPI 3.1 document of version 3.0.0", async () => {
    const { res, body } = await json("/v3/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.info.version).toBe("3.0.0");
  });
});
