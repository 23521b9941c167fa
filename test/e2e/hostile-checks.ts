/** The problem document every hostile request must get, as the hostile tests check it. */
import { expect } from "vitest";
import { PROBLEM_BASE } from "../../contract/policies.js";
import type { RawResponse } from "./raw-http.js";

export const HSTS = "max-age=31536000; includeSubDomains";

/** A problem document of `slug` with `status`, no-store, CORS, HSTS and the RateLimit headers of its rate-limit group. */
export function expectProblem(res: RawResponse, status: number, slug: string, rateLimit = "10", label = "") {
  expect(res.status, `${label} ${res.raw.slice(0, 300)}`).toBe(status);
  expect(res.headers["content-type"], label).toBe("application/problem+json");
  expect(res.headers["cache-control"], label).toBe("no-store");
  expect(res.headers["access-control-allow-origin"], label).toBe("*");
  expect(res.headers["strict-transport-security"], label).toBe(HSTS);
  expect(res.headers["ratelimit-limit"], label).toBe(rateLimit);
  expect(res.headers["ratelimit-policy"], label).toMatch(new RegExp(`^${rateLimit};w=\\d+$`));
  const body = JSON.parse(res.body);
  expect(body, label).toMatchObject({ type: `${PROBLEM_BASE}/${slug}`, status });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
}
