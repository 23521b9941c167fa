/**
 * Typed errors of the engine and the HTTP layer. Each carries the problem slug of DECISIONS.md,
 * the HTTP status it maps to, and the parameter at fault, so one place turns it into a problem document.
 */

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

export class CalendarError extends Error {
  readonly slug: ProblemSlug;
  readonly status: number;
  readonly parameter: string | undefined;
  readonly detail: string;

  constructor(slug: ProblemSlug, detail: string, parameter?: string) {
    super(detail);
    this.name = "CalendarError";
    this.slug = slug;
    this.status = PROBLEM_STATUS[slug];
    this.parameter = parameter;
    this.detail = detail;
  }
}

export function invalidParameter(parameter: string, detail: string): CalendarError {
  return new CalendarError("invalid-parameter", detail, parameter);
}
