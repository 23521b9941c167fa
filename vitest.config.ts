import { defineConfig } from "vitest/config";
import { ENGINE_SOURCES } from "./build/engine-sources.mjs";

export default defineConfig({
  // the engine package by its name, from its TypeScript sources (as tsconfig.json's `paths` map it for tsc and tsx)
  resolve: { alias: ENGINE_SOURCES },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    env: { RATE_LIMITS: "off" },
    // starts the standalone server (`npm start`) once for the end-to-end tests (test/e2e/global-setup.ts)
    globalSetup: ["test/e2e/global-setup.ts"],
  },
});
