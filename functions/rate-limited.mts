import type { Config } from "@netlify/functions";
import { handleRateLimited } from "../http/rate-limited.js";

// Where every function's platform limit rewrites an over-limit request (config.rateLimit.to): the 429 problem.
export default handleRateLimited;

export const config: Config = {
  path: ["/rate-limited/*"],
};
