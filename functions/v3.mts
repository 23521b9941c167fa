import type { Config, Context } from "@netlify/functions";
import { defaultContext } from "./lib/core.js";
import { handleV3 } from "./lib/v3.js";

export default (request: Request, context: Context) => handleV3(request, defaultContext(request, context));

export const config: Config = {
  path: ["/v3", "/v3/*"],
  // Netlify's platform limit, the same pace as the in-function limiter (V3_POLICY): 10 per 60 s per address.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
