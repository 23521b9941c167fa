/**
 * Cached answers and the limits (issue 20), over real HTTP to a standalone server in this process with limits on: the
 * feed's limit applies only when a response must be built (docs/contract.md#rate-limits: cached responses are served
 * regardless), so its repeats, answered from the cached answer, are never refused, while their headers still state
 * the limit; v3 and v2 repeats are counted as their functions count them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type StandaloneServer } from "../../server/standalone.js";

describe.skipIf(process.env.E2E === "off")("kept answers and the limits (limits on)", () => {
  let publicDir: string;
  const servers: StandaloneServer[] = [];

  async function start(): Promise<string> {
    const service = createServer({ publicDir, rateLimits: true, answerSourceHeader: true, log: () => {} });
    servers.push(service);
    return (await service.listen(0, "127.0.0.1")).url;
  }

  async function sequence(
    base: string,
    path: string,
    times: number,
  ): Promise<{ status: number; limit: string | null; rateLimit: string | null }[]> {
    const seen = [];
    for (let i = 0; i < times; i++) {
      const res = await fetch(base + path);
      const body = await res.text();
      if (res.status === 200 && path.startsWith("/ical/")) expect(body.startsWith("BEGIN:VCALENDAR")).toBe(true);
      seen.push({
        status: res.status,
        limit: res.headers.get("ratelimit-limit"),
        rateLimit: res.headers.get("ratelimit-policy"),
      });
    }
    return seen;
  }

  beforeAll(() => {
    publicDir = mkdtempSync(join(tmpdir(), "kept-limits-"));
  });

  afterAll(async () => {
    for (const s of servers) await s.close(0);
    rmSync(publicDir, { recursive: true, force: true });
  });

  it("40 sequential /ical/svenska-helgdagar.ics: all 200, each stating the 30-per-10-s limit; v3 and v2 repeats still counted", async () => {
    const base = await start();
    const seen = await sequence(base, "/ical/svenska-helgdagar.ics", 40);
    expect(seen).toEqual(Array(40).fill({ status: 200, limit: "30", rateLimit: "30;w=10" }));
    // v3 and v2 repeats are counted as their functions count them: the 11th v3 and the 6th v2 repeat are refused
    const v3 = await sequence(base, "/v3/period?from=2024-01-01&to=2024-12-31", 11);
    expect(v3.map((s) => s.status)).toEqual([...Array(10).fill(200), 429]);
    const v2 = await sequence(base, "/holidays?year=2024", 6);
    expect(v2.map((s) => s.status)).toEqual([...Array(5).fill(200), 429]);
  });

  it("the feed with options (10 per 10 s): 25 repeats all 200; distinct option sets are still counted when built", async () => {
    const base = await start();
    expect(await sequence(base, "/ical/holidays?bridge=1", 25)).toEqual(
      Array(25).fill({ status: 200, limit: "10", rateLimit: "10;w=10" }),
    );
    // built twice already (a target's answer is cached from its second request on, after being built for it): 8 more
    // built answers are admitted, then they are refused
    const built = [];
    for (const value of ["yes", "on", "true", "1"])
      for (const option of ["half", "busy"]) built.push(`/ical/holidays?${option}=${value}`);
    built.push("/ical/holidays?sundays=1", "/ical/holidays?saturdays=1");
    const statuses = [];
    for (const path of built) statuses.push((await sequence(base, path, 1))[0].status);
    expect(statuses).toEqual([...Array(8).fill(200), 429, 429]);
  });
});
