import { parseSteps, type Step, shift } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { d, expectCalendarError } from "./helpers.js";

const run = (date: string, add: string[], postpone = false) => shift(d(date), parseSteps(add), { postpone }, date);

describe("month and year steps clamp and flag", () => {
  it("2024-01-31 +1m is 2024-02-29, constrained", () => {
    const s = run("2024-01-31", ["1m"]);
    expect(s.steps).toEqual([{ unit: "m", amount: 1, constrained: true, result: s.result }]);
    expect(s.result.date).toBe("2024-02-29");
    expect(run("2023-01-31", ["1m"]).result.date).toBe("2023-02-28");
    expect(run("2024-01-30", ["-2m"]).steps[0]).toMatchObject({ constrained: false, result: { date: "2023-11-30" } });
    expect(run("2024-03-31", ["-1m"]).steps[0]).toMatchObject({ constrained: true, result: { date: "2024-02-29" } });
  });
  it("2024-02-29 +1y is 2025-02-28, constrained; +4y is 2028-02-29, not constrained", () => {
    expect(run("2024-02-29", ["1y"]).steps[0]).toMatchObject({
      unit: "y",
      amount: 1,
      constrained: true,
      result: { date: "2025-02-28" },
    });
    expect(run("2024-02-29", ["4y"]).steps[0]).toMatchObject({ constrained: false, result: { date: "2028-02-29" } });
    expect(run("2000-02-29", ["100y"]).steps[0]).toMatchObject({ constrained: true, result: { date: "2100-02-28" } });
  });
  it("order changes the answer: 01-31 +1m +1d differs from +1d +1m", () => {
    expect(run("2024-01-31", ["1m", "1d"]).result.date).toBe("2024-03-01");
    expect(run("2024-01-31", ["1d", "1m"]).result.date).toBe("2024-03-01");
    expect(run("2024-01-30", ["1m", "1d"]).result.date).toBe("2024-03-01");
    expect(run("2024-01-30", ["1d", "1m"]).result.date).toBe("2024-02-29");
  });
  it("d and w steps", () => {
    expect(run("2024-12-31", ["1d"]).result.date).toBe("2025-01-01");
    expect(run("2024-03-01", ["-1d"]).result.date).toBe("2024-02-29");
    expect(run("2024-01-01", ["2w", "-1w"]).steps.map((x) => x.result.date)).toEqual(["2024-01-15", "2024-01-08"]);
  });
});

describe("working-day steps", () => {
  it("+1b from a Saturday is the next working day (Monday), -1b the working day strictly before", () => {
    expect(run("2024-06-08", ["1b"]).result.date).toBe("2024-06-10");
    expect(run("2024-06-08", ["-1b"]).result.date).toBe("2024-06-07");
    expect(run("2024-06-09", ["1b"]).result.date).toBe("2024-06-10");
  });
  it("from Easter Eve 2024: +1b skips Easter Monday to Tuesday 04-02, -1b is Maundy Thursday 03-28", () => {
    expect(run("2024-03-30", ["1b"]).result.date).toBe("2024-04-02");
    expect(run("2024-03-30", ["-1b"]).result.date).toBe("2024-03-28");
    expect(run("2024-03-30", ["2b"]).result.date).toBe("2024-04-03");
  });
  it("from a working day, +1b and -1b are the neighbouring working days", () => {
    expect(run("2024-03-28", ["1b"]).result.date).toBe("2024-04-02");
    expect(run("2024-04-02", ["-1b"]).result.date).toBe("2024-03-28");
    expect(run("2024-12-23", ["1b"]).result.date).toBe("2024-12-27");
    // 12-27, 12-30, 01-02, 01-03, then Monday 01-06 is Epiphany: 01-07
    expect(run("2024-12-23", ["5b"]).result.date).toBe("2025-01-07");
  });
  it("0b (like every zero step) leaves the date untouched, even on a holiday", () => {
    for (const add of ["0b", "0d", "0w", "0m", "0y", "-0b"]) {
      const s = run("2024-12-25", [add]);
      expect(s.result.date).toBe("2024-12-25");
      expect(s.steps[0]).toMatchObject({ amount: 0, constrained: false });
      expect(Object.is(s.steps[0].amount, -0)).toBe(false);
    }
  });
});

describe("the Sunday rule (postpone)", () => {
  it("a landing on a Sunday moves to Monday", () => {
    const s = run("2024-06-01", ["1d"], true);
    expect(s.landed.date).toBe("2024-06-02");
    expect(s.postponed).toBe(true);
    expect(s.result.date).toBe("2024-06-03");
    expect(s.postpone).toBe(true);
  });
  it("a landing on Good Friday moves past Easter Monday", () => {
    const s = run("2024-03-22", ["1w"], true);
    expect(s.landed.date).toBe("2024-03-29");
    expect(s.result.date).toBe("2024-04-02");
    expect(s.postponed).toBe(true);
  });
  it("is applied once, after the last step, not per step", () => {
    const s = run("2024-06-01", ["1d", "1d"], true);
    expect(s.steps.map((x) => x.result.date)).toEqual(["2024-06-02", "2024-06-03"]);
    expect(s.postponed).toBe(false);
    expect(s.result.date).toBe("2024-06-03");
  });
  it("a landing on a working day is not moved; without postpone result equals landed", () => {
    expect(run("2024-06-03", ["1d"], true)).toMatchObject({ postponed: false, result: { date: "2024-06-04" } });
    const s = run("2024-06-01", ["1d"], false);
    expect(s).toMatchObject({ postpone: false, postponed: false });
    expect(s.result).toEqual(s.landed);
  });
  it("past 9999-12-31 is invalid-parameter", () => {
    expectCalendarError(() => run("9999-12-30", ["1d"], true), "invalid-parameter");
    expect(run("9999-12-30", ["1d"], false).result.date).toBe("9999-12-31");
  });
});

describe("shift response", () => {
  it("has the fields of docs/contract.md#shift in order", () => {
    const s = run("2024-01-31", ["1m", "2b"], true);
    expect(Object.keys(s)).toEqual(["date", "postpone", "steps", "landed", "postponed", "result", "period"]);
    expect(Object.keys(s.steps[0])).toEqual(["unit", "amount", "constrained", "result"]);
    expect(s.date).toBe("2024-01-31");
  });
  it("period covers date..result, both counted; chronological when the result is earlier", () => {
    const fwd = run("2024-01-01", ["1m"]);
    expect(fwd.period).toMatchObject({ from: "2024-01-01", to: "2024-02-01", calendarDays: 32 });
    const back = run("2024-03-10", ["-10d"]);
    expect(back.period).toMatchObject({
      from: "2024-02-29",
      to: "2024-03-10",
      calendarDays: 11,
      duration: { years: 0, months: 0, days: 11 },
    });
  });
  it("period is null past 200 years, never an error; present at exactly 200", () => {
    expect(run("1930-01-01", ["200y"]).period).not.toBeNull();
    const s = run("1930-01-01", ["200y", "1d"]);
    expect(s.result.date).toBe("2130-01-02");
    expect(s.period).toBeNull();
    expect(run("9999-12-31", ["-8000y"]).period).toBeNull();
  });
  it("steps that leave 1930-01-01..9999-12-31 are invalid-parameter", () => {
    const cases: [string, string][] = [
      ["9999-12-31", "1d"],
      ["1930-01-01", "-1d"],
      ["1930-01-01", "-1b"],
      ["9999-12-31", "1b"],
      ["1930-01-31", "-1m"],
      ["9999-12-01", "1m"],
      ["2024-01-01", "8000y"],
      ["2024-01-01", "-95y"],
      ["2024-01-01", "99999999999999999999d"],
      ["2024-01-01", "9999999999999999999999999999999b"],
      ["2024-01-01", "3000000b"],
      ["2024-01-01", "-1000000w"],
      ["2024-01-01", `${"9".repeat(400)}m`],
    ];
    for (const [date, add] of cases) expectCalendarError(() => run(date, [add]), "invalid-parameter", "add");
    // the range edges themselves are reachable
    expect(run("1930-01-02", ["-1d"]).result.date).toBe("1930-01-01");
    expect(run("1930-01-01", ["8069y", "11m", "30d"]).result.date).toBe("9999-12-31");
  });
  it("an out-of-range step in the middle of a chain is an error even if later steps come back", () => {
    expectCalendarError(() => run("9999-12-31", ["1d", "-1d"]), "invalid-parameter", "add");
  });
  it("a direct Step with a non-integer or non-finite amount is rejected", () => {
    const steps: Step[] = [{ unit: "d", amount: Number.POSITIVE_INFINITY }];
    expectCalendarError(() => shift(d("2024-01-01"), steps, { postpone: false }), "invalid-parameter");
  });
  it("names the step as the client wrote it when it leaves the range", () => {
    try {
      shift(d("2024-01-01"), parseSteps(["1d,99999999999999999999d"]), { postpone: false });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toBe(
        "'add' step 2 (99999999999999999999d) carries the date outside 1930-01-01..9999-12-31",
      );
    }
  });
});

describe("parseSteps", () => {
  it("repeated add and comma form give the same chain", () => {
    expect(parseSteps(["1d", "-2b", "3w"])).toEqual(parseSteps(["1d,-2b,3w"]));
    expect(parseSteps(["1d,-2b", "3w"])).toEqual([
      { unit: "d", amount: 1, text: "1d" },
      { unit: "b", amount: -2, text: "-2b" },
      { unit: "w", amount: 3, text: "3w" },
    ]);
  });
  it("at most 20 steps in total, at least 1", () => {
    expect(parseSteps([Array(20).fill("1d").join(",")])).toHaveLength(20);
    expect(parseSteps(Array(20).fill("1d"))).toHaveLength(20);
    expectCalendarError(() => parseSteps([Array(21).fill("1d").join(",")]), "invalid-parameter", "add");
    expectCalendarError(
      () => parseSteps([...Array(10).fill("1d"), Array(11).fill("1b").join(",")]),
      "invalid-parameter",
      "add",
    );
    expectCalendarError(() => parseSteps([]), "invalid-parameter", "add");
  });
  it("rejects a leading plus and every other unreadable form", () => {
    for (const bad of [
      "+1d",
      "1d,+1d",
      "1D",
      "1",
      "d",
      "1.5d",
      "1e3d",
      "",
      "1d,",
      ",1d",
      "1d,,1d",
      " 1d",
      "1d ",
      "1x",
      "--1d",
      "- 1d",
      "1 d",
      "1dd",
      "１d",
    ]) {
      expectCalendarError(() => parseSteps([bad]), "invalid-parameter", "add");
    }
    expectCalendarError(() => parseSteps(["1d", "+1d"]), "invalid-parameter", "add");
  });
  it("reads leading zeros and negative amounts", () => {
    expect(parseSteps(["007d", "-0m", "-12y"])).toEqual([
      { unit: "d", amount: 7, text: "007d" },
      { unit: "m", amount: -0, text: "-0m" },
      { unit: "y", amount: -12, text: "-12y" },
    ]);
  });
});
