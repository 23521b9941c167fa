/**
 * The standalone server's configuration: its options (tests and `npm start` give them) and the environment, read once
 * when a server is created. Everything a later part needs to know about how it runs is here; a value that cannot be
 * read (a TRUST_PROXY that names no address) stops the start.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DATASET_MANIFEST_ENV } from "../http/health.js";
import { memoryRateLimitStore, type RateLimitStore } from "../http/ratelimit.js";
import type { Clock } from "../http/request-context.js";
import { type WithdrawalConfig, withdrawalConfigFromEnv } from "../http/withdrawal.js";
import { type Grants, grantsOf } from "./grants.js";
import { consoleLog, type Log, type ServerLogger } from "./log.js";
import { createMetrics, METRICS_ALLOW_ENV, type Metrics, metricsAllowOf } from "./metrics.js";
import { forwardedClient, parseTrustProxy, TRUST_PROXY_ENV, type TrustedProxies, trustedProxyKey } from "./proxy.js";
import type { ProcessInfo } from "./workers.js";

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULT_PORT = 8888;
/** How long a client may take to send its request headers, and its whole request; then it is answered 408. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Bytes of answers cached for repeated targets by default (./answers.ts). */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

export interface StandaloneOptions {
  /** the port `listen()` uses when given none (default: env PORT, else 8888; 0 = any free port) */
  port?: number;
  /** the address `listen()` binds (default: env HOST, else every interface) */
  host?: string;
  /** the publish folder: site, dataset, `.ics` downloads (default: <project>/public) */
  publicDir?: string;
  /** configuration: RATE_LIMITS, TRUST_PROXY, GRANTS_FILE, V2_ANNOUNCED_AT, V2_BROWNOUTS, V2_NOTICE_URL, DATASET_MANIFEST (default process.env) */
  env?: Record<string, string | undefined>;
  /** "now" for every handler and the limiter (tests inject it) */
  clock?: Clock;
  /** count requests per rate-limit group and address (default: env RATE_LIMITS !== "off") */
  rateLimits?: boolean;
  /** where the counters live (default: one in-process store for the whole server; tests inject a broken one) */
  store?: RateLimitStore;
  log?: Log;
  /** the process's logger: its lines, and an access line per request (default: `log`, and no access lines) */
  logger?: ServerLogger;
  /** the server's metrics, answered on /metrics (default: this server's own; false: none, /metrics is not found) */
  metrics?: Metrics | false;
  /** site files are answered once this settles (the site build `npm start` runs in the background) */
  siteReady?: Promise<unknown>;
  /** send X-Answer-Source: file | function (default: env ANSWER_SOURCE_HEADER === "on") */
  answerSourceHeader?: boolean;
  /** bytes of files kept in memory (default 64 MiB) */
  fileCacheBytes?: number;
  /** bytes of answers cached for repeated targets (./answers.ts; default 32 MiB; 0: none cached) */
  answerCacheBytes?: number;
  /** how long a client may take to send its request headers before it is answered 408 (default HEADERS_TIMEOUT_MS) */
  headersTimeoutMs?: number;
  /** which process answers, for /health (default: the only one) */
  processInfo?: ProcessInfo;
  /** where the limiter counts, for /health (default: in memory, or off) */
  limiter?: LimiterInfo;
}

/** Where the counters live: this process's memory, the primary's (workers), Redis; or no limits. */
export interface LimiterInfo {
  store: "memory" | "primary" | "redis" | "off";
  /** true while the store fails (requests admitted uncounted); absent: never */
  degraded?: () => boolean;
}

export interface ServerConfig {
  readonly env: Record<string, string | undefined>;
  readonly log: Log;
  readonly publicDir: string;
  /** the dataset's manifest (DATASET_MANIFEST, else the publish folder's) */
  readonly manifestPath: string;
  readonly clock: Clock;
  readonly rateLimitsEnabled: boolean;
  readonly store: RateLimitStore;
  /** send the answer-source header */
  readonly sendAnswerSource: boolean;
  readonly answerCacheBytes: number;
  readonly fileCacheBytes: number | undefined;
  readonly headersTimeoutMs: number;
  readonly siteReady: Promise<unknown> | undefined;
  readonly port: number;
  readonly host: string | undefined;
  /** the v2 withdrawal's timeline (V2_ANNOUNCED_AT, V2_BROWNOUTS, V2_NOTICE_URL) */
  readonly withdrawal: WithdrawalConfig;
  /** the address a request is counted for: the socket's, or behind a trusted proxy the client it forwarded for */
  clientOf(req: IncomingMessage): string;
  readonly processInfo: ProcessInfo;
  readonly limiter: LimiterInfo;
  /** access lines are written here (the logger's, when it writes them) */
  readonly access: ServerLogger["access"] | undefined;
  /** access lines show query values (LOG_QUERIES) */
  readonly logQueries: boolean;
  readonly metrics: Metrics | undefined;
  /** may this address (the counted one: ./proxy.ts) read /metrics? loopback and METRICS_ALLOW */
  metricsAllowed(address: string): boolean;
  /** the operator's grants (GRANTS_FILE, ./grants.ts); undefined when none is named */
  readonly grants: Grants | undefined;
}

/** A request header's text (Node joins repeated X-Forwarded-For fields with commas; Forwarded may come as a list). */
const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(",") : value;

/** A request's client, once worked out (the limiter, the grants and the access line each ask). */
const CLIENT = Symbol("client");
/** A socket's address as a key when it is a trusted proxy's, else null: worked out once per connection. */
const PROXY_KEY = Symbol("trusted proxy key");

/** The client of a request behind trusted proxies (./proxy.ts clientAddress), worked out once per request, the socket's part once per connection. */
function forwardedClientOf(trusted: TrustedProxies): (req: IncomingMessage) => string {
  return (req) => {
    const request = req as IncomingMessage & { [CLIENT]?: string };
    const known = request[CLIENT];
    if (known !== undefined) return known;
    const socket = req.socket as Socket & { [PROXY_KEY]?: string | null };
    const address = socket.remoteAddress;
    if (address === undefined) return (request[CLIENT] = "unknown");
    let proxyKey = socket[PROXY_KEY];
    if (proxyKey === undefined) proxyKey = socket[PROXY_KEY] = trustedProxyKey(address, trusted) ?? null;
    return (request[CLIENT] =
      proxyKey === null
        ? address
        : forwardedClient(
            proxyKey,
            headerText(req.headers["x-forwarded-for"]),
            headerText(req.headers.forwarded),
            trusted,
          ));
  };
}

/** Reads the options and the environment once; logs what the withdrawal's settings warn about. */
export function serverConfig(options: StandaloneOptions = {}): ServerConfig {
  const env = options.env ?? process.env;
  const log = options.log ?? options.logger?.log ?? consoleLog;
  // who may read /metrics; an entry that is no address stops the start
  const metricsAllowed = metricsAllowOf(env[METRICS_ALLOW_ENV]);
  const metrics = options.metrics === false ? undefined : (options.metrics ?? createMetrics());
  const rateLimitsEnabled = options.rateLimits ?? env.RATE_LIMITS !== "off";
  const store = options.store ?? memoryRateLimitStore();
  const publicDir = resolve(options.publicDir ?? join(PROJECT_ROOT, "public"));
  // whose forwarding headers say who the client is (./proxy.ts); a TRUST_PROXY that cannot be read stops the start
  const trustedProxies = parseTrustProxy(env[TRUST_PROXY_ENV]);
  // the operator's grants; a file that cannot be read, or says something wrong, stops the start
  const grants = grantsOf(env);
  const { warnings, ...withdrawal } = withdrawalConfigFromEnv(env);
  for (const w of warnings) log("warn", w);
  return {
    env,
    log,
    publicDir,
    manifestPath: resolve(env[DATASET_MANIFEST_ENV] || join(publicDir, "manifest.json")),
    clock: options.clock ?? (() => new Date()),
    rateLimitsEnabled,
    // every decision counted in the metrics
    store: metrics ? metrics.counting(store) : store,
    sendAnswerSource: options.answerSourceHeader ?? env.ANSWER_SOURCE_HEADER === "on",
    answerCacheBytes: options.answerCacheBytes ?? ANSWER_CACHE_BYTES,
    fileCacheBytes: options.fileCacheBytes,
    headersTimeoutMs: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    siteReady: options.siteReady,
    port: options.port ?? Number(env.PORT || DEFAULT_PORT),
    host: options.host ?? (env.HOST || undefined),
    withdrawal,
    processInfo: options.processInfo ?? { workers: 1, worker: 1 },
    limiter: options.limiter ?? { store: rateLimitsEnabled ? "memory" : "off" },
    access: options.logger?.accessOn ? options.logger.access : undefined,
    logQueries: options.logger?.settings.queries ?? true,
    metrics,
    metricsAllowed,
    grants,
    clientOf: trustedProxies ? forwardedClientOf(trustedProxies) : (req) => req.socket.remoteAddress ?? "unknown",
  };
}
