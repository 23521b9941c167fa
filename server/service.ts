/**
 * createServer, the service the standalone server (./standalone.ts) runs: named parts, each in its own file,
 * outermost first:
 *   1. ./sockets.ts: Node's HTTP server and the guards on its sockets (what Node's parser refuses, CONNECT, Expect);
 *   2. the raw request handler (here): an HTTP/1.1 request without exactly one Host, methods the path's row does not
 *      declare, oversized targets and headers, and targets the server cannot read are answered before a Fetch
 *      Request exists (./guard.ts); then a GET or HEAD of a target whose answer is kept is counted on its function's
 *      counter and answered from memory, straight onto the socket (./cache-source.ts, ./answers.ts);
 *   3. ./dispatch.ts: a dataset file, a row's function, a file of the publish folder, or not-found, written straight
 *      onto Node's response (./node-io.ts); files and pages in ./pages.ts; the dataset as seen in ./dataset.ts;
 *   4. ./fetch-level.ts: the Fetch level (in process, and the MCP endpoint through the Node/Fetch bridge);
 *   5. ./lifecycle.ts: listening, stopping within the grace, the last net under every answer;
 * all configured once by ./config.ts. Nothing escapes as an exception: every failure is a problem document.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { keeping } from "./cache-source.js";
import { type StandaloneOptions, serverConfig } from "./config.js";
import { datasetView } from "./dataset.js";
import { dispatcher } from "./dispatch.js";
import { fetchLevel } from "./fetch-level.js";
import { PublicFiles } from "./files.js";
import type { Grants } from "./grants.js";
import { brokenLimit, INTERNAL_ORIGIN, readTarget, refusalOf, type TargetFacts } from "./guard.js";
import { lifecycle } from "./lifecycle.js";
import { isMetricsTarget } from "./metrics.js";
import { countBodyWrites, requestHeadOf } from "./node-io.js";
import { observation, type Seen } from "./observe.js";
import { guardedHttpServer } from "./sockets.js";

/** The authority of every Fetch Request the server builds (the guard reads targets against the same origin). */
const INTERNAL_HOST = new URL(INTERNAL_ORIGIN).host;

export interface StandaloneServer {
  server: Server;
  /** the Fetch-level service (after the raw checks), for in-process use */
  fetch(request: Request, clientAddress?: string): Promise<Response>;
  /**
   * starts listening; resolves with the bound port and a base URL. `reusePort`: a socket of its own on a port other
   * processes of this user share (the kernel spreads connections over them; Linux), as each of the workers does
   */
  listen(port?: number, host?: string, options?: { reusePort?: boolean }): Promise<{ port: number; url: string }>;
  /**
   * stops accepting, ends idle keep-alive sockets at once and the rest once answered, or after `graceMs`
   * (default SHUTDOWN_GRACE_MS); answers not yet written say `Connection: close`
   */
  close(graceMs?: number): Promise<void>;
  /** how many answers are kept for repeated targets (./answers.ts) */
  cachedAnswers(): number;
  /** the operator's grants (GRANTS_FILE), read again on SIGHUP; undefined when none are named */
  grants: Grants | undefined;
}

export function createServer(options: StandaloneOptions = {}): StandaloneServer {
  const config = serverConfig(options);
  let server: Server | undefined;
  const life = lifecycle(config.log, () => server!);
  const keep = keeping(config, life);
  const dataset = datasetView(config.publicDir, config.manifestPath, config.clock);
  const files = new PublicFiles(config.publicDir, { maxBytes: config.fileCacheBytes });
  const dispatch = dispatcher(config, { dataset, files, keep, logFault: life.logFault, closing: life.isClosing });
  const fetching = fetchLevel(config, { dataset, dispatch, keep, life });
  const { metrics } = config;
  metrics?.cachedAnswers(
    () => keep.cache.size,
    () => keep.cache.cachedBytes,
  );
  const observing = observation({
    metrics,
    access: config.access,
    queries: config.logQueries,
    clientOf: config.clientOf,
  });

  /**
   * A request the guard let through (`facts`: its target as the guard read it), answered straight onto Node's
   * response; the MCP endpoint's through the bridge (which writes the answer itself: it is told about a close while
   * the answer is being prepared).
   */
  const dispatchRaw = (
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    facts: TargetFacts,
    seen: Seen | undefined,
  ): void => {
    if (facts.match?.route.fn === "mcp") {
      if (seen && config.grants) seen.granted = config.grants.of("mcp", config.clientOf(req))?.label;
      life.track(res);
      req.headers.host = INTERNAL_HOST;
      if (seen) countBodyWrites(res);
      fetching.bridge(req, res).catch((error) => life.fail(res, error));
      return;
    }
    const ctx = dispatch.contextOf(requestHeadOf(req, target), config.clientOf(req), facts);
    if (seen) seen.ctx = ctx;
    const answered = dispatch.answerSafely(ctx, target);
    if (answered instanceof Promise)
      answered.then((answer) => life.write(res, answer)).catch((error) => life.fail(res, error));
    else life.write(res, answered);
  };

  /** The raw request handler: the guard's checks, a cached answer, else dispatch. */
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      const seen = observing?.begin(req, res);
      const method = req.method ?? "";
      const target = req.url ?? "";
      const hostRequired = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
      const broken = brokenLimit(target, req.rawHeaders, hostRequired);
      const readsOnly = method === "GET" || method === "HEAD";
      // a repeated target whose answer is kept: a GET or HEAD of it is answered without reading the target again (not
      // to a client the operator granted more: cached answers state the bucket's own rate limit and count on its counter)
      if (!broken && keep.cache.size > 0 && readsOnly && !config.grants?.anyFor(config.clientOf(req))) {
        const now = config.clock();
        const cached = keep.cache.get(target, now.getTime());
        if (cached) {
          if (seen) {
            seen.route = cached.route;
            seen.source = "kept";
          }
          keep.answerCached(req, res, cached, now);
          return;
        }
      }
      // the metrics, to the addresses allowed to read them; to any other, the path does not exist
      if (metrics && readsOnly && !broken && isMetricsTarget(target) && config.metricsAllowed(config.clientOf(req))) {
        if (seen) seen.route = "metrics";
        life.closeIfClosing(res);
        metrics.answer(req, res);
        return;
      }
      // the target is read once: the guard's checks and the request's context take its URL and row from here
      const facts = readTarget(target);
      if (seen) seen.route = facts.match?.route.id ?? "-";
      const refusal = refusalOf(method, target, req.rawHeaders, hostRequired, facts, broken);
      if (refusal) {
        life.write(
          res,
          dispatch.withBucketHeaders(refusal.answer, refusal.target, config.grants && config.clientOf(req)),
        );
        return;
      }
      dispatchRaw(req, res, target, facts, seen);
    } catch (error) {
      life.fail(res, error);
    }
  };

  server = guardedHttpServer(config.headersTimeoutMs, handle, {
    withBucketHeaders: dispatch.withBucketHeaders,
    fail: life.fail,
    log: config.log,
    observing,
    clientOf: config.clientOf,
  });

  return {
    server,
    fetch: (request, clientAddress) => fetching.fetch(request, clientAddress),
    listen: (port = config.port, host = config.host, options) => life.listen(port, host, options?.reusePort ?? false),
    close: (graceMs) => life.close(graceMs),
    cachedAnswers: () => keep.cache.size,
    grants: config.grants,
  };
}
