/**
 * Constants of the calendar that its outputs state (the feed's UIDs, the dataset manifest, the OpenAPI version).
 * This module imports nothing. HTTP facts (cache policies, headers, rate limits, the problem base) are the
 * contract's: contract/policies.ts.
 */

/** Version of the v3 API: the OpenAPI `info.version`, `/health`'s `apiVersion`, the dataset manifest's `apiVersion`. */
export const API_VERSION = "3.0.0";

/** The service's own name space for identifiers (problem types, schema ids, feed UIDs). Not a page. */
export const SERVICE_DOMAIN = "swedish-calendar.example";
