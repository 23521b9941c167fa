/**
 * Copies the Astro build (.astro-dist) into the publish folder public/ without touching what the
 * dataset builder generates there (v3/, ics/, data/, manifest.json). The site's own entries are the Swedish
 * pages (index.html, api/, v2-deprecation/, changelog/), the English ones under en/, the changelog's Atom feed
 * (changelog.atom), and _astro/; then the compressed forms of those files for the standalone server
 * (build/precompress.ts, outside public/). Run after `astro build --root site`: `npm run build:site` does both.
 */
import { cp, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompressForServer, siteBrotliQuality } from "../build/precompress.js";
import { siteInputsHash, writeSiteStamp } from "../build/site-stamp.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.join(root, ".astro-dist");
const publish = path.join(root, "public");

/** Entries of public/ that belong to other builders; the site must never write or delete them. */
const FOREIGN = new Set([
  "v3",
  "ics",
  "ical",
  "data",
  "manifest.json",
  "_redirects",
  "_headers",
  "holidays",
  "half-days",
  "bridge-days",
  "health",
]);

async function main(): Promise<void> {
  // the inputs as the build read them (hashed before copying: a source edited meanwhile makes the next start rebuild)
  const inputs = siteInputsHash(root);
  const entries = await readdir(dist).catch(() => {
    throw new Error(`${dist} does not exist: run 'astro build --root site' first (npm run build:site)`);
  });
  await mkdir(publish, { recursive: true });
  for (const name of entries) {
    if (FOREIGN.has(name))
      throw new Error(`the site build produced '${name}', which belongs to the dataset: rename it`);
    const target = path.join(publish, name);
    // replace what the previous site build left (e.g. hashed files in _astro/) but only our own entries
    if ((await stat(path.join(dist, name))).isDirectory()) await rm(target, { recursive: true, force: true });
    await cp(path.join(dist, name), target, { recursive: true, force: true });
  }
  console.log(`site: copied ${entries.join(", ")} into ${path.relative(root, publish) || "."}/`);
  // the standalone server's compressed forms of the site's files (build/precompress.ts): only changed files are compressed
  await precompressForServer({ out: publish, entries, brotliQuality: siteBrotliQuality });
  writeSiteStamp(root, inputs);
}

await main();
