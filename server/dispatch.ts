/**
 * Dispatch, on the request's context (its URL and route as the guard read them, once), in the deployed service's
 * order (contract/cdn.ts `servingOf`: file first, then a function, and what is counted):
 *   - a dataset file the rewrite rules send the request to, when the dataset was built by this engine (./dataset.ts):
 *     that file, with the headers `_headers` gives it (fileHeaders) + HSTS, through okAnswer, so ETag/304/HEAD are
 *     the function's; never counted, nor the function's answer to a request the deploy build has a file for;
 *   - a route: the function that answers it on Netlify (same handler, same bytes), counting on one
 *     exact limiter per rate-limit group and address;
 *   - any other file of the publish folder (the site, the `.ics` downloads, the dataset folder, the manifest);
 *   - else the not-found function.
 * The MCP endpoint is not here: its body is read as a Fetch Request (./fetch-level.ts).
 */
import { join } from "node:path";
import mime from "mime-types";
import { type BuiltRange, resolveRewrite, type Serving, servingOf } from "../contract/cdn.js";
import { RATE_LIMITS, type RateLimit, type RateLimitGroupName, rateLimitHeaders } from "../contract/policies.js";
import { rateLimitGroupOf } from "../contract/route-match.js";
import type { FunctionName } from "../contract/routes.js";
import { etagOf } from "../contract/serialize.js";
import { datasetFileOf, redirectRules } from "../contract/static.js";
import { answerFeed } from "../http/feed.js";
import { createHealthAnswering } from "../http/health.js";
import { type Answer, layeredHeaders, type RequestHead } from "../http/http.js";
import { methodGate } from "../http/method-gate.js";
import { answerNotFound } from "../http/not-found.js";
import { finish, noStepAnswered, pipeline, type Step } from "../http/pipeline.js";
import { type RequestContext, requestContext } from "../http/request-context.js";
import { makeV2Answering } from "../http/v2.js";
import { answerV3 } from "../http/v3.js";
import { withdrawalState } from "../http/withdrawal.js";
import type { AnswerSource } from "./answers.js";
import type { AnswerCaching } from "./cache-source.js";
import type { ServerConfig } from "./config.js";
import type { DatasetView } from "./dataset.js";
import type { CachedFile, PublicFiles } from "./files.js";
import { problemFor, rateLimitGroupOfTarget, type TargetFacts } from "./guard.js";
import { internalError } from "./lifecycle.js";
import { memoOf } from "./memo.js";
import {
  datasetFileHeaders,
  fileAnswer,
  isApiPath,
  NOT_FOUND_PAGES,
  notFoundPageAnswer,
  notFoundPageLanguage,
  siteBuildingAnswer,
  siteFileHeaders,
} from "./pages.js";

/** What the served steps read of a request: its context (made before them), its target, and who serves it. */
export interface ServedRequest {
  ctx?: RequestContext;
  /** the request target as received (cached responses are cached by it); undefined in process */
  readonly target?: string;
  /** who serves the request, as the deployed service decides it (contract/cdn.ts servingOf) */
  serving?: Serving;
}

export interface Dispatch {
  /**
   * The served steps, in order: the last net (a failure: the 500 problem, logged), who serves the request, a
   * dataset file, the route's function, a file of the publish folder or not-found. The last always answers.
   */
  servedSteps: readonly Step<ServedRequest>[];
  /** the answer of a request whose context is read, or the problem of a failure (logged): never throws nor rejects */
  answerSafely(ctx: RequestContext, target?: string): Answer | Promise<Answer>;
  /** the context of a request whose target the guard has read (its URL and route, once) */
  contextOf(request: RequestHead, clientAddress: string, facts: TargetFacts | undefined): RequestContext;
  /**
   * the raw layer's own answers on a v2 path carry what every v2 response carries (the v2 handler adds it to its
   * answers): Link, and once announced Deprecation and Sunset, and the RateLimit headers of the timeline's moment;
   * to a client (when known) the operator granted more on the target's rate-limit group, the RateLimit headers of its grant
   */
  withRateLimitGroupHeaders(answer: Answer, target: string, client?: string): Answer;
  /** would the deployed service answer this request of a route with a file? (the build's range here, else the deploy build's) */
  answeredByFile(url: URL, routeId: string, built: BuiltRange | undefined): boolean;
}

export interface DispatchParts {
  dataset: DatasetView;
  files: PublicFiles;
  caching: AnswerCaching;
  logFault(error: unknown): void;
  /** has the server begun to close? (/health?ready: not ready from then on; absent: never) */
  closing?: () => boolean;
}

/** The rate limit a file answer of a rate-limit group states: the rate-limit group's, or to a client granted more on it, the grant's (none: unlimited). */
function statedRateLimit(ctx: RequestContext, rateLimitGroup: RateLimitGroupName): RateLimit | undefined {
  return ctx.grant?.rateLimitGroup === rateLimitGroup ? ctx.grant.rateLimit : RATE_LIMITS[rateLimitGroup];
}

/** Headers stating `rateLimit` (without RateLimit headers when there is none), with `extra` (v2's) under them. */
function withRateLimitHeaders(
  headers: Readonly<Record<string, string>>,
  rateLimit: RateLimit | undefined,
  extra?: Readonly<Record<string, string>>,
): Record<string, string> {
  const all = layeredHeaders(headers, extra, rateLimit ? rateLimitHeaders(rateLimit) : undefined);
  if (!rateLimit) for (const name of Object.keys(rateLimitHeaders(RATE_LIMITS.v3))) delete all[name];
  return all;
}

/** The 400 problem of a target the Fetch level could not read (the raw guard refuses such targets before). */
export const unreadableTarget = (): Answer =>
  problemFor("invalid-parameter", "the request target could not be read", "/");

export function dispatcher(
  config: ServerConfig,
  { dataset, files, caching, logFault, closing }: DispatchParts,
): Dispatch {
  const { clock, store, rateLimitsEnabled, publicDir, withdrawal, manifestPath, grants } = config;
  const rules = redirectRules();
  const { cached, recordSource } = caching;
  // site paths answer the waiting page until the site build `npm start` runs in the background is done
  let siteBuilding = config.siteReady !== undefined;
  config.siteReady?.then(
    () => (siteBuilding = false),
    () => (siteBuilding = false),
  );

  /** The function of each route but the MCP endpoint's, answering with the final Answer. */
  const handlers: Record<Exclude<FunctionName, "mcp">, Step> = {
    v3: answerV3,
    v2: makeV2Answering(withdrawal),
    ical: answerFeed,
    // on Netlify a second function serves the `feed-query` rate-limit group (its own platform limit); here one handler counts both
    "ical-query": answerFeed,
    // the platform's rewrite target for over-limit requests; this server counts itself, so the path is not one of its addresses
    "rate-limited": answerNotFound,
    // the manifest is read once, here; readiness (readiness probes: /health?ready) is this process's own, from memory: not
    // while the site build `npm start` runs in the background, nor once the server has begun to close
    health: createHealthAnswering({
      manifestPath,
      server: () => ({
        ...config.processInfo,
        limiter: { store: config.limiter.store, degraded: config.limiter.degraded?.() ?? false },
      }),
      ready: () => !siteBuilding && !(closing?.() ?? false),
    }),
    "not-found": answerNotFound,
  };

  /**
   * A dataset file no build has written (a fresh clone, a partial build), computed as the build would write it
   * (build/generate.ts datasetFileBody, loaded on first need), so every documented dataset URL answers; cached for its
   * target like a file. Undefined where the build writes no such file.
   */
  const computedDatasetFile = memoOf(64, async (path: string): Promise<CachedFile | undefined> => {
    const { datasetFileBody } = await import("../build/generate.js");
    const body = datasetFileBody(path.slice(1));
    if (body === undefined) return undefined;
    const bytes = Buffer.from(body);
    return { path: join(publicDir, path), bytes, etag: etagOf(bytes) };
  });

  const answeredByFile = (url: URL, routeId: string, built: BuiltRange | undefined): boolean =>
    resolveRewrite(url.pathname, url, rules, { routeId, built: built ?? dataset.deployed() }) !== undefined;

  /** The last net: a failure of a step after it is the 500 problem, logged. */
  const lastNet: Step<ServedRequest> = ({ ctx }, next) => {
    const failed = (error: unknown): Answer => {
      logFault(error);
      return internalError(ctx!.url.pathname);
    };
    try {
      const answered = next();
      return answered instanceof Promise ? answered.catch(failed) : answered;
    } catch (error) {
      return failed(error);
    }
  };

  /** Who serves the request: a dataset file, the route's function or the publish folder (what the build wrote is read only for a route a file may answer). */
  const servedBy: Step<ServedRequest> = (request, next) => {
    const { match, url } = request.ctx!;
    const built = match?.route.static ? dataset.built() : undefined;
    if (built instanceof Promise)
      return built.then((b) => {
        request.serving = servingOf(url, match, b, dataset.deployed, rules);
        return next();
      });
    request.serving = servingOf(url, match, built, dataset.deployed, rules);
    return next();
  };

  const datasetFile: Step<ServedRequest> = ({ ctx, target, serving }, next) =>
    serving?.by === "dataset" ? answerDatasetFile(ctx!, target, serving.file) : next();

  const routeFunction: Step<ServedRequest> = ({ ctx, target, serving }, next) =>
    serving?.by === "function" ? answerFunction(ctx!, target, serving.counted) : next();

  const publishFile: Step<ServedRequest> = ({ ctx, target }) => answerFile(ctx!, target);

  const servedSteps = [lastNet, servedBy, datasetFile, routeFunction, publishFile];
  const served = pipeline(servedSteps);
  const answered = (ctx: RequestContext, target?: string) =>
    served({ ctx, target, serving: undefined }, noStepAnswered(ctx));

  /** The dataset file a route's request is rewritten to, with its rate-limit group's headers; missing (a partial build): the function, byte-identical. */
  async function answerDatasetFile(ctx: RequestContext, target: string | undefined, path: string): Promise<Answer> {
    const file = await files.get(path);
    if (!file) return answerFunction(ctx, target, false);
    const { route } = ctx.match!;
    const rateLimitGroup = rateLimitGroupOf(route, ctx.url);
    return cached(
      ctx,
      target,
      fileAnswer(
        ctx,
        file,
        datasetFileHeaders(route.ok.contentType, rateLimitGroup),
        statedRateLimit(ctx, rateLimitGroup),
      ),
      "file",
    );
  }

  /** The function of the request's route; not `counted`: what the deployed service answers with a file, nor its repeats. */
  function answerFunction(ctx: RequestContext, target: string | undefined, counted: boolean): Answer | Promise<Answer> {
    const { route } = ctx.match!;
    const { fn } = route;
    // the MCP endpoint reads its body as a Fetch Request: it is handed to its handler before this
    if (fn === "mcp") throw new Error("the MCP endpoint is answered through the Fetch bridge");
    if (!counted) ctx.rateLimitsEnabled = false;
    const source: AnswerSource = route.static ? "static-route" : "function";
    const answered = handlers[fn](ctx, noStepAnswered(ctx));
    return answered instanceof Promise
      ? answered.then((a) => cached(ctx, target, a, source))
      : cached(ctx, target, answered, source);
  }

  /** A path no route answers: a file of the publish folder (a dataset file computed when no build wrote it), else not-found. */
  async function answerFile(ctx: RequestContext, target: string | undefined): Promise<Answer> {
    const { request } = ctx;
    const { pathname } = ctx.url;

    const datasetKind = datasetFileOf(pathname);
    // the waiting page is for site paths: an API path nothing answers is the not-found problem at once, built site or not
    if (siteBuilding && !isApiPath(pathname))
      return recordSource(ctx, finish(ctx, methodGate(request) ?? siteBuildingAnswer(pathname), undefined), "file");
    const file = (await files.get(pathname)) ?? (datasetKind ? await computedDatasetFile(pathname) : undefined);
    if (file) {
      if (datasetKind) {
        return cached(
          ctx,
          target,
          fileAnswer(
            ctx,
            file,
            datasetFileHeaders(datasetKind.contentType, datasetKind.rateLimitGroup),
            statedRateLimit(ctx, datasetKind.rateLimitGroup),
          ),
          "file",
        );
      }
      const contentType =
        mime.contentType(file.path.slice(file.path.lastIndexOf("/") + 1)) || "application/octet-stream";
      return cached(ctx, target, fileAnswer(ctx, file, siteFileHeaders(pathname, contentType), undefined), "file");
    }
    // a browser asking for a page that does not exist gets the site's not-found page in the path's language
    // (http/not-found-page.ts decides, for the deployed not-found function too)
    const language = notFoundPageLanguage(request, pathname);
    const page = language && (await files.get(NOT_FOUND_PAGES[language]));
    if (page) return recordSource(ctx, notFoundPageAnswer(ctx, page.bytes), "file");
    return recordSource(ctx, await handlers["not-found"](ctx, noStepAnswered(ctx)), "function");
  }

  return {
    answeredByFile,
    servedSteps,
    answerSafely: answered,
    contextOf(request, clientAddress, facts) {
      const ctx = requestContext(
        request,
        { clock, clientAddress, store, rateLimitsEnabled },
        facts?.url && { url: facts.url, match: facts.match },
      );
      // the operator's grant on the request's rate-limit group, read once: the pipeline counts on it, the access line shows it
      if (grants) ctx.grant = grants.of(rateLimitGroupOf(ctx.match?.route, ctx.url), clientAddress);
      return ctx;
    },
    withRateLimitGroupHeaders(answer, target, client) {
      const rateLimitGroup = rateLimitGroupOfTarget(target);
      const grant = grants && client !== undefined ? grants.of(rateLimitGroup, client) : undefined;
      if (grant)
        return {
          ...answer,
          headers: withRateLimitHeaders(
            answer.headers,
            grant.rateLimit,
            rateLimitGroup === "v2" ? withdrawalState(withdrawal, clock()).headers : undefined,
          ),
        };
      if (rateLimitGroup !== "v2") return answer;
      const state = withdrawalState(withdrawal, clock());
      return { ...answer, headers: layeredHeaders(answer.headers, state.headers, rateLimitHeaders(state.rateLimit)) };
    },
  };
}
