import type { Config } from "@netlify/functions";
import { netlifyFunction } from "./lib/netlify.js";
import { handleV3 } from "./lib/v3.js";

export default netlifyFunction(handleV3);

export const config: Config = {
  path: ["/v3", "/v3/*"],
  // The dataset routes are left to netlify.toml's rewrite rules (files first); a rule whose file is missing
  // rewrites under /v3/data/, where preferStatic falls back to this function with the original URL.
  excludedPath: ["/v3/holidays", "/v3/bridge-days", "/v3/half-days", "/v3/days/*", "/v3/observances", "/v3/observances/*", "/v3/openapi.json"],
  preferStatic: true,
  // Netlify's platform limit, the same pace as the in-function limiter (V3_POLICY): 10 per 60 s per address.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
