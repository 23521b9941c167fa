import type { Problem } from "../contract/bodies.js";
import { PATHS } from "../contract/paths.js";
import { NO_STORE, PROBLEM_BASE, PROBLEM_CONTENT_TYPE } from "../contract/policies.js";
import { PROBLEM_STATUS, PROBLEM_TITLES, ProblemError, type ProblemSlug, problemOf } from "../contract/problems.js";
import { serializeJson } from "../contract/serialize.js";
import type { Answer } from "./http.js";

/** The fixed prefix of every problem `type` URI: a constant of the deployment, never derived from the request. */
export { PROBLEM_BASE, PROBLEM_CONTENT_TYPE };

/** The problem document body, declared in the contract (`Problem`). */
export type ProblemDocument = Problem;

export function problemDocument(slug: ProblemSlug, detail: string): ProblemDocument {
  return { type: `${PROBLEM_BASE}/${slug}`, title: PROBLEM_TITLES[slug], status: PROBLEM_STATUS[slug], detail };
}

/** An RFC 9457 problem answer. Errors are never cached. */
export function problemAnswer(
  slug: ProblemSlug,
  detail: string,
  extraHeaders?: Readonly<Record<string, string>>,
): Answer {
  const doc = problemDocument(slug, detail);
  return {
    status: doc.status,
    headers: { ...extraHeaders, "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": NO_STORE },
    body: serializeJson(doc),
  };
}

/**
 * The problem answer of anything thrown: a ProblemError's own or the engine's CalendarError mapped to its slug
 * (contract/problems.ts), else an internal error that says nothing inside.
 */
export function errorAnswer(error: unknown): Answer {
  const problem = problemOf(error);
  if (problem) return problemAnswer(problem.slug, detailNamingParameter(problem));
  return problemAnswer("internal-error", "the server failed to answer this request; please try again later");
}

export function notFound(pathname: string): ProblemError {
  return new ProblemError("not-found", `no resource at '${pathname}'; see ${PATHS.openapi} for the routes`);
}

/** Every detail names the parameter at fault: prefix it when the engine's text does not already quote it. */
export function detailNamingParameter(error: ProblemError): string {
  const { parameter, detail } = error;
  if (!parameter || detail.includes(`'${parameter}'`)) return detail;
  return `'${parameter}': ${detail}`;
}
