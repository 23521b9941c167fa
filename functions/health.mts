import type { Config } from "@netlify/functions";
import { handleHealth } from "./lib/health.js";
import { netlifyFunction } from "./lib/netlify.js";

export default netlifyFunction(handleHealth);

// Literals, checked against the route table by test/contract/routing.test.ts.
export const config: Config = {
  path: ["/health"],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"], action: "rewrite", to: "/rate-limited/health" },
};
