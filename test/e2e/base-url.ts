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

/**
 * What answered a request on the e2e server: a dataset or site file, or a function. The standalone server says so
 * in this header when started with ANSWER_SOURCE_HEADER=on (test/e2e/global-setup.ts does).
 */
export const ANSWER_SOURCE_HEADER = "x-answer-source";

/**
 * Asks for the uncompressed answer: fetch asks for gzip by default, and the standalone server's compressed answers
 * carry an ETag of their own (server/compress.ts); tests of the identity ETag (the content hash) ask for identity.
 */
export const IDENTITY = { "Accept-Encoding": "identity" } as const;

export function answeredBy(res: Response): "function" | "static" | undefined {
  const source = res.headers.get(ANSWER_SOURCE_HEADER);
  return source === "function" ? "function" : source === "file" ? "static" : undefined;
}
