import type { Config } from "@netlify/functions";
import { handleFeed } from "../http/feed.js";
import { netlifyFunction } from "../http/netlify.js";

export default netlifyFunction(handleFeed);

// The feed without options: the generated rules rewrite /ical/svenska-helgdagar.ics and /ical/holidays here
// (a request naming an option goes to ical-query.mts, with its own limit). Literals, checked against the route
// table by test/contract/routing.test.ts.
export const config: Config = {
  path: ["/_feed/plain/*"],
  rateLimit: {
    windowLimit: 30,
    windowSize: 10,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/feed",
  },
};
