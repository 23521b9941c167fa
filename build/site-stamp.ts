/**
 * Whether public/ holds the site built from the sources as they are: the hash of everything the site build reads
 * (site/, the engine and the contract it imports, the lock file, and the current Stockholm year, which the home
 * page renders at build time), recorded by the site build (site/build.ts) and read by `npm start` (server/stale.ts).
 */

import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { stockholmYear } from "../http/cache.js";

/**
 * What the site build reads (relative to the project root): http gives the API reference the OpenAPI
 * document the service serves, examples included.
 */
export const SITE_INPUTS = ["site", "engine", "contract", "http", "CHANGELOG.md", "package-lock.json", "tsconfig.json"];
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".astro", "dist"]);

/**
 * Where the hash of the last successful site build's inputs is kept: dist/ (git-ignored), beside the code bundles,
 * so that a production install (`npm ci --omit=dev`, which empties node_modules) still finds it.
 */
export function siteStampPath(root: string): string {
  return join(root, "dist", "site-inputs.json");
}

/** Records that public/ now holds the site built from `inputs` (the site build's last step, site/build.ts). */
export function writeSiteStamp(root: string, inputs = siteInputsHash(root)): void {
  mkdirSync(dirname(siteStampPath(root)), { recursive: true });
  writeFileSync(siteStampPath(root), JSON.stringify({ inputs, builtAt: new Date().toISOString() }) + "\n");
}

function* filesUnder(root: string, path: string): Generator<string> {
  const absolute = join(root, path);
  let info: Stats;
  try {
    info = statSync(absolute);
  } catch {
    return;
  }
  if (info.isFile()) {
    yield path;
    return;
  }
  if (!info.isDirectory()) return;
  for (const name of readdirSync(absolute).sort()) {
    if (SKIPPED_DIRECTORIES.has(name)) continue;
    yield* filesUnder(root, join(path, name));
  }
}

/** The hash of everything the site build depends on, as of `now`. */
export function siteInputsHash(root: string, now = new Date()): string {
  const hash = createHash("sha256");
  hash.update(`year ${stockholmYear(now)}\n`);
  for (const input of SITE_INPUTS) {
    for (const file of filesUnder(root, input)) {
      hash.update(`${relative(root, join(root, file))}\n`);
      hash.update(readFileSync(join(root, file)));
    }
  }
  return hash.digest("hex");
}

/** True when public/ holds a site built from the current inputs. */
export function siteIsCurrent(root: string, publicDir: string, inputs = siteInputsHash(root)): boolean {
  if (!existsSync(join(publicDir, "index.html"))) return false;
  try {
    return JSON.parse(readFileSync(siteStampPath(root), "utf8")).inputs === inputs;
  } catch {
    return false;
  }
}
