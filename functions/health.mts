import type { Config } from "@netlify/functions";
import { handleHealth } from "../http/health.js";
import { netlifyFunction } from "../http/netlify.js";

export default netlifyFunction(handleHealth);

// Literals, checked against the route table by test/contract/routing.test.ts. No rateLimit: /health is never counted.
export const config: Config = {
  path: ["/health"],
};
