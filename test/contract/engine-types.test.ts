/**
 * The engine declares its own types (engine/types.ts); the contract declares the JSON Schemas of the same shapes
 * (contract/bodies.ts). Each schema's static type must EQUAL the engine's type: not merely be assignable, so that a
 * field added, removed, made optional or retyped on either side fails `npm run typecheck` (part of `npm test`).
 */

import type { Static } from "@sinclair/typebox";
import type * as Engine from "swedish-calendar";
import type * as Core from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import type * as Bodies from "../../contract/bodies.js";
import { BODIES } from "../../contract/bodies.js";

/** True exactly when A and B are the same type (the compiler's identity check, not mutual assignability). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only for `true`. */
const same = <T extends true>(_: T) => _;
type S<K extends keyof typeof BODIES> = Static<(typeof BODIES)[K]>;

// Each line fails to compile when the two declarations drift apart.
same<Equals<Engine.Names, S<"Names">>>(true);
same<Equals<Engine.HolidayType, S<"HolidayType">>>(true);
same<Equals<Engine.Feast, S<"Feast">>>(true);
same<Equals<Engine.Observance, S<"Observance">>>(true);
same<Equals<Engine.IsoWeek, S<"IsoWeek">>>(true);
same<Equals<Engine.Day, S<"Day">>>(true);
same<Equals<Engine.ObservanceInfo, S<"ObservanceInfo">>>(true);
same<Equals<Engine.Occurrence, S<"Occurrence">>>(true);
same<Equals<Engine.FlagDay, S<"FlagDay">>>(true);
same<Equals<Engine.FlagDayInfo, S<"FlagDayInfo">>>(true);
same<Equals<Engine.Duration, S<"Duration">>>(true);
same<Equals<Engine.DaysOff, S<"DaysOff">>>(true);
same<Equals<Engine.CountedDays, S<"CountedDays">>>(true);
same<Equals<Engine.SpanCounts, Bodies.SpanCounts>>(true);
same<Equals<Engine.Period, S<"Period">>>(true);
same<Equals<Engine.PeriodSummary, S<"PeriodSummary">>>(true);
same<Equals<Engine.AppliedStep, S<"AppliedStep">>>(true);
same<Equals<Engine.Shift, S<"Shift">>>(true);
same<Equals<Engine.LongWeekend, S<"LongWeekend">>>(true);
same<Equals<Engine.LeaveBreak, S<"LeaveBreak">>>(true);
same<Equals<Engine.LeavePlan, S<"LeavePlan">>>(true);
same<Equals<Engine.Convention, S<"Convention">>>(true);
same<Equals<Engine.Adjustment, S<"Adjustment">>>(true);
same<Equals<Engine.DayOfMonth, S<"DayOfMonth">>>(true);
same<Equals<Engine.DueDayByMonth, S<"DueDayByMonth">>>(true);
same<Equals<Engine.DueDateSchedule, S<"DueDateSchedule">>>(true);
same<Equals<Engine.DueDate, S<"DueDate">>>(true);
same<Equals<Engine.DueDates, S<"DueDatesResponse">>>(true);
same<Equals<Engine.WorkingTimeProfile, S<"WorkingTimeProfile">>>(true);
same<Equals<Engine.ShortenedDay, S<"ShortenedDay">>>(true);
same<Equals<Engine.WorkingTimeMonth, S<"WorkingTimeMonth">>>(true);
same<Equals<Engine.WorkingTimeQuarter, S<"WorkingTimeQuarter">>>(true);
same<Equals<Engine.WorkingTimeSum, S<"WorkingTimeResponse">["total"]>>(true);
same<Equals<Engine.WorkingTime, S<"WorkingTimeResponse">>>(true);
// the envelopes hold exactly the engine's lists
same<Equals<S<"HolidaysResponse">["days"], Engine.Day[]>>(true);
same<Equals<S<"ObservanceList">["observances"], Engine.ObservanceInfo[]>>(true);
same<Equals<S<"OccurrenceList">["occurrences"], Engine.Occurrence[]>>(true);
same<Equals<S<"FlagDaysResponse">["flagDays"], Engine.FlagDay[]>>(true);
same<Equals<S<"FlagDayList">["flagDays"], Engine.FlagDayInfo[]>>(true);
same<Equals<S<"LongWeekendsResponse">["longWeekends"], Engine.LongWeekend[]>>(true);
same<Equals<S<"DueDateScheduleList">["schedules"], Engine.DueDateSchedule[]>>(true);
// the core entry point exports the same types as the library's
same<Equals<Core.Day, Engine.Day>>(true);

/** The check itself can fail: a type that differs in one optional field is not equal. */
type Loosened = Omit<Engine.ObservanceInfo, "since"> & { since: number | undefined };
same<Equals<Equals<Loosened, S<"ObservanceInfo">>, false>>(true);

describe("engine types and contract schemas", () => {
  it("every body schema the engine produces has an equal engine type (checked by the compiler above)", () => {
    // what the compiler checked, listed so a new body schema is noticed: every schema of BODIES is either an
    // engine shape above, an envelope of one, or HTTP-only (problems, monitoring, v2)
    const engineShapes = [
      "Names",
      "HolidayType",
      "Feast",
      "Observance",
      "IsoWeek",
      "Day",
      "ObservanceInfo",
      "Occurrence",
      "FlagDay",
      "FlagDayInfo",
      "Duration",
      "DaysOff",
      "CountedDays",
      "Period",
      "PeriodSummary",
      "AppliedStep",
      "Shift",
      "LongWeekend",
      "LeaveBreak",
      "LeavePlan",
      "Convention",
      "Adjustment",
      "DayOfMonth",
      "DueDayByMonth",
      "DueDateSchedule",
      "DueDate",
      "DueDatesResponse",
      "WorkingTimeProfile",
      "ShortenedDay",
      "WorkingTimeMonth",
      "WorkingTimeQuarter",
      "WorkingTimeResponse",
    ];
    const envelopes = [
      "HolidaysResponse",
      "BridgeDaysResponse",
      "HalfDaysResponse",
      "ObservanceList",
      "OccurrenceList",
      "FlagDaysResponse",
      "FlagDayList",
      "LongWeekendsResponse",
      "DueDateScheduleList",
    ];
    const codes = ["ObservanceCode", "FeastCode", "FlagDayCode"];
    const httpOnly = ["Problem", "Health", "V2Holiday", "V2Date"];
    expect(Object.keys(BODIES).sort()).toEqual([...engineShapes, ...envelopes, ...codes, ...httpOnly].sort());
  });
});
