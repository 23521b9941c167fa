import type { Config } from "@netlify/functions";
import { netlifyFunction } from "./lib/netlify.js";
import { handleV2 } from "./lib/v2.js";

export default netlifyFunction(handleV2);

export const config: Config = {
  path: ["/holidays", "/half-days", "/bridge-days"],
  // Netlify's platform limit: the normal v2 pace, 5 per 10 s per address (V2_PLATFORM_RATE_LIMIT). The tighter
  // limits of the withdrawal timeline (3, then 1 per 10 s) and the 10-second block are enforced in the function.
  rateLimit: { windowLimit: 5, windowSize: 10, aggregateBy: ["ip", "domain"] },
};
