import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { dataVersion, FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import type { DatasetStatus, Health } from "../contract/bodies.js";
import { API_VERSION, JSON_CONTENT_TYPE, NO_STORE } from "../contract/policies.js";
import { etagOf, serializeJson } from "../contract/serialize.js";
import type { Manifest } from "../contract/static.js";
import { okAnswer } from "./http.js";
import { respond, type Step, serve } from "./pipeline.js";
import { notFound } from "./problem.js";
import { tableRateLimitGroup } from "./request-context.js";
import { readRequestArguments } from "./router.js";

/**
 * The /health body and what it says of the static dataset (public/manifest.json, written by `npm run build:data`):
 * the manifest's data version, year range, days window, file count and content hash, and `stale`: true when that
 * data version differs from the engine's (or the API version differs), i.e. the files need a rebuild. `dataset` is
 * null when no (readable, consistent) dataset manifest is on disk: normal for a deployed function. The answering reads it
 * once, when it is made (the process's start), never per request. Declared in the contract.
 */
export type { DatasetStatus, Health };
export { API_VERSION };

/** The environment variable naming the manifest file; unset or empty: `public/manifest.json` under the working directory. */
export const DATASET_MANIFEST_ENV = "DATASET_MANIFEST";

/** The manifest's place under the working directory, as path segments. */
const MANIFEST_UNDER_CWD = ["public", "manifest.json"];

/**
 * Where the dataset manifest is looked for. Under `netlify dev` and `npm start` the working directory is the project
 * root and the publish folder is `public/`. A deployed function runs from its bundle and the publish folder is not
 * on disk (it is on the CDN), so the file is absent there, which is normal: /health then reports `dataset: null`.
 * (The segments are spread, not written in the call: Netlify's file tracer evaluates a literal path and would put
 * the build's manifest into every function's zip, where the deployed function would then find it.)
 */
export function datasetManifestPath(env: Record<string, string | undefined> = process.env): string {
  return resolve(env[DATASET_MANIFEST_ENV] || resolve(process.cwd(), ...MANIFEST_UNDER_CWD));
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/**
 * The dataset status of a parsed manifest, or null when it is not a consistent manifest of this service: the
 * fields /health reports must be there with their types, and the per-kind file counts must add up to `files`.
 */
export function datasetStatus(manifest: unknown): DatasetStatus | null {
  if (!manifest || typeof manifest !== "object") return null;
  const m = manifest as Partial<Manifest>;
  if (
    m.dataset !== "swedish-calendar-service" ||
    !isText(m.dataVersion) ||
    !isText(m.apiVersion) ||
    !isText(m.contentHash)
  )
    return null;
  if (!isCount(m.files) || !m.years || !isCount(m.years.from) || !isCount(m.years.to)) return null;
  const days = m.days;
  if (days !== null && (!days || !isText(days.from) || !isText(days.to))) return null;
  if (!m.kinds || typeof m.kinds !== "object") return null;
  let kindFiles = 0;
  for (const kind of Object.values(m.kinds)) {
    if (!kind || !isCount(kind.files)) return null;
    kindFiles += kind.files;
  }
  if (kindFiles !== m.files) return null;
  return {
    dataVersion: m.dataVersion,
    stale: m.dataVersion !== dataVersion() || m.apiVersion !== API_VERSION,
    years: { from: m.years.from, to: m.years.to },
    days: days === null ? null : { from: days.from, to: days.to },
    files: m.files,
    contentHash: m.contentHash,
  };
}

/** The last manifest read, keyed by path, modification time and size: looking again at an unchanged manifest costs one stat(). */
let lastRead: { path: string; mtimeMs: number; size: number; status: DatasetStatus | null } | undefined;

/** The dataset status from the manifest file at `path`; null when absent, unreadable or inconsistent. Never throws. */
export function readDatasetStatus(path: string): DatasetStatus | null {
  try {
    const { mtimeMs, size } = statSync(path);
    if (lastRead && lastRead.path === path && lastRead.mtimeMs === mtimeMs && lastRead.size === size)
      return lastRead.status;
    const status = datasetStatus(JSON.parse(readFileSync(path, "utf8")));
    lastRead = { path, mtimeMs, size, status };
    return status;
  } catch {
    return null;
  }
}

export interface HealthOptions {
  /** the manifest file; default datasetManifestPath() (DATASET_MANIFEST, else public/manifest.json), read once, when the answering is made */
  manifestPath?: string;
  /** the standalone server's own facts (its processes and limiter), from its memory, per call; absent in a function */
  server?: () => NonNullable<Health["server"]>;
  /**
   * whether the answering process takes traffic (readiness), from its memory, per call: the standalone server's says
   * false while it starts or stops; absent (a function): always, since a function that answers is ready
   */
  ready?: () => boolean;
}

/** What /health says that does not change while the process runs: read once (the manifest from disk), never per request. */
type HealthFacts = Omit<Health, "status" | "ready" | "server">;

function healthFacts(options: HealthOptions): HealthFacts {
  return {
    apiVersion: API_VERSION,
    dataVersion: dataVersion(),
    years: { from: FIRST_YEAR, to: LAST_YEAR },
    dataset: readDatasetStatus(options.manifestPath ?? datasetManifestPath()),
  };
}

const bodyOf = (facts: HealthFacts, ready: boolean, server: Health["server"]): Health => ({
  status: "ok",
  ready,
  ...facts,
  ...(server ? { server } : {}),
});

/** The /health body now: the manifest read at this call (the OpenAPI sample, tests); the handlers read it once. */
export function healthBody(options: HealthOptions = {}): Health {
  return bodyOf(healthFacts(options), options.ready?.() ?? true, options.server?.());
}

const SERVED_HEADERS = Object.freeze({ "Content-Type": JSON_CONTENT_TYPE, "Cache-Control": NO_STORE });

/**
 * The /health answers; the options are for tests and the standalone server (the function uses the defaults). What does
 * not change (versions, years, the dataset's manifest) is read here, once; per request only the readiness and the
 * server's facts are asked, from memory, and the serialised body and its ETag are kept for each combination of them
 * (a handful). `?ready` (contract/parameters.ts `healthReady`) answers 503 when not ready; plain /health, 200.
 * Never counted: the route is `counted: false` (contract/routes.ts), so the pipeline spends no counter on it.
 */
export function createHealthAnswering(options: HealthOptions = {}): Step {
  const facts = healthFacts(options);
  const { ready = () => true, server } = options;
  const bodies = new Map<string, { body: string; etag: string }>();
  const serialised = (isReady: boolean): { body: string; etag: string } => {
    const s = server?.();
    // every fact of the server's is in the key, whatever facts it gains
    const key = s ? `${isReady}|${JSON.stringify(s)}` : String(isReady);
    let cached = bodies.get(key);
    if (!cached) {
      const body = serializeJson(bodyOf(facts, isReady, s));
      bodies.set(key, (cached = { body, etag: etagOf(body) }));
    }
    return cached;
  };
  const answer: Step = (ctx) => {
    const { request, match, url } = ctx;
    if (match?.route.id !== "health") throw notFound(url.pathname);
    const asked = readRequestArguments("health", match.pathValues, url).ready;
    const isReady = ready();
    const { body, etag } = serialised(isReady);
    if (asked && !isReady) return { status: 503, headers: { ...SERVED_HEADERS }, body };
    return okAnswer(request, body, JSON_CONTENT_TYPE, NO_STORE, undefined, etag);
  };
  return serve(tableRateLimitGroup("not-found"), answer);
}

/** The /health handler as a Response; the options are for tests (the function uses the defaults). */
export function createHealthHandler(options: HealthOptions = {}): ReturnType<typeof respond> {
  return respond(createHealthAnswering(options));
}

/** The function's handler: the manifest looked for once, when the module loads (absent on Netlify: `dataset: null`). */
export const handleHealth = createHealthHandler();
