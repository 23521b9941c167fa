/**
 * The standalone server: the whole service from one Node process (the default way to run it, `npm start`).
 *
 *   npm start                                   PORT (default 8888), HOST, RATE_LIMITS=off, V2_ANNOUNCED_AT, ...
 *   tsx server/standalone.ts [--no-build]       the same from the sources (tests; --no-build: no routing or site step)
 * `npm start` runs ./start.mjs, which runs this module's main() from its bundle (dist/server.mjs, build/bundle.ts).
 *
 * The service itself is ./service.ts createServer; this module is its command line (main) and the server's entry.
 */
import cluster from "node:cluster";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { RateLimitStore } from "../http/ratelimit.js";
import { DEFAULT_PORT, type LimiterInfo, PROJECT_ROOT } from "./config.js";
import { GRANTS_FILE_ENV, type Grants, readGrantsFile, reloadOnSighup, reloadWorkersOnSighup } from "./grants.js";
import { HARD_STOP_MS, stopWithParent } from "./lifecycle.js";
import {
  consoleLog,
  createLogger,
  exitProcess,
  flushLogs,
  guardOutput,
  type Log,
  logSettingsOf,
  type ServerLogger,
  setProcessLogger,
  stopWaitingOnOutput,
} from "./log.js";
import { createMetrics, gatherForWorkers, gatherFromPrimary } from "./metrics.js";
import { parseTrustProxy, TRUST_PROXY_ENV } from "./proxy.js";
import { REDIS_URL_ENV, redisRateLimitStore, redisUrlProblem } from "./redis-store.js";
import { createServer, type StandaloneServer } from "./service.js";
import {
  parseWorkers,
  primaryCountedStore,
  runPrimary,
  siteReadyFromPrimary,
  stopWithPrimary,
  tellPrimaryListening,
  WORKERS_ENV,
  workerNumber,
} from "./workers.js";

export { ANSWER_SOURCE_HEADER } from "./cache-source.js";
export {
  DEFAULT_PORT,
  HEADERS_TIMEOUT_MS,
  PROJECT_ROOT,
  REQUEST_TIMEOUT_MS,
  type StandaloneOptions,
} from "./config.js";
export { HARD_STOP_MS, SHUTDOWN_GRACE_MS } from "./lifecycle.js";
export type { Log, LogLevel } from "./log.js";
export { NOT_FOUND_PAGES, notFoundPageOf, SITE_BUILD_RETRY_SECONDS } from "./pages.js";
export { createServer, type StandaloneServer } from "./service.js";
export { consoleLog, exitProcess };

// ---------------------------------------------------------------------------------------------------------------
// The command line: `npm start`
// ---------------------------------------------------------------------------------------------------------------

/**
 * `npm start` (./start.mjs runs it from the bundle): the server on PORT until SIGTERM or SIGINT, or until npm is gone
 * (`npmPid`: npm's process id, when npm started it); with WORKERS above 1 a primary and its workers (./workers.ts),
 * each worker running what one process runs alone.
 */
export async function main({ npmPid }: { npmPid?: number } = {}): Promise<void> {
  const env = process.env;
  const settings = logSettingsOf(env);
  if ("problem" in settings) {
    consoleLog("error", `the standalone server could not start: ${settings.problem}`);
    exitProcess(1);
  }
  // every line says which worker wrote it; a primary's lines (several workers) say none
  const workers = parseWorkers(env[WORKERS_ENV]);
  const worker = cluster.isWorker ? workerNumber(env) : "workers" in workers && workers.workers > 1 ? undefined : 1;
  const logger = await loggerOf(settings, worker);
  setProcessLogger(logger);
  const log = logger.log;
  // whatever becomes of the process's output, logging never affects answering (./log.ts)
  guardOutput(log);
  const scale = scaleOf(env);
  if ("problem" in scale) {
    log("error", `the standalone server could not start: ${scale.problem}`);
    exitProcess(1);
  }
  // npm gone: stopped as on SIGTERM, by the handler the primary or the lone process has set (a worker stops with
  // its primary)
  if (cluster.isPrimary)
    stopWithParent(npmPid, (why) => {
      log("warn", `${why}: stopping`);
      process.kill(process.pid, "SIGTERM");
    });
  const build = !process.argv.includes("--no-build");
  if (cluster.isPrimary && scale.workers > 1) {
    const started = Date.now();
    // the grants file is read here once, so that a problem with it stops the start before any worker is forked; on
    // SIGHUP the primary reads it again for every worker (Node's default for SIGHUP would end the process)
    const grantsProblem = grantsFileProblem(env);
    if (grantsProblem) {
      log("error", `the standalone server could not start: ${grantsProblem}`);
      exitProcess(1);
    }
    reloadWorkersOnSighup(env, log, () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined));
    const siteReady = build ? (await prepareInBackground(log)).siteReady : undefined;
    const limitsOn = env.RATE_LIMITS !== "off";
    const port = await portForWorkers(Number(env.PORT || DEFAULT_PORT), env.HOST || undefined).catch((error: Error) => {
      log("error", `the standalone server could not start: ${error.message}`);
      return exitProcess(1);
    });
    // the workers read it (PORT=0: the one chosen here, the same for all)
    env.PORT = String(port);
    // a worker asked for /metrics answers for all of them: the primary gathers
    gatherForWorkers();
    await runPrimary({ workers: scale.workers, log, countForWorkers: limitsOn && !scale.redisUrl, siteReady });
    log(
      "info",
      `Swedish Calendar Service on http://localhost:${port} (${scale.workers} workers, ${limiterWords(env, scale)}; ready in ${Date.now() - started} ms; Ctrl-C stops)`,
    );
    return;
  }
  await serveOneProcess(logger, env, scale, build);
}

/**
 * The port the workers share, checked by binding it alone a moment: their sockets share it with any socket of this
 * user that allows so (another instance's workers), so without this check a port in use would go unnoticed.
 * Port 0 becomes the free port chosen here.
 */
async function portForWorkers(port: number, host: string | undefined): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolveListen, reject) => {
    probe.once("error", reject);
    probe.listen({ port, host }, () => resolveListen());
  });
  const bound = (probe.address() as AddressInfo).port;
  await new Promise<void>((closed) => probe.close(() => closed()));
  return bound;
}

/**
 * What `npm start` writes when stale (the routing files; the site, built in the background): ./stale.ts, loaded only
 * then. `siteReady` settles once the site is current.
 */
async function prepareInBackground(log: Log): Promise<{ siteReady: Promise<unknown> }> {
  const { prepareStale } = await import("./stale.js");
  return prepareStale({ root: PROJECT_ROOT, log });
}

/** The process's logger: JSON lines, or (LOG_FORMAT=pretty) pino-pretty's, loaded only then. */
async function loggerOf(
  settings: Exclude<ReturnType<typeof logSettingsOf>, { problem: string }>,
  worker: number | undefined,
): Promise<ServerLogger> {
  if (settings.format !== "pretty") return createLogger(settings, { worker });
  const { prettyFactory } = await import("pino-pretty");
  const prettify = prettyFactory({
    colorize: process.stdout.isTTY === true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
  return createLogger(settings, { worker, prettify });
}

/** What is wrong with GRANTS_FILE's file, when it is named and cannot be read or says something wrong. */
function grantsFileProblem(env: NodeJS.ProcessEnv): string | undefined {
  const path = env[GRANTS_FILE_ENV];
  if (!path) return undefined;
  try {
    readGrantsFile(path);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** WORKERS and REDIS_URL, read once; a value that cannot be read stops the start with one line naming it. */
function scaleOf(env: NodeJS.ProcessEnv): { workers: number; redisUrl: string | undefined } | { problem: string } {
  const workers = parseWorkers(env[WORKERS_ENV]);
  if ("problem" in workers) return workers;
  const redisUrl = env[REDIS_URL_ENV] || undefined;
  const problem = redisUrl === undefined ? undefined : redisUrlProblem(redisUrl);
  if (problem)
    return { problem: `${REDIS_URL_ENV} ${problem}: ${JSON.stringify(redisUrl)} (expected redis://host[:port][/db])` };
  return { workers: workers.workers, redisUrl };
}

function limiterWords(env: NodeJS.ProcessEnv, scale: { workers: number; redisUrl: string | undefined }): string {
  if (env.RATE_LIMITS === "off") return "limits off";
  const proxies = parseTrustProxy(env[TRUST_PROXY_ENV])?.description;
  const where = scale.redisUrl
    ? `counted in Redis at ${new URL(scale.redisUrl).host}`
    : scale.workers > 1
      ? "counted by the primary"
      : "counted in memory";
  return `limits on, ${where}${proxies ? `, per client forwarded by ${proxies}` : ""}`;
}

/** One process serving: alone (WORKERS=1), or as one of the primary's workers. */
async function serveOneProcess(
  logger: ServerLogger,
  env: NodeJS.ProcessEnv,
  scale: { workers: number; redisUrl: string | undefined },
  build: boolean,
): Promise<void> {
  const log = logger.log;
  const worker = cluster.isWorker
    ? { workers: Number(env.WORKERS_SERVING) || scale.workers, worker: workerNumber(env) }
    : undefined;
  // told to stop at any moment, even while starting: close (in-flight answers finish within the grace), then exit
  let service: StandaloneServer | undefined;
  let stopping = false;
  const cleanups: (() => Promise<void>)[] = [];
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    stopWaitingOnOutput();
    if (!worker) log("info", `${why}: closing`);
    // whatever holds the close (or the output) up, the process ends shortly after the grace period
    setTimeout(() => exitProcess(0), HARD_STOP_MS).unref();
    (service ? service.close() : Promise.resolve())
      .then(() => Promise.allSettled(cleanups.map((c) => c())))
      // the last lines reach the output if it takes them within 200 ms
      .then(
        () => flushLogs(200),
        () => flushLogs(200),
      )
      .then(
        () => exitProcess(0),
        () => exitProcess(0),
      );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  if (worker) stopWithPrimary(stop);
  // SIGHUP reads the grants file again (a worker: its primary does, and hands the text over); never ends the process
  let grants: Grants | undefined;
  reloadOnSighup(() => grants, log, worker !== undefined);

  const started = Date.now();
  // a worker's site is the primary's to prepare
  const siteReady = !build ? undefined : worker ? siteReadyFromPrimary() : (await prepareInBackground(log)).siteReady;
  const limitsOn = env.RATE_LIMITS !== "off";
  let store: RateLimitStore | undefined;
  let limiter: LimiterInfo = { store: limitsOn ? (worker ? "primary" : "memory") : "off" };
  if (limitsOn && scale.redisUrl) {
    const redis = redisRateLimitStore(scale.redisUrl, log);
    cleanups.push(() => redis.close());
    await redis.ready();
    store = redis;
    limiter = { store: "redis", degraded: () => redis.degraded() };
  } else if (limitsOn && worker) {
    const counted = primaryCountedStore(log);
    store = counted;
    limiter = { store: "primary", degraded: () => counted.degraded() };
  }
  const metrics = createMetrics(worker ? { inWorker: true, gatherFromPrimary: gatherFromPrimary() } : {});
  service = createServer({
    siteReady,
    logger,
    metrics,
    store,
    processInfo: worker ?? { workers: 1, worker: 1 },
    limiter,
  });
  grants = service.grants;
  if (stopping) exitProcess(0);
  // a worker listens with a socket of its own on the shared port: no connection passes through the primary
  const { url } = await service.listen(undefined, undefined, { reusePort: worker !== undefined });
  if (worker) tellPrimaryListening();
  if (!worker)
    log(
      "info",
      `Swedish Calendar Service on ${url} (${limiterWords(env, scale)}; ready in ${Date.now() - started} ms; Ctrl-C stops)`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    consoleLog("error", `the standalone server could not start: ${error?.message ?? error}`);
    exitProcess(1);
  });
}
