/** The response headers the end-to-end tests compare between two ways of answering the same request. */

/** What an answer from a dataset file carries as the function's answer to the same request does. */
export const FILE_ANSWER_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "ratelimit-limit",
  "ratelimit-policy",
  "strict-transport-security",
] as const;

/** The specification's headers, compared on every answer: those, and the ones of refusals and the v2 endpoints. */
export const SPEC_HEADERS = [...FILE_ANSWER_HEADERS, "retry-after", "allow", "link", "deprecation", "sunset"] as const;

/** A preflight's own headers. */
export const PREFLIGHT_HEADERS = [
  "access-control-allow-methods",
  "access-control-allow-headers",
  "access-control-max-age",
] as const;
