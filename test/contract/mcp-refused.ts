/** Refused MCP tool calls and the v3 requests that answer the same problem (see mcp-samples.ts). */
import { PATHS, pathOf } from "../../contract/paths.js";

export interface RefusedSample {
  tool: string;
  arguments: Record<string, unknown>;
  slug: "invalid-parameter" | "invalid-date" | "not-found";
  /** the v3 GET that answers the same problem (slug and detail); absent where no URL can say it (a missing path value) */
  equivalent?: string;
  /** the detail, where no URL gives it */
  detail?: string;
}

export const REFUSED: RefusedSample[] = [
  {
    tool: "describe_day",
    arguments: { date: "2023-02-29" },
    slug: "invalid-date",
    equivalent: pathOf("day", { date: "2023-02-29" }),
  },
  {
    tool: "describe_day",
    arguments: { date: "24-01-01" },
    slug: "invalid-parameter",
    equivalent: pathOf("day", { date: "24-01-01" }),
  },
  {
    tool: "describe_day",
    arguments: { date: "1929-12-31" },
    slug: "invalid-parameter",
    equivalent: pathOf("day", { date: "1929-12-31" }),
  },
  { tool: "describe_day", arguments: {}, slug: "invalid-parameter", detail: "'date' is required" },
  {
    tool: "describe_day",
    arguments: { date: "" },
    slug: "invalid-parameter",
    detail: "'date' must be a date in the form YYYY-MM-DD",
  },
  {
    tool: "list_holidays",
    arguments: { year: 1929 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.holidays}?year=1929`,
  },
  {
    tool: "list_holidays",
    arguments: { year: 2024, sundays: "yes" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.holidays}?year=2024&sundays=yes`,
  },
  {
    tool: "bridge_and_half_days",
    arguments: { year: "02024" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.bridgeDays}?year=02024`,
  },
  {
    tool: "count_period",
    arguments: { from: "2024-02-01", to: "2024-01-01" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.period}?from=2024-02-01&to=2024-01-01`,
  },
  {
    tool: "count_period",
    arguments: { from: "2024-01-01", to: "2024-12-31", bounds: "both" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.period}?from=2024-01-01&to=2024-12-31&bounds=both`,
  },
  {
    tool: "count_period",
    arguments: { from: "2024-01-01" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.period}?from=2024-01-01`,
  },
  {
    tool: "shift_date",
    arguments: { date: "2024-01-01", steps: ["+1d"] },
    slug: "invalid-parameter",
    equivalent: `${PATHS.shift}?date=2024-01-01&add=%2B1d`,
  },
  {
    tool: "shift_date",
    arguments: { date: "9999-12-31", steps: ["1d"] },
    slug: "invalid-parameter",
    equivalent: `${PATHS.shift}?date=9999-12-31&add=1d`,
  },
  {
    tool: "shift_date",
    arguments: { date: "2024-01-01", steps: [] },
    slug: "invalid-parameter",
    equivalent: `${PATHS.shift}?date=2024-01-01`,
  },
  {
    tool: "long_weekends",
    arguments: { year: 2024.5 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.longWeekends}?year=2024.5`,
  },
  {
    tool: "plan_leave",
    arguments: { from: "2026-01-01", to: "2026-12-31", days: 0 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.leavePlan}?from=2026-01-01&to=2026-12-31&days=0`,
  },
  {
    tool: "plan_leave",
    arguments: { from: "2026-01-01", to: "2026-12-31", days: 5, objective: "best" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.leavePlan}?from=2026-01-01&to=2026-12-31&days=5&objective=best`,
  },
  {
    tool: "observance",
    arguments: { code: "nope" },
    slug: "not-found",
    equivalent: pathOf("observance", { code: "nope" }),
  },
  {
    tool: "observance",
    arguments: { code: "midsummerEve", from: 2010, to: 2000 },
    slug: "invalid-parameter",
    equivalent: `${pathOf("observance", { code: "midsummerEve" })}?from=2010&to=2000`,
  },
  { tool: "observance", arguments: {}, slug: "invalid-parameter", detail: "'code' is required" },
  {
    tool: "adjust_date",
    arguments: { date: "2026-06-19", convention: "next" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.adjust}?date=2026-06-19&convention=next`,
  },
  {
    tool: "adjust_date",
    arguments: { date: "9999-12-31", convention: "following" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.adjust}?date=9999-12-31&convention=following`,
  },
  {
    tool: "adjust_date",
    arguments: { date: "2026-06-19" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.adjust}?date=2026-06-19`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2026, schedule: "nope" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.dueDates}?year=2026&schedule=nope`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2026, schedule: "salary-25", day: 25, convention: "preceding" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.dueDates}?year=2026&schedule=salary-25&day=25&convention=preceding`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2026, day: 25 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.dueDates}?year=2026&day=25`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2026 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.dueDates}?year=2026`,
  },
  {
    tool: "due_dates",
    arguments: { year: 2011, schedule: "tax-account" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.dueDates}?year=2011&schedule=tax-account`,
  },
  {
    tool: "flag_days",
    arguments: { year: 1982 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.flagDays}?year=1982`,
  },
  {
    tool: "flag_days",
    arguments: { year: 1930 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.flagDays}?year=1930`,
  },
  {
    tool: "flag_days",
    arguments: { year: "2026-01" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.flagDays}?year=2026-01`,
  },
  {
    tool: "working_time",
    arguments: { year: 2026, weeklyHours: 0 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.workingTime}?year=2026&weeklyHours=0`,
  },
  {
    tool: "working_time",
    arguments: { year: 2026, weeklyHours: 37.3 },
    slug: "invalid-parameter",
    equivalent: `${PATHS.workingTime}?year=2026&weeklyHours=37.3`,
  },
  {
    tool: "working_time",
    arguments: { year: 2026, weeklyHours: "40.0" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.workingTime}?year=2026&weeklyHours=40.0`,
  },
  {
    tool: "working_time",
    arguments: { year: 2026, profile: "nope" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.workingTime}?year=2026&profile=nope`,
  },
  {
    tool: "working_time",
    arguments: { year: 2016, profile: "state" },
    slug: "invalid-parameter",
    equivalent: `${PATHS.workingTime}?year=2016&profile=state`,
  },
];
