/**
 * The operator's grants (server/grants.ts), over real HTTP against a server in this process, each client on an address
 * of its own (the client socket bound to 127.0.0.2; Linux's loopback answers every 127.x address):
 *   - a file's problems name their place: not JSON, an unknown key or rate-limit group, a limit below the rate-limit group's own, an
 *     entry that is no address or range, a limit that is neither "unlimited" nor a whole number;
 *   - unlimited on v3: 50 requests of one target from 127.0.0.2 all answered 200, without RateLimit headers, counted
 *     as `granted` in /metrics and shown in the access line; from 127.0.0.1 still 10, then 429 (its cached answer does
 *     not serve the granted client, nor the granted client's answer the other);
 *   - a limit of 20: 20 admitted, the 21st 429, and every answer's headers say 20;
 *   - the MCP endpoint's tool calls under an unlimited grant on `mcp`;
 *   - the file replaced and read again (as SIGHUP does): the new grant in force at once; a broken file keeps the old.
 * test/e2e/grants.test.ts runs SIGHUP and bad files at start in real processes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS } from "../../contract/policies.js";
import { GRANTS_FILE_ENV, MAX_NOTE_CHARS, parseGrants } from "../../server/grants.js";
import { createLogger } from "../../server/log.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { nodeRequest, type Got as RawGot } from "../support/node-request.js";

const dir = mkdtempSync(join(tmpdir(), "grants-"));
const publicDir = join(dir, "public");
mkdirSync(publicDir);
const servers: StandaloneServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close(0);
  rmSync(dir, { recursive: true, force: true });
});

const GRANTED = "127.0.0.2";
const OTHER = "127.0.0.1";

let files = 0;
function grantsFile(content: unknown): string {
  const path = join(dir, `grants-${++files}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** An answer with its body as text. */
type Got = Omit<RawGot, "body"> & { body: string };

/** One request from `localAddress` (a connection of its own), its body as text. */
async function get(
  base: string,
  target: string,
  localAddress: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Got> {
  const got = await nodeRequest(base + target, { ...init, localAddress });
  return { ...got, body: got.body.toString("utf8") };
}

async function serve(grants: string, lines?: string[]): Promise<{ base: string; service: StandaloneServer }> {
  const logger =
    lines &&
    createLogger(
      { format: "json", level: "info", queries: true },
      { destination: { write: (line: string) => void lines.push(line) } },
    );
  const service = createServer({
    publicDir,
    rateLimits: true,
    env: { [GRANTS_FILE_ENV]: grants },
    log: () => {},
    ...(logger ? { logger } : {}),
  });
  servers.push(service);
  const { url } = await service.listen(0, "127.0.0.1");
  return { base: url.replace("localhost", "127.0.0.1"), service };
}

const decisions = async (base: string): Promise<Record<string, number>> => {
  const text = await (await get(base, "/metrics", OTHER)).body;
  const family = parsePrometheusTextFormat(text).find((f) => f.name === "rate_limit_decisions_total");
  const byDecision: Record<string, number> = {};
  for (const m of family?.metrics ?? []) byDecision[`${m.labels!.surface}/${m.labels!.decision}`] = Number(m.value);
  return byDecision;
};

const TARGET = `${PATHS.shift}?date=2024-03-01&add=1d`;

describe("a grants file's problems name their place", () => {
  const grant = (surfaces: unknown, clients: unknown = ["10.0.0.0/8"]) =>
    JSON.stringify({ grants: [{ clients, surfaces }] });
  it.each([
    ["{", /^not JSON: /],
    [JSON.stringify({ grants: [], extra: 1 }), /^extra: unknown key "extra"$/],
    [
      grant({ v4: "unlimited" }),
      /^grants\[0\]\.surfaces\.v4: unknown surface "v4" \(the surfaces: v3, v2, feed, feed-query, not-found, mcp\)$/,
    ],
    [
      grant({ v3: { limit: RATE_LIMITS.v3.limit - 1 } }),
      new RegExp(
        `^grants\\[0\\]\\.surfaces\\.v3\\.limit: ${RATE_LIMITS.v3.limit - 1} is below the surface's own limit \\(${RATE_LIMITS.v3.limit} in 60 s\\)$`,
      ),
    ],
    [grant({ v2: { limit: 2.5 } }), /^grants\[0\]\.surfaces\.v2 must be "unlimited" or \{"limit": a whole number\}$/],
    [grant({ mcp: "none" }), /^grants\[0\]\.surfaces\.mcp must be "unlimited"/],
    [
      grant({ v3: "unlimited" }, ["10.0.0.0/8", "10.0.0.0/33"]),
      /^grants\[0\]\.clients\[1\]: "10.0.0.0\/33" is not an IP address or a CIDR range$/,
    ],
    [grant({ v3: "unlimited" }, ["example.org"]), /^grants\[0\]\.clients\[0\]: "example.org" is not/],
    [grant({ v3: "unlimited" }, []), /^grants\[0\]\.clients: /],
    [grant({}), /^grants\[0\]\.surfaces: /],
    [
      JSON.stringify({
        grants: [{ clients: ["::1"], surfaces: { v3: "unlimited" }, note: "x".repeat(MAX_NOTE_CHARS + 1) }],
      }),
      /^grants\[0\]\.note: /,
    ],
  ])("%s", (text, problem) => expect(() => parseGrants(text)).toThrow(problem));

  it("IPv4 and IPv6 ranges, single addresses, IPv4-mapped clients; the first grant naming a client and a surface gives it", () => {
    const table = parseGrants(
      JSON.stringify({
        grants: [
          { clients: ["2001:db8::/32", "192.0.2.7"], surfaces: { v3: { limit: 100 } }, note: "first" },
          { clients: ["192.0.2.0/24"], surfaces: { v3: "unlimited", mcp: "unlimited" } },
        ],
      }),
    );
    expect(table.of("v3", "2001:db8:1::5")).toMatchObject({
      rateLimit: { limit: 100, windowSeconds: 60 },
      label: "first",
    });
    expect(table.of("v3", "::ffff:192.0.2.7")?.label).toBe("first");
    expect(table.of("v3", "192.0.2.8")).toMatchObject({ rateLimit: undefined, label: "#2" });
    expect(table.of("mcp", "192.0.2.7")).toMatchObject({ rateLimit: undefined, label: "#2" });
    expect(table.of("v2", "192.0.2.7")).toBeUndefined();
    expect(table.anyFor("192.0.3.1")).toBe(false);
    expect(table.anyFor("unknown")).toBe(false);
    // v2's block stays with its granted limit
    expect(
      parseGrants(JSON.stringify({ grants: [{ clients: ["::1"], surfaces: { v2: { limit: 50 } } }] })).of("v2", "::1")
        ?.rateLimit,
    ).toEqual({ ...RATE_LIMITS.v2, limit: 50 });
  });
});

describe("a granted client over real HTTP", () => {
  it(`unlimited on v3: 50 requests from ${GRANTED} all 200, without RateLimit headers; from ${OTHER} ${RATE_LIMITS.v3.limit}, then 429`, async () => {
    const lines: string[] = [];
    const { base } = await serve(
      grantsFile({
        grants: [{ clients: [`${GRANTED}/32`], surfaces: { v3: "unlimited" }, note: "ACME payroll, ticket 42" }],
      }),
      lines,
    );
    // the other client first, so that the target's answer is cached before the granted client asks for it
    const others: number[] = [];
    for (let i = 0; i < RATE_LIMITS.v3.limit; i++) others.push((await get(base, TARGET, OTHER)).status);
    const granted: Got[] = [];
    for (let i = 0; i < 50; i++) granted.push(await get(base, TARGET, GRANTED));
    others.push((await get(base, TARGET, OTHER)).status);
    expect(others).toEqual([...Array(RATE_LIMITS.v3.limit).fill(200), 429]);
    expect(granted.map((g) => g.status)).toEqual(Array(50).fill(200));
    for (const g of granted) {
      expect(g.headers["ratelimit-limit"]).toBeUndefined();
      expect(g.headers["ratelimit-policy"]).toBeUndefined();
    }
    // the granted client's answer is never cached for the other, whose answers state the group's rate limit
    expect((await get(base, TARGET, OTHER)).headers["ratelimit-limit"]).toBe(String(RATE_LIMITS.v3.limit));
    expect(await decisions(base)).toMatchObject({
      "v3/granted": 50,
      "v3/admitted": RATE_LIMITS.v3.limit,
      "v3/refused": 2,
    });
    await new Promise((r) => setTimeout(r, 150));
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.path === TARGET);
    expect(access.filter((l) => l.client === GRANTED).map((l) => l.granted)).toEqual(
      Array(50).fill("ACME payroll, ticket 42"),
    );
    expect(access.filter((l) => l.client === OTHER).every((l) => !("granted" in l))).toBe(true);
  });

  it("a limit of 20: 20 admitted, the 21st 429, and every answer's headers say 20", async () => {
    const { base } = await serve(grantsFile({ grants: [{ clients: [GRANTED], surfaces: { v3: { limit: 20 } } }] }));
    const answers: Got[] = [];
    for (let i = 0; i < 21; i++) answers.push(await get(base, TARGET, GRANTED));
    expect(answers.map((a) => a.status)).toEqual([...Array(20).fill(200), 429]);
    for (const a of answers) {
      expect(a.headers["ratelimit-limit"]).toBe("20");
      expect(a.headers["ratelimit-policy"]).toBe(`20;w=${RATE_LIMITS.v3.windowSeconds}`);
    }
    expect(JSON.parse(answers[20]!.body).detail).toMatch(/^more than 20 requests in 60 seconds/);
    expect(answers[20]!.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
    // a refusal below the handlers (a method the path does not answer) states the grant's rate limit too
    expect((await get(base, TARGET, GRANTED, { method: "DELETE" })).headers["ratelimit-limit"]).toBe("20");
    expect(await decisions(base)).toMatchObject({ "v3/granted": 20, "v3/refused": 1 });
  });

  it("the MCP endpoint: tool calls under an unlimited grant on mcp are not counted; others still are", async () => {
    const { base } = await serve(grantsFile({ grants: [{ clients: [GRANTED], surfaces: { mcp: "unlimited" } }] }));
    const call = (from: string, i: number) =>
      get(base, PATHS.mcp, from, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: i,
          method: "tools/call",
          params: { name: "shift_date", arguments: { date: "2024-01-31", steps: [`${i + 1}d`] } },
        }),
      });
    const granted: number[] = [];
    for (let i = 0; i < RATE_LIMITS.mcp.limit + 5; i++) granted.push((await call(GRANTED, i)).status);
    expect(granted).toEqual(Array(RATE_LIMITS.mcp.limit + 5).fill(200));
    const others: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.mcp.limit; i++) others.push((await call(OTHER, i)).status);
    expect(others).toEqual([...Array(RATE_LIMITS.mcp.limit).fill(200), 429]);
  });

  it("the file read again: a new grant in force at once; a broken file keeps the grants in force", async () => {
    const path = grantsFile({ grants: [{ clients: [GRANTED], surfaces: { v3: { limit: 20 } } }] });
    const { base, service } = await serve(path);
    expect((await get(base, TARGET, GRANTED)).headers["ratelimit-limit"]).toBe("20");
    writeFileSync(path, JSON.stringify({ grants: [{ clients: [GRANTED], surfaces: { v3: { limit: 30 } } }] }));
    const warned: string[] = [];
    await service.grants!.reload((level, message) => warned.push(`${level} ${message}`));
    expect(warned).toEqual([`info SIGHUP: ${GRANTS_FILE_ENV} ${path} read again: 1 grant in force`]);
    expect((await get(base, TARGET, GRANTED)).headers["ratelimit-limit"]).toBe("30");
    writeFileSync(path, JSON.stringify({ grants: [{ clients: [GRANTED], surfaces: { v3: { limit: 1 } } }] }));
    await service.grants!.reload((level, message) => warned.push(`${level} ${message}`));
    expect(warned[1]).toMatch(
      /^warn SIGHUP: GRANTS_FILE .*: grants\[0\]\.surfaces\.v3\.limit: 1 is below the surface's own limit .*; the grants in force are kept$/,
    );
    expect((await get(base, TARGET, GRANTED)).headers["ratelimit-limit"]).toBe("30");
  });
});
