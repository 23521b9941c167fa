// Whether the deploy bundles in dist/ (build/bundle.ts, `npm run build:code`) were built from the sources as they
// are now: plain JavaScript, so that `npm start` (server/start.mjs) can ask before any TypeScript loader exists (a
// production install has none). dist/bundle-inputs.json lists every project file the bundles were built from and
// the hash of their content; the lock file stands for the packages taken from node_modules. Apart from them, `site`:
// the files of the built site a function's bundle holds (the not-found pages) and their hash.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const BUNDLE_INPUTS_FILE = "dist/bundle-inputs.json";
export const SERVER_BUNDLE_FILE = "dist/server.mjs";

/** The hash of the listed files' content (paths relative to root, in the order given). */
export function inputsHash(root, files) {
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\n`);
    try {
      hash.update(readFileSync(join(root, file)));
    } catch {
      hash.update("(missing)\n");
    }
  }
  return hash.digest("hex");
}

/**
 * "current": dist/ holds bundles of the sources as they are; "stale": bundles of other sources (or a file they
 * were built from is gone); "missing": no server bundle. `scope` "server" asks about the server's bundle only (what
 * `npm start` runs): the site's files a function's bundle holds (`site` in dist/bundle-inputs.json: the not-found
 * pages) are then not compared, since the server reads them from public/ as they are; "all" (the default) compares
 * them too.
 */
export function bundleState(root, scope = "all") {
  if (!existsSync(join(root, SERVER_BUNDLE_FILE))) return "missing";
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(join(root, BUNDLE_INPUTS_FILE), "utf8"));
  } catch {
    return "stale";
  }
  if (!Array.isArray(recorded.inputs) || typeof recorded.hash !== "string") return "stale";
  if (inputsHash(root, recorded.inputs) !== recorded.hash) return "stale";
  if (scope === "server") return "current";
  const site = recorded.site;
  if (!site || !Array.isArray(site.files) || typeof site.hash !== "string") return "stale";
  return inputsHash(root, site.files) === site.hash ? "current" : "stale";
}
