import { defineConfig } from "vitest/config";
import { ENGINE_SOURCES } from "./build/engine-sources.mjs";

// The tests a mutation run (`npm run mutate`, scripts/mutate.mjs) measures the server's modules with: those that run
// the server's code in the test's own process (a mutant cannot reach a server started as a child process from its
// bundle). No global setup: none of them needs the shared end-to-end server.
export default defineConfig({
  resolve: { alias: ENGINE_SOURCES },
  test: {
    include: ["test/server/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { RATE_LIMITS: "off" },
  },
});
