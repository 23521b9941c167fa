import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    env: { RATE_LIMITS: "off" },
    // Starts `npm start` (netlify dev) once for the end-to-end tests; base URL via inject("e2eBaseUrl")
    // or process.env.E2E_BASE_URL (see test/e2e/global-setup.ts).
    globalSetup: ["test/e2e/global-setup.ts"],
  },
});
