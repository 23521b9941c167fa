/**
 * The sample's bad input (./sample.ts): each library call that must throw the same CalendarError as the API's problem,
 * or, where no request can send it, the code and argument expected.
 */

import { pathOf } from "../../contract/paths.js";
import { type Call, type Case, ics, lib, q, route } from "./sample-checks.js";

export function errorCases(): Case[] {
  const list: Case[] = [];
  // bad input: the same CalendarError as the API's problem
  const errors: [Call, string][] = [
    [lib("describeDay", "2023-02-29"), pathOf("day", { date: "2023-02-29" })],
    [lib("describeDay", "2026-13-01"), pathOf("day", { date: "2026-13-01" })],
    [lib("describeDay", "2026-6-19"), pathOf("day", { date: "2026-6-19" })],
    [lib("describeDay", "1929-12-31"), pathOf("day", { date: "1929-12-31" })],
    [lib("isWorkingDay", "2025-02-29"), pathOf("day", { date: "2025-02-29" })],
    [lib("isBridgeDay", "20260515"), pathOf("day", { date: "20260515" })],
    [lib("isHalfDay", "1929-01-01"), pathOf("day", { date: "1929-01-01" })],
    [lib("holidays", 1929), pathOf("holidays") + q({ year: 1929 })],
    [lib("bridgeDays", 1929), pathOf("bridgeDays") + q({ year: 1929 })],
    [lib("halfDays", 1929), pathOf("halfDays") + q({ year: 1929 })],
    [lib("longWeekends", 1929), pathOf("longWeekends") + q({ year: 1929 })],
    [lib("flagDays", 1982), pathOf("flagDays") + q({ year: 1982 })],
    [lib("countPeriod", "2026-12-31", "2026-01-01"), pathOf("period") + q({ from: "2026-12-31", to: "2026-01-01" })],
    [lib("countPeriod", "1930-01-01", "2130-01-02"), pathOf("period") + q({ from: "1930-01-01", to: "2130-01-02" })],
    [
      lib("countPeriod", "2026-01-01", "2026-12-31", "both"),
      pathOf("period") + q({ from: "2026-01-01", to: "2026-12-31", bounds: "both" }),
    ],
    [lib("countPeriod", "2026-02-30", "2026-12-31"), pathOf("period") + q({ from: "2026-02-30", to: "2026-12-31" })],
    [lib("shiftDate", "2026-01-31", "5x"), pathOf("shift") + q({ date: "2026-01-31", add: "5x" })],
    [lib("shiftDate", "2026-01-31", "+1d"), pathOf("shift") + q({ date: "2026-01-31", add: "+1d" })],
    [lib("shiftDate", "9999-12-31", ["1d"]), pathOf("shift") + q({ date: "9999-12-31", add: "1d" })],
    [
      lib("shiftDate", "9999-12-30", ["1d"], { postpone: true }),
      pathOf("shift") + q({ date: "9999-12-30", add: "1d", postpone: true }),
    ],
    [
      lib("shiftDate", "2026-01-01", Array(21).fill("1d")),
      pathOf("shift") + q({ date: "2026-01-01", add: Array(21).fill("1d") }),
    ],
    [lib("shiftDate", "2026-01-01", []), pathOf("shift") + q({ date: "2026-01-01" })],
    [
      lib("planLeave", "2026-01-01", "2027-01-02", 5),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2027-01-02", days: 5 }),
    ],
    [
      lib("planLeave", "2026-12-31", "2026-01-01", 5),
      pathOf("leavePlan") + q({ from: "2026-12-31", to: "2026-01-01", days: 5 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 61),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 61 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 0),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 0 }),
    ],
    [
      lib("planLeave", "2026-01-01", "2026-12-31", 5, "best"),
      pathOf("leavePlan") + q({ from: "2026-01-01", to: "2026-12-31", days: 5, objective: "best" }),
    ],
    [lib("observanceInfo", "newYear"), pathOf("observance", { code: "newYear" })],
    [lib("occurrences", "nope", 2026), pathOf("observance", { code: "nope" }) + q({ from: 2026 })],
    [
      lib("occurrences", "easterSunday", 2026, 2025),
      pathOf("observance", { code: "easterSunday" }) + q({ from: 2026, to: 2025 }),
    ],
    [
      lib("occurrences", "easterSunday", 1930, 2131),
      pathOf("observance", { code: "easterSunday" }) + q({ from: 1930, to: 2131 }),
    ],
    [lib("occurrences", "easterSunday", 1929), pathOf("observance", { code: "easterSunday" }) + q({ from: 1929 })],
  ];
  errors.push(
    [lib("isBusinessDay", "2023-02-29"), pathOf("day", { date: "2023-02-29" })],
    [lib("adjust", "2026-06-19", "sideways"), route("adjust") + q({ date: "2026-06-19", convention: "sideways" })],
    [lib("adjust", "9999-12-31", "following"), route("adjust") + q({ date: "9999-12-31", convention: "following" })],
    [lib("adjust", "1930-01-01", "preceding"), route("adjust") + q({ date: "1930-01-01", convention: "preceding" })],
    [lib("dueDates", 1930, "child-benefit"), route("dueDates") + q({ year: 1930, schedule: "child-benefit" })],
    [lib("dueDates", 2026, "rent"), route("dueDates") + q({ year: 2026, schedule: "rent" })],
    [
      lib("dueDates", 2026, { day: 32, convention: "following" }),
      route("dueDates") + q({ year: 2026, day: 32, convention: "following" }),
    ],
  );
  for (const [call, path] of errors) list.push({ call, problem: path });
  // bad input no request can send (a year that is not a whole number, a feed's own years)
  list.push({ call: lib("holidays", 2026.5), problem: { code: "invalid-argument", argument: "year" } });
  list.push({
    call: lib("occurrences", "easterSunday", 2026, 10000),
    problem: { code: "invalid-argument", argument: "to" },
  });
  list.push({ call: ics("icsFeed", 2027, 2026), problem: { code: "invalid-argument", argument: "toYear" } });
  list.push({ call: ics("icsFeed", 1929, 1930), problem: { code: "invalid-argument", argument: "fromYear" } });
  list.push({ call: ics("icsFeed", 2000, 2201), problem: { code: "invalid-argument", argument: "toYear" } });
  return list;
}
