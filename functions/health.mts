import type { Config, Context } from "@netlify/functions";
import { defaultContext } from "./lib/core.js";
import { handleHealth } from "./lib/health.js";

export default (request: Request, context: Context) => handleHealth(request, defaultContext(request, context));

export const config: Config = {
  path: ["/health"],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
