/**
 * Hostile requests over raw sockets to the standalone server (`npm start`): nothing sanitises them on the way. Every
 * bad request gets a problem document (`application/problem+json`, `Cache-Control: no-store`, CORS, HSTS, the
 * RateLimit headers of its rate-limit group), conditional requests and preflights behave the same on file and function
 * answers, nothing outside the publish folder is served, no body leaks a stack trace or an internal path, and the
 * process is still answering at the end. Hostile structure in process: hostile-structure.test.ts.
 */
import { describe, expect, it } from "vitest";
import { PROBLEM_BASE } from "../../contract/policies.js";
import { answeredBy, e2eBaseUrl } from "./base-url.js";
import { expectProblem, HSTS } from "./hostile-checks.js";
import { requests } from "./hostile-sweep.js";
import { type RawResponse, rawRequest, requestText } from "./raw-http.js";
import { ROOT } from "./server.js";

const BASE = e2eBaseUrl();
const LONG = "public, max-age=0, s-maxage=2592000, stale-while-revalidate=31536000";
const ALLOW = "GET, HEAD, OPTIONS";

/** A route a dataset file answers, one a function answers, and their rate-limit groups' RateLimit-Limit. */
const FILE_ROUTE = "/v3/holidays?year=2024";
const FUNCTION_ROUTE = "/v3/period?from=2024-01-01&to=2024-12-31";
const FEED_ROUTE = "/ical/holidays";
const V2_ROUTE = "/holidays?year=2024";
const SITE_PAGE = "/";

const seen: RawResponse[] = [];

async function send(method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const res = await rawRequest(BASE!, requestText(method, target, headers));
  seen.push(res);
  return res;
}

async function sendRaw(bytes: string | Buffer): Promise<RawResponse> {
  const res = await rawRequest(BASE!, bytes);
  seen.push(res);
  return res;
}

describe.skipIf(!BASE)("hostile requests over raw sockets (standalone server)", () => {
  describe("methods other than GET, HEAD, OPTIONS: 405 problem with Allow", () => {
    const routes: [string, string, string][] = [
      ["a file route", FILE_ROUTE, "10"],
      ["a function route", FUNCTION_ROUTE, "10"],
      ["the feed", FEED_ROUTE, "30"],
      ["a v2 route", V2_ROUTE, "5"],
      ["a site page", SITE_PAGE, "10"],
    ];
    for (const method of ["TRACE", "TRACK", "FOO", "PROPFIND", "POST", "DELETE", "get"]) {
      it.each(routes)(`${method} on %s`, async (_name, target, limit) => {
        const res = await send(method, target, method === "POST" ? { "Content-Length": "3" } : {});
        expectProblem(res, 405, "method-not-allowed", limit, `${method} ${target}`);
        expect(res.headers.allow).toBe(ALLOW);
      });
    }

    it("CONNECT (authority form and a path): 405 problem, connection closed", async () => {
      for (const target of ["localhost:443", "example.com:80", FILE_ROUTE]) {
        const res = await send("CONNECT", target);
        expectProblem(res, 405, "method-not-allowed", "10", `CONNECT ${target}`);
        expect(res.headers.allow).toBe(ALLOW);
      }
    });
  });

  describe("unreadable request targets: 400 invalid-parameter", () => {
    it.each([
      "/v3/days/%FF",
      "/v3/days/%C0%AE",
      "/v3/days/%",
      "/v3/%",
      "/v3/days/2024-01-0%",
      "/%E2%82",
      "/v3/holidays%ZZ?year=2024",
      "/v3/days/a\\b",
      "http://example.com/v3/holidays?year=2024",
      "https://localhost/health",
      "*",
      "//example.com/v3/holidays",
    ])("GET %s", async (target) => {
      expectProblem(await send("GET", target), 400, "invalid-parameter", "10", target);
    });

    it.each([
      ["garbage target", "GET garbage HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
      ["space in the target", "GET /v3/days/2024 01 01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
      ["control byte in the target", "GET /v3/\x01 HTTP/1.1\r\nHost: x\r\n\r\n"],
      ["raw UTF-8 in the target", Buffer.from("GET /v3/days/åäö HTTP/1.1\r\nHost: x\r\n\r\n", "utf8")],
      [
        "conflicting lengths",
        "GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
      ],
      ["a header without a colon", "GET /health HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n"],
    ])("%s: 400 problem on the socket", async (_name, bytes) => {
      expectProblem(await sendRaw(bytes), 400, "invalid-parameter", "10", String(_name));
    });

    it("a bad value in the query reaches the function: 400 from the route's parser", async () => {
      expectProblem(await send("GET", "/v3/holidays?year=%FF"), 400, "invalid-parameter");
    });
  });

  describe("sizes", () => {
    it("a 9 KiB URL: 414 uri-too-long", async () => {
      const res = await send("GET", `/v3/holidays?year=2024&x=${"a".repeat(9 * 1024)}`);
      expectProblem(res, 414, "uri-too-long");
    });

    it("a 70 KiB URL (beyond Node's header limit): the request head is too large, 431 on the socket", async () => {
      const res = await send("GET", `/v3/holidays?year=2024&x=${"a".repeat(70 * 1024)}`);
      expectProblem(res, 431, "request-header-fields-too-large");
    });

    it("a 20 KiB header: 431 request-header-fields-too-large", async () => {
      const res = await send("GET", FUNCTION_ROUTE, { "X-Big": "b".repeat(20 * 1024) });
      expectProblem(res, 431, "request-header-fields-too-large");
    });

    it("many headers adding up to 20 KiB: 431", async () => {
      const headers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`X-H${i}`, "h".repeat(100)]));
      expectProblem(await send("GET", FILE_ROUTE, headers), 431, "request-header-fields-too-large");
    });

    it("a 100 KiB header (beyond Node's limit): a 431 problem on the socket, and the process survives", async () => {
      const res = await send("GET", "/health", { "X-Huge": "c".repeat(100 * 1024) });
      expectProblem(res, 431, "request-header-fields-too-large");
      expect((await send("GET", "/health")).status).toBe(200);
    });

    it("a 10 kB query value on a route: an ordinary answer, never a cacheable error", async () => {
      const res = await send("GET", `/v3/holidays?year=2024&x=${"v".repeat(7000)}`);
      expect(res.status).toBe(200);
      const bad = await send("GET", `/v3/holidays?year=${"9".repeat(7000)}`);
      expectProblem(bad, 400, "invalid-parameter");
    });
  });

  describe("conditional requests, HEAD and preflight: the same on file and function answers", () => {
    it.each([
      ["file", FILE_ROUTE],
      ["function", FUNCTION_ROUTE],
      ["feed function", FEED_ROUTE],
    ])(
      "%s answer: exact tag, weak form, list and * give 304 with ETag and Cache-Control, no body",
      async (source, target) => {
        const first = await send("GET", target);
        expect(first.status).toBe(200);
        expect(first.headers["x-answer-source"]).toBe(source === "file" ? "file" : "function");
        const etag = first.headers.etag;
        expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
        for (const method of ["GET", "HEAD"]) {
          for (const condition of [etag, `W/${etag}`, `"nope", ${etag}`, `W/"nope",W/${etag}`, "*"]) {
            const res = await rawRequest(BASE!, requestText(method, target, { "If-None-Match": condition }), {
              untilClose: true,
            });
            expect(res.status, `${method} ${target} If-None-Match: ${condition}`).toBe(304);
            expect(res.headers.etag).toBe(etag);
            expect(res.headers["cache-control"]).toBe(first.headers["cache-control"]);
            expect(res.raw.endsWith("\r\n\r\n")).toBe(true); // nothing after the header block
          }
          const other = await rawRequest(BASE!, requestText(method, target, { "If-None-Match": '"nope"' }));
          expect(other.status).toBe(200);
        }
        const head = await rawRequest(BASE!, requestText("HEAD", target), { untilClose: true });
        expect(head.status).toBe(200);
        expect(head.headers.etag).toBe(etag);
        expect(head.raw.endsWith("\r\n\r\n")).toBe(true);
      },
    );

    it("a file answer has the function's bytes and headers (Cache-Control, strong ETag)", async () => {
      const res = await send("GET", FILE_ROUTE);
      expect(answeredBy(new Response(null, { headers: res.headers }))).toBe("static");
      expect(res.headers["cache-control"]).toBe(LONG);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    });

    it.each([
      FILE_ROUTE,
      FUNCTION_ROUTE,
      FEED_ROUTE,
      V2_ROUTE,
      "/v3/data/2024/holidays.json",
      "/ics/svenska-helgdagar-2024.ics",
    ])("OPTIONS %s: 204 preflight", async (target) => {
      const res = await send("OPTIONS", target, {
        Origin: "https://example.org",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      });
      expect(res.status, target).toBe(204);
      expect(res.headers["access-control-allow-origin"]).toBe("*");
      expect(res.headers["access-control-allow-methods"]).toBe(ALLOW);
      expect(res.headers["access-control-allow-headers"]).toMatch(/if-none-match/i);
      expect(res.headers["strict-transport-security"]).toBe(HSTS);
      expect(res.body).toBe("");
    });
  });

  describe("nothing outside the public surface", () => {
    it.each([
      "/netlify.toml",
      "/package.json",
      "/package-lock.json",
      "/server/standalone.ts",
      "/http/serve.ts",
      "/../package.json",
      "/v3/../../package.json",
      "/%2e%2e/package.json",
      "/%2E%2E/%2E%2E/package.json",
      "/%2e%2e%2fpackage.json",
      "/v3/data/%2e%2e%2f..%2fpackage.json",
      "/v3/data/..%2f..%2f..%2fpackage.json",
      "/v3/data/%252e%252e/package.json",
      "/ics/..%5c..%5cpackage.json",
      "/_redirects",
      "/_headers",
      "/.gitkeep",
      "/.git/config",
      "/v3/data/.hidden",
      "/site/src/pages/index.astro",
      "/public/index.html",
      "/etc/passwd",
      "/%00",
    ])("GET %s: 404 problem", async (target) => {
      const res = await send("GET", target);
      expectProblem(res, 404, "not-found", "10", target);
      expect(res.body).not.toMatch(/"name"\s*:\s*"swedish-calendar-service"|\[build\]|root:/);
    });

    it("the site, the dataset files and the downloads are served", async () => {
      for (const target of [
        "/",
        "/api/",
        "/v2-deprecation/",
        "/v3/data/2024/holidays.json",
        "/ics/svenska-helgdagar-2024.ics",
        "/manifest.json",
      ]) {
        expect((await send("GET", target)).status, target).toBe(200);
      }
    });
  });

  describe("a sweep of hostile requests (the fuzz suite's kinds of values, over raw sockets)", () => {
    it("2000 requests: never a 5xx, never silence; every 4xx a problem document with no-store", async () => {
      const queue = [...requests(2000)];
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let r = queue.shift(); r; r = queue.shift()) {
            const res = await rawRequest(BASE!, r.bytes, { head: r.method === "HEAD" });
            seen.push(res);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 0 || res.status >= 500) failures.push(`${r.label}: status ${res.status}`);
            else if (res.status >= 400) {
              if (
                res.headers["content-type"] !== "application/problem+json" ||
                res.headers["cache-control"] !== "no-store"
              ) {
                failures.push(
                  `${r.label}: ${res.status} ${res.headers["content-type"]} ${res.headers["cache-control"]}`,
                );
              } else if (r.method !== "HEAD") {
                const body = JSON.parse(res.body);
                if (!String(body.type).startsWith(PROBLEM_BASE + "/") || body.status !== res.status)
                  failures.push(`${r.label}: ${res.body.slice(0, 200)}`);
              }
            }
          }
        }),
      );
      expect(failures.slice(0, 20)).toEqual([]);
      // the sweep reached the handlers as well as the raw layer
      expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 400, 404, 405]));
      expect((await fetch(`${BASE}/health`)).status).toBe(200);
    }, 120_000);
  });

  it("no answer leaked a stack trace, node_modules, a source file or the project's path; /health still answers", async () => {
    expect(seen.length).toBeGreaterThan(2000);
    for (const res of seen) {
      const text = res.raw;
      expect(text).not.toContain("node_modules");
      expect(text).not.toMatch(/\.ts:\d|\.m?js:\d/);
      expect(text).not.toMatch(/\n\s+at [^\n]*\(/);
      expect(text).not.toContain(ROOT.replace(/\/$/, ""));
      expect(res.status).not.toBeGreaterThanOrEqual(500);
      expect(res.status).not.toBe(0);
    }
    const health = await fetch(`${BASE}/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe("ok");
  });
});
