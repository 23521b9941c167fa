/**
 * One sample request per route: the OpenAPI document shows each 2xx answer as the service gives it
 * for this request (contract/openapi.ts attaches them; http/openapi.ts asks the handlers' own body
 * builders, V3_BODIES and the feed, v2, health and MCP code, when the document is generated). Small requests, so that
 * the examples are whole answers and the document stays cheap to build; only the feed is cut to an excerpt.
 *
 * Pure data: no clock. A sample that omits its year would depend on today, so every sample names its year, and the
 * feed (whose window is always the current year ± 2) is asked at SAMPLE_CLOCK.
 */
import { DUE_DATE_RULES } from "swedish-calendar/core";
import { PARAMETERS } from "./parameters.js";
import { pathOf, type RouteId } from "./paths.js";

export interface SampleRequest {
  /** the request's path and query, as a client sends it */
  request: string;
  /** the example's one-line summary (OpenAPI `examples.<name>.summary`) */
  summary: string;
}

/** The moment the feed sample is asked at (its window is the current year in Sweden ± 2): 2026, so 2024-2028. */
export const SAMPLE_CLOCK = "2026-06-15T10:00:00Z";

/** Events the feed excerpt keeps (the answer holds a whole window of years). */
export const FEED_EXCERPT_EVENTS = 3;

const q = (id: RouteId, query: string, values: Record<string, string> = {}) =>
  pathOf(id, values) + (query ? `?${query}` : "");

/** The due-date sample: the catalogue's first schedule (a day of the month, the same in every month). */
const SCHEDULE = DUE_DATE_RULES[0];
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
const ON_THE_DAY = typeof SCHEDULE.day === "number" ? ` on the ${ordinal(SCHEDULE.day)}` : "";

/** The MCP sample: a `tools/call` of `describe_day`, answered as the endpoint answers it. */
export const MCP_SAMPLE_CALL = { name: "describe_day", arguments: { date: "2026-06-19" } } as const;

export const SAMPLE_REQUESTS: Readonly<Record<RouteId, SampleRequest>> = {
  holidays: { request: q("holidays", "year=2026"), summary: "The holidays of 2026" },
  bridgeDays: { request: q("bridgeDays", "year=2026"), summary: "The bridge days of 2026" },
  halfDays: { request: q("halfDays", "year=2026"), summary: "The half days of 2026" },
  longWeekends: { request: q("longWeekends", "year=2026"), summary: "The long weekends of 2026" },
  day: {
    request: q("day", "", { date: "2026-06-19" }),
    summary: "Midsummer Eve 2026, a de facto holiday and a flag day",
  },
  period: { request: q("period", "from=2026-12-01&to=2026-12-31"), summary: "December 2026, both ends counted" },
  shift: {
    request: q("shift", "date=2026-01-31&add=1m&add=10b&postpone=true"),
    summary: "One month, then ten working days, Sunday rule applied",
  },
  leavePlan: {
    request: q("leavePlan", "from=2026-05-01&to=2026-06-30&days=3"),
    summary: "Three leave days in May and June 2026",
  },
  observances: { request: q("observances", ""), summary: "The catalogue of observances" },
  observance: {
    request: q("observance", "from=2026&to=2028", { code: "midsummerEve" }),
    summary: "Midsummer Eve in 2026-2028",
  },
  flagDays: { request: q("flagDays", "year=2026"), summary: "The flag days of 2026" },
  flagDayCatalogue: { request: q("flagDayCatalogue", ""), summary: "The flag-day catalogue" },
  adjust: {
    request: q("adjust", `date=2026-06-19&convention=${PARAMETERS.adjustConvention.example}`),
    summary: `Midsummer Eve 2026, ${String(PARAMETERS.adjustConvention.example).replace("-", " ")}`,
  },
  dueDates: {
    request: q("dueDates", `year=2026&schedule=${SCHEDULE.code}`),
    summary: `${SCHEDULE.name.en}${ON_THE_DAY}, 2026`,
  },
  dueDateCatalogue: { request: q("dueDateCatalogue", ""), summary: "The due-date catalogue" },
  workingTime: {
    request: q(
      "workingTime",
      `year=2027&weeklyHours=${PARAMETERS.weeklyHours.example}&profile=${PARAMETERS.profile.example}`,
    ),
    summary: `2027 at ${PARAMETERS.weeklyHours.example} hours a week, the shortened days of state employees`,
  },
  openapi: { request: q("openapi", ""), summary: "An excerpt: the document's head and one path" },
  health: { request: q("health", ""), summary: "Up, as a function answers without a dataset on disk" },
  feed: {
    request: q("feed", ""),
    summary: `An excerpt asked in 2026: the calendar's head and its first ${FEED_EXCERPT_EVENTS} events`,
  },
  feedAlias: {
    request: q("feedAlias", ""),
    summary: `An excerpt asked in 2026: the calendar's head and its first ${FEED_EXCERPT_EVENTS} events`,
  },
  v2Holidays: { request: q("v2Holidays", "year=2026"), summary: "The v2 holidays of 2026" },
  v2HalfDays: { request: q("v2HalfDays", "year=2026"), summary: "The v2 half days of 2026" },
  v2BridgeDays: { request: q("v2BridgeDays", "year=2026"), summary: "The v2 bridge days of 2026" },
  mcp: { request: q("mcp", ""), summary: "tools/call describe_day 2026-06-19" },
};

/**
 * The sample request of /health's 503: `?ready` asked of the standalone server while it starts (http/openapi.ts
 * answers it with the health handler's own body, a single process counting in memory, no dataset on disk).
 */
export const NOT_READY_SAMPLE: SampleRequest = {
  request: q("health", "ready"),
  summary: "Not ready: the standalone server while it starts (one process, counting in memory)",
};

/**
 * The 2xx example values by route (a string for the feed, a JSON value otherwise), and `healthNotReady`: the body of
 * /health's 503 (NOT_READY_SAMPLE).
 */
export type ResponseExamples = Partial<Record<RouteId, unknown>> & { healthNotReady?: unknown };

/**
 * The first `events` events of an iCalendar text, with its head and its end: what a reader needs to see the shape.
 * Line ends stay CRLF.
 */
export function calendarExcerpt(ics: string, events = FEED_EXCERPT_EVENTS): string {
  const lines = ics.split("\r\n");
  const out: string[] = [];
  let seen = 0;
  let inEvent = false;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") {
      inEvent = true;
      seen++;
    }
    if (line === "END:VCALENDAR" || !inEvent || seen <= events) out.push(line);
    if (line === "END:VEVENT") inEvent = false;
  }
  return out.join("\r\n");
}
