import { expect } from "vitest";
import { memoryRateLimitStore, PROBLEM_BASE, type ServiceContext } from "../../http/core.js";
import { handleV3 } from "../../http/v3.js";

export const ORIGIN = "http://localhost";

/** 2026-06-15 12:00 in Stockholm (CEST): 12 hours to midnight. */
export const NOON_2026_06_15 = new Date("2026-06-15T10:00:00Z");

export function fixedClock(at: Date | string): () => Date {
  const d = typeof at === "string" ? new Date(at) : at;
  return () => new Date(d.getTime());
}

/** A request to the v3 handler in process; limits off unless the context turns them on. */
export async function v3(path: string, init?: RequestInit, ctx?: Partial<ServiceContext>): Promise<Response> {
  return handleV3(new Request(ORIGIN + path, init), {
    clock: fixedClock(NOON_2026_06_15),
    rateLimitsEnabled: false,
    ...ctx,
  });
}

export async function json<T = any>(path: string, ctx?: Partial<ServiceContext>): Promise<{ res: Response; body: T }> {
  const res = await v3(path, undefined, ctx);
  return { res, body: (await res.json()) as T };
}

/** Asserts a problem document of the given slug whose detail names the parameter. */
export async function expectProblem(res: Response, slug: string, status: number, parameter?: string): Promise<any> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("etag")).toBeNull();
  const body = await res.json();
  expect(body.type).toBe(`${PROBLEM_BASE}/${slug}`);
  expect(body.status).toBe(status);
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  if (parameter) expect(body.detail).toContain(`'${parameter}'`);
  return body;
}

export { memoryRateLimitStore };
export const LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";
