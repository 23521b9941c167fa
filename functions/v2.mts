import type { Config } from "@netlify/functions";
import { netlifyFunction } from "../http/netlify.js";
import { handleV2 } from "../http/v2.js";

export default netlifyFunction(handleV2);

// Literals, checked against the route table by test/contract/routing.test.ts. The withdrawal timeline tightens
// the v2 rate limit to 3 per 10 s one month after the announcement and to 1 per 10 s after three: a deploy-time
// setting (docs/netlify.md#rate-limits-on-netlify, docs/contract.md#withdrawal-of-v2: change windowLimit here
// and redeploy); the function's RateLimit headers follow the timeline on their own.
export const config: Config = {
  path: ["/holidays", "/half-days", "/bridge-days"],
  rateLimit: {
    windowLimit: 5,
    windowSize: 10,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/v2",
  },
};
