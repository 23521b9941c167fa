/**
 * Checks shared by the response tests: a handler's answer validated against what the OpenAPI document (its strict
 * form) says for its path and status, declared headers included.
 */
import { expect } from "vitest";
import type { ProblemSlug } from "../../contract/problems.js";
import {
  type DocumentValidator,
  describeErrors,
  documentValidator,
  expectProblem,
  request,
  resolve,
  TEST_CONTEXT,
} from "./helpers.js";

export type Json = Record<string, any>;
export type Handler = (request: Request, ctx?: any) => Promise<Response>;

export const validator = documentValidator();

/** Years with something to show: the range's ends, the 1939 and 1953 reforms, 2005's National Day. */
export const YEARS = [1930, 1938, 1939, 1952, 1953, 1954, 1981, 2004, 2005, 2008, 2024, 2025, 2049, 2076, 9999];

/** Checks the headers the document declares for a response (presence and schema) and returns nothing. */
export function checkDeclaredHeaders(v: DocumentValidator, template: string, response: Response, label: string) {
  const declared = v.responseOf(template, response.status);
  expect(declared, `${label}: the document declares status ${response.status}`).toBeDefined();
  const optional = new Set(["Deprecation", "Sunset", "Access-Control-Expose-Headers"]);
  if (response.status === 410) optional.add("Retry-After");
  for (const [name, header] of Object.entries((declared!.headers ?? {}) as Json)) {
    const value = response.headers.get(name);
    if (value === null) {
      expect(optional.has(name), `${label}: header ${name} missing`).toBe(true);
      continue;
    }
    const h = resolve(v.doc, header);
    if (h.schema?.const !== undefined) expect(value, `${label}: ${name}`).toBe(h.schema.const);
    if (h.schema?.pattern) expect(value, `${label}: ${name}`).toMatch(new RegExp(h.schema.pattern));
  }
}

/** Calls a handler and validates a 200 JSON response against the document; returns the body. */
export async function ok(handler: Handler, pathAndQuery: string): Promise<any> {
  const response = await handler(request(pathAndQuery), TEST_CONTEXT);
  const text = await response.text();
  expect(response.status, `${pathAndQuery}: ${text}`).toBe(200);
  expect(response.headers.get("Content-Type"), pathAndQuery).toBe("application/json; charset=utf-8");
  const template = validator.templateOf(new URL(pathAndQuery, "https://x").pathname);
  expect(template, pathAndQuery).toBeDefined();
  const body = JSON.parse(text);
  const errors = validator.validateBody(template!, 200, "application/json", body);
  expect(errors, `${pathAndQuery}: ${describeErrors(errors)}`).toBeNull();
  checkDeclaredHeaders(validator, template!, response, pathAndQuery);
  return body;
}

/** Calls a handler, expects a problem document of `slug`, validated where the document declares it; returns the body. */
export async function problem(
  handler: Handler,
  pathAndQuery: string,
  slug: ProblemSlug,
  init?: RequestInit,
): Promise<Json> {
  const response = await handler(request(pathAndQuery, init), TEST_CONTEXT);
  const label = `${init?.method ?? "GET"} ${pathAndQuery}`;
  const template = validator.templateOf(new URL(pathAndQuery, "https://x").pathname);
  const body = await expectProblem(validator, response.clone(), slug, label);
  if (template && slug !== "not-found") {
    // the document declares this status for this path, with the Problem schema
    const errors = validator.validateBody(template, response.status, "application/problem+json", body);
    expect(errors, `${label}: ${describeErrors(errors)}`).toBeNull();
    checkDeclaredHeaders(validator, template, response, label);
  } else {
    expect(validator.validateComponentResponse("NotFound", "application/problem+json", body), label).toBeNull();
  }
  expect(response.headers.get("RateLimit-Limit"), label).toMatch(/^\d+$/);
  expect(response.headers.get("Access-Control-Allow-Origin"), label).toBe("*");
  return body;
}
