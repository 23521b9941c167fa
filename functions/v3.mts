import type { Config } from "@netlify/functions";
import { netlifyFunction } from "../http/netlify.js";
import { handleV3 } from "../http/v3.js";

export default netlifyFunction(handleV3);

// Literals (Netlify reads config statically), checked against the route table by test/contract/routing.test.ts.
// The dataset routes are left to the generated rewrite rules (files first); a rule whose file is missing rewrites
// under /v3/data/, where preferStatic falls back to this function with the original URL.
export const config: Config = {
  path: ["/v3", "/v3/*"],
  excludedPath: [
    "/v3/holidays",
    "/v3/bridge-days",
    "/v3/half-days",
    "/v3/long-weekends",
    "/v3/days/*",
    "/v3/observances",
    "/v3/observances/*",
    "/v3/flag-days",
    "/v3/flag-days/catalogue",
    "/v3/due-dates",
    "/v3/due-dates/catalogue",
    "/v3/working-time",
    "/v3/openapi.json",
  ],
  preferStatic: true,
  rateLimit: {
    windowLimit: 10,
    windowSize: 60,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/v3",
  },
};
