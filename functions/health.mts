import type { Config } from "@netlify/functions";
import { netlifyFunction } from "./lib/netlify.js";
import { handleHealth } from "./lib/health.js";

export default netlifyFunction(handleHealth);

export const config: Config = {
  path: ["/health"],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
