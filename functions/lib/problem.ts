import { CalendarError, PROBLEM_STATUS, PROBLEM_TITLES, type ProblemSlug } from "../../data-gen/index.js";
import { NO_STORE, PROBLEM_BASE, PROBLEM_CONTENT_TYPE } from "../../contract/policies.js";
import { PATHS } from "../../contract/paths.js";
import { serializeJson } from "../../data-gen/serialize.js";
import type { Problem } from "../../contract/bodies.js";

/** The fixed prefix of every problem `type` URI: a constant of the deployment, never derived from the request. */
export { PROBLEM_BASE };

export { PROBLEM_CONTENT_TYPE };

/** The problem document body, declared in the contract (`Problem`). */
export type ProblemDocument = Problem;

export function problemDocument(slug: ProblemSlug, detail: string): ProblemDocument {
  return { type: `${PROBLEM_BASE}/${slug}`, title: PROBLEM_TITLES[slug], status: PROBLEM_STATUS[slug], detail };
}

/** An RFC 9457 problem response. Errors are never cached. */
export function problemResponse(slug: ProblemSlug, detail: string, extraHeaders?: HeadersInit): Response {
  const doc = problemDocument(slug, detail);
  const headers = new Headers(extraHeaders);
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", NO_STORE);
  return new Response(serializeJson(doc), { status: doc.status, headers });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof CalendarError) return problemResponse(error.slug, detailNamingParameter(error));
  return problemResponse("internal-error", "the server failed to answer this request; please try again later");
}

export function notFound(pathname: string): CalendarError {
  return new CalendarError("not-found", `no resource at '${pathname}'; see ${PATHS.openapi} for the routes`);
}

/** Every detail names the parameter at fault: prefix it when the engine's text does not already quote it. */
export function detailNamingParameter(error: CalendarError): string {
  const { parameter, detail } = error;
  if (!parameter || detail.includes(`'${parameter}'`)) return detail;
  return `'${parameter}': ${detail}`;
}
