// StrykerJS for `npm run mutate` (scripts/mutate.mjs names the module to mutate on the command line).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
// the reports of one module's run: reports/mutation/<module>.json and .html
const module = process.env.STRYKER_MODULE ?? "all";
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts", related: false },
  coverageAnalysis: "perTest",
  reporters: ["clear-text", "json", "html"],
  jsonReporter: { fileName: `reports/mutation/${module}.json` },
  htmlReporter: { fileName: `reports/mutation/${module}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: 2,
  timeoutMS: 20000,
  tempDirName: ".stryker-tmp",
  incremental: false,
  cleanTempDir: "always",
  ignorePatterns: ["public", "dist", ".astro-dist", "site", "reports", ".netlify", "test-results"],
};
