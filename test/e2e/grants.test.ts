/**
 * The operator's grants file in real processes (`node server/start.mjs --no-build`, what `npm start` runs), over real
 * HTTP from 127.0.0.2 (Linux's loopback answers every 127.x address):
 *   - SIGHUP reads the file again: an edited grant is in force within a second; a malformed file keeps the grants in
 *     force with one warn line; the process survives SIGHUP (Node's default would end it);
 *   - WORKERS=2: a SIGHUP to the primary reaches both workers: requests answered by both follow the new grant,
 *     counted exactly (the primary counts for both), and the primary says one line;
 *   - a grants file that cannot be read or says something wrong stops the start with one line naming it.
 * test/server/grants.test.ts checks the counting and the headers in process.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { GRANTS_FILE_ENV } from "../../server/grants.js";
import { choosePort, failedStart, type RunningServer, sleep, startServer } from "./server.js";

const SKIP = process.env.E2E === "off";
const GRANTED = "127.0.0.2";
const TARGET = `${PATHS.shift}?date=2024-03-01&add=1d`;

const dir = mkdtempSync(join(tmpdir(), "grants-e2e-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const grantOf = (v3: unknown) =>
  JSON.stringify({ grants: [{ clients: [`${GRANTED}/32`], surfaces: { v3 }, note: "e2e" }] });

/** One GET from 127.0.0.2 on a connection of its own: its status and RateLimit-Limit. */
function get(port: number, target = TARGET): Promise<{ status: number; limit: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: target, localAddress: GRANTED, agent: false }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode!, limit: res.headers["ratelimit-limit"] as string | undefined }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const linesOf = (output: string) =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Waits (up to `ms`) for `count` log lines matching `re`; returns how long it took. */
async function lineWithin(server: RunningServer, re: RegExp, ms: number, count = 1): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (linesOf(server.output()).filter((l) => re.test(String(l.msg))).length >= count) return Date.now() - started;
    await sleep(10);
  }
  throw new Error(`no line ${re} within ${ms} ms:\n${server.output().slice(-3000)}`);
}

describe.skipIf(SKIP)("the grants file in a real process", () => {
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop();
  });
  const start = async (path: string, preferred: number, workers = "1") => {
    const server = await startServer({
      port: await choosePort(preferred),
      build: false,
      env: {
        RATE_LIMITS: undefined,
        LOG_FORMAT: "json",
        LOG_LEVEL: undefined,
        WORKERS: workers,
        [GRANTS_FILE_ENV]: path,
      },
    });
    servers.push(server);
    return server;
  };

  it("SIGHUP: an edited file in force within a second; a malformed one keeps the grants in force, with one warn line; the process lives on", async () => {
    const path = join(dir, "one.json");
    writeFileSync(path, grantOf({ limit: 20 }));
    const server = await start(path, 9420);
    expect(await get(server.port)).toEqual({ status: 200, limit: "20" });

    writeFileSync(path, grantOf("unlimited"));
    const signalled = Date.now();
    process.kill(server.child.pid!, "SIGHUP");
    await lineWithin(server, /^SIGHUP: GRANTS_FILE .* read again: 1 grant in force$/, 5000);
    // the new grant answers within a second of the signal
    let answer = await get(server.port);
    while (answer.limit !== undefined && Date.now() - signalled < 5000) answer = await get(server.port);
    expect(Date.now() - signalled).toBeLessThan(1000);
    const burst: number[] = [];
    for (let i = 0; i < 40; i++) burst.push((await get(server.port)).status);
    expect(burst).toEqual(Array(40).fill(200));

    writeFileSync(path, "{ not json");
    process.kill(server.child.pid!, "SIGHUP");
    await lineWithin(server, /^SIGHUP: GRANTS_FILE .*: not JSON: .*; the grants in force are kept$/, 5000);
    await sleep(200);
    expect(linesOf(server.output()).filter((l) => l.level === "warn")).toHaveLength(1);
    expect(await get(server.port)).toEqual({ status: 200, limit: undefined });
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  }, 90_000);

  it("WORKERS=2: a SIGHUP to the primary reaches both workers; the requests both answer follow the new grant", async () => {
    const path = join(dir, "two.json");
    writeFileSync(path, grantOf({ limit: 20 }));
    const server = await start(path, 9440, "2");
    writeFileSync(path, grantOf({ limit: 30 }));
    process.kill(server.child.pid!, "SIGHUP");
    await lineWithin(server, /^SIGHUP: GRANTS_FILE .* read again: 1 grant in force$/, 5000);
    await sleep(300);
    const answers: { status: number; limit: string | undefined }[] = [];
    for (let i = 0; i < 31; i++) answers.push(await get(server.port, `${PATHS.shift}?date=2024-03-01&add=${i}d`));
    expect(answers.map((a) => a.status)).toEqual([...Array(30).fill(200), 429]);
    expect(answers.every((a) => a.limit === "30")).toBe(true);
    await sleep(300);
    // a server listening on every interface sees the IPv4 client as IPv4-mapped IPv6
    const access = linesOf(server.output()).filter(
      (l) => String(l.client).replace(/^::ffff:/, "") === GRANTED && String(l.path).startsWith(PATHS.shift),
    );
    expect(access).toHaveLength(31);
    // each worker answered some of them (a connection each: the primary hands them round)
    expect(new Set(access.map((l) => l.worker))).toEqual(new Set([1, 2]));
    expect(access.every((l) => l.granted === "e2e")).toBe(true);
    // one line for the whole server (the primary's), and the primary lives on
    expect(linesOf(server.output()).filter((l) => /SIGHUP/.test(String(l.msg)))).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  }, 90_000);

  it.each([
    ["a missing file", "missing.json", undefined, "1", /GRANTS_FILE .*missing\.json: cannot be read \(ENOENT\)/],
    [
      "an unknown surface",
      "surface.json",
      JSON.stringify({ grants: [{ clients: ["10.0.0.1"], surfaces: { v9: "unlimited" } }] }),
      "2",
      /GRANTS_FILE .*surface\.json: grants\[0\]\.surfaces\.v9: unknown surface "v9"/,
    ],
    [
      "a bad range",
      "range.json",
      JSON.stringify({ grants: [{ clients: ["10.0.0.0/40"], surfaces: { v3: "unlimited" } }] }),
      "1",
      /GRANTS_FILE .*range\.json: grants\[0\]\.clients\[0\]: "10\.0\.0\.0\/40" is not an IP address or a CIDR range/,
    ],
  ])(
    "%s stops the start with one line naming it",
    async (_name, file, content, workers, problem) => {
      const path = join(dir, file);
      if (content !== undefined) writeFileSync(path, content);
      const { code, lines, output } = await failedStart({
        PORT: String(await choosePort(9460)),
        LOG_FORMAT: "json",
        WORKERS: workers,
        [GRANTS_FILE_ENV]: path,
      });
      expect(code).toBe(1);
      expect(lines, output).toHaveLength(1);
      expect(String(JSON.parse(lines[0]!).msg)).toMatch(problem);
    },
    30_000,
  );
});
