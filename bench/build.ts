/**
 * Benchmark of the materialiser: the full 1930-9999 year-level resources, catalogue, occurrence series, OpenAPI
 * document and per-year .ics (no per-date files) into a fresh temporary folder, then a no-change rebuild.
 * Targets: full <= 60 s, no-change <= 10 s on a 2-core machine. Run: `npx tsx bench/build.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { materialise } from "../build/materialise.js";

export async function run(): Promise<{ name: string; full: number; noChange: number; files: number; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-build-"));
  try {
    const out = join(dir, "public");
    const full = await materialise({ out, days: null, progress: false });
    const again = await materialise({ out, days: null, progress: false });
    const line = `build: full ${full.seconds.toFixed(1)} s (${full.files} files, ${(full.bytes / 1e6).toFixed(1)} MB); no-change ${again.seconds.toFixed(1)} s (${again.written} written)`;
    console.log(line);
    return { name: "build", full: full.seconds, noChange: again.seconds, files: full.files, bytes: full.bytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
