import type { Config, Context } from "@netlify/functions";
import { defaultContext } from "./lib/core.js";
import { handleV2 } from "./lib/v2.js";

export default (request: Request, context: Context) => handleV2(request, defaultContext(request, context));

export const config: Config = {
  path: ["/holidays", "/half-days", "/bridge-days"],
  // Netlify's platform limit: the normal v2 pace, 5 per 10 s per address (V2_PLATFORM_RATE_LIMIT). The tighter
  // limits of the withdrawal timeline (3, then 1 per 10 s) and the 10-second block are enforced in the function.
  rateLimit: { windowLimit: 5, windowSize: 10, aggregateBy: ["ip", "domain"] },
};
