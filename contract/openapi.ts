/**
 * The OpenAPI 3.1 description of the service, served at the `openapi` route. Pure and deterministic (no clock):
 * the same engine version always gives the same document, byte for byte.
 *
 * Derived from the contract: `paths` (one operation per route, its parameters and responses),
 * `components.parameters` (the table's parameters, with their prose and schemas here), `x-static-dataset` (the
 * generated rewrite rules that a file answers, and the static-only files), and `components.schemas` from
 * contract/bodies.ts (one TypeBox declaration per body shape). The served document
 * is the public form, in which additive fields may appear (no `additionalProperties: false`);
 * `openApiDocument({ strict: true })` is the same document with the strict schemas, for the contract tests.
 */
import { FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR, OBSERVANCE_CODES } from "swedish-calendar/core";
import { PROBLEM_SLUGS, problemType } from "./bodies.js";
import type { ResponseExamples } from "./examples.js";
import { description } from "./openapi/description.js";
import { HEADERS } from "./openapi/headers.js";
import type { Json } from "./openapi/json.js";
import { PARAMETER_COMPONENTS } from "./openapi/parameters.js";
import { paths } from "./openapi/paths.js";
import { RESPONSES } from "./openapi/responses.js";
import { componentSchemas } from "./openapi/schemas.js";
import { STATIC_DATASET_NOTE, staticDatasetFiles } from "./openapi/static-dataset.js";
import { PATHS } from "./paths.js";
import { API_VERSION, PROBLEM_BASE } from "./policies.js";
import { PROBLEM_STATUS } from "./problems.js";

export { PROBLEM_WHEN } from "./openapi/description.js";
export { PARAMETER_COMPONENTS } from "./openapi/parameters.js";
export { STATIC_DATASET_NOTE, type StaticFile, staticDatasetFiles } from "./openapi/static-dataset.js";

export interface OpenApiOptions {
  /** strict schemas (`additionalProperties: false` everywhere), for tests; default false (the public contract) */
  strict?: boolean;
  /**
   * The 2xx example of each route, the answer to its sample request (contract/examples.ts), as the handlers compute it
   * (http/openapi.ts passes them: the contract cannot call the functions). Absent: no 2xx examples.
   */
  examples?: ResponseExamples;
}

/** The engine's licence (engine/package.json `license`; test/contract/openapi.test.ts compares them). */
export const LICENSE = { name: "MIT License", identifier: "MIT" } as const;
/** No repository or address is published for the service: who answers for it, in words. */
export const CONTACT = {
  name: "The maintainers of the Swedish Calendar Service; report a problem through the issue tracker of the repository the service is built from.",
} as const;

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** The OpenAPI 3.1.0 document of the service. Deterministic: no clock, no environment. */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const strict = options.strict === true;
  const info = {
    title: "Swedish Calendar Service",
    version: API_VERSION,
    summary: `Swedish public holidays, de facto holidays, bridge days, half days, ISO weeks, long weekends, leave plans, periods and date shifting, ${FIRST_YEAR}-${LAST_YEAR}.`,
  };
  // the document cannot hold itself: its own example is its head and one path (`/health`), as generated here
  let examples: ResponseExamples | undefined;
  if (options.examples) {
    const { openapi: _self, ...others } = options.examples;
    examples = {
      ...others,
      openapi: { openapi: "3.1.0", info, paths: { [PATHS.health]: (paths(others) as Json)[PATHS.health] } },
    };
  }
  return {
    openapi: "3.1.0",
    info: { ...info, description: description(), license: LICENSE, contact: CONTACT },
    servers: [{ url: "/", description: "Relative to the address this document was fetched from (HTTPS only)." }],
    tags: [
      { name: "Calendar", description: "Days, holiday lists, bridge days and half days." },
      { name: "Periods and shifts", description: "Counting over a period and moving a date." },
      { name: "Time off", description: "Long weekends and the best use of leave days." },
      { name: "Catalogue", description: `The ${OBSERVANCE_CODES.length} named observances and their occurrences.` },
      {
        name: "Flag days",
        description: `Official flag days (allmänna flaggdagar) from ${FLAG_DAYS_FROM}, and the rules they follow.`,
      },
      {
        name: "Business days",
        description:
          "Business-day conventions and Swedish due dates (salary, child benefit, the tax account, or a rule of your own).",
      },
      { name: "Service", description: "This document and monitoring." },
      {
        name: "Calendar feed",
        description: "iCalendar subscription (outside the versioned API; permanent addresses).",
      },
      { name: "v2 (deprecated)", description: "The older unversioned API, being withdrawn." },
      {
        name: "Model Context Protocol",
        description: "Tools for AI assistants over MCP (stateless Streamable HTTP); see docs/mcp.md.",
      },
    ],
    // no operation needs credentials: an empty requirement says so (and is what a client generator reads)
    security: [],
    paths: paths(examples),
    components: {
      schemas: componentSchemas(strict),
      parameters: PARAMETER_COMPONENTS,
      headers: HEADERS,
      responses: RESPONSES,
    },
    "x-problem-base": PROBLEM_BASE,
    "x-problem-types": Object.fromEntries(
      PROBLEM_SLUGS.map((s) => [s, { type: problemType(s), status: PROBLEM_STATUS[s] }]),
    ),
    "x-static-dataset": { description: STATIC_DATASET_NOTE, files: staticDatasetFiles() },
  };
}
