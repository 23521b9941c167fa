/**
 * createServer, the service the standalone server (./standalone.ts) runs: named parts, each in its own file,
 * outermost first:
 *   1. ./sockets.ts: Node's HTTP server and the guards on its sockets (what Node's parser refuses, CONNECT, Expect);
 *   2. ./pipeline.ts: the request pipeline, its steps in order: the writer, the cached repeats, the metrics page, the
 *      guard (./guard.ts), the MCP endpoint, then ./dispatch.ts's served steps: a dataset file, the route's function,
 *      a file of the publish folder, or not-found; files and pages in ./pages.ts; the dataset as seen in ./dataset.ts;
 *   4. ./fetch-level.ts: the Fetch level (in process, and the MCP endpoint through the Node/Fetch bridge);
 *   5. ./lifecycle.ts: listening, stopping within the grace, the last net under every answer;
 * all configured once by ./config.ts. Nothing escapes as an exception: every failure is a problem document.
 */
import type { Server } from "node:http";
import { answerCaching } from "./cache-source.js";
import { type StandaloneOptions, serverConfig } from "./config.js";
import { datasetView } from "./dataset.js";
import { dispatcher } from "./dispatch.js";
import { fetchLevel } from "./fetch-level.js";
import { PublicFiles } from "./files.js";
import type { Grants } from "./grants.js";

import { createLifecycle } from "./lifecycle.js";
import { observation } from "./observe.js";
import { nodePipeline } from "./pipeline.js";
import { guardedHttpServer } from "./sockets.js";

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
  /** how many answers are cached for repeated targets (./answers.ts) */
  cachedAnswers(): number;
  /** the operator's grants (GRANTS_FILE), read again on SIGHUP; undefined when none are named */
  grants: Grants | undefined;
}

export function createServer(options: StandaloneOptions = {}): StandaloneServer {
  const config = serverConfig(options);
  let server: Server | undefined;
  const lifecycle = createLifecycle(config.log, () => server!);
  const caching = answerCaching(config);
  const dataset = datasetView(config.publicDir, config.manifestPath, config.clock);
  const files = new PublicFiles(config.publicDir, { maxBytes: config.fileCacheBytes });
  const dispatch = dispatcher(config, {
    dataset,
    files,
    caching,
    logFault: lifecycle.logFault,
    closing: lifecycle.isClosing,
  });
  const fetching = fetchLevel(config, { dataset, dispatch, caching, lifecycle });
  const { metrics } = config;
  metrics?.cachedAnswers(
    () => caching.cache.size,
    () => caching.cache.cachedBytes,
  );
  const observing = observation({
    metrics,
    access: config.access,
    queries: config.logQueries,
    clientOf: config.clientOf,
  });

  // the request handler: the server's steps, in order (./pipeline.ts)
  const handle = nodePipeline(config, { caching, dispatch, fetching, lifecycle, observing });

  server = guardedHttpServer(config.headersTimeoutMs, handle, {
    withRateLimitGroupHeaders: dispatch.withRateLimitGroupHeaders,
    fail: lifecycle.fail,
    log: config.log,
    observing,
    clientOf: config.clientOf,
  });

  return {
    server,
    fetch: (request, clientAddress) => fetching.fetch(request, clientAddress),
    listen: (port = config.port, host = config.host, options) =>
      lifecycle.listen(port, host, options?.reusePort ?? false),
    close: (graceMs) => lifecycle.close(graceMs),
    cachedAnswers: () => caching.cache.size,
    grants: config.grants,
  };
}
