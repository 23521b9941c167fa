/**
 * `npm run bench`: runs every bench/*.ts except this file, one after another, in name order.
 * Each bench file exports `run(): Promise<void>`, which prints its own results.
 * `npm run bench -- engine handlers` runs only the named files.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const self = basename(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ""));

const files = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== self)
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, "")))
  .sort()
  // the http bench runs the scale rows at its end (bench/http.ts): once is enough
  .filter((f, _, all) => !(f === "scale.ts" && all.includes("http.ts")));

let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/${file} ===`);
  try {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> };
    if (typeof mod.run !== "function") throw new Error(`bench/${file} does not export run()`);
    await mod.run();
  } catch (error) {
    failed++;
    console.error(`bench/${file} failed:`, error);
  }
}
if (files.length === 0) console.log("no bench files found");
if (failed > 0) process.exitCode = 1;
