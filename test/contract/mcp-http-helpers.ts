/** Requests to the MCP handler in process and checks of its refusals, shared by the MCP HTTP-level tests. */
import { expect } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { PROBLEM_BASE as PROBLEM_BASE_FOR_TESTS, RATE_LIMITS } from "../../contract/policies.js";
import { handleMcp } from "../../http/mcp.js";
import { TEST_CONTEXT } from "./helpers.js";

export type Json = Record<string, any>;

export const URL_MCP = `http://localhost${PATHS.mcp}`;
export const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

/** A POST to the handler in process. */
export async function post(
  body: unknown,
  headers: Record<string, string> = HEADERS,
  ctx: Json = TEST_CONTEXT,
): Promise<Response> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return handleMcp(new Request(URL_MCP, { method: "POST", headers, body: text }), ctx);
}

export async function expectProblem(res: Response, status: number, slug: string): Promise<Json> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("Content-Type")).toBe("application/problem+json");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(res.headers.get("RateLimit-Policy")).toBe(`${RATE_LIMITS.mcp.limit};w=${RATE_LIMITS.mcp.windowSeconds}`);
  const body = JSON.parse(text);
  expect(body.type).toBe(`${PROBLEM_BASE_FOR_TESTS}/${slug}`);
  expect(body.status).toBe(status);
  return body;
}

/** A JSON-RPC error answer (a protocol error): never a problem document. */
export async function expectJsonRpcError(res: Response, status: number, code: number): Promise<Json> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const body = JSON.parse(text);
  expect(body.jsonrpc).toBe("2.0");
  expect(body.error.code, text).toBe(code);
  return body;
}
