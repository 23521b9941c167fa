/**
 * MCP tool calls and the v3 requests they stand for, shared by the in-process tests (test/contract/mcp.test.ts) and
 * the end-to-end tests over HTTP (test/e2e/mcp.test.ts): the valid calls and the tools listed here, the refused calls
 * in mcp-refused.ts, each tool's summary text in mcp-summaries.ts.
 */
import { PATHS, pathOf } from "../../contract/paths.js";

export interface ValidSample {
  tool: string;
  arguments: Record<string, unknown>;
  /** the v3 GET whose body is the call's structuredContent; several: structuredContent is an object of them by key */
  equivalent: string | Record<string, string>;
}

export const VALID: ValidSample[] = [
  { tool: "describe_day", arguments: { date: "2026-06-19" }, equivalent: pathOf("day", { date: "2026-06-19" }) },
  { tool: "describe_day", arguments: { date: "1950-06-23" }, equivalent: pathOf("day", { date: "1950-06-23" }) },
  { tool: "describe_day", arguments: { date: "2024-03-12" }, equivalent: pathOf("day", { date: "2024-03-12" }) },
  { tool: "list_holidays", arguments: { year: 2024 }, equivalent: `${PATHS.holidays}?year=2024` },
  {
    tool: "list_holidays",
    arguments: { year: 1930, sundays: true, saturdays: true },
    equivalent: `${PATHS.holidays}?year=1930&sundays=true&saturdays=true`,
  },
  {
    tool: "list_holidays",
    arguments: { year: "2008", sundays: false, saturdays: null },
    equivalent: `${PATHS.holidays}?year=2008&sundays=false`,
  },
  {
    tool: "bridge_and_half_days",
    arguments: { year: 2026 },
    equivalent: { bridgeDays: `${PATHS.bridgeDays}?year=2026`, halfDays: `${PATHS.halfDays}?year=2026` },
  },
  {
    tool: "bridge_and_half_days",
    arguments: { year: 1952 },
    equivalent: { bridgeDays: `${PATHS.bridgeDays}?year=1952`, halfDays: `${PATHS.halfDays}?year=1952` },
  },
  {
    tool: "count_period",
    arguments: { from: "2026-01-01", to: "2026-12-31" },
    equivalent: `${PATHS.period}?from=2026-01-01&to=2026-12-31`,
  },
  {
    tool: "count_period",
    arguments: { from: "2024-01-31", to: "2024-02-28", bounds: "exclusive" },
    equivalent: `${PATHS.period}?from=2024-01-31&to=2024-02-28&bounds=exclusive`,
  },
  {
    tool: "shift_date",
    arguments: { date: "2024-01-31", steps: ["1m", "-2b"], postpone: true },
    equivalent: `${PATHS.shift}?date=2024-01-31&add=1m&add=-2b&postpone=true`,
  },
  {
    tool: "shift_date",
    arguments: { date: "2026-06-18", steps: "1d", postpone: true },
    equivalent: `${PATHS.shift}?date=2026-06-18&add=1d&postpone=true`,
  },
  {
    tool: "shift_date",
    arguments: { date: "2026-12-23", steps: ["1d,1d", "-10b"] },
    equivalent: `${PATHS.shift}?date=2026-12-23&add=1d%2C1d&add=-10b`,
  },
  { tool: "long_weekends", arguments: { year: 2026 }, equivalent: `${PATHS.longWeekends}?year=2026` },
  {
    tool: "plan_leave",
    arguments: { from: "2026-01-01", to: "2026-12-31", days: 10 },
    equivalent: `${PATHS.leavePlan}?from=2026-01-01&to=2026-12-31&days=10`,
  },
  {
    tool: "plan_leave",
    arguments: { from: "2026-04-01", to: "2026-06-30", days: 3, objective: "longest" },
    equivalent: `${PATHS.leavePlan}?from=2026-04-01&to=2026-06-30&days=3&objective=longest`,
  },
  {
    tool: "observance",
    arguments: { code: "midsummerEve", from: 1950, to: 1955 },
    equivalent: `${pathOf("observance", { code: "midsummerEve" })}?from=1950&to=1955`,
  },
  {
    tool: "observance",
    arguments: { code: "nationalDay", from: 2000, to: 2010 },
    equivalent: `${pathOf("observance", { code: "nationalDay" })}?from=2000&to=2010`,
  },
  {
    tool: "adjust_date",
    arguments: { date: "2026-06-19", convention: "modified-following" },
    equivalent: `${PATHS.adjust}?date=2026-06-19&convention=modified-following`,
  },
  {
    tool: "adjust_date",
    arguments: { date: "2029-06-06", convention: "nearest" },
    equivalent: `${PATHS.adjust}?date=2029-06-06&convention=nearest`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2026, schedule: "child-benefit" },
    equivalent: `${PATHS.dueDates}?year=2026&schedule=child-benefit`,
  },
  {
    tool: "due_dates",
    arguments: { year: "2026", schedule: "tax-account", day: null },
    equivalent: `${PATHS.dueDates}?year=2026&schedule=tax-account`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2024, day: 31, convention: "modified-following" },
    equivalent: `${PATHS.dueDates}?year=2024&day=31&convention=modified-following`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2024, day: "last", convention: "preceding" },
    equivalent: `${PATHS.dueDates}?year=2024&day=last&convention=preceding`,
  },
  { tool: "flag_days", arguments: { year: 2026 }, equivalent: `${PATHS.flagDays}?year=2026` },
  { tool: "flag_days", arguments: { year: "1983" }, equivalent: `${PATHS.flagDays}?year=1983` },
  { tool: "flag_days", arguments: { year: 2018 }, equivalent: `${PATHS.flagDays}?year=2018` },
  { tool: "long_weekends", arguments: { year: 1950 }, equivalent: `${PATHS.longWeekends}?year=1950` },
  { tool: "working_time", arguments: { year: 2026 }, equivalent: `${PATHS.workingTime}?year=2026` },
  {
    tool: "working_time",
    arguments: { year: 2027, weeklyHours: 38.25, profile: "state" },
    equivalent: `${PATHS.workingTime}?year=2027&weeklyHours=38.25&profile=state`,
  },
  {
    tool: "working_time",
    arguments: { year: "1930", weeklyHours: "37.5", profile: null },
    equivalent: `${PATHS.workingTime}?year=1930&weeklyHours=37.5`,
  },
];

/** Every tool the endpoint lists, in order. */
export const TOOL_NAMES = [
  "describe_day",
  "list_holidays",
  "bridge_and_half_days",
  "count_period",
  "shift_date",
  "long_weekends",
  "plan_leave",
  "observance",
  "adjust_date",
  "due_dates",
  "flag_days",
  "working_time",
];

export { REFUSED } from "./mcp-refused.js";
export { SUMMARIES } from "./mcp-summaries.js";
