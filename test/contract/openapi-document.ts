/** The OpenAPI document in its public and strict forms, the paths it lists, and walkers shared by its tests. */
import { openApiDocument } from "../../contract/openapi.js";
import { CONTRACT_DOCUMENT } from "./helpers.js";

export type Json = Record<string, any>;

export const PUBLIC = openApiDocument() as Json;
export const STRICT = CONTRACT_DOCUMENT;

export const V3_PATHS = [
  "/v3/holidays",
  "/v3/bridge-days",
  "/v3/half-days",
  "/v3/long-weekends",
  "/v3/days/{date}",
  "/v3/period",
  "/v3/shift",
  "/v3/leave-plan",
  "/v3/observances",
  "/v3/observances/{code}",
  "/v3/flag-days",
  "/v3/flag-days/catalogue",
  "/v3/adjust",
  "/v3/due-dates",
  "/v3/due-dates/catalogue",
  "/v3/working-time",
  "/v3/openapi.json",
];
export const V2_PATHS = ["/holidays", "/half-days", "/bridge-days"];
export const FEED_PATHS = ["/ical/svenska-helgdagar.ics", "/ical/holidays"];
export const ALL_PATHS = [...V3_PATHS, "/health", ...FEED_PATHS, ...V2_PATHS];
/** The one POST operation: the MCP endpoint (test/contract/mcp.test.ts checks it). */
export const MCP_PATH = "/mcp";

export const SPEC_CODES = [
  "newYearsDay",
  "epiphany",
  "annunciation",
  "goodFriday",
  "easterSunday",
  "easterMonday",
  "ascensionDay",
  "mayDay",
  "whitsun",
  "whitMonday",
  "nationalDay",
  "midsummerDay",
  "allSaintsDay",
  "christmasDay",
  "boxingDay",
  "holySaturday",
  "whitsunEve",
  "midsummerEve",
  "christmasEve",
  "newYearsEve",
];

export function walk(value: unknown, visit: (node: Json, path: string) => void, path = "#"): void {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      walk(v, visit, `${path}/${i}`);
    });
  else if (value && typeof value === "object") {
    visit(value as Json, path);
    for (const [k, v] of Object.entries(value)) walk(v, visit, `${path}/${k}`);
  }
}

export function operations(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => ["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(m))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}
