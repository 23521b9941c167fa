/**
 * The package is as strict as the API about the types of what it is given: every argument and option of every public
 * function of `swedish-calendar` and `swedish-calendar/ics`, and every reader of input of `swedish-calendar/core`,
 * refuses a value of the wrong type with a CalendarError (`invalid-argument`) naming it, the type it must be and what
 * it was given. The parameters are enumerated from the tables the functions check themselves against
 * (LIBRARY_SIGNATURES, FEED_SIGNATURES, DUE_DATE_RULE_FIELDS, engine/signatures.ts); the guards of
 * strict-options-core.test.ts fail when a function is exported without a table. The types the compiler checks
 * (`npm run typecheck` covers test/): a partial FeedOptions is accepted, a schedule code outside the catalogue is not.
 */

import * as library from "swedish-calendar";
import { type DueDateScheduleCode, dueDates, holidays } from "swedish-calendar";
import {
  CalendarError,
  DUE_DATE_RULE_FIELDS,
  DUE_DATE_SCHEDULE_CODES,
  FEED_SIGNATURES,
  type FieldKinds,
  LIBRARY_SIGNATURES,
  type Signature,
} from "swedish-calendar/core";
import * as ics from "swedish-calendar/ics";
import { type FeedOptions, icsFeed } from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import {
  type AnyFunction,
  errorOf,
  expectWrongType,
  given,
  MUST_BE,
  PUBLIC,
  type PublicFunction,
  WRONG,
} from "./strict-options-kinds.js";

// ---------------------------------------------------------------------------------------------------------------
// Every public function with a call that succeeds: the other arguments when one is replaced by a wrong one
// ---------------------------------------------------------------------------------------------------------------

/** The feed's options, each given (the feed's writers and its calendar name take the same ones). */
const EVERY_FEED_OPTION = {
  defacto: false,
  bridge: true,
  half: true,
  saturdays: true,
  sundays: true,
  flags: true,
  busy: true,
  due: ["salary-25"],
};

/** One valid call of each function, every optional parameter and every option given (so each can be left out). */
const VALID_CALLS: Record<string, readonly unknown[]> = {
  describeDay: ["2026-06-19"],
  isWorkingDay: ["2026-06-19"],
  isBridgeDay: ["2026-05-15"],
  isHalfDay: ["2026-01-05"],
  isBusinessDay: ["2026-06-19"],
  holidays: [2026, { sundays: true, saturdays: false }],
  bridgeDays: [2026],
  halfDays: [2026],
  daysOfYear: [2024],
  countPeriod: ["2026-01-01", "2026-12-31", "exclusive"],
  shiftDate: ["2026-01-31", ["1m", "10b"], { postpone: true }],
  longWeekends: [2026],
  planLeave: ["2026-05-11", "2026-05-17", 1, "longest"],
  observances: [],
  observanceInfo: ["nationalDay"],
  occurrences: ["easterSunday", 2026, 2028],
  flagDays: [2026],
  flagDayRules: [],
  adjust: ["2026-06-19", "modified-following"],
  dueDates: [2026, "child-benefit"],
  dueDateSchedules: [],
  workingTime: [2026, { weeklyHours: 38.25, profile: "state" }],
  dataVersion: [],
  icsFeed: [2026, 2026, EVERY_FEED_OPTION],
  buildFeed: [2026, 2026, EVERY_FEED_OPTION],
  feedEvents: [2026, 2026, EVERY_FEED_OPTION],
  feedCalendarName: [EVERY_FEED_OPTION],
  feedUid: ["2026-06-19", "midsummerEve"],
  flagDayEventCode: ["kingsBirthday"],
  dueDateEventCode: ["tax-account"],
  feedTimestamp: [2026],
};

/** A signature's parameters: name, whether it may be left out, and its kind or its fields. */
function parameters(signature: Signature) {
  return Object.entries(signature).map(([key, kind], index) => ({
    index,
    name: key.replace(/\?$/, ""),
    optional: key.endsWith("?"),
    kind,
  }));
}

/** One case: a call with one argument or option replaced, and what it must throw (or `undefined`: it must succeed). */
interface Case {
  label: string;
  call: () => unknown;
  throws?: { name: string; expected: string; value: unknown } | { name: string; required: true };
}

function cases({ name: fnName, fn, signature }: PublicFunction): Case[] {
  const valid = VALID_CALLS[fnName];
  const list: Case[] = [];
  const withArgument = (index: number, value: unknown) => () => fn(...valid.map((v, i) => (i === index ? value : v)));
  const fields = (index: number, kinds: FieldKinds, base: Record<string, unknown>) => {
    const parameter = parameters(signature)[index].name;
    for (const [key, kind] of Object.entries(kinds)) {
      const field = key.replace(/\?$/, "");
      const withField = (value: unknown) => withArgument(index, { ...base, [field]: value });
      for (const value of WRONG[kind]) {
        list.push({
          label: `${fnName} ${parameter}.${field} = ${given(value)}`,
          call: withField(value),
          throws: { name: field, expected: MUST_BE[kind], value },
        });
      }
      list.push(
        key.endsWith("?")
          ? { label: `${fnName} ${parameter}.${field} left out`, call: withField(undefined) }
          : {
              label: `${fnName} ${parameter}.${field} left out`,
              call: withField(undefined),
              throws: { name: field, required: true },
            },
      );
    }
    // an option no table declares is ignored, as the API ignores an unknown query parameter
    list.push({
      label: `${fnName} ${parameter} with an unknown field`,
      call: withArgument(index, { ...base, unknownOption: "yes" }),
    });
  };
  for (const { index, name, optional, kind } of parameters(signature)) {
    if (typeof kind === "string") {
      for (const value of WRONG[kind])
        list.push({
          label: `${fnName} ${name} = ${given(value)}`,
          call: withArgument(index, value),
          throws: { name, expected: MUST_BE[kind], value },
        });
    } else {
      for (const value of ["x", 5, true, null, []])
        list.push({
          label: `${fnName} ${name} = ${given(value)}`,
          call: withArgument(index, value),
          throws: { name, expected: "an object", value },
        });
      fields(index, kind, valid[index] as Record<string, unknown>);
    }
    list.push(
      optional
        ? { label: `${fnName} ${name} left out`, call: withArgument(index, undefined) }
        : {
            label: `${fnName} ${name} left out`,
            call: withArgument(index, undefined),
            throws: { name, required: true },
          },
    );
  }
  // dueDates' rule of your own: an object whose fields are declared apart from the signature
  if (fnName === "dueDates") fields(1, DUE_DATE_RULE_FIELDS, { day: 25, convention: "preceding" });
  return list;
}

describe("every argument and option of every public function is checked for its type", () => {
  it.each(PUBLIC.map((p) => [`${p.entry} ${p.name}`, p] as const))("%s", (_, p) => {
    expect(VALID_CALLS[p.name], `no valid call of ${p.name} in VALID_CALLS`).toBeDefined();
    expect(() => p.fn(...VALID_CALLS[p.name])).not.toThrow();
    expect(p.fn.length, "a parameter the function requires is missing from its table").toBeLessThanOrEqual(
      Object.keys(p.signature).length,
    );
    for (const c of cases(p)) {
      if (c.throws === undefined) {
        expect(c.call, c.label).not.toThrow();
      } else if ("required" in c.throws) {
        const e = errorOf(c.call);
        expect({ code: e.code, argument: e.argument, message: e.message }, c.label).toEqual({
          code: "invalid-argument",
          argument: c.throws.name,
          message: `'${c.throws.name}' is required`,
        });
      } else {
        expectWrongType(c.call, c.throws.name, c.throws.expected, c.throws.value);
      }
    }
  });

  it("the options of holidays and the feed are declared, and the loose readings they had are refused", () => {
    expect(Object.keys(LIBRARY_SIGNATURES.holidays["options?"])).toEqual(["sundays?", "saturdays?"]);
    expect(Object.keys(FEED_SIGNATURES.icsFeed["options?"])).toEqual([
      "defacto?",
      "bridge?",
      "half?",
      "saturdays?",
      "sundays?",
      "flags?",
      "busy?",
      "due?",
    ]);
    const js = library as unknown as Record<string, AnyFunction>;
    expectWrongType(() => js.holidays(2026, { sundays: "false" }), "sundays", MUST_BE.boolean, "false");
    expectWrongType(
      () => js.shiftDate("2026-01-31", "1m", { postpone: "false" }),
      "postpone",
      MUST_BE.boolean,
      "false",
    );
    expectWrongType(
      () => (ics as unknown as Record<string, AnyFunction>).icsFeed(2026, 2026, { defacto: "false" }),
      "defacto",
      MUST_BE.boolean,
      "false",
    );
    expectWrongType(() => js.holidays("2026"), "year", MUST_BE.year, "2026");
    expectWrongType(() => js.planLeave("2026-01-01", "2026-12-31", "5"), "days", MUST_BE.number, "5");
    expect(errorOf(() => js.observanceInfo(5)).message).toBe("'code' must be a string, not the number 5");
    // a long string is cut in the message
    expect(errorOf(() => js.holidays(2026, { sundays: "x".repeat(100) })).message).toBe(
      `'sundays' must be ${MUST_BE.boolean}, not the string "${"x".repeat(40)}…"`,
    );
  });

  it("a value of the right type keeps the message about its content", () => {
    const js = library as unknown as Record<string, AnyFunction>;
    expect(errorOf(() => js.holidays(1929)).message).toBe("'year' must be a year from 1930 to 9999");
    expect(errorOf(() => js.holidays(2026.5)).message).toBe("'year' must be a year from 1930 to 9999");
    expect(errorOf(() => js.planLeave("2026-01-01", "2026-12-31", 0)).message).toBe(
      "'days' must be a whole number of leave days from 1 to 60, written in digits",
    );
    expect(errorOf(() => js.describeDay("2026-6-19")).message).toBe("'date' must be a date in the form YYYY-MM-DD");
    expect(errorOf(() => js.shiftDate("2026-01-31", "5x")).argument).toBe("add");
    // the feed's writer refuses an unknown due-date code as bad input, as icsFeed does
    for (const write of [ics.buildFeed, ics.feedEvents])
      expect(errorOf(() => write(2026, 2026, { due: ["rent"] })).argument).toBe("due");
    expect(errorOf(() => ics.icsFeed(2026, 2026, { due: ["rent"] })).argument).toBe("due");
    const rent = errorOf(() => js.dueDates(2026, "rent"));
    expect([rent.code, rent.argument, rent.message]).toEqual([
      "invalid-argument",
      "schedule",
      `'schedule' must be a due-date schedule code (${DUE_DATE_SCHEDULE_CODES.join(", ")}); unknown: 'rent'`,
    ]);
  });
});
// ---------------------------------------------------------------------------------------------------------------
// The types (checked by tsc: a line below that compiled where it must not, or did not where it must, fails typecheck)
// ---------------------------------------------------------------------------------------------------------------

describe("the declared types", () => {
  it("FeedOptions is partial: { bridge: true } is a FeedOptions, the rest take their defaults", () => {
    const o: FeedOptions = { bridge: true };
    const none: FeedOptions = {};
    expect(icsFeed(2026, 2026, o)).toBe(icsFeed(2026, 2026, { ...none, defacto: true, bridge: true, due: [] }));
  });

  it("dueDates takes the catalogue's codes or a rule; any other string does not compile, and throws from JavaScript", () => {
    const code: DueDateScheduleCode = "tax-account";
    expect(dueDates(2026, code).schedule.code).toBe("tax-account");
    expect(dueDates(2026, { day: "last", convention: "preceding" }).schedule.code).toBe("custom");
    // @ts-expect-error "rent" is no code of the catalogue
    expect(() => dueDates(2026, "rent")).toThrow(CalendarError);
    const text: string = "salary-25";
    // @ts-expect-error a plain string is not a schedule code (the service casts what it has checked or lets the engine check it)
    expect(dueDates(2026, text).schedule.code).toBe("salary-25");
    // @ts-expect-error the options are booleans
    expect(() => holidays(2026, { sundays: "false" })).toThrow(CalendarError);
  });
});
