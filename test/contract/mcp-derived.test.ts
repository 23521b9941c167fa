/**
 * What the MCP tools take from elsewhere rather than say again: each argument's name is its parameter's
 * (contract/parameters.ts), each summary is typed by its route's body (contract/bodies.ts; the compiler checks the
 * `@ts-expect-error` lines below), and the weekday and month names are the engine's (engine/calendar-words.ts), as
 * the site's and the command-line tool's are. The names are checked against the platform's own (Intl), independently.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import type { Day, HalfDaysResponse, HolidaysResponse } from "../../contract/bodies.js";
import { PARAMETERS } from "../../contract/parameters.js";
import { MONTHS as CLI_MONTHS, WEEKDAYS as CLI_WEEKDAYS } from "../../engine/cli/words.js";
import { type ToolAnswer, tool } from "../../http/mcp-tool-list.js";
import { TOOLS } from "../../http/mcp-tools.js";
import { MONTHS as SITE_MONTHS, WEEKDAYS as SITE_WEEKDAYS } from "../../site/src/lib/i18n.js";

describe("tool arguments are named as their parameters", () => {
  it("every argument but `steps` (a shift's `add`) has its parameter's name", () => {
    const renamed = TOOLS.flatMap((t) =>
      t.arguments
        .filter((a) => a.name !== PARAMETERS[a.parameter].name)
        .map((a) => `${t.name}.${a.name}=${a.parameter}`),
    );
    expect(renamed).toEqual(["shift_date.steps=add"]);
    expect(TOOLS.flatMap((t) => t.arguments).length).toBe(29);
  });
});

describe("a tool argument's prose names its parameter's declared default", () => {
  it("`(default <value>)` or `` `<value>` (default``, where the prose speaks of a default", () => {
    const said = TOOLS.flatMap((t) =>
      t.arguments
        .filter((a) => PARAMETERS[a.parameter].schema.default !== undefined && /default/.test(a.description))
        .map((a) => {
          const value = String(PARAMETERS[a.parameter].schema.default);
          const names = a.description.includes(`(default ${value})`) || a.description.includes(`\`${value}\` (default`);
          return `${t.name}.${a.name}: ${names ? "the declared default" : a.description}`;
        }),
    );
    expect(said).toEqual([
      "count_period.bounds: the declared default",
      "shift_date.postpone: the declared default",
      "plan_leave.objective: the declared default",
      "working_time.weeklyHours: the declared default",
      "working_time.profile: the declared default",
    ]);
  });
});

describe("a summary reads its route's body", () => {
  it("one route: the body; several: an object of them by key (types, checked by the compiler)", () => {
    const one: ToolAnswer<readonly [{ route: "day" }]> = { date: "2026-06-19" } as Day;
    const keyed: ToolAnswer<readonly [{ route: "holidays"; key: "a" }, { route: "halfDays"; key: "b" }]> = {
      a: { year: 2026, count: 0, days: [] } as HolidaysResponse,
      b: { year: 2026, count: 0, days: [] } as HalfDaysResponse,
    };
    expect([one.date, keyed.a.year, keyed.b.count]).toEqual(["2026-06-19", 2026, 0]);

    const base = { name: "t", title: "T", description: "d", arguments: [] };
    // a summary of the route's body
    const dayTool = tool({
      ...base,
      requests: [{ route: "day" }],
      summary: (day) => `${day.date} ${day.isoWeek.week}`,
    });
    // @ts-expect-error the body of /v3/days/{date} is a Day, not a HolidaysResponse
    tool({ ...base, requests: [{ route: "day" }], summary: (body: HolidaysResponse) => String(body.count) });
    // @ts-expect-error a Day has no `count`
    tool({ ...base, requests: [{ route: "day" }], summary: (day) => String(day.count) });
    // @ts-expect-error a keyed answer is read by its keys
    tool({ ...base, requests: [{ route: "bridgeDays", key: "bridge" }], summary: (body) => String(body.year) });
    expect(dayTool.summary({ date: "2026-06-19", isoWeek: { year: 2026, week: 25 } })).toBe("2026-06-19 25");
  });
});

describe("the calendar words are the engine's, everywhere", () => {
  // 2024-01-01 is a Monday: the seven days from it, and the first of each month of 2024, in the platform's words
  const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + i));
  const month = (i: number) => new Date(Date.UTC(2024, i, 1));
  const intl = (locale: string, option: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...option, timeZone: "UTC" });
  const week = [0, 1, 2, 3, 4, 5, 6];

  it("the names are Swedish and English as Intl writes them", () => {
    expect(WEEKDAY_NAMES.sv).toEqual(week.map((i) => intl("sv-SE", { weekday: "long" }).format(day(i))));
    expect(WEEKDAY_NAMES.en).toEqual(week.map((i) => intl("en-GB", { weekday: "long" }).format(day(i))));
    expect(MONTH_NAMES.sv).toEqual([...Array(12).keys()].map((i) => intl("sv-SE", { month: "long" }).format(month(i))));
    expect(MONTH_NAMES.en).toEqual([...Array(12).keys()].map((i) => intl("en-GB", { month: "long" }).format(month(i))));
    expect([WEEKDAY_NAMES.sv[5], MONTH_NAMES.sv[4]]).toEqual(["lördag", "maj"]);
  });

  it("the site and the command-line tool hold the engine's lists themselves, no copy", () => {
    expect(SITE_WEEKDAYS).toBe(WEEKDAY_NAMES);
    expect(SITE_MONTHS).toBe(MONTH_NAMES);
    expect(CLI_WEEKDAYS).toBe(WEEKDAY_NAMES);
    expect(CLI_MONTHS).toBe(MONTH_NAMES);
  });
});
