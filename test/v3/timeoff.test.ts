/**
 * The v3 handler for the time-off routes (issue 11): GET /v3/long-weekends and GET /v3/leave-plan, and the ISO week on
 * every Day it serves. Status, headers (cache policy, ETag), bodies, and the problem documents of bad parameters.
 */
import { describe, expect, it } from "vitest";
import { LEAVE_PLAN_APRIL_JUNE_2026 } from "../support/hand-checked.js";
import { expectProblem, json, LONG, v3 } from "./helpers.js";

describe("GET /v3/long-weekends", () => {
  it("lists the long weekends that start in 2026", async () => {
    const { res, body } = await json("/v3/long-weekends?year=2026");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(body.year).toBe(2026);
    expect(body.count).toBe(body.longWeekends.length);
    expect(body.longWeekends).toContainEqual({
      start: "2026-04-03",
      end: "2026-04-06",
      days: 4,
      leaveDays: [],
      observances: ["goodFriday", "holySaturday", "easterSunday", "easterMonday"],
    });
    expect(body.longWeekends).toContainEqual({
      start: "2026-05-14",
      end: "2026-05-17",
      days: 4,
      leaveDays: ["2026-05-15"],
      observances: ["ascensionDay"],
    });
    expect(body.longWeekends).toContainEqual({
      start: "2026-12-24",
      end: "2026-12-27",
      days: 4,
      leaveDays: [],
      observances: ["christmasEve", "christmasDay", "boxingDay"],
    });
    expect(body.longWeekends.some((w: any) => w.start === "2025-12-31")).toBe(false);
  });

  it("lists New Year 2025/26 under 2025, the year it starts", async () => {
    const { body } = await json("/v3/long-weekends?year=2025");
    expect(body.longWeekends.at(-1)).toEqual({
      start: "2025-12-31",
      end: "2026-01-04",
      days: 5,
      leaveDays: ["2026-01-02"],
      observances: ["newYearsEve", "newYearsDay"],
    });
  });

  it("defaults to the current year in Sweden, cached until midnight there", async () => {
    const { res, body } = await json("/v3/long-weekends");
    expect(body.year).toBe(2026);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=43200");
  });

  it("reads year exactly as /v3/holidays does", async () => {
    for (const bad of ["", "1929", "10000", "02026", "%2B2026", "2026.0", "abcd"])
      await expectProblem(await v3(`/v3/long-weekends?year=${bad}`), "invalid-parameter", 400, "year");
    await expectProblem(await v3("/v3/long-weekends?year=2026&year=2026"), "invalid-parameter", 400, "year");
  });

  it("answers HEAD without a body and If-None-Match with 304", async () => {
    const first = await v3("/v3/long-weekends?year=2026");
    const head = await v3("/v3/long-weekends?year=2026", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const again = await v3("/v3/long-weekends?year=2026", { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

describe("GET /v3/leave-plan", () => {
  it("plans three days in April-June 2026 (most, the default)", async () => {
    const { res, body } = await json("/v3/leave-plan?from=2026-04-01&to=2026-06-30&days=3");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(LONG);
    expect(body).toEqual(LEAVE_PLAN_APRIL_JUNE_2026);
    expect(Object.keys(body)).toEqual(["from", "to", "budget", "objective", "used", "daysOff", "breaks"]);
  });

  it("plans the longest break of 2026 with 25 days", async () => {
    const { body } = await json("/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=25&objective=longest");
    expect(body).toMatchObject({ objective: "longest", used: 25, daysOff: 40 });
    expect(body.breaks).toHaveLength(1);
    expect(body.breaks[0]).toMatchObject({ start: "2026-03-25", end: "2026-05-03", days: 40 });
  });

  it("a span without a working day answers used 0, daysOff 0, no breaks", async () => {
    const { res, body } = await json("/v3/leave-plan?from=2026-04-03&to=2026-04-06&days=5");
    expect(res.status).toBe(200);
    expect(body).toEqual({
      from: "2026-04-03",
      to: "2026-04-06",
      budget: 5,
      objective: "most",
      used: 0,
      daysOff: 0,
      breaks: [],
    });
  });

  it("ignores unknown parameters; the answer is a pure function of the parameters", async () => {
    const a = await v3("/v3/leave-plan?from=2026-01-01&to=2026-12-31&days=10");
    const b = await v3("/v3/leave-plan?days=10&x=1&to=2026-12-31&from=2026-01-01&objective=most");
    expect(await a.text()).toBe(await b.text());
  });

  it.each([
    ["days=0", "days"],
    ["days=61", "days"],
    ["days=-1", "days"],
    ["days=%2B5", "days"],
    ["days=05", "days"],
    ["days=5.0", "days"],
    ["days=", "days"],
    ["days=five", "days"],
    ["days=5&days=5", "days"],
    ["objective=max", "objective"],
    ["objective=Most", "objective"],
    ["objective=", "objective"],
    ["objective=most&objective=most", "objective"],
  ])("%s is 400 invalid-parameter naming %s", async (query, parameter) => {
    const base = query.startsWith("days") ? "from=2026-01-01&to=2026-12-31" : "from=2026-01-01&to=2026-12-31&days=5";
    await expectProblem(await v3(`/v3/leave-plan?${base}&${query}`), "invalid-parameter", 400, parameter);
  });

  it("dates and span: required, well-formed, ordered, at most 366 days both ends counted", async () => {
    await expectProblem(await v3("/v3/leave-plan?to=2026-12-31&days=5"), "invalid-parameter", 400, "from");
    await expectProblem(await v3("/v3/leave-plan?from=2026-01-01&days=5"), "invalid-parameter", 400, "to");
    await expectProblem(await v3("/v3/leave-plan?from=2026-01-01&to=2026-12-31"), "invalid-parameter", 400, "days");
    await expectProblem(
      await v3("/v3/leave-plan?from=2026-1-1&to=2026-12-31&days=5"),
      "invalid-parameter",
      400,
      "from",
    );
    await expectProblem(await v3("/v3/leave-plan?from=2026-02-29&to=2026-12-31&days=5"), "invalid-date", 400, "from");
    await expectProblem(
      await v3("/v3/leave-plan?from=1929-12-31&to=1930-01-31&days=5"),
      "invalid-parameter",
      400,
      "from",
    );
    await expectProblem(
      await v3("/v3/leave-plan?from=2026-02-02&to=2026-02-01&days=5"),
      "invalid-parameter",
      400,
      "to",
    );
    await expectProblem(
      await v3("/v3/leave-plan?from=2024-01-01&to=2025-01-01&days=5"),
      "invalid-parameter",
      400,
      "to",
    );
    expect((await v3("/v3/leave-plan?from=2024-01-01&to=2024-12-31&days=5")).status).toBe(200);
    await expectProblem(
      await v3("/v3/leave-plan?from=2026-01-01&from=2026-01-02&to=2026-12-31&days=5"),
      "invalid-parameter",
      400,
      "from",
    );
  });
});

describe("the ISO week on served Days", () => {
  it("GET /v3/days/{date} carries isoWeek: 2027-01-01 is week 53 of 2026, 2024-12-30 week 1 of 2025", async () => {
    expect((await json("/v3/days/2027-01-01")).body.isoWeek).toEqual({ year: 2026, week: 53 });
    expect((await json("/v3/days/2026-12-31")).body.isoWeek).toEqual({ year: 2026, week: 53 });
    expect((await json("/v3/days/2024-12-30")).body.isoWeek).toEqual({ year: 2025, week: 1 });
  });

  it("every Day of a shift, its steps and the holiday lists carry it too", async () => {
    const { body } = await json("/v3/shift?date=2026-12-28&add=1w");
    expect(body.steps[0].result.isoWeek).toEqual({ year: 2027, week: 1 });
    expect(body.landed.isoWeek).toEqual({ year: 2027, week: 1 });
    expect(body.result.isoWeek).toEqual({ year: 2027, week: 1 });
    const list = (await json("/v3/holidays?year=2027")).body.days;
    expect(list[0]).toMatchObject({ date: "2027-01-01", isoWeek: { year: 2026, week: 53 } });
  });
});
