import type { Config } from "@netlify/functions";
import { netlifyFunction } from "../http/netlify.js";
import { handleNotFoundOrPage } from "../http/not-found.js";

// a browser gets the site's not-found page (embedded in this bundle at build time), an API client the problem document
export default netlifyFunction(handleNotFoundOrPage);

// No path: the last generated rewrite rule sends every otherwise unanswered path here. Literals, checked against
// the route table by test/contract/routing.test.ts.
export const config: Config = {
  rateLimit: {
    windowLimit: 10,
    windowSize: 60,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/not-found",
  },
};
