/**
 * Whether the dataset files in a publish folder may answer requests: built by this engine, byte for byte what the
 * functions answer. The standalone server answers from them only then (else it computes every answer), and the
 * e2e setup rebuilds them when they are not.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PATHS } from "../contract/paths.js";
import { redirectRules, resolveRewrite } from "../contract/static.js";
import { stockholmYear } from "../functions/lib/cache.js";
import { readDatasetStatus } from "../functions/lib/health.js";
import { handleV3 } from "../functions/lib/v3.js";

/** Requests whose file answers are compared with the function's when checking a dataset (a Day list, the catalogue, the OpenAPI document). */
export const DATASET_PROBES = [`${PATHS.holidays}?year=2024`, PATHS.observances, PATHS.openapi];

/**
 * Was the dataset in public/ built by this engine? Its manifest must say so (the data version `/health` reports
 * as `dataset.stale`), and a few files must hold exactly what the function answers for the same request (a change
 * of a body's shape or of the OpenAPI text leaves the data version as it is). Never throws.
 */
export async function datasetMatchesEngine(publicDir: string, manifestPath = join(publicDir, "manifest.json")): Promise<boolean> {
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

