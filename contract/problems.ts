/**
 * The problem types of the service (docs/contract.md#errors): each slug with its status and title, the error the HTTP
 * layer throws, and how the engine's error codes map onto slugs. The engine knows no statuses; this is the one
 * place that turns its `CalendarError` into a problem.
 */
import { CalendarError, type CalendarErrorCode } from "swedish-calendar/core";

export const PROBLEM_STATUS = {
  "invalid-parameter": 400,
  "invalid-date": 400,
  "invalid-year": 400,
  "not-found": 404,
  "method-not-allowed": 405,
  "not-acceptable": 406,
  "request-timeout": 408,
  gone: 410,
  "content-too-large": 413,
  "uri-too-long": 414,
  "unsupported-media-type": 415,
  "expectation-failed": 417,
  "rate-limited": 429,
  "request-header-fields-too-large": 431,
  "internal-error": 500,
} as const;

export type ProblemSlug = keyof typeof PROBLEM_STATUS;

export const PROBLEM_TITLES: Record<ProblemSlug, string> = {
  "invalid-parameter": "Invalid parameter",
  "invalid-date": "Invalid date",
  "invalid-year": "Invalid year",
  "not-found": "Not found",
  "method-not-allowed": "Method not allowed",
  "not-acceptable": "Not acceptable",
  "request-timeout": "Request timeout",
  gone: "Gone",
  "content-too-large": "Content too large",
  "uri-too-long": "URI too long",
  "unsupported-media-type": "Unsupported media type",
  "expectation-failed": "Expectation failed",
  "rate-limited": "Too many requests",
  "request-header-fields-too-large": "Request header fields too large",
  "internal-error": "Internal error",
};

/** The problem slug of each engine error code (docs/decisions.md#error-slugs). */
export const SLUG_OF_ENGINE_CODE: Readonly<Record<CalendarErrorCode, ProblemSlug>> = {
  "invalid-argument": "invalid-parameter",
  "invalid-date": "invalid-date",
  "unknown-code": "not-found",
};

/** A request the HTTP layer refuses: the problem slug, its status, the parameter at fault and the `detail`. */
export class ProblemError extends Error {
  readonly slug: ProblemSlug;
  readonly status: number;
  readonly parameter: string | undefined;
  readonly detail: string;

  constructor(slug: ProblemSlug, detail: string, parameter?: string) {
    super(detail);
    this.name = "ProblemError";
    this.slug = slug;
    this.status = PROBLEM_STATUS[slug];
    this.parameter = parameter;
    this.detail = detail;
  }
}

export function invalidParameter(parameter: string, detail: string): ProblemError {
  return new ProblemError("invalid-parameter", detail, parameter);
}

/** The problem of anything thrown by the engine or the HTTP layer; undefined for anything else (a defect). */
export function problemOf(error: unknown): ProblemError | undefined {
  if (error instanceof ProblemError) return error;
  if (error instanceof CalendarError)
    return new ProblemError(SLUG_OF_ENGINE_CODE[error.code], error.message, error.argument);
  return undefined;
}
