import type { Config } from "@netlify/functions";
import { handleFeed } from "../http/feed.js";
import { netlifyFunction } from "../http/netlify.js";

export default netlifyFunction(handleFeed);

// The feed for requests naming one of its options (a custom build, 10 per 10 s): the generated rules rewrite
// them here. Literals, checked against the route table by test/contract/routing.test.ts.
export const config: Config = {
  path: ["/_feed/query/*"],
  rateLimit: {
    windowLimit: 10,
    windowSize: 10,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/feed-query",
  },
};
