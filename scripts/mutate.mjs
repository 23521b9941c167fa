#!/usr/bin/env node
// `npm run mutate [-- server/guard.ts ...]`: a mutation run (StrykerJS with its Vitest runner) over the self-hosting
// modules, one module at a time, against the in-process server tests (vitest.mutate.config.ts). Prints each module's
// score (killed and timed-out mutants over all that were covered or not) and exits 1 when one is under THRESHOLD.
// Not part of `npm test`: a run takes minutes per module. The surviving mutants are listed in reports/mutation/.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const MODULES = ["server/redis-store.ts", "server/guard.ts", "server/metrics.ts", "server/observe.ts"];
const THRESHOLD = 80;
const modules = process.argv.slice(2).length > 0 ? process.argv.slice(2) : MODULES;
const stryker = join(root, "node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
const results = [];
for (const module of modules) {
  const name = module.replace(/^server\//, "").replace(/\.ts$/, "");
  const reportDir = join(root, "reports", "mutation");
  mkdirSync(reportDir, { recursive: true });
  const jsonFile = join(reportDir, `${name}.json`);
  const run = spawnSync(process.execPath, [stryker, "run", "stryker.config.mjs", "--mutate", module], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, STRYKER_MODULE: name },
  });
  if (run.status !== 0) {
    console.error(`mutate: stryker failed on ${module} (exit ${run.status})`);
    process.exit(run.status ?? 1);
  }
  const report = JSON.parse(readFileSync(jsonFile, "utf8"));
  const counts = {};
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  const survivors = [];
  for (const [file, data] of Object.entries(report.files))
    for (const m of data.mutants)
      if (m.status === "Survived" || m.status === "NoCoverage")
        survivors.push(
          `  ${file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${m.status}: ${JSON.stringify(m.replacement ?? "")}`,
        );
  results.push({ module, score: valid === 0 ? 100 : (100 * detected) / valid, detected, valid, survivors });
}
console.log("\nmutation score (killed or timed out / all valid mutants):");
for (const r of results) {
  console.log(`${r.module.padEnd(24)} ${r.score.toFixed(1).padStart(5)} %  (${r.detected}/${r.valid})`);
  if (r.survivors.length) console.log(r.survivors.join("\n"));
}
process.exit(results.every((r) => r.score >= THRESHOLD) ? 0 : 1);
