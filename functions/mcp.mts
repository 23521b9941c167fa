import type { Config } from "@netlify/functions";
import { handleMcp } from "../http/mcp.js";
import { netlifyFunction } from "../http/netlify.js";

// The Model Context Protocol endpoint (docs/mcp.md): POST JSON-RPC, stateless, JSON answers.
export default netlifyFunction(handleMcp);

// Literals (Netlify reads config statically), checked against the route table by test/contract/routing.test.ts.
// The platform counts POSTs (contract/policies.ts MCP_PLATFORM_POSTS): it cannot tell a tool call from the handshake.
export const config: Config = {
  path: ["/mcp"],
  rateLimit: {
    windowLimit: 26,
    windowSize: 60,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/rate-limited/mcp",
  },
};
