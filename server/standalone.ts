/**
 * The standalone server: the whole service from one Node process (the default way to run it, `npm start`).
 *
 *   npm start                                   PORT (default 8888), HOST, RATE_LIMITS=off, V2_ANNOUNCED_AT, ...
 *   tsx server/standalone.ts [--no-build]       the same from the sources (tests; --no-build: no routing or site step)
 * `npm start` runs ./start.mjs, which runs this module's main() from its bundle (dist/server.mjs, build/bundle.ts).
 *
 * Layers, outermost first:
 *   1. Node's HTTP parser, with a header limit raised so the server answers 414/431 itself (every header field
 *      reported, however many); what the parser refuses (unknown method tokens, unreadable request lines, headers
 *      beyond even that limit, a request not complete in time: 408) is answered on the socket by `clientError`,
 *      CONNECT by the `connect` event, an `Expect` other than 100-continue (417) by `checkExpectation` (./guard.ts).
 *   2. The raw request handler: an HTTP/1.1 request without exactly one Host, methods the path's row does not declare (all but GET, HEAD, OPTIONS; on /mcp all but
 *      POST, OPTIONS; TRACE included: the Fetch API refuses it),
 *      oversized targets and headers, and targets the server cannot read (absolute form, invalid percent-encoding)
 *      are answered here, before a Fetch Request exists (./guard.ts). Then a GET or HEAD of a target whose answer is
 *      kept (./answers.ts: it stays the same for its target and was asked for before) is counted on its function's
 *      counter and answered from memory, straight onto the socket.
 *   3. Dispatch, on the request's context (its URL and row as the guard read them, once), answering with an Answer
 *      written straight onto Node's response; only the MCP endpoint (a POST whose body its transport reads as a Fetch
 *      Request) goes through the Node/Fetch bridge (@hono/node-server's getRequestListener):
 *        - a request the route table's rewrite rules send to a dataset file (contract/static.ts resolveRewrite) that
 *          exists in the publish folder, when the dataset was built by this engine (./dataset.ts): that file, with
 *          the headers `_headers` gives it (fileHeaders) + HSTS, through okAnswer, so ETag/304/HEAD are the
 *          function's; not rate-limited (static answers are served regardless), and neither is the function's
 *          answer to a request the deploy build has a file for when no dataset is built here (build/deployed.ts);
 *        - a row of the route table: the function that answers it on Netlify (same handler, same bytes), counting
 *          on one exact in-process limiter per surface and socket address;
 *        - any other file of the publish folder (the site, the `.ics` downloads, the dataset folder, the manifest);
 *        - else the not-found function.
 * Nothing escapes as an exception: every failure is a problem document.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { statSync } from "node:fs";
import type { Duplex } from "node:stream";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import mime from "mime-types";
import { getRequestListener, type HttpBindings } from "@hono/node-server";
import { CORS_HEADERS, SURFACES, rateLimitHeaders, type PaceLimit, type SurfaceName } from "../contract/policies.js";
import { matchRoute, surfaceOf, type FunctionName } from "../contract/routes.js";
import { datasetFileOf, fileHeaders, redirectRules, resolveRewrite, type BuiltRange } from "../contract/static.js";
import { etagOf } from "../contract/serialize.js";
import { createHealthAnswering, DATASET_MANIFEST_ENV, readDatasetStatus } from "../functions/lib/health.js";
import { answerFeed } from "../functions/lib/feed.js";
import { layeredHeaders, okAnswer, responseOf, type Answer, type RequestHead } from "../functions/lib/http.js";
import { answerNotFound } from "../functions/lib/not-found.js";
import { memoryRateLimitStore, type RateLimitStore } from "../functions/lib/ratelimit.js";
import {
  commonHeaders, completed, counterOf, limitedOn, methodGate, requestContext, settle, withHeaders, type AnsweringHandler, type Clock, type RequestContext,
} from "../functions/lib/serve.js";
import { answerV3 } from "../functions/lib/v3.js";
import { makeV2Answering } from "../functions/lib/v2.js";
import { withdrawalConfigFromEnv, withdrawalState } from "../functions/lib/withdrawal.js";
import { AnswerCache, keptAnswer, keptUntil, writeKept, type AnswerSource, type KeptAnswer } from "./answers.js";
import { datasetMatchesEngine } from "./dataset.js";
import { deployedRange } from "../build/deployed.js";
import { consoleLog, guardOutput, type Log } from "./log.js";
import { TRUST_PROXY_ENV, clientAddress, parseTrustProxy } from "./proxy.js";
import { memoOf } from "./memo.js";
import { PublicFiles, STAT_TTL_MS, type CachedFile } from "./files.js";
import {
  INTERNAL_ORIGIN, NODE_MAX_HEADERS_COUNT, NODE_MAX_HEADER_SIZE, answerOnSocket, clientErrorAnswer, expectationFailed, methodProblem,
  brokenLimit, problemFor, readTarget, refusalOf, surfaceOfTarget, targetProblem, type TargetFacts,
} from "./guard.js";

export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The MCP endpoint's modules, loaded once per process when the first server is created (the MCP SDK and its schema
 * libraries are the largest part of the server's code: importing the bundle does not evaluate them).
 */
type McpModule = typeof import("../functions/lib/mcp.js");
type McpCallsModule = typeof import("./mcp-calls.js");
const loadMcp = (() => {
  let loaded: Promise<[McpModule, McpCallsModule]> | undefined;
  return () => (loaded ??= Promise.all([import("../functions/lib/mcp.js"), import("./mcp-calls.js")]));
})();

export const DEFAULT_PORT = 8888;
/** The header that says what answered (`file` or `function`), sent only when `answerSourceHeader` is on (tests). */
export const ANSWER_SOURCE_HEADER = "X-Answer-Source";
/** Site files whose names carry a content hash (Astro's build assets) never change under their name. */
const SITE_CACHE = "public, max-age=0, must-revalidate";
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";
/**
 * How long requests in flight may take to finish once the server is told to stop (SIGTERM, SIGINT); then their
 * connections are closed. Below the 2 s a supervisor or `docker stop` is expected to wait at least.
 */
export const SHUTDOWN_GRACE_MS = 1500;
/** The authority of every Fetch Request the server builds (the guard reads targets against the same origin). */
const INTERNAL_HOST = new URL(INTERNAL_ORIGIN).host;

export type { Log, LogLevel } from "./log.js";
export { consoleLog };

export interface StandaloneOptions {
  /** the port `listen()` uses when given none (default: env PORT, else 8888; 0 = any free port) */
  port?: number;
  /** the address `listen()` binds (default: env HOST, else every interface) */
  host?: string;
  /** the publish folder: site, dataset, `.ics` downloads (default: <project>/public) */
  publicDir?: string;
  /** configuration: RATE_LIMITS, TRUST_PROXY, V2_ANNOUNCED_AT, V2_BROWNOUTS, V2_NOTICE_URL, DATASET_MANIFEST (default process.env) */
  env?: Record<string, string | undefined>;
  /** "now" for every handler and the limiter (tests inject it) */
  clock?: Clock;
  /** count requests per surface and address (default: env RATE_LIMITS !== "off") */
  rateLimits?: boolean;
  /** where the counters live (default: one in-process store for the whole server; tests inject a broken one) */
  store?: RateLimitStore;
  log?: Log;
  /** site files are answered once this settles (the site build `npm start` runs in the background) */
  siteReady?: Promise<unknown>;
  /** send X-Answer-Source: file | function (default: env ANSWER_SOURCE_HEADER === "on") */
  answerSourceHeader?: boolean;
  /** bytes of files kept in memory (default 64 MiB) */
  fileCacheBytes?: number;
  /** bytes of answers kept for repeated targets (./answers.ts; default 32 MiB; 0: none kept) */
  answerCacheBytes?: number;
  /** how long a client may take to send its request headers before it is answered 408 (default HEADERS_TIMEOUT_MS) */
  headersTimeoutMs?: number;
}

/** How long a client may take to send its request headers, and its whole request; then it is answered 408. */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past those times (its default, 30 s, let a late client wait up to 50 s for its 408). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export interface StandaloneServer {
  server: Server;
  /** the Fetch-level service (after the raw checks), for in-process use */
  fetch(request: Request, clientAddress?: string): Promise<Response>;
  /** starts listening; resolves with the bound port and a base URL */
  listen(port?: number, host?: string): Promise<{ port: number; url: string }>;
  /**
   * stops accepting, ends idle keep-alive sockets at once and the rest once answered, or after `graceMs`
   * (default SHUTDOWN_GRACE_MS); answers not yet written say `Connection: close`
   */
  close(graceMs?: number): Promise<void>;
  /** how many answers are kept for repeated targets (./answers.ts) */
  keptAnswers(): number;
}

/** A file's headers as okAnswer takes them: its Content-Type, its Cache-Control, and the rest. */
interface FileHeaders {
  contentType: string;
  cacheControl: string;
  rest: Readonly<Record<string, string>>;
}

/** A dataset file's headers (contract/static.ts fileHeaders, one frozen object per kind and surface), split once each. */
const DATASET_FILE_HEADERS = new WeakMap<object, FileHeaders>();
function datasetFileHeaders(contentType: "json" | "calendar", surface: SurfaceName): FileHeaders {
  const headers = fileHeaders(contentType, surface);
  let split = DATASET_FILE_HEADERS.get(headers);
  if (!split) {
    const { "Content-Type": type, "Cache-Control": cacheControl, ...rest } = headers;
    DATASET_FILE_HEADERS.set(headers, (split = { contentType: type, cacheControl, rest }));
  }
  return split;
}

/**
 * A file answer: OPTIONS preflight, 405, or okAnswer's 200/304, with the common headers of `pace`, settled in the
 * request's context (a GET's 200 is recorded there for the kept answers).
 */
function fileAnswer(ctx: RequestContext, file: CachedFile, headers: FileHeaders, pace: PaceLimit | undefined): Answer {
  const { request } = ctx;
  const { contentType, cacheControl, rest } = headers;
  return settle(ctx, methodGate(request) ?? okAnswer(request, file.bytes, contentType, cacheControl, rest, file.etag), pace);
}

/** The site's not-found page of each language, as the site build writes it (site/src/pages/404.astro, en/404.astro). */
export const NOT_FOUND_PAGES = { sv: "/404.html", en: "/en/404/index.html" } as const;
/** The language of a site path: English under /en/, else Swedish (site/src/lib/i18n.ts pageHref). */
export const notFoundPageOf = (pathname: string): string => (pathname === "/en" || pathname.startsWith("/en/") ? NOT_FOUND_PAGES.en : NOT_FOUND_PAGES.sv);
/** Does the client take HTML (a browser navigating), so that a page suits it better than a problem document? */
const acceptsHtml = (request: RequestHead): boolean => /\btext\/html\b/i.test(request.headers.get("accept") ?? "");

/** An HTML answer of the server's own (never kept: no-store, no ETag). */
function htmlAnswer(status: number, body: string | Uint8Array, extra?: Record<string, string>): Answer {
  return { status, headers: { ...commonHeaders(undefined), "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...extra }, body };
}

/** How long the waiting page asks a browser to wait before it asks again (its refresh and Retry-After). */
export const SITE_BUILD_RETRY_SECONDS = 5;

/**
 * What a site path answers while the site is being built (a first start): a small page in both languages, 503 with
 * Retry-After, that reloads itself; the API answers meanwhile.
 */
function siteBuildingAnswer(pathname: string): Answer {
  const english = pathname === "/en" || pathname.startsWith("/en/");
  const sv = "<p lang=\"sv\"><strong>Webbplatsen byggs.</strong> Första starten bygger sidorna, vilket tar en stund. Sidan laddas om av sig själv; API:t svarar redan.</p>";
  const en = "<p lang=\"en\"><strong>The site is being built.</strong> The first start builds the pages, which takes a while. This page reloads by itself; the API answers already.</p>";
  const body =
    `<!doctype html><html lang="${english ? "en" : "sv"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="refresh" content="${SITE_BUILD_RETRY_SECONDS}"><title>${english ? "The site is being built" : "Webbplatsen byggs"} – ${english ? "Swedish Calendar Service" : "Svensk kalendertjänst"}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${english ? en + sv : sv + en}</body></html>`;
  return htmlAnswer(503, body, { "Retry-After": String(SITE_BUILD_RETRY_SECONDS) });
}

/**
 * Writes an answer through Node's response object: every answer but the MCP endpoint's. A HEAD answer has no body
 * and no Content-Length (as the Fetch bridge writes a body-less answer).
 */
function writeAnswer(res: ServerResponse, answer: Answer): void {
  if (res.req?.method === "HEAD" || answer.body === null) {
    res.writeHead(answer.status, answer.headers);
    res.end();
    return;
  }
  const { body } = answer;
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) });
  res.end(body);
}

/** A request header's text (Node joins repeated X-Forwarded-For fields with commas; Forwarded may come as a list). */
const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(",") : value);

/**
 * The head of Node's request as the handlers read it (no Fetch Request built): method, URL against the internal
 * origin, and each header field as Headers.get gives it (every field of that name, in order, joined with ", ").
 */
function requestHeadOf(req: IncomingMessage, target: string): RequestHead {
  const raw = req.rawHeaders;
  return {
    method: req.method!,
    url: INTERNAL_ORIGIN + target,
    headers: {
      get(name: string): string | null {
        const wanted = name.toLowerCase();
        let value: string | null = null;
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i].length === wanted.length && raw[i].toLowerCase() === wanted) value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
        }
        return value;
      },
    },
  };
}

export function createServer(options: StandaloneOptions = {}): StandaloneServer {
  const env = options.env ?? process.env;
  const log = options.log ?? consoleLog;
  const publicDir = resolve(options.publicDir ?? join(PROJECT_ROOT, "public"));
  const clock: Clock = options.clock ?? (() => new Date());
  const rateLimitsEnabled = options.rateLimits ?? env.RATE_LIMITS !== "off";
  const store = options.store ?? memoryRateLimitStore();
  const markSource = options.answerSourceHeader ?? env.ANSWER_SOURCE_HEADER === "on";
  // site paths answer the waiting page until the site build `npm start` runs in the background is done
  let siteBuilding = options.siteReady !== undefined;
  options.siteReady?.then(
    () => (siteBuilding = false),
    () => (siteBuilding = false),
  );
  const files = new PublicFiles(publicDir, { maxBytes: options.fileCacheBytes });
  const rules = redirectRules();

  const manifestPath = resolve(env[DATASET_MANIFEST_ENV] || join(publicDir, "manifest.json"));
  /**
   * Dataset files answer requests only when they were built by this engine (else every answer is computed): checked
   * again whenever the manifest changes (the build writes it last; looked at once a second at most). What the
   * build wrote (its years and days window, from the manifest) when they do, else undefined; synchronous once the
   * check of the current manifest has settled.
   */
  let datasetCheck: { key: string; built: Promise<BuiltRange | undefined>; settled?: { value: BuiltRange | undefined } } | undefined;
  let manifestSeen = { at: -Infinity, key: "" };
  const datasetBuilt = (): BuiltRange | undefined | Promise<BuiltRange | undefined> => {
    const now = Date.now();
    if (now - manifestSeen.at >= STAT_TTL_MS) {
      let info;
      try {
        info = statSync(manifestPath, { throwIfNoEntry: false });
      } catch {
        info = undefined;
      }
      manifestSeen = { at: now, key: info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "" };
    }
    const { key } = manifestSeen;
    if (!key) return undefined;
    if (datasetCheck?.key !== key) {
      const check: NonNullable<typeof datasetCheck> = {
        key,
        built: datasetMatchesEngine(publicDir, manifestPath).then((usable) => {
          const status = usable ? readDatasetStatus(manifestPath) : null;
          const value = status ? { years: status.years, days: status.days } : undefined;
          check.settled = { value };
          return value;
        }),
      };
      datasetCheck = check;
    }
    return datasetCheck.settled ? datasetCheck.settled.value : datasetCheck.built;
  };
  // whose forwarding headers say who the client is (./proxy.ts); a TRUST_PROXY that cannot be read stops the start
  const trustedProxies = parseTrustProxy(env[TRUST_PROXY_ENV]);
  /** The address a request is counted for: the socket's, or behind a trusted proxy the client it forwarded for. */
  const clientOf = (req: IncomingMessage): string =>
    trustedProxies
      ? clientAddress(req.socket.remoteAddress, headerText(req.headers["x-forwarded-for"]), headerText(req.headers.forwarded), trustedProxies)
      : (req.socket.remoteAddress ?? "unknown");
  const { warnings, ...withdrawal } = withdrawalConfigFromEnv(env);
  for (const w of warnings) log("warn", w);
  /** The function of each row but the MCP endpoint's, answering with the final Answer. */
  const handlers: Record<Exclude<FunctionName, "mcp">, AnsweringHandler> = {
    v3: answerV3,
    v2: makeV2Answering(withdrawal),
    ical: answerFeed,
    // on Netlify a second function serves the feed's query surface (its own platform limit); here one handler counts both
    "ical-query": answerFeed,
    // the platform's rewrite target for over-limit requests; this server counts itself, so the path is not one of its addresses
    "rate-limited": answerNotFound,
    health: createHealthAnswering({ manifestPath }),
    "not-found": answerNotFound,
  };

  /**
   * The raw layer's own answers on a v2 path carry what every v2 response carries (the v2 handler adds it to its
   * answers): Link, and once announced Deprecation and Sunset, and the RateLimit headers of the timeline's moment.
   */
  const asTheSurfaceAnswers = (answer: Answer, target: string): Answer => {
    if (surfaceOfTarget(target) !== "v2") return answer;
    const state = withdrawalState(withdrawal, clock());
    return { ...answer, headers: layeredHeaders(answer.headers, state.headers, rateLimitHeaders(state.policy)) };
  };

  const sourceHeader = (source: "file" | "function") => (markSource ? { [ANSWER_SOURCE_HEADER]: source } : undefined);
  const mark = (answer: Answer, source: "file" | "function"): Answer => {
    const header = sourceHeader(source);
    return header ? { status: answer.status, headers: layeredHeaders(answer.headers, header), body: answer.body } : answer;
  };

  const answerCacheBytes = options.answerCacheBytes ?? 32 * 1024 * 1024;
  const answers = new AnswerCache(answerCacheBytes);
  /** Keeps a GET's 200 (as its context recorded it) for its target when it stays the same for it (./answers.ts), then marks it. */
  const kept = (ctx: RequestContext, target: string | undefined, answer: Answer, source: AnswerSource): Answer => {
    const shown = source === "file" ? "file" : "function";
    let served = ctx.served !== undefined && target !== undefined && answerCacheBytes > 0 && answers.wanted(target) ? ctx.served : undefined;
    // an answer the deployed service serves as a file (answerUncounted): its repeats are not counted either
    if (served && rateLimitsEnabled && !ctx.rateLimitsEnabled) served = { ...served, counter: undefined };
    if (served) {
      const until = keptUntil(source, served.answer.headers["Cache-Control"], clock());
      const keep = until === undefined ? undefined : keptAnswer(served, until, sourceHeader(shown));
      if (keep) answers.set(target!, keep);
    }
    return mark(answer, shown);
  };

  /** A repeated target: counted as its function counts it (429 when over), then the kept answer. */
  const answerKept = (req: IncomingMessage, res: ServerResponse, keep: KeptAnswer, now: Date): void => {
    const counter = keep.counter;
    const limited = counter
      ? limitedOn(counter.name, counter.pace, { rateLimitsEnabled, store, clientAddress: clientOf(req) }, now)
      : undefined;
    const writeOne = (over: Answer | undefined) => {
      closeIfClosing(res);
      if (over) writeAnswer(res, completed(over, counter!.pace, sourceHeader("function")));
      else writeKept(req, res, keep);
    };
    if (limited instanceof Promise) limited.then(writeOne).catch((error) => fail(res, error));
    else writeOne(limited);
  };

  /**
   * A dataset file no build has written (a fresh clone, a partial build), computed as the build would write it
   * (build/generate.ts datasetFileBody, loaded on first need), so every documented dataset URL answers; kept for its
   * target like a file. Undefined where the build writes no such file.
   */
  const computedDatasetFile = memoOf(64, async (path: string): Promise<CachedFile | undefined> => {
    const { datasetFileBody } = await import("../build/generate.js");
    const body = datasetFileBody(path.slice(1));
    if (body === undefined) return undefined;
    const bytes = Buffer.from(body);
    return { path: join(publicDir, path), bytes, etag: etagOf(bytes) };
  });

  /**
   * Dispatch, on the request's context (matched once): a dataset file the rewrite rules send the request to, else the
   * row's function, else a file of the publish folder, else not-found. Each step reads the context's URL and row.
   */
  function answer(ctx: RequestContext, target?: string): Answer | Promise<Answer> {
    const { match } = ctx;
    if (match?.route.static) {
      // the rewrite rules are read only when a dataset is there to answer from
      const built = datasetBuilt();
      return built instanceof Promise ? built.then((b) => answerRow(ctx, target, b)) : answerRow(ctx, target, built);
    }
    return match ? answerRow(ctx, target, undefined) : answerFile(ctx, target);
  }

  /**
   * A row of the route table: the dataset file the rewrite rules send the request to when the build wrote it, else
   * the row's function. Counted exactly when the deployed service answers it from a function: a request its rules
   * send to a file of the deploy build (this server's build when there is one, else what `npm run build` would
   * write: build/deployed.ts) is never counted, whether a file answers it here or the function computes it.
   */
  function answerRow(ctx: RequestContext, target: string | undefined, built: BuiltRange | undefined): Answer | Promise<Answer> {
    const { url } = ctx;
    const { route } = ctx.match!;
    const datasetFile = resolveRewrite(url.pathname, url, rules, { routeId: route.id, built: built ?? deployed() });
    if (!datasetFile) return answerFunction(ctx, target);
    if (!built) return answerUncounted(ctx, target);
    return files.get(datasetFile).then((file) => {
      // no file (a partial build): the function answers, byte-identical
      if (!file) return answerUncounted(ctx, target);
      const surface = surfaceOf(route, url);
      return kept(ctx, target, fileAnswer(ctx, file, datasetFileHeaders(route.ok.contentType, surface), SURFACES[surface]), "file");
    });
  }

  /** What a default deploy build writes now (its days window follows the year in Sweden: looked at once a minute). */
  let deployedSeen = { at: -Infinity, range: deployedRange(clock()) };
  const deployed = (): BuiltRange => {
    const now = clock();
    if (now.getTime() - deployedSeen.at >= 60_000) deployedSeen = { at: now.getTime(), range: deployedRange(now) };
    return deployedSeen.range;
  };

  /** The row's function answering what the deployed service answers with a file: not counted, nor its repeats. */
  function answerUncounted(ctx: RequestContext, target: string | undefined): Answer | Promise<Answer> {
    ctx.rateLimitsEnabled = false;
    return answerFunction(ctx, target);
  }

  /** The function of the request's row. */
  function answerFunction(ctx: RequestContext, target: string | undefined): Answer | Promise<Answer> {
    const { route } = ctx.match!;
    const { fn } = route;
    // the MCP endpoint reads its body as a Fetch Request: fetch() and dispatch() hand it to its handler before this
    if (fn === "mcp") throw new Error("the MCP endpoint is answered through the Fetch bridge");
    const source: AnswerSource = route.static ? "static-row" : "function";
    const answered = handlers[fn](ctx.request, ctx);
    return answered instanceof Promise ? answered.then((a) => kept(ctx, target, a, source)) : kept(ctx, target, answered, source);
  }

  /** A path no row answers: a file of the publish folder (a dataset file computed when no build wrote it), else not-found. */
  async function answerFile(ctx: RequestContext, target: string | undefined): Promise<Answer> {
    const { request } = ctx;
    const { pathname } = ctx.url;

    const dataset = datasetFileOf(pathname);
    if (!dataset && siteBuilding) return mark(settle(ctx, methodGate(request) ?? siteBuildingAnswer(pathname), undefined), "file");
    const file = (await files.get(pathname)) ?? (dataset ? await computedDatasetFile(pathname) : undefined);
    if (file) {
      if (dataset) return kept(ctx, target, fileAnswer(ctx, file, datasetFileHeaders(dataset.contentType, dataset.surface), SURFACES[dataset.surface]), "file");
      const contentType = mime.contentType(file.path.slice(file.path.lastIndexOf("/") + 1)) || "application/octet-stream";
      const cacheControl = pathname.startsWith("/_astro/") ? HASHED_ASSET_CACHE : SITE_CACHE;
      return kept(ctx, target, fileAnswer(ctx, file, { contentType, cacheControl, rest: CORS_HEADERS }, undefined), "file");
    }
    // a browser asking for a page that does not exist gets the site's not-found page in the path's language
    const page = !dataset && request.method !== "OPTIONS" && acceptsHtml(request) ? await files.get(notFoundPageOf(pathname)) : undefined;
    if (page) return mark(settle(ctx, methodGate(request) ?? htmlAnswer(404, page.bytes), undefined), "file");
    return mark(await handlers["not-found"](request, ctx), "function");
  }

  /** A fault of the server (not of the request), logged with its stack. */
  const logFault = (error: unknown) => log("error", `standalone server: ${(error as Error)?.stack ?? error}`);
  /** The 500 problem of a fault, for a path. */
  const internalError = (pathname: string) =>
    problemFor("internal-error", "the server failed to answer this request; please try again later", pathname);
  /** The 400 problem of a target the Fetch level could not read (the raw guard refuses such targets before). */
  const unreadableTarget = () => problemFor("invalid-parameter", "the request target could not be read", "/");

  /** answer(), or the problem of a failure (logged): never throws nor rejects. */
  function answerSafely(ctx: RequestContext, target?: string): Answer | Promise<Answer> {
    const failed = (error: unknown): Answer => {
      logFault(error);
      return internalError(ctx.url.pathname);
    };
    try {
      const answered = answer(ctx, target);
      return answered instanceof Promise ? answered.catch(failed) : answered;
    } catch (error) {
      return failed(error);
    }
  }

  /** The context of a request whose target the guard has read (its URL and row, once). */
  const contextOf = (request: RequestHead, clientAddress: string, facts: TargetFacts | undefined) =>
    requestContext(request, { clock, clientAddress, store, rateLimitsEnabled }, facts?.url && { url: facts.url, match: facts.match });

  /**
   * The service at the Fetch level (in process, and the MCP endpoint's way in over HTTP); never rejects. `target`: the
   * request target as received (answers are kept by it, and the guard has read its URL and row already: the
   * request's context takes them from there).
   */
  async function fetch(request: Request, clientAddress = "unknown", target?: string): Promise<Response> {
    let ctx: RequestContext;
    try {
      ctx = contextOf(request, clientAddress, target === undefined ? undefined : readTarget(target));
    } catch (error) {
      logFault(error);
      return responseOf(request, unreadableTarget());
    }
    if (ctx.match?.route.fn === "mcp") {
      try {
        const handleMcp = await mcpHandler();
        return mcpMarked(await handleMcp(request, ctx));
      } catch (error) {
        logFault(error);
        return responseOf(request, internalError(ctx.url.pathname));
      }
    }
    return responseOf(request, await answerSafely(ctx, target));
  }
  /**
   * The MCP endpoint's handler: its tool calls counted as the v3 requests they stand for would be (not the POST, not
   * the protocol's messages), on the `mcp` surface's pace; a call the deployed service would answer with dataset
   * files (a year's holidays, a day in the per-date window) is not counted, as such a v3 request is not.
   */
  // loaded now, not on the first /mcp request: evaluating the MCP code holds the event loop (up to seconds on a loaded
  // machine), which must not happen while the server is told to stop (new connections are refused at once)
  void loadMcp().catch((error) => log("error", `MCP endpoint: ${(error as Error)?.message ?? error}`));
  let mcpServed: ReturnType<McpModule["mcpHandler"]> | undefined;
  const mcpHandler = async () => {
    if (mcpServed) return mcpServed;
    const [{ mcpHandler: make, MCP_SURFACE }, { v3RequestsOf }] = await loadMcp();
    const counter = counterOf(MCP_SURFACE, SURFACES.mcp);
    /** Would the deployed service answer this v3 request with a file? (the build's range here, else the deploy build's) */
    const answeredByFile = (url: URL, built: BuiltRange | undefined): boolean => {
      const match = matchRoute(url.pathname);
      return !!match?.route.static && resolveRewrite(url.pathname, url, rules, { routeId: match.route.id, built: built ?? deployed() }) !== undefined;
    };
    return (mcpServed = make(async (calls, ctx) => {
      if (!rateLimitsEnabled) return undefined;
      const built = await datasetBuilt();
      const now = clock();
      for (const call of calls) {
        const requests = v3RequestsOf(call.name, call.arguments);
        // an unknown tool is a protocol error, and a call whose every answer is a file is not counted
        if (!requests || requests.every((url) => answeredByFile(url, built))) continue;
        const over = await limitedOn(counter, SURFACES.mcp, { rateLimitsEnabled, store, clientAddress: ctx.clientAddress }, now);
        if (over) return over;
      }
      return undefined;
    }));
  };
  const mcpMarked = (response: Response): Response => {
    const header = sourceHeader("function");
    return header ? withHeaders(response, header) : response;
  };

  const bridge = getRequestListener((request, env) => {
    const { incoming } = env as HttpBindings;
    return fetch(request, clientOf(incoming), incoming.url);
  }, {
    // the raw handler has already refused what the bridge cannot read; this is the net under it
    errorHandler: () => responseOf(null, unreadableTarget()),
  });

  /**
   * A request the guard let through (`facts`: its target as the guard read it), answered straight onto Node's
   * response; the MCP endpoint's through the bridge.
   */
  const dispatch = (req: IncomingMessage, res: ServerResponse, target: string, facts: TargetFacts): void => {
    if (facts.match?.route.fn === "mcp") {
      // the bridge writes the answer itself: it is told about a close while the answer is being prepared
      if (!closing) {
        inFlight.add(res);
        res.once("close", forget);
      }
      req.headers.host = INTERNAL_HOST;
      bridge(req, res).catch((error) => fail(res, error));
      return;
    }
    const answered = answerSafely(contextOf(requestHeadOf(req, target), clientOf(req), facts), target);
    if (answered instanceof Promise) answered.then((answer) => write(res, answer)).catch((error) => fail(res, error));
    else write(res, answered);
  };

  /** Once the server is closing, an answer about to be written says `Connection: close` (its socket is closed next). */
  const closeIfClosing = (res: ServerResponse): void => {
    if (closing) res.setHeader("Connection", "close");
  };

  /** writeAnswer(), closing the connection once the server is closing. */
  const write = (res: ServerResponse, answer: Answer): void => {
    closeIfClosing(res);
    writeAnswer(res, answer);
  };

  const fail = (res: ServerResponse, error: unknown) => {
    logFault(error);
    try {
      if (!res.headersSent) writeAnswer(res, internalError("/"));
      else res.destroy();
    } catch {
      res.destroy();
    }
  };

  /**
   * Once the server is asked to close, answers not written yet say `Connection: close`, so a client does not send its
   * next request on a socket about to be closed under it: the server's own writes look at `closing`; answers the
   * bridge writes (the MCP endpoint's) are tracked here while they are prepared.
   */
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  const forget = function (this: ServerResponse) {
    inFlight.delete(this);
  };

  const server = createHttpServer({
    maxHeaderSize: NODE_MAX_HEADER_SIZE,
    requestTimeout: REQUEST_TIMEOUT_MS,
    headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    // a missing Host is answered by refusalOf as a problem document, not by Node's bare 400
    requireHostHeader: false,
  }, (req: IncomingMessage, res: ServerResponse) => {
    try {
      const method = req.method ?? "";
      const target = req.url ?? "";
      const hostRequired = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
      const broken = brokenLimit(target, req.rawHeaders, hostRequired);
      // a repeated target whose answer is kept: a GET or HEAD of it is answered without reading the target again
      if (!broken && answers.size > 0 && (method === "GET" || method === "HEAD")) {
        const now = clock();
        const keep = answers.get(target, now.getTime());
        if (keep) return answerKept(req, res, keep, now);
      }
      // the target is read once: the guard's checks and the request's context take its URL and row from here
      const facts = readTarget(target);
      const refusal = refusalOf(method, target, req.rawHeaders, hostRequired, facts, broken);
      if (refusal) return write(res, asTheSurfaceAnswers(refusal.answer, refusal.target));
      dispatch(req, res, target, facts);
    } catch (error) {
      fail(res, error);
    }
  });

  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    try {
      const busy = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
      const answer = busy ? undefined : clientErrorAnswer(error);
      if (!answer) return void socket.destroy();
      answerOnSocket(socket, asTheSurfaceAnswers(answer.answer, answer.target));
    } catch {
      socket.destroy();
    }
  });
  server.maxHeadersCount = NODE_MAX_HEADERS_COUNT;
  // an Expect other than 100-continue (which Node answers itself, then the request goes on): 417, and the body is not read
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    try {
      const target = req.url !== undefined && targetProblem(req.url) === undefined ? req.url : "/";
      res.setHeader("Connection", "close");
      writeAnswer(res, asTheSurfaceAnswers(expectationFailed(req.headers.expect, target), target));
    } catch (error) {
      fail(res, error);
    }
  });
  // CONNECT (a proxy tunnel request) never reaches the request handler: answer its 405 on the socket
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    try {
      answerOnSocket(socket, methodProblem("CONNECT", "/"));
    } catch {
      socket.destroy();
    }
  });
  server.on("error", (error) => log("error", `standalone server: ${error.message}`));

  async function listen(port = options.port ?? Number(env.PORT || DEFAULT_PORT), host = options.host ?? (env.HOST || undefined)) {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolveListen();
      });
    });
    const bound = (server.address() as AddressInfo).port;
    return { port: bound, url: `http://localhost:${bound}` };
  }

  async function close(graceMs = SHUTDOWN_GRACE_MS) {
    if (!server.listening) return;
    closing = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    // no new connections from here on; idle keep-alive sockets go now, busy ones once their answer is written
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    await closed;
    clearTimeout(timer);
  }

  return { server, fetch, listen, close, keptAnswers: () => answers.size };
}

// ---------------------------------------------------------------------------------------------------------------
// The command line: `npm start`
// ---------------------------------------------------------------------------------------------------------------

/** `npm start` (./start.mjs runs it from the bundle): the server on PORT until SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  const log = consoleLog;
  // whatever becomes of the process's output, logging never affects answering (./log.ts)
  guardOutput(log);

  // told to stop at any moment, even while starting: close (in-flight answers finish within the grace), then exit
  let service: StandaloneServer | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", `${signal}: closing`);
    // whatever holds the close up, the process ends shortly after the grace period
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS + 300).unref();
    (service ? service.close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const started = Date.now();
  let siteReady: Promise<unknown> | undefined;
  if (!process.argv.includes("--no-build")) {
    const { prepareStale } = await import("./stale.js");
    siteReady = prepareStale({ root: PROJECT_ROOT, log }).siteReady;
  }
  service = createServer({ siteReady, log });
  if (stopping) return void process.exit(0);
  const { url } = await service.listen();
  const proxies = parseTrustProxy(process.env[TRUST_PROXY_ENV])?.description;
  log(
    "info",
    `Swedish Calendar Service on ${url} (limits ${process.env.RATE_LIMITS === "off" ? "off" : "on"}` +
      `${proxies ? `, counted per client forwarded by ${proxies}` : ""}; ready in ${Date.now() - started} ms; Ctrl-C stops)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    consoleLog("error", `the standalone server could not start: ${error?.message ?? error}`);
    process.exit(1);
  });
}
