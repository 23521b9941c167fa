/**
 * The path of every route, once. The route table (./routes.ts) declares each route with one of these, and code that
 * must name a route (the site's scripts and pages, the standalone server's tests) imports it from here. This
 * module imports nothing, so the site's browser code can use it.
 * test/contract/routing.test.ts fails when a route path appears as a literal in source outside contract/.
 */
export const PATHS = {
  holidays: "/v3/holidays",
  bridgeDays: "/v3/bridge-days",
  halfDays: "/v3/half-days",
  longWeekends: "/v3/long-weekends",
  day: "/v3/days/{date}",
  period: "/v3/period",
  shift: "/v3/shift",
  leavePlan: "/v3/leave-plan",
  observances: "/v3/observances",
  observance: "/v3/observances/{code}",
  flagDays: "/v3/flag-days",
  flagDayCatalogue: "/v3/flag-days/catalogue",
  adjust: "/v3/adjust",
  dueDates: "/v3/due-dates",
  dueDateCatalogue: "/v3/due-dates/catalogue",
  workingTime: "/v3/working-time",
  openapi: "/v3/openapi.json",
  health: "/health",
  feed: "/ical/svenska-helgdagar.ics",
  feedAlias: "/ical/holidays",
  v2Holidays: "/holidays",
  v2HalfDays: "/half-days",
  v2BridgeDays: "/bridge-days",
  mcp: "/mcp",
} as const;

export type RouteId = keyof typeof PATHS;

/** A path with its `{name}` parameters filled in (values are percent-encoded). */
export function pathOf(id: RouteId, values: Record<string, string> = {}): string {
  return PATHS[id].replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));
}

/**
 * The changelog (CHANGELOG.md) as the site publishes it: its page (Swedish at this path, English under /en/) and its
 * Atom feed, both built from the file at build time (site/src/lib/changelog.ts).
 */
export const CHANGELOG = { page: "/changelog/", atom: "/changelog.atom" } as const;
