/**
 * GET /v3/adjust, GET /v3/due-dates and GET /v3/due-dates/catalogue through the v3 handler (issue 21): bodies
 * validated through the OpenAPI document (ajv, strict schemas), the exactly-one-form rule, the 400 of an unknown
 * schedule (the same as the feed's `due` and the MCP tool's), a schedule's years, caching, and bad input as problem
 * documents naming the parameter.
 */

import { CONVENTIONS, DUE_DATE_SCHEDULE_CODES, dueDateCatalogue, scheduleDueDates } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { serializeJson } from "../../contract/serialize.js";
import { handleFeed } from "../../http/feed.js";
import { runToolNow, TOOL_BY_NAME } from "../../http/mcp-tools.js";
import { documentValidator } from "../contract/helpers.js";
import { expectProblem, fixedClock, json, LONG, NOON_2026_06_15, ORIGIN, v3 } from "./helpers.js";

const validator = documentValidator();
const ADJUST = PATHS.adjust;
const DUE = PATHS.dueDates;
const CATALOGUE = PATHS.dueDateCatalogue;

describe("GET /v3/adjust", () => {
  it("the issue's example: Midsummer Eve 2026 with modified-following is Monday 22 June", async () => {
    const { res, body } = await json(`${ADJUST}?date=2026-06-19&convention=modified-following`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(Object.keys(body)).toEqual(["date", "convention", "result", "moved"]);
    expect(body).toMatchObject({
      date: "2026-06-19",
      convention: "modified-following",
      moved: true,
      result: { date: "2026-06-22", weekday: 1, workingDay: true },
    });
    expect(validator.validateBody(ADJUST, 200, "application/json", body)).toBeNull();
  });

  it.each([
    ["following", "2026-06-22"],
    ["preceding", "2026-06-18"],
    ["modified-following", "2026-06-22"],
    ["modified-preceding", "2026-06-18"],
    ["nearest", "2026-06-18"],
    ["unadjusted", "2026-06-19"],
  ])("every convention from Midsummer Eve 2026: %s -> %s", async (convention, date) => {
    const { body } = await json(`${ADJUST}?date=2026-06-19&convention=${convention}`);
    expect(body.result.date).toBe(date);
    expect(body.moved).toBe(date !== "2026-06-19");
    expect(validator.validateBody(ADJUST, 200, "application/json", body)).toBeNull();
  });

  it.each([
    ["?date=2026-06-19", "convention"],
    ["?convention=following", "date"],
    ["?date=2026-06-19&convention=FOLLOWING", "convention"],
    ["?date=2026-06-19&convention=", "convention"],
    ["?date=2026-06-19&convention=following&convention=following", "convention"],
    ["?date=9999-12-31&convention=following", "convention"],
    ["?date=1930-01-01&convention=nearest", "convention"],
  ])("%s is 400 invalid-parameter naming %s", async (query, parameter) => {
    await expectProblem(await v3(ADJUST + query), "invalid-parameter", 400, parameter);
  });

  it("an impossible date is 400 invalid-date", async () => {
    await expectProblem(await v3(`${ADJUST}?date=2026-02-29&convention=following`), "invalid-date", 400, "date");
  });
});

describe("GET /v3/due-dates", () => {
  it("a named schedule: envelope, fields in order, long cache, valid against the document", async () => {
    const { res, body } = await json(`${DUE}?year=2026&schedule=child-benefit`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(Object.keys(body)).toEqual(["year", "schedule", "count", "dates"]);
    expect(Object.keys(body.schedule)).toEqual(["code", "name", "day", "convention", "since", "source"]);
    expect(body.schedule).toMatchObject({
      code: "child-benefit",
      name: { sv: "Barnbidrag", en: "Child benefit" },
      day: 20,
      convention: "preceding",
      since: 2015,
    });
    expect(body.count).toBe(12);
    expect(body.dates[0]).toEqual({
      month: 1,
      nominal: "2026-01-20",
      due: expect.objectContaining({ date: "2026-01-20" }),
      moved: false,
    });
    expect(body.dates[5]).toMatchObject({ month: 6, nominal: "2026-06-20", due: { date: "2026-06-18" }, moved: true });
    for (const x of body.dates) expect(Object.keys(x)).toEqual(["month", "nominal", "due", "moved"]);
    expect(validator.validateBody(DUE, 200, "application/json", body)).toBeNull();
  });

  it("every named schedule and a custom rule of every convention validate, for a sample of years", async () => {
    for (const year of [1931, 2012, 2015, 2024, 2026, 2100, 9998]) {
      for (const code of DUE_DATE_SCHEDULE_CODES) {
        const res = await v3(`${DUE}?year=${year}&schedule=${code}`);
        if (res.status === 400) continue; // before the schedule's since (tested below)
        const body = await res.json();
        expect(validator.validateBody(DUE, 200, "application/json", body), `${year} ${code}`).toBeNull();
      }
      for (const convention of CONVENTIONS) {
        for (const day of ["1", "15", "31", "last"]) {
          const { res, body } = await json(`${DUE}?year=${year}&day=${day}&convention=${convention}`);
          expect(res.status, `${year} ${day} ${convention}`).toBe(200);
          expect(validator.validateBody(DUE, 200, "application/json", body), `${year} ${day} ${convention}`).toBeNull();
        }
      }
    }
  });

  it("the tax account's day differs by month: an object, valid against the document", async () => {
    const { body } = await json(`${DUE}?year=2026&schedule=tax-account`);
    expect(body.schedule.day).toEqual({
      usual: 12,
      except: [
        { month: 1, day: 17 },
        { month: 8, day: 17 },
      ],
    });
    expect(body.dates.map((x: any) => x.nominal.slice(8))).toEqual([
      "17",
      "12",
      "12",
      "12",
      "12",
      "12",
      "12",
      "17",
      "12",
      "12",
      "12",
      "12",
    ]);
    expect(validator.validateBody(DUE, 200, "application/json", body)).toBeNull();
  });

  it("a custom rule: code custom, name Egen regel / Custom rule, source null", async () => {
    const { body } = await json(`${DUE}?year=2026&day=last&convention=modified-following`);
    expect(body.schedule).toEqual({
      code: "custom",
      name: { sv: "Egen regel", en: "Custom rule" },
      day: "last",
      convention: "modified-following",
      source: null,
    });
    // 2026-01-31 is a Saturday: modified-following turns back to Friday the 30th
    expect(body.dates[0]).toMatchObject({ nominal: "2026-01-31", due: { date: "2026-01-30" }, moved: true });
    const { body: d31 } = await json(`${DUE}?year=2026&day=31&convention=unadjusted`);
    expect(d31.schedule.day).toBe(31);
    expect(d31.dates[1].nominal).toBe("2026-02-28");
  });

  it("the body is the engine's answer serialised (the static file's bytes)", async () => {
    const res = await v3(`${DUE}?year=2024&schedule=tax-account`);
    expect(await res.text()).toBe(serializeJson(scheduleDueDates(2024, "tax-account")));
  });

  it("an omitted year means the current year in Sweden, cached until midnight there", async () => {
    const { res, body } = await json(`${DUE}?schedule=salary-25`);
    expect(res.status).toBe(200);
    expect(body.year).toBe(2026);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
    const custom = await json(`${DUE}?day=25&convention=preceding`);
    expect(custom.body.year).toBe(2026);
    expect(custom.res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
  });

  it.each([
    ["year=2011&schedule=tax-account", "year", "skatteförfarandelagen (2011:1244)"],
    ["year=2014&schedule=child-benefit", "year", "Försäkringskassan"],
  ])("%s: a year before the schedule's since is 400 saying why", async (query, parameter, why) => {
    const body = await expectProblem(await v3(`${DUE}?${query}`), "invalid-parameter", 400, parameter);
    expect(body.detail).toContain(why);
    expect(validator.validateComponentResponse("BadRequest", "application/problem+json", body)).toBeNull();
  });

  it.each([
    ["year=2026&schedule=salary-25&day=25&convention=preceding", "schedule"],
    ["year=2026&schedule=salary-25&day=25", "schedule"],
    ["year=2026&schedule=salary-25&convention=preceding", "schedule"],
    ["year=2026", "schedule"],
    ["year=2026&day=25", "convention"],
    ["year=2026&convention=preceding", "day"],
    ["year=2026&day=0&convention=preceding", "day"],
    ["year=2026&day=32&convention=preceding", "day"],
    ["year=2026&day=05&convention=preceding", "day"],
    ["year=2026&day=&convention=preceding", "day"],
    ["year=2026&day=Last&convention=preceding", "day"],
    ["year=2026&day=25&convention=previous", "convention"],
    ["year=9999&day=31&convention=following", "convention"],
    ["year=1930&day=1&convention=preceding", "convention"],
    ["year=1929&schedule=salary-25", "year"],
    ["year=10000&day=1&convention=following", "year"],
    ["year=2026&year=2026&schedule=salary-25", "year"],
    ["year=2026&schedule=salary-25&schedule=salary-25", "schedule"],
  ])("%s is 400 invalid-parameter naming %s", async (query, parameter) => {
    const body = await expectProblem(await v3(`${DUE}?${query}`), "invalid-parameter", 400, parameter);
    expect(validator.validateComponentResponse("BadRequest", "application/problem+json", body)).toBeNull();
  });

  it.each(["nope", "SALARY-25", "salary_25", "custom", ""])(
    "schedule=%j is 400 invalid-parameter naming schedule and listing the codes",
    async (code) => {
      const body = await expectProblem(
        await v3(`${DUE}?year=2026&schedule=${encodeURIComponent(code)}`),
        "invalid-parameter",
        400,
        "schedule",
      );
      const unknown = code === "" ? "" : `; unknown: '${code}'`;
      expect(body.detail).toBe(
        `'schedule' must be a due-date schedule code (salary-25, child-benefit, tax-account)${unknown}`,
      );
      expect(validator.validateComponentResponse("BadRequest", "application/problem+json", body)).toBeNull();
    },
  );
});

describe("an unknown schedule code: one answer on every surface", () => {
  it("/v3/due-dates?schedule=, the feed's due= and the MCP tool due_dates: 400 invalid-parameter naming the parameter", async () => {
    const api = await expectProblem(await v3(`${DUE}?year=2026&schedule=rent`), "invalid-parameter", 400, "schedule");
    const feed = await expectProblem(
      await handleFeed(new Request(`${ORIGIN}${PATHS.feedAlias}?due=rent`), {
        clock: fixedClock(NOON_2026_06_15),
        rateLimitsEnabled: false,
      }),
      "invalid-parameter",
      400,
      "due",
    );
    const tool = runToolNow(TOOL_BY_NAME.get("due_dates")!, { year: 2026, schedule: "rent" }, NOON_2026_06_15);
    expect(tool.ok).toBe(false);
    expect(tool.ok ? undefined : tool.problem).toEqual(api);
    expect([api.type, api.status]).toEqual([feed.type, feed.status]);
    // each names its own parameter, lists the codes and the one it did not know
    expect(api.detail).toBe(
      "'schedule' must be a due-date schedule code (salary-25, child-benefit, tax-account); unknown: 'rent'",
    );
    expect(feed.detail).toBe(
      "'due' must be a comma-separated list of due-date schedule codes (salary-25, child-benefit, tax-account); unknown: 'rent'",
    );
  });
});

describe("GET /v3/due-dates/catalogue", () => {
  it("lists every named schedule with its rule and source, long cached, valid", async () => {
    const { res, body } = await json(CATALOGUE);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(Object.keys(body)).toEqual(["count", "schedules"]);
    expect(body.count).toBe(3);
    expect(body.schedules).toEqual(dueDateCatalogue());
    expect(body.schedules.map((s: any) => s.code)).toEqual(["salary-25", "child-benefit", "tax-account"]);
    expect(body.schedules[0]).not.toHaveProperty("since");
    expect(body.schedules[2].source).toContain("62 kap. 4 §");
    expect(body.schedules[2].source).toContain("1930:173");
    expect(validator.validateBody(CATALOGUE, 200, "application/json", body)).toBeNull();
  });
});
