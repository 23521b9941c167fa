/**
 * The service at the Fetch level: in process (`StandaloneServer.fetch`), and over HTTP the MCP endpoint's way in (a
 * POST whose body its transport reads as a Fetch Request), through the Node/Fetch bridge (@hono/node-server's
 * getRequestListener). Every other answer is written straight onto Node's response (./dispatch.ts).
 *
 * The MCP endpoint's tool calls are counted as the v3 requests they stand for would be (not the POST, not the
 * protocol's messages), on the `mcp` group's rate limit; a call the deployed service would answer with dataset files (a
 * year's holidays, a day in the per-date window) is not counted, as such a v3 request is not.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { RATE_LIMITS } from "../contract/policies.js";
import { matchRoute } from "../contract/route-match.js";
import { counterOf, limitedOn, limitedUnderGrant } from "../http/counters.js";
import { responseOf } from "../http/http.js";
import { withHeaders } from "../http/pipeline.js";
import type { RequestContext } from "../http/request-context.js";
import type { AnswerCaching } from "./cache-source.js";
import type { ServerConfig } from "./config.js";
import type { DatasetView } from "./dataset.js";
import { type Dispatch, unreadableTarget } from "./dispatch.js";
import { readTarget } from "./guard.js";
import { internalError, type Lifecycle } from "./lifecycle.js";

/**
 * The MCP endpoint's modules, loaded once per process when the first server is created (the MCP SDK and its schema
 * libraries are the largest part of the server's code: importing the bundle does not evaluate them).
 */
type McpModule = typeof import("../http/mcp.js");
type McpCallsModule = typeof import("./mcp-calls.js");
const loadMcp = (() => {
  let loaded: Promise<[McpModule, McpCallsModule]> | undefined;
  return () => (loaded ??= Promise.all([import("../http/mcp.js"), import("./mcp-calls.js")]));
})();

export interface FetchLevel {
  /**
   * The service at the Fetch level; never rejects. `target`: the request target as received (answers are cached by it,
   * and the guard has read its URL and route already: the request's context takes them from there).
   */
  fetch(request: Request, clientAddress?: string, target?: string): Promise<Response>;
  /** Node's request through the bridge: the MCP endpoint over HTTP */
  bridge(req: IncomingMessage, res: ServerResponse): Promise<unknown>;
}

export interface FetchLevelParts {
  dataset: DatasetView;
  dispatch: Dispatch;
  caching: AnswerCaching;
  lifecycle: Pick<Lifecycle, "logFault">;
}

export function fetchLevel(
  config: ServerConfig,
  { dataset, dispatch, caching, lifecycle }: FetchLevelParts,
): FetchLevel {
  const { rateLimitsEnabled, store, clock, log, clientOf } = config;
  const { logFault } = lifecycle;

  // loaded now, not on the first /mcp request: evaluating the MCP code holds the event loop (up to seconds on a loaded
  // machine), which must not happen while the server is told to stop (new connections are refused at once)
  void loadMcp().catch((error) => log("error", `MCP endpoint: ${(error as Error)?.message ?? error}`));
  let mcpEndpoint: ReturnType<McpModule["mcpHandler"]> | undefined;
  const mcpHandler = async () => {
    if (mcpEndpoint) return mcpEndpoint;
    const [{ mcpHandler: make, MCP_RATE_LIMIT_GROUP }, { v3RequestsOf }] = await loadMcp();
    const counter = counterOf(MCP_RATE_LIMIT_GROUP, RATE_LIMITS.mcp);
    const answeredByFile = (url: URL, built: Parameters<Dispatch["answeredByFile"]>[2]): boolean => {
      const match = matchRoute(url.pathname);
      return !!match?.route.static && dispatch.answeredByFile(url, match.route.id, built);
    };
    return (mcpEndpoint = make(async (calls, ctx) => {
      if (!rateLimitsEnabled) return undefined;
      const built = await dataset.built();
      const now = clock();
      for (const call of calls) {
        const requests = v3RequestsOf(call.name, call.arguments);
        // an unknown tool is a protocol error, and a call whose every answer is a file is not counted (a refused
        // argument: no file answers it)
        if (!requests || (requests !== "refused" && requests.every((url) => answeredByFile(url, built)))) continue;
        const counting = { rateLimitsEnabled, store, clientAddress: ctx.clientAddress };
        // a client the operator granted more on the mcp rate-limit group: its grant's rate limit, or uncounted
        const over = await (ctx.grant
          ? limitedUnderGrant(MCP_RATE_LIMIT_GROUP, ctx.grant, counting, now)
          : limitedOn(counter, RATE_LIMITS.mcp, counting, now));
        if (over) return over;
      }
      return undefined;
    }));
  };
  const withMcpSource = (response: Response): Response => {
    const header = caching.sourceHeader("function");
    return header ? withHeaders(response, header) : response;
  };

  async function fetch(request: Request, clientAddress = "unknown", target?: string): Promise<Response> {
    let ctx: RequestContext;
    try {
      ctx = dispatch.contextOf(request, clientAddress, target === undefined ? undefined : readTarget(target));
    } catch (error) {
      logFault(error);
      return responseOf(request, unreadableTarget());
    }
    if (ctx.match?.route.fn === "mcp") {
      try {
        const handleMcp = await mcpHandler();
        return withMcpSource(await handleMcp(request, ctx));
      } catch (error) {
        logFault(error);
        return responseOf(request, internalError(ctx.url.pathname));
      }
    }
    return responseOf(request, await dispatch.answerSafely(ctx, target));
  }

  const bridge = getRequestListener(
    (request, env) => {
      const { incoming } = env as HttpBindings;
      return fetch(request, clientOf(incoming), incoming.url);
    },
    {
      // the raw handler has already refused what the bridge cannot read; this is the net under it
      errorHandler: () => responseOf(null, unreadableTarget()),
    },
  );

  return { fetch, bridge };
}
