/**
 * Whether the dataset files in a publish folder may answer requests: built by this engine, byte for byte what the
 * functions answer. The standalone server answers from them only then (else it computes every answer), and the
 * e2e setup rebuilds them when they are not.
 */
import type { Stats } from "node:fs";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deployedRange } from "../build/deployed.js";
import { type BuiltRange, resolveRewrite } from "../contract/cdn.js";
import { PATHS } from "../contract/paths.js";
import { redirectRules } from "../contract/static.js";
import { stockholmYear } from "../http/cache.js";
import { readDatasetStatus } from "../http/health.js";
import type { Clock } from "../http/request-context.js";
import { handleV3 } from "../http/v3.js";
import { STAT_TTL_MS } from "./files.js";

/** Requests whose file answers are compared with the function's when checking a dataset (a Day list, the catalogue, the OpenAPI document). */
export const DATASET_PROBES = [`${PATHS.holidays}?year=2024`, PATHS.observances, PATHS.openapi];

/**
 * Was the dataset in public/ built by this engine? Its manifest must say so (the data version `/health` reports
 * as `dataset.stale`), and a few files must hold exactly what the function answers for the same request (a change
 * of a body's shape or of the OpenAPI text leaves the data version as it is). Never throws.
 */
export async function datasetMatchesEngine(
  publicDir: string,
  manifestPath = join(publicDir, "manifest.json"),
): Promise<boolean> {
  try {
    const status = readDatasetStatus(manifestPath);
    if (!status || status.stale) return false;
    const rules = redirectRules();
    for (const probe of DATASET_PROBES) {
      const url = new URL(probe, "http://localhost");
      const file = resolveRewrite(url.pathname, url.searchParams, rules);
      if (!file) continue;
      const onDisk = await readFile(join(publicDir, file), "utf8").catch(() => undefined);
      const computed = await handleV3(new Request(url), { rateLimitsEnabled: false });
      if (onDisk !== (await computed.text())) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** datasetMatchesEngine, and a days window covering the current year ± 2 (the window moves with the year). */
export async function datasetIsCurrent(publicDir: string, now = new Date()): Promise<boolean> {
  if (!(await datasetMatchesEngine(publicDir))) return false;
  const status = readDatasetStatus(join(publicDir, "manifest.json"));
  const year = stockholmYear(now);
  return !!status?.days && status.days.from <= `${year - 2}-01-01` && status.days.to >= `${year + 2}-12-31`;
}

/** What the server knows about the dataset files it may answer from, and about those the deployed service has. */
export interface DatasetView {
  /**
   * What the build here wrote (its years and days window, from the manifest) when its files may answer (built by this
   * engine), else undefined; synchronous once the check of the current manifest has settled.
   */
  built(): BuiltRange | undefined | Promise<BuiltRange | undefined>;
  /** What a default deploy build writes now (its days window follows the year in Sweden: looked at once a minute). */
  deployed(): BuiltRange;
}

/**
 * The dataset as the server sees it: checked again whenever the manifest changes (the build writes it last; looked at
 * once a second at most), and the deploy build's range for counting as the deployed service counts.
 */
export function datasetView(publicDir: string, manifestPath: string, clock: Clock): DatasetView {
  let check:
    | { key: string; built: Promise<BuiltRange | undefined>; settled?: { value: BuiltRange | undefined } }
    | undefined;
  let manifestSeen = { at: -Infinity, key: "" };
  const built = (): BuiltRange | undefined | Promise<BuiltRange | undefined> => {
    const now = Date.now();
    if (now - manifestSeen.at >= STAT_TTL_MS) {
      let info: Stats | undefined;
      try {
        info = statSync(manifestPath, { throwIfNoEntry: false });
      } catch {
        info = undefined;
      }
      manifestSeen = { at: now, key: info ? `${info.mtimeMs}:${info.size}:${info.ino}` : "" };
    }
    const { key } = manifestSeen;
    if (!key) return undefined;
    if (check?.key !== key) {
      const next: NonNullable<typeof check> = {
        key,
        built: datasetMatchesEngine(publicDir, manifestPath).then((usable) => {
          const status = usable ? readDatasetStatus(manifestPath) : null;
          const value = status ? { years: status.years, days: status.days } : undefined;
          next.settled = { value };
          return value;
        }),
      };
      check = next;
    }
    return check.settled ? check.settled.value : check.built;
  };
  let deployedSeen = { at: -Infinity, range: deployedRange(clock()) };
  const deployed = (): BuiltRange => {
    const now = clock();
    if (now.getTime() - deployedSeen.at >= 60_000) deployedSeen = { at: now.getTime(), range: deployedRange(now) };
    return deployedSeen.range;
  };
  return { built, deployed };
}
