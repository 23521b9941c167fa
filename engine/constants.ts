/**
 * Constants of the calendar that its outputs state (the feed's UIDs). This module imports nothing. HTTP facts
 * (the API version, cache policies, headers, rate limits, the problem base) are the contract's: contract/policies.ts.
 */

/** The service's own name space for identifiers (problem types, schema ids, feed UIDs). Not a page. */
export const SERVICE_DOMAIN = "swedish-calendar.example";
