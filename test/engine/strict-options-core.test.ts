/** The readers of input of `swedish-calendar/core` check types, and no public function is without its table. */

import * as library from "swedish-calendar";
import * as core from "swedish-calendar/core";
import {
  type ArgumentKind,
  DUE_DATE_RULE_FIELDS,
  FEED_SIGNATURES,
  type FieldKinds,
  LIBRARY_SIGNATURES,
  type Signature,
} from "swedish-calendar/core";
import * as ics from "swedish-calendar/ics";
import { describe, expect, it } from "vitest";
import { expectWrongType, MUST_BE, PUBLIC, WRONG } from "./strict-options-kinds.js";

// ---------------------------------------------------------------------------------------------------------------
// core: the readers of input check types; the functions over day numbers trust theirs
// ---------------------------------------------------------------------------------------------------------------

/** Each reader of input with the value it reads, its kind and the name its messages use. */
const READERS: Record<string, { read: (value: unknown) => unknown; kind: ArgumentKind; name: string }> = {
  parseIsoDate: { read: (v) => core.parseIsoDate(v as string, "date"), kind: "date", name: "date" },
  parseYear: { read: (v) => core.parseYear(v as string, "from"), kind: "string", name: "from" },
  parseBounds: { read: (v) => core.parseBounds(v as string), kind: "string", name: "bounds" },
  parseLeaveDays: { read: (v) => core.parseLeaveDays(v as string, "days"), kind: "string", name: "days" },
  parseLeaveObjective: { read: (v) => core.parseLeaveObjective(v as string), kind: "string", name: "objective" },
  parseSteps: { read: (v) => core.parseSteps(v as string[]), kind: "strings", name: "add" },
  checkYearRange: { read: (v) => core.checkYearRange(v as number, 2026), kind: "year", name: "from" },
  parseConvention: { read: (v) => core.parseConvention(v as string, "convention"), kind: "string", name: "convention" },
  parseDueDay: { read: (v) => core.parseDueDay(v as string, "day"), kind: "day-of-month", name: "day" },
  parseDueScheduleList: { read: (v) => core.parseDueScheduleList(v as string, "due"), kind: "string", name: "due" },
  findRule: { read: (v) => core.findRule(v as string), kind: "string", name: "code" },
  findDueDateRule: { read: (v) => core.findDueDateRule(v as string, "schedule"), kind: "string", name: "schedule" },
  parseWeeklyHours: { read: (v) => core.parseWeeklyHours(v as string), kind: "string", name: "weeklyHours" },
  checkWeeklyHours: { read: (v) => core.checkWeeklyHours(v as number), kind: "number", name: "weeklyHours" },
  findWorkingTimeProfile: { read: (v) => core.findWorkingTimeProfile(v as string), kind: "string", name: "profile" },
};

/**
 * The rest of core's functions: over day numbers, rules and resolved values, for code that has read its input (with
 * the readers, or the library); they trust their arguments, being the fast path. A new function of core must be
 * put in one list or the other.
 */
const TRUSTING = [
  // dates, Easter, rules
  "addMonths",
  "civilFromDay",
  "dayFromCivil",
  "daysInMonth",
  "fromIsoDate",
  "isInRange",
  "isoWeekday",
  "toIsoDate",
  "easterSunday",
  "observanceDate",
  // the classification and the year lists
  "addWorkingDays",
  "bridgeDaysOfYear",
  "dayOf",
  "halfDaysOfYear",
  "holidaysOfYear",
  "isBridgeDay",
  "isHalfDay",
  "isWorkingDay",
  "isoWeekOf",
  "yearInfo",
  // period, shift, catalogue, time off, flag days
  "durationOf",
  "period",
  "periodSummary",
  "shift",
  "catalogue",
  "leavePlan",
  "longWeekendsOfYear",
  "flagDayCatalogue",
  "flagDaysOfYear",
  // business days and due dates
  "adjustDay",
  "dueDateCatalogue",
  "scheduleDueDates",
  // working time, over a checked year, weekly time and profile
  "workingTimeOfYear",
  // the service's entry points over values its argument reader has parsed and checked (contract/arguments.ts)
  "adjustment",
  "customSchedule",
  "dueDateScheduleInfo",
  "dueDatesOfYear",
  "observanceInfo",
  "occurrencesOf",
  "writeFeed",
  // the errors, the data version
  "missingArgument",
  "dataVersion",
  // the feed's text at the level of lines (the cross-check against the `ics` package)
  "foldLine",
  "withCalendarProperties",
];

describe("core", () => {
  it.each(Object.entries(READERS))("%s checks the type of what it reads", (_, { read, kind, name }) => {
    // null and undefined are an absent value to the readers the service hands a missing query parameter
    for (const value of WRONG[kind].filter((v) => v !== null))
      expectWrongType(() => read(value), name, MUST_BE[kind], value);
  });

  it("checkYearRange checks `to` as well", () => {
    expectWrongType(() => core.checkYearRange(2026, "2027" as unknown as number), "to", MUST_BE.year, "2027");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The guards: no public function without its table
// ---------------------------------------------------------------------------------------------------------------

const functionsOf = (module: object) =>
  Object.keys(module)
    .filter((k) => typeof (module as Record<string, unknown>)[k] === "function")
    .sort();

describe("no public function slips through", () => {
  it("every function of swedish-calendar has its table in LIBRARY_SIGNATURES (CalendarError is the class of the errors)", () => {
    expect(functionsOf(library).filter((k) => k !== "CalendarError")).toEqual(Object.keys(LIBRARY_SIGNATURES).sort());
  });

  it("every function of swedish-calendar/ics has its table in FEED_SIGNATURES", () => {
    expect(functionsOf(ics)).toEqual(Object.keys(FEED_SIGNATURES).sort());
  });

  it("every function of swedish-calendar/core is a checked reader or declared trusting", () => {
    const classified = [...Object.keys(READERS), ...TRUSTING, "CalendarError"].sort();
    expect(functionsOf(core)).toEqual(classified);
  });

  it("every kind has its words and its wrong values here", () => {
    const kinds = new Set<string>();
    const collect = (signature: Signature | FieldKinds) => {
      for (const kind of Object.values(signature)) typeof kind === "string" ? kinds.add(kind) : collect(kind);
    };
    for (const { signature } of PUBLIC) collect(signature);
    collect(DUE_DATE_RULE_FIELDS);
    for (const { kind } of Object.values(READERS)) kinds.add(kind);
    expect([...kinds].sort()).toEqual(Object.keys(MUST_BE).sort());
  });
});
