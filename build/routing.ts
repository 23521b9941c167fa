/**
 * Writes the Netlify routing of the publish folder from the route table: `_redirects` (which requests a dataset
 * file answers, everything else to a function) and `_headers` (the spec headers of file answers). netlify.toml
 * keeps only build and dev settings.
 *
 *   tsx build/routing.ts [--out public]
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { headersFile, redirectsFile } from "../contract/static.js";
import { readCommandLine } from "./command-line.js";

export const REDIRECTS_FILE = "_redirects";
export const HEADERS_FILE = "_headers";

/** Writes both files when their content changed (atomically: temp file, rename). Returns the names written. */
export function writeRouting(out: string): string[] {
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  for (const [name, body] of [
    [REDIRECTS_FILE, redirectsFile()],
    [HEADERS_FILE, headersFile()],
  ] as const) {
    const target = join(out, name);
    let current: string | undefined;
    try {
      current = readFileSync(target, "utf8");
    } catch {
      current = undefined;
    }
    if (current === body) continue;
    writeFileSync(target + ".tmp", body);
    renameSync(target + ".tmp", target);
    written.push(name);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // an unknown option or `--out` without a folder is a usage error
  const folder = readCommandLine(
    "routing",
    "tsx build/routing.ts [--out public]",
    () => parseArgs({ options: { out: { type: "string" } }, strict: true, allowPositionals: false }).values.out,
  );
  const out = resolve(folder ?? join(fileURLToPath(new URL("..", import.meta.url)), "public"));
  const written = writeRouting(out);
  console.log(`routing: ${written.length ? written.join(", ") + " written" : "unchanged"} in ${out}`);
}
