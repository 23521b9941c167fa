/**
 * End-to-end rate limiting through `netlify dev`: a second, short-lived `npm start` WITHOUT RATE_LIMITS=off,
 * counting in Netlify Blobs (sandbox mode). Every invocation there is a fresh worker, so this proves the
 * counters live in the shared store, not in module memory. A fresh store name per run (RATE_LIMIT_STORE)
 * keeps counts of earlier runs (and of other local servers on the same project) out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choosePort, startServer, type RunningServer } from "./server.js";

const SKIP = process.env.E2E === "off";

describe.skipIf(SKIP)("rate limiting over HTTP (npm start with limits on)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    const port = await choosePort(8950);
    server = await startServer({ port, env: { RATE_LIMITS: undefined, RATE_LIMIT_STORE: `rl-e2e-${Date.now()}` } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers the 11th request within a minute with 429 rate-limited and Retry-After", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 1; i <= 11; i++) {
      const res = await fetch(`${server.baseUrl}/v3/days/1950-01-${String(i).padStart(2, "0")}`);
      statuses.push(res.status);
      expect(res.headers.get("ratelimit-limit")).toBe("10");
      expect(res.headers.get("ratelimit-policy")).toBe("10;w=60");
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(refused!.headers.get("content-type")).toBe("application/problem+json");
    expect(refused!.headers.get("cache-control")).toBe("no-store");
    const retryAfter = Number(refused!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await refused!.json()).type).toBe("https://swedish-calendar.example/problems/rate-limited");
    // /health counts separately and is still answered
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
  }, 60_000);
});
