/**
 * /health is monitoring, never a limited rate-limit group: a standalone server process of its own with limits on
 * (RATE_LIMITS unset), real HTTP on loopback, probed as a load balancer and Kubernetes' liveness and readiness probes
 * would, faster than any limit: every probe is answered 200 with the headers every answer carries, and the probes
 * spend none of the address's v3 allowance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choosePort, type RunningServer, startServer } from "./server.js";

describe.skipIf(process.env.E2E === "off")("/health probes against a server with limits on", () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      kind: "standalone",
      build: false,
      port: await choosePort(8970),
      env: { RATE_LIMITS: undefined },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("100 probes from one address within 10 s (liveness and readiness, some at once): all 200, every header there", async () => {
    const started = Date.now();
    const responses: Response[] = [];
    // ten rounds of ten: five liveness and five readiness probes at once, as several probers would send them
    for (let round = 0; round < 10; round++) {
      const paths = Array.from({ length: 10 }, (_, i) => (i % 2 ? "/health?ready" : "/health"));
      responses.push(...(await Promise.all(paths.map((p) => fetch(server.baseUrl + p)))));
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(responses).toHaveLength(100);
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
      // every response carries RateLimit-Limit and RateLimit-Policy: the v3 rate limit, as the uncounted dataset files state theirs
      expect(res.headers.get("ratelimit-limit")).toBe("10");
      expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
      expect(res.headers.get("retry-after")).toBeNull();
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toContain("RateLimit-Limit");
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const body = await res.json();
      expect(body).toMatchObject({
        status: "ok",
        ready: true,
        apiVersion: "3.0.0",
        server: { limiter: { store: "memory", degraded: false } },
      });
    }
    // the limiter is on, and the probes spent none of the address's v3 allowance: exactly 10 v3 answers, then 429
    const v3 = [];
    for (let i = 0; i < 11; i++)
      v3.push(await fetch(`${server.baseUrl}/v3/period?from=2024-01-01&to=2024-02-${String(i + 1).padStart(2, "0")}`));
    expect(v3.map((r) => r.status)).toEqual([...Array(10).fill(200), 429]);
    // and a client over its v3 limit is still answered on /health
    expect((await fetch(`${server.baseUrl}/health?ready`)).status).toBe(200);
  }, 60_000);
});
