import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** base URL of the `npm start` server started by test/e2e/global-setup.ts ("" when not started) */
    e2eBaseUrl: string;
  }
}

/** The e2e server's base URL, e.g. http://localhost:8899 (undefined when the run skipped the server). */
export function e2eBaseUrl(): string | undefined {
  return inject("e2eBaseUrl") || process.env.E2E_BASE_URL || undefined;
}
