/**
 * GET /v3/flag-days and GET /v3/flag-days/catalogue through the v3 handler (issue 12): bodies validated through the
 * OpenAPI document (ajv, strict schemas) for every year they answer, the 400 for years before 1983, caching, and the
 * `flagDay` field on the Day wherever a Day appears.
 */

import { FLAG_DAY_CODES, flagDaysOfYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { flagDayCatalogueResource } from "../../contract/resources.js";
import { serializeJson } from "../../contract/serialize.js";
import { describeErrors, documentValidator } from "../contract/helpers.js";
import { expectProblem, json, LONG, v3 } from "./helpers.js";

const validator = documentValidator();
const FLAG_DAYS = PATHS.flagDays;
const CATALOGUE = PATHS.flagDayCatalogue;

describe("GET /v3/flag-days", () => {
  it("lists the year's flag days: envelope, entry fields in order, long cache, ETag", async () => {
    const { res, body } = await json(`${FLAG_DAYS}?year=2024`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(Object.keys(body)).toEqual(["year", "count", "flagDays"]);
    expect(body.year).toBe(2024);
    expect(body.count).toBe(18);
    expect(body.flagDays).toHaveLength(18);
    expect(body.flagDays[0]).toEqual({
      date: "2024-01-01",
      code: "newYearsDay",
      name: { sv: "Nyårsdagen", en: "New Year's Day" },
      holiday: "newYearsDay",
    });
    expect(body.flagDays.find((f: any) => f.date === "2024-06-09")).toEqual({
      date: "2024-06-09",
      code: "europeanParliamentElection",
      name: { sv: "Dag för val till Europaparlamentet", en: "European Parliament election day" },
      holiday: null,
    });
    for (const f of body.flagDays) expect(Object.keys(f)).toEqual(["date", "code", "name", "holiday"]);
    expect(validator.validateBody(FLAG_DAYS, 200, "application/json", body)).toBeNull();
  });

  it("the body is the engine's list, serialised once (the static file's bytes)", async () => {
    const res = await v3(`${FLAG_DAYS}?year=1994`);
    expect(await res.text()).toBe(serializeJson({ year: 1994, count: 17, flagDays: flagDaysOfYear(1994) }));
  });

  it("an omitted year means the current year in Sweden, cached until midnight there", async () => {
    const { res, body } = await json(FLAG_DAYS);
    expect(res.status).toBe(200);
    expect(body.year).toBe(2026);
    expect(body.flagDays.map((f: any) => f.code)).toContain("riksdagElection");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
  });

  it.each([1930, 1950, 1982])(
    "year=%i (before the ordinance) is 400 invalid-parameter, with a detail saying why",
    async (year) => {
      const body = await expectProblem(await v3(`${FLAG_DAYS}?year=${year}`), "invalid-parameter", 400, "year");
      expect(body.detail).toContain("1983");
      expect(body.detail).toContain("Förordning (1982:270)");
      expect(validator.validateComponentResponse("BadRequest", "application/problem+json", body)).toBeNull();
    },
  );

  it.each(["1929", "10000", "abc", "02024", "+2024", "2024.0", ""])(
    "year=%j is 400 invalid-parameter like every v3 year",
    async (value) => {
      await expectProblem(await v3(`${FLAG_DAYS}?year=${encodeURIComponent(value)}`), "invalid-parameter", 400, "year");
    },
  );

  it("a repeated year is 400; unknown parameters are ignored; HEAD has no body; 304 on the ETag", async () => {
    await expectProblem(await v3(`${FLAG_DAYS}?year=2024&year=2024`), "invalid-parameter", 400, "year");
    const plain = await v3(`${FLAG_DAYS}?year=2024`);
    const extra = await v3(`${FLAG_DAYS}?year=2024&x=1&flags=true`);
    expect(await extra.text()).toBe(await plain.text());
    const head = await v3(`${FLAG_DAYS}?year=2024`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = plain.headers.get("etag")!;
    expect((await v3(`${FLAG_DAYS}?year=2024`, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("validates against the OpenAPI document for every year 1983-9999", () => {
    for (let year = 1983; year <= 9999; year++) {
      const flagDays = flagDaysOfYear(year);
      const errors = validator.validateBody(
        FLAG_DAYS,
        200,
        "application/json",
        JSON.parse(serializeJson({ year, count: flagDays.length, flagDays })),
      );
      if (errors) throw new Error(`${year}: ${describeErrors(errors)}`);
    }
  });

  it("the strict schema rejects drift: an unknown code, a missing holiday, an extra field, a year before 1983", () => {
    const ok = {
      year: 2024,
      count: 1,
      flagDays: [
        { date: "2024-05-29", code: "veteransDay", name: { sv: "Veterandagen", en: "Veterans Day" }, holiday: null },
      ],
    };
    const check = (body: unknown) => validator.validateBody(FLAG_DAYS, 200, "application/json", body);
    expect(check(ok)).toBeNull();
    expect(check({ ...ok, flagDays: [{ ...ok.flagDays[0], code: "mothersDay" }] })).not.toBeNull();
    expect(check({ ...ok, flagDays: [{ ...ok.flagDays[0], holiday: "ascensionDay2" }] })).not.toBeNull();
    const { holiday: _h, ...withoutHoliday } = ok.flagDays[0];
    expect(check({ ...ok, flagDays: [withoutHoliday] })).not.toBeNull();
    expect(check({ ...ok, extra: 1 })).not.toBeNull();
    expect(check({ ...ok, year: 1982 })).not.toBeNull();
  });
});

describe("GET /v3/flag-days/catalogue", () => {
  it("lists every rule with its names, rule in words, holiday, years in force and source; documented shape", async () => {
    const { res, body } = await json(CATALOGUE);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body).toEqual(JSON.parse(serializeJson(flagDayCatalogueResource())));
    expect(body.count).toBe(FLAG_DAY_CODES.length);
    expect(body.flagDays.map((f: any) => f.code)).toEqual(FLAG_DAY_CODES);
    expect(body.flagDays.find((f: any) => f.code === "riksdagElection")).toMatchObject({
      rule: { sv: "dag för val i hela riket till riksdagen" },
      holiday: null,
    });
    expect(body.flagDays.find((f: any) => f.code === "veteransDay").source).toContain("SFS 2017:441");
    expect(validator.validateBody(CATALOGUE, 200, "application/json", body)).toBeNull();
  });

  it("takes no parameters: unknown ones are ignored", async () => {
    expect(await (await v3(`${CATALOGUE}?year=1950`)).text()).toBe(await (await v3(CATALOGUE)).text());
  });
});

describe("the Day's flagDay field wherever a Day appears", () => {
  it("GET /v3/days/{date}: a flag day on a working day, on a holiday, on a Sunday; none before 1983", async () => {
    const kings = (await json("/v3/days/2024-04-30")).body;
    expect(kings).toMatchObject({ holidayType: null, workingDay: true, observances: [], flagDay: ["kingsBirthday"] });
    expect((await json("/v3/days/2024-06-06")).body.flagDay).toEqual(["nationalDay"]);
    expect((await json("/v3/days/2026-09-13")).body).toMatchObject({
      weekday: 7,
      holidayType: "public",
      observances: [],
      flagDay: ["riksdagElection"],
    });
    expect((await json("/v3/days/1982-06-06")).body.flagDay).toEqual([]);
    expect((await json("/v3/days/2049-06-06")).body.flagDay).toEqual(["whitsun", "nationalDay"]);
  });

  it("holiday lists, bridge and half days, shifts and occurrences carry it too", async () => {
    const holidays = (await json("/v3/holidays?year=2024")).body.days;
    expect(holidays.find((d: any) => d.date === "2024-12-25").flagDay).toEqual(["christmasDay"]);
    expect(holidays.find((d: any) => d.date === "2024-12-24").flagDay).toEqual([]);
    const bridge = (await json("/v3/bridge-days?year=2024")).body.days;
    expect(bridge.find((d: any) => d.date === "2024-12-23").flagDay).toEqual(["queensBirthday"]);
    const half = (await json("/v3/half-days?year=2024")).body.days;
    expect(half.find((d: any) => d.date === "2024-04-30").flagDay).toEqual(["kingsBirthday"]);
    const shift = (await json("/v3/shift?date=2024-05-28&add=1d")).body;
    expect(shift.result.flagDay).toEqual(["veteransDay"]);
    expect(shift.steps[0].result.flagDay).toEqual(["veteransDay"]);
    const series = (await json("/v3/observances/nationalDay?from=2005&to=2006")).body;
    for (const o of series.occurrences) expect(o.day.flagDay).toEqual(["nationalDay"]);
    for (const path of ["/v3/holidays?year=2024", "/v3/bridge-days?year=2024", "/v3/half-days?year=2024"]) {
      expect(
        validator.validateBody(
          validator.templateOf(path.split("?")[0])!,
          200,
          "application/json",
          (await json(path)).body,
        ),
        path,
      ).toBeNull();
    }
  });
});
