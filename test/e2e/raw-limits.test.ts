/**
 * Request heads the standalone server refuses with problem documents of its own rather than Node's bare answers
 * (issue 20), over raw sockets:
 *   - the 16 KiB header limit counts every field, however many there are (Node reports only 1,000 by default);
 *   - an HTTP/1.1 request without exactly one Host: 400; an Expect other than 100-continue: 417;
 *   - a client that never finishes its headers: 408 once the headers timeout has passed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { PROBLEM_BASE } from "../../contract/policies.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { e2eBaseUrl } from "./base-url.js";
import { type RawResponse, rawRequest, requestText } from "./raw-http.js";

const BASE = e2eBaseUrl();
const HSTS = "max-age=31536000; includeSubDomains";

function expectProblem(res: RawResponse, status: number, slug: string, rateLimit = "10") {
  expect(res.status, res.raw.slice(0, 300)).toBe(status);
  expect(res.headers["content-type"]).toBe("application/problem+json");
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["access-control-allow-origin"]).toBe("*");
  expect(res.headers["strict-transport-security"]).toBe(HSTS);
  expect(res.headers["ratelimit-limit"]).toBe(rateLimit);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ type: `${PROBLEM_BASE}/${slug}`, status });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  expect(res.body).not.toMatch(/\n\s+at |node:internal|\/work\//);
}

describe.skipIf(!BASE)("request heads over raw sockets (standalone server)", () => {
  it("6,000 headers of about 10 bytes (59 KB): 431, though each is small", async () => {
    const headers = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`X-${i}`, "v"]));
    const res = await rawRequest(BASE!, requestText("GET", "/v3/days/2024-06-21", headers));
    expectProblem(res, 431, "request-header-fields-too-large");
    expect(JSON.parse(res.body).detail).toContain("16384 bytes");
  });

  it("1,500 headers of 12 bytes (18 KB, past what Node reports by default): 431; 1,000 of them (12 KB): 200", async () => {
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`X-${String(i).padStart(4, "0")}`, "vv"]));
    expectProblem(
      await rawRequest(BASE!, requestText("GET", "/v3/days/2024-06-21", many(1500))),
      431,
      "request-header-fields-too-large",
    );
    const fine = await rawRequest(BASE!, requestText("GET", "/v3/days/2024-06-21", many(1000)));
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.body).date).toBe("2024-06-21");
  });

  it("HTTP/1.1 without Host: 400 problem document; with two: 400; HTTP/1.0 without Host: answered", async () => {
    const none = await rawRequest(BASE!, "GET /v3/days/2024-06-21 HTTP/1.1\r\nConnection: close\r\n\r\n");
    expectProblem(none, 400, "invalid-parameter");
    expect(JSON.parse(none.body).detail).toContain("'Host'");
    const two = await rawRequest(
      BASE!,
      "GET /v3/days/2024-06-21 HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
    );
    expectProblem(two, 400, "invalid-parameter");
    const old = await rawRequest(BASE!, "GET /v3/days/2024-06-21 HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(200);
    expect(JSON.parse(old.body).date).toBe("2024-06-21");
  });

  it("an Expect other than 100-continue: 417 problem document with the path's surface headers", async () => {
    const res = await rawRequest(BASE!, requestText("GET", "/ical/holidays", { Expect: "x-custom" }));
    expectProblem(res, 417, "expectation-failed", "30");
    expect(JSON.parse(res.body).detail).toContain("'x-custom'");
    const post = await rawRequest(
      BASE!,
      requestText("POST", "/mcp", {
        Expect: "something-else",
        "Content-Length": "2",
        "Content-Type": "application/json",
      }),
    );
    expectProblem(post, 417, "expectation-failed");
  });
});

describe.skipIf(process.env.E2E === "off")("a client that never finishes its headers (server in this process)", () => {
  let service: StandaloneServer | undefined;
  afterAll(async () => {
    await service?.close(0);
  });

  it("408 problem document once the headers timeout has passed", async () => {
    service = createServer({ publicDir: "/nonexistent", rateLimits: false, headersTimeoutMs: 1000, log: () => {} });
    const { url } = await service.listen(0, "127.0.0.1");
    const started = Date.now();
    const res = await rawRequest(url, "GET /v3/days/2024-06-21 HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", {
      timeoutMs: 6000,
    });
    expectProblem(res, 408, "request-timeout");
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
