/**
 * The standalone server's request pipeline: the steps of one request on Node, top to bottom, each
 * `(request, next) => answer` as the shared pipeline's steps are (http/pipeline.ts). A step answers the request
 * itself or passes it on with next(); the first step writes whatever answer comes back onto Node's response.
 *
 *   written          writes the answer (compressed as the request prefers, 304, HEAD: ./node-io.ts); a fault: 500
 *   cachedRepeat     a GET or HEAD of a target whose response is cached: counted, then the cached bytes (./cache-source.ts)
 *   metricsPage      /metrics, to the addresses allowed to read it (./metrics.ts)
 *   guarded          what the guard refuses (./guard.ts): no single Host, a method the route does not declare,
 *                    oversized or unreadable targets; the target is read here, once, into its URL and route
 *   mcpBridge        the MCP endpoint: its body is read as a Fetch Request, through the bridge (./fetch-level.ts)
 *   withContext      the request's context (http/request-context.ts), read by every step after it
 *   ...the served steps (./dispatch.ts), in the deployed service's order: a dataset file, the route's function
 *                    (its own shared steps: rate limit, method check, 429, handler), a file of the publish folder,
 *                    the not-found page or problem
 * The steps that write the response themselves (the metrics page, the MCP endpoint's Fetch bridge) answer WRITTEN.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Answer } from "../http/http.js";
import { pipeline, type Step } from "../http/pipeline.js";
import type { AnswerCaching } from "./cache-source.js";
import type { ServerConfig } from "./config.js";
import type { Dispatch, ServedRequest } from "./dispatch.js";
import type { FetchLevel } from "./fetch-level.js";
import { type BrokenLimit, brokenLimit, INTERNAL_ORIGIN, readTarget, refusalOf, type TargetFacts } from "./guard.js";
import type { Lifecycle } from "./lifecycle.js";
import { isMetricsTarget } from "./metrics.js";
import { countBodyWrites, requestHeadOf } from "./node-io.js";
import type { Observation, Seen } from "./observe.js";

/** The authority of every Fetch Request the server builds (the guard reads targets against the same origin). */
const INTERNAL_HOST = new URL(INTERNAL_ORIGIN).host;

/** One request on Node, as the server's steps read it; `ctx` once withContext made it (the shared steps read that). */
export interface NodeRequest extends ServedRequest {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** the request target as received */
  readonly target: string;
  /** what the access line and the metrics record of it (undefined: neither is on) */
  readonly seen: Seen | undefined;
  /** a GET or HEAD */
  readonly readsOnly: boolean;
  /** the limit of the guard's that the target or the header fields break, if any */
  readonly broken: BrokenLimit | null;
  readonly hostRequired: boolean;
  /** the target as the guard read it (its URL and route), once guarded read it */
  facts?: TargetFacts;
}

type NodeStep = Step<NodeRequest>;

/** The answer of a step that wrote the response itself (the metrics page, the MCP endpoint's Fetch bridge). */
export const WRITTEN: Answer = Object.freeze({ status: 0, headers: Object.freeze({}), body: null });

export interface PipelineParts {
  caching: AnswerCaching;
  dispatch: Dispatch;
  fetching: FetchLevel;
  lifecycle: Lifecycle;
  observing: Observation | undefined;
}

/** The server's request handler: the steps above, in order. */
export function nodePipeline(
  config: ServerConfig,
  { caching, dispatch, fetching, lifecycle, observing }: PipelineParts,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { metrics, grants, clientOf } = config;

  const write = (res: ServerResponse, answer: Answer): void => {
    if (answer !== WRITTEN) lifecycle.write(res, answer);
  };
  const written: NodeStep = ({ res }, next) => {
    const answer = next();
    if (answer instanceof Promise) answer.then((a) => write(res, a)).catch((error) => lifecycle.fail(res, error));
    else write(res, answer);
    return WRITTEN;
  };

  // not to a client the operator granted more: cached responses state the group's own rate limit and count on its counter
  const cachedRepeat: NodeStep = ({ req, target, seen, readsOnly, broken }, next) => {
    if (broken || caching.cache.size === 0 || !readsOnly || grants?.anyFor(clientOf(req))) return next();
    const now = config.clock();
    const cached = caching.cache.get(target, now.getTime());
    if (!cached) return next();
    if (seen) {
      seen.route = cached.route;
      seen.source = "kept";
    }
    return caching.repeat(req, cached, now);
  };

  const metricsPage: NodeStep = ({ req, res, target, seen, readsOnly, broken }, next) => {
    if (!metrics || !readsOnly || broken || !isMetricsTarget(target) || !config.metricsAllowed(clientOf(req)))
      return next();
    if (seen) seen.route = "metrics";
    lifecycle.closeIfClosing(res);
    metrics.answer(req, res);
    return WRITTEN;
  };

  const guarded: NodeStep = (request, next) => {
    const { req, target, seen, broken, hostRequired } = request;
    const facts = (request.facts = readTarget(target));
    if (seen) seen.route = facts.match?.route.id ?? "-";
    const refusal = refusalOf(req.method ?? "", target, req.rawHeaders, hostRequired, facts, broken);
    if (!refusal) return next();
    return dispatch.withRateLimitGroupHeaders(refusal.answer, refusal.target, grants && clientOf(req));
  };

  // the bridge writes the response itself: it is told about a close while the answer is being prepared
  const mcpBridge: NodeStep = ({ req, res, seen, facts }, next) => {
    if (facts?.match?.route.fn !== "mcp") return next();
    if (seen && grants) seen.granted = grants.of("mcp", clientOf(req))?.label;
    lifecycle.track(res);
    req.headers.host = INTERNAL_HOST;
    if (seen) countBodyWrites(res);
    fetching.bridge(req, res).catch((error) => lifecycle.fail(res, error));
    return WRITTEN;
  };

  const withContext: NodeStep = (request, next) => {
    const { req, target, seen, facts } = request;
    const ctx = (request.ctx = dispatch.contextOf(requestHeadOf(req, target), clientOf(req), facts));
    if (seen) seen.ctx = ctx;
    return next();
  };

  const steps: readonly NodeStep[] = [
    written,
    cachedRepeat,
    metricsPage,
    guarded,
    mcpBridge,
    withContext,
    ...dispatch.servedSteps,
  ];

  const run = pipeline(steps);
  const last = (): Answer => {
    throw new Error("no step of the server's pipeline answered");
  };

  return (req, res) => {
    try {
      const seen = observing?.begin(req, res);
      const target = req.url ?? "";
      const method = req.method ?? "";
      const hostRequired = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
      run(
        {
          req,
          res,
          target,
          seen,
          readsOnly: method === "GET" || method === "HEAD",
          broken: brokenLimit(target, req.rawHeaders, hostRequired),
          hostRequired,
          facts: undefined,
          ctx: undefined,
          serving: undefined,
        },
        last,
      );
    } catch (error) {
      lifecycle.fail(res, error);
    }
  };
}
