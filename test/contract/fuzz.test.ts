/**
 * Property/fuzz test of the HTTP handlers: thousands of random and hostile paths, query strings, methods and
 * headers. Whatever comes in, the answer is never a 500 or an exception; every 4xx is a valid problem document
 * (application/problem+json, schema-valid, type under the problem base, status matching); every 200 JSON body
 * validates against the OpenAPI document's schema for its path.
 */

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { PROBLEM_BASE } from "../../contract/bodies.js";
import { PARAMETERS } from "../../contract/parameters.js";
import { pathOf } from "../../contract/paths.js";
import { PROBLEM_STATUS, type ProblemSlug } from "../../contract/problems.js";
import { ROUTES } from "../../contract/routes.js";
import { handleFeed } from "../../http/feed.js";
import { handleHealth } from "../../http/health.js";
import { handleV2 } from "../../http/v2.js";
import { handleV3 } from "../../http/v3.js";
import { encode, HOSTILE } from "./fuzz-hostile.js";
import { type Case, feedCase, healthCase, v2Case, v3Case } from "./fuzz-requests.js";
import { v3Valid } from "./fuzz-valid.js";
import { describeErrors, documentValidator, mediaTypeOf, ORIGIN, TEST_CONTEXT } from "./helpers.js";

type Handler = (request: Request, ctx?: any) => Promise<Response>;

const validator = documentValidator();
const SEED = Number(process.env.FUZZ_SEED ?? 20250315);

let consoleError: MockInstance;
let consoleWarn: MockInstance;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => {
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

let built = 0;
let skipped = 0;
const statuses = new Map<number, number>();
const byKind = new Map<string, number>();

function makeRequest(c: Case): Request | undefined {
  try {
    const headers: Record<string, string> = {};
    if (c.ifNoneMatch !== null) headers["If-None-Match"] = c.ifNoneMatch;
    const r = new Request(ORIGIN + c.path, { method: c.method, headers });
    built++;
    return r;
  } catch {
    // the platform itself refuses it (e.g. an invalid URL): never reaches a handler
    skipped++;
    return undefined;
  }
}

type Kind = "v3" | "v2" | "feed" | "health";

function fail(c: Case, message: string): never {
  throw new Error(
    `${message}\n  request: ${c.method} ${JSON.stringify(c.path.length > 300 ? c.path.slice(0, 300) + "…" : c.path)} If-None-Match=${JSON.stringify(c.ifNoneMatch)}`,
  );
}

async function check(handler: Handler, kind: Kind, c: Case): Promise<void> {
  const req = makeRequest(c);
  if (!req) return;
  consoleError.mockClear();
  let response: Response;
  try {
    response = await handler(req, TEST_CONTEXT);
  } catch (error) {
    fail(c, `the handler threw: ${(error as Error)?.stack ?? error}`);
  }
  const status = response.status;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  byKind.set(`${kind} ${status}`, (byKind.get(`${kind} ${status}`) ?? 0) + 1);
  const text = await response.text();
  if (status >= 500) {
    const logged = consoleError.mock.calls
      .map((args) => args.map((a) => (a as Error)?.stack ?? String(a)).join(" "))
      .join("\n");
    fail(c, `status ${status}: ${text}\n  logged: ${logged}`);
  }
  if (consoleError.mock.calls.length > 0)
    fail(c, `console.error was called: ${consoleError.mock.calls.map(String).join("; ")}`);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");

  const isHead = req.method === "HEAD";
  if (isHead || status === 204 || status === 304) {
    if (text !== "") fail(c, `status ${status} (${req.method}) with a body`);
  }
  if (status === 204) {
    if (req.method !== "OPTIONS") fail(c, `204 for ${req.method}`);
    return;
  }
  if (status === 304) {
    if (!response.headers.get("ETag")) fail(c, "304 without ETag");
    return;
  }
  if (req.method === "OPTIONS") fail(c, `OPTIONS answered ${status}`);
  if (!["GET", "HEAD"].includes(req.method) && status !== 405) fail(c, `${req.method} answered ${status}, not 405`);

  if (status >= 400) {
    if (mediaTypeOf(response) !== "application/problem+json")
      fail(c, `status ${status} with Content-Type ${response.headers.get("Content-Type")}`);
    if (response.headers.get("Cache-Control") !== "no-store")
      fail(c, `error with Cache-Control ${response.headers.get("Cache-Control")}`);
    if (status === 405 && response.headers.get("Allow") !== "GET, HEAD, OPTIONS") fail(c, "405 without Allow");
    if (isHead) return;
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      fail(c, `problem body is not JSON: ${text.slice(0, 200)}`);
    }
    const errors = validator.validateComponentResponse("BadRequest", "application/problem+json", body);
    if (errors) fail(c, `problem document invalid: ${describeErrors(errors)}: ${text.slice(0, 300)}`);
    if (body.status !== status) fail(c, `problem status ${body.status} != HTTP status ${status}`);
    if (!String(body.type).startsWith(PROBLEM_BASE + "/")) fail(c, `problem type ${body.type}`);
    const slug = String(body.type).slice(PROBLEM_BASE.length + 1) as ProblemSlug;
    if (PROBLEM_STATUS[slug] !== status) fail(c, `slug ${slug} with status ${status}`);
    if (kind === "v3" && slug === "invalid-year") fail(c, "invalid-year on v3");
    if (kind !== "v2" && slug === "gone") fail(c, "gone outside v2");
    return;
  }

  if (status !== 200) fail(c, `unexpected status ${status}`);
  if (!["GET", "HEAD"].includes(req.method)) fail(c, `200 for ${req.method}`);
  if (!response.headers.get("ETag") || !response.headers.get("Cache-Control"))
    fail(c, "200 without ETag or Cache-Control");
  const pathname = new URL(req.url).pathname;
  const template = validator.templateOf(pathname.replace(/^\/\.netlify\/functions\/v3/, "").replace(/(.)\/$/, "$1"));
  if (!template) fail(c, `200 on a path the document does not list: ${pathname}`);
  if (isHead) return;
  if (kind === "feed") {
    if (mediaTypeOf(response) !== "text/calendar" || !text.startsWith("BEGIN:VCALENDAR"))
      fail(c, "feed 200 is not a calendar");
    return;
  }
  if (mediaTypeOf(response) !== "application/json")
    fail(c, `200 with Content-Type ${response.headers.get("Content-Type")}`);
  const errors = validator.validateBody(template, 200, "application/json", JSON.parse(text));
  if (errors) fail(c, `200 body does not match the ${template} schema: ${describeErrors(errors)}`);
}

const run = (arb: fc.Arbitrary<Case>, handler: Handler, kind: Kind, numRuns: number) =>
  fc.assert(
    fc.asyncProperty(arb, (c) => check(handler, kind, c)),
    { numRuns, seed: SEED, endOnFailure: true },
  );

describe("fuzz: hostile requests never produce a 500, an exception or a malformed answer", () => {
  it("handleV3: random and hostile paths, queries, methods", { timeout: 120_000 }, async () => {
    await run(v3Case, handleV3, "v3", 4000);
  });

  it("handleV3: the hostile values in every known parameter of every endpoint (exhaustive)", {
    timeout: 120_000,
  }, async () => {
    const endpoints: [string, string[]][] = [
      ["/v3/holidays", ["year=2024", "sundays=true", "saturdays=false"]],
      ["/v3/bridge-days", ["year=2024"]],
      ["/v3/half-days", ["year=2024"]],
      ["/v3/long-weekends", ["year=2026"]],
      ["/v3/flag-days", ["year=2026"]],
      ["/v3/adjust", ["date=2026-06-19", "convention=modified-following"]],
      ["/v3/due-dates", ["year=2026", "schedule=child-benefit"]],
      ["/v3/due-dates", ["year=2026", "day=25", "convention=preceding"]],
      ["/v3/leave-plan", ["from=2026-01-01", "to=2026-12-31", "days=25", "objective=longest"]],
      ["/v3/period", ["from=2024-01-01", "to=2024-12-31", "bounds=inclusive"]],
      ["/v3/shift", ["date=2024-01-31", "add=1m", "postpone=true"]],
      ["/v3/observances/easterSunday", ["from=2020", "to=2030"]],
    ];
    for (const [path, params] of endpoints) {
      for (let i = 0; i < params.length; i++) {
        const name = params[i].split("=")[0];
        for (const value of HOSTILE) {
          for (const written of new Set([value, encode(value)])) {
            const query = params.map((p, j) => (j === i ? `${name}=${written}` : p)).join("&");
            await check(handleV3, "v3", { method: "GET", path: `${path}?${query}`, ifNoneMatch: null });
          }
          // repeated parameter
          await check(handleV3, "v3", {
            method: "GET",
            path: `${path}?${params.join("&")}&${name}=${encode(value)}`,
            ifNoneMatch: null,
          });
        }
      }
    }
    for (const value of HOSTILE) {
      for (const prefix of ["/v3/days/", "/v3/observances/", "/v3/"]) {
        await check(handleV3, "v3", { method: "GET", path: prefix + value, ifNoneMatch: null });
        await check(handleV3, "v3", { method: "GET", path: prefix + encode(value), ifNoneMatch: null });
      }
    }
  });

  it("handleV3: valid requests with random values all answer 200 with the documented shape", {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(v3Valid, async (path) => {
        const c: Case = { method: "GET", path, ifNoneMatch: null };
        const response = await handleV3(new Request(ORIGIN + path), TEST_CONTEXT);
        if (response.status !== 200) fail(c, `valid request answered ${response.status}: ${await response.text()}`);
        await check(handleV3, "v3", c);
      }),
      { numRuns: 1000, seed: SEED, endOnFailure: true },
    );
  });

  it("every parameter of every route (the route table's): a 1 MB value, or one given 1,000 times, is a 400 naming it", {
    timeout: 120_000,
  }, async () => {
    const handlers: Partial<Record<string, [Handler, Kind]>> = {
      v3: [handleV3, "v3"],
      v2: [handleV2, "v2"],
      ical: [handleFeed, "feed"],
      health: [handleHealth, "health"],
    };
    let asked = 0;
    for (const route of ROUTES) {
      if (!handlers[route.fn]) continue;
      const [handler, kind] = handlers[route.fn]!;
      // every other path value is its parameter's example, so the hostile one is the value at fault
      const examples = Object.fromEntries(
        route.parameters
          .filter((k) => PARAMETERS[k].in === "path")
          .map((k) => [PARAMETERS[k].name, String(PARAMETERS[k].example)]),
      );
      for (const key of route.parameters) {
        const { name, in: where } = PARAMETERS[key];
        const given: [string, string[], RegExp][] = [
          ["a 1,000,000-character value", ["9".repeat(1_000_000)], /is longer than/],
        ];
        if (where === "query") given.push(["1,000 times", Array.from({ length: 1000 }, () => "1"), /holds more than/]);
        for (const [label, values, refusal] of given) {
          const path = pathOf(route.id, where === "path" ? { ...examples, [name]: values[0] } : examples);
          const target = where === "path" ? path : `${path}?${values.map((v) => `${name}=${v}`).join("&")}`;
          const response = await handler(new Request(ORIGIN + target), TEST_CONTEXT);
          const body = await response.json();
          expect([response.status, body.status], `${route.id} '${name}' ${label}`).toEqual([400, 400]);
          expect(body.detail, `${route.id} '${name}' ${label}`).toContain(`'${name}'`);
          expect(body.detail, `${route.id} '${name}' ${label}`).toMatch(refusal);
          await check(handler, kind, { method: "GET", path: target, ifNoneMatch: null });
          asked++;
        }
      }
    }
    expect(asked).toBeGreaterThan(40);
  });

  it("handleHealth", async () => {
    await run(healthCase, handleHealth, "health", 300);
  });

  it("handleV2", { timeout: 120_000 }, async () => {
    await run(v2Case, handleV2, "v2", 1000);
  });

  it("handleFeed", { timeout: 120_000 }, async () => {
    await run(feedCase, handleFeed, "feed", 600);
  });

  it("exercised every kind of answer", () => {
    // the generators must reach the 200 branch and the error branches, or the test proves little
    for (const status of [200, 204, 304, 400, 404, 405])
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(20);
    process.stdout.write(
      `fuzz: ${built} requests, ${skipped} refused by the platform, statuses ${JSON.stringify(Object.fromEntries([...byKind].sort()))}\n`,
    );
    expect(built).toBeGreaterThan(3000);
    for (const kind of ["v3", "v2", "feed", "health"])
      expect(byKind.get(`${kind} 200`) ?? 0, `${kind} 200`).toBeGreaterThan(20);
    expect(skipped).toBeLessThan(built / 10);
  });
});
