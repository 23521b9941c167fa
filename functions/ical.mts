import type { Config } from "@netlify/functions";
import { netlifyFunction } from "./lib/netlify.js";
import { handleFeed } from "./lib/feed.js";

export default netlifyFunction(handleFeed);

export const config: Config = {
  path: ["/ical/svenska-helgdagar.ics", "/ical/holidays"],
  // Netlify's platform limit: 30 per 10 s per address (FEED_PLATFORM_RATE_LIMIT). The platform cannot see the
  // query string, so the stricter 10 per 10 s for requests with parameters is enforced in the function (FEED_POLICY_WITH_QUERY).
  rateLimit: { windowLimit: 30, windowSize: 10, aggregateBy: ["ip", "domain"] },
};
