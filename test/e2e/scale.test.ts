/**
 * Several processes, one set of limits: two `npm start` instances sharing a Redis of the test's own, and one instance
 * with WORKERS=2 and no Redis (the primary counts), answer concurrent bursts from one address with exactly the
 * specification's numbers (v3 10 a minute, v2 5 per 10 s then blocked, the `feed-query` rate-limit group 10 per 10 s); five
 * forwarded addresses each get their own 10; Redis stopping mid-burst fails open (every request answered, one warning,
 * /health degraded) and counting is exact again once it is back; a Redis or a primary that hangs (SIGSTOP) and
 * resumes counts nothing it let through meanwhile, and a hung primary costs no connection; under a CPU hog the counts
 * stay exact; SIGTERM stops a primary and its workers in 2 s.
 * Real processes over real HTTP (the server's bundle: node server/start.mjs --no-build).
 */
import { execFileSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { REUSE_PORT_AVAILABLE } from "../../server/lifecycle.js";
import { redisBinary, startRedis, type TestRedis } from "../support/redis.js";
import {
  burst,
  degradedByWorker,
  expectExactBursts,
  freshGet,
  freshHealth,
  health,
  oneByOne,
  shifts,
  statuses,
  underCpuHog,
  until,
} from "./scale-probes.js";
import { choosePort, portIsFree, type RunningServer, sleep, startServer } from "./server.js";

const SKIP = process.env.E2E === "off";
const haveRedis = redisBinary() !== undefined;
if (!haveRedis)
  console.warn(
    "redis-server is not installed: the tests of instances sharing Redis are skipped (apt-get install redis-server)",
  );

describe.skipIf(SKIP)("several processes, one set of limits", () => {
  const servers: RunningServer[] = [];
  let redis: TestRedis | undefined;

  beforeAll(async () => {
    if (haveRedis) redis = await startRedis();
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.stop();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** `build`: through `npm start`'s build step (the site built in the background, or current at once) */
  const start = async (env: Record<string, string | undefined>, build = false) => {
    const server = await startServer({
      port: await choosePort(9100 + servers.length * 7),
      build,
      env: { TRUST_PROXY: "loopback", RATE_LIMITS: undefined, ...env },
    });
    servers.push(server);
    return server;
  };

  it.skipIf(!haveRedis)(
    "two instances sharing Redis: exactly the limits, whichever instance answers",
    async () => {
      await redis!.command("FLUSHALL");
      const a = await start({ REDIS_URL: redis!.url });
      const b = await start({ REDIS_URL: redis!.url });
      expect((await health(a.baseUrl, "192.0.2.1")).server.limiter).toEqual({ store: "redis", degraded: false });
      await expectExactBursts([a.baseUrl, b.baseUrl], "1");
      // five clients behind the trusted proxy, 50 requests each across both instances: 10 each
      const five = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => burst([a.baseUrl, b.baseUrl], shifts(50), `203.0.113.${n}`)),
      );
      expect(five.map(statuses), a.output() + b.output()).toEqual(Array(5).fill({ 200: 10, 429: 40 }));
    },
    120_000,
  );

  it("WORKERS=2 without Redis: the primary counts for both workers, exactly", async () => {
    const server = await start({ WORKERS: "2" });
    // connections of their own, which the kernel spreads over the workers' sockets
    const infos = (await Promise.all(Array.from({ length: 16 }, () => freshHealth(server.baseUrl)))).map(
      (a) => a!.body,
    );
    for (const { server: info } of infos) {
      expect(info.workers).toBe(2);
      expect(info.limiter).toEqual({ store: "primary", degraded: false });
    }
    expect([...new Set(infos.map((i) => i.server.worker))].sort()).toEqual([1, 2]);
    await expectExactBursts([server.baseUrl], "2");
  }, 120_000);

  it.skipIf(!haveRedis)(
    "Redis stopped mid-burst: every request answered, one warning, /health degraded; back: exact again",
    async () => {
      await redis!.command("FLUSHALL");
      const a = await start({ REDIS_URL: redis!.url });
      const b = await start({ REDIS_URL: redis!.url });
      const first = burst([a.baseUrl, b.baseUrl], shifts(25), "198.51.100.91");
      await redis!.stop();
      const rest = await burst([a.baseUrl, b.baseUrl], shifts(50).slice(25), "198.51.100.91");
      const all = [...(await first), ...rest];
      // answered, never a 5xx: the ones counted before the stop at most 10, the rest admitted uncounted
      expect(all.every((o) => o.status === 200 || o.status === 429)).toBe(true);
      expect(rest.every((o) => o.status === 200)).toBe(true);
      expect((await health(a.baseUrl, "192.0.2.31")).server.limiter).toEqual({ store: "redis", degraded: true });
      // one warning each: the line reaches this process through a pipe, so wait for it, then a moment for any second
      const warnings = (s: RunningServer) =>
        s.output().match(/limiter: Redis (is|did|took|answered|connection)/g)?.length ?? 0;
      await until(() => warnings(a) >= 1 && warnings(b) >= 1, 5000);
      await sleep(300);
      for (const s of [a, b]) expect(warnings(s), s.output()).toBe(1);

      await redis!.start();
      const deadline = Date.now() + 15_000;
      for (const s of [a, b]) {
        // the client reconnects by itself; a request lets it find out
        while (Date.now() < deadline) {
          await burst([s.baseUrl], [`${PATHS.shift}?date=2030-01-01&add=1d`], "198.51.100.99");
          if (!(await health(s.baseUrl, `192.0.2.${40 + servers.indexOf(s)}`)).server.limiter.degraded) break;
          await sleep(200);
        }
      }
      const after = await burst([a.baseUrl, b.baseUrl], shifts(50), "198.51.100.92");
      expect(statuses(after)).toEqual({ 200: 10, 429: 40 });
      await until(() => [a, b].every((s) => /limiter: Redis answers again; counting resumed/.test(s.output())), 5000);
      for (const s of [a, b]) expect(s.output()).toMatch(/limiter: Redis answers again; counting resumed/);
    },
    120_000,
  );

  it.skipIf(!haveRedis)(
    "Redis hung (SIGSTOP) during a burst, then resumed: nothing admitted meanwhile is counted; a fresh client gets exactly 10",
    async () => {
      await redis!.command("FLUSHALL");
      const a = await start({ REDIS_URL: redis!.url });
      const client = "198.51.100.71";
      redis!.pause();
      const paused = Date.now();
      try {
        // the first requests wait for the slow-answer bound, then the outage is declared and the rest are admitted at once
        const during = await burst([a.baseUrl], shifts(30), client);
        expect(statuses(during)).toEqual({ 200: 30 });
        expect((await health(a.baseUrl, "192.0.2.71")).server.limiter).toEqual({ store: "redis", degraded: true });
        // Redis hung for 10 s in all: long past every deadline and the dropped connection's reconnection (within 2 s),
        // which waits for Redis as every command does
        await sleep(Math.max(0, 10_000 - (Date.now() - paused)));
      } finally {
        redis!.resume();
      }
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        await burst([a.baseUrl], [`${PATHS.shift}?date=2030-01-01&add=1d`], "198.51.100.99");
        if (!(await health(a.baseUrl, "192.0.2.72")).server.limiter.degraded) break;
        await sleep(200);
      }
      // the 30 hits queued on the hung connection ran on resume, past their deadlines: none counted
      expect(await oneByOne(a.baseUrl, shifts(10), client), a.output()).toEqual(Array(10).fill(200));
      expect(await oneByOne(a.baseUrl, shifts(11).slice(10), client)).toEqual([429]);
      expect(await oneByOne(a.baseUrl, shifts(11), "198.51.100.72")).toEqual([...Array(10).fill(200), 429]);
    },
    120_000,
  );

  // without reusePort (a Node before 22.12, as CI's own Node may be) the primary accepts the workers' connections
  it.skipIf(!REUSE_PORT_AVAILABLE)(
    "WORKERS=2, the primary hung (SIGSTOP): connections still answered at once; on resume, what it missed is not counted",
    async () => {
      const server = await start({ WORKERS: "2" });
      const client = "198.51.100.81";
      const primary = server.child.pid!;
      process.kill(primary, "SIGSTOP");
      try {
        // each worker waits the slow-answer bound for its first few requests, then declares the outage (/health says so)
        const deadline = Date.now() + 30_000;
        let seen = new Map<number, boolean>();
        while (Date.now() < deadline) {
          await Promise.all(shifts(8).map((target) => freshGet(server.baseUrl + target, client)));
          seen = await degradedByWorker(server.baseUrl);
          if (seen.get(1) === true && seen.get(2) === true) break;
        }
        expect([...seen.entries()].sort()).toEqual([
          [1, true],
          [2, true],
        ]);
        // no connection waits for the primary: each request on a connection of its own, answered and admitted
        const timed = [];
        for (const target of shifts(20)) timed.push(await freshGet(server.baseUrl + target, client));
        expect(timed.map((t) => t.status)).toEqual(Array(20).fill(200));
        // not a speed target: a connection that went through the stopped primary would not be answered at all
        expect(
          timed.filter((t) => t.ms >= 200),
          JSON.stringify(timed),
        ).toEqual([]);
      } finally {
        process.kill(primary, "SIGCONT");
      }
      const deadline = Date.now() + 15_000;
      let seen = await degradedByWorker(server.baseUrl);
      while (Date.now() < deadline && !(seen.get(1) === false && seen.get(2) === false)) {
        await sleep(100);
        seen = await degradedByWorker(server.baseUrl);
      }
      expect([...seen.entries()].sort()).toEqual([
        [1, false],
        [2, false],
      ]);
      await until(() => /limiter: the primary process answers again; counting resumed/.test(server.output()), 5000);
      // the hits sent to the stopped primary reached it past their deadlines: none counted against the client
      expect(await oneByOne(server.baseUrl, shifts(11), client), server.output()).toEqual([
        ...Array(10).fill(200),
        429,
      ]);
    },
    120_000,
  );

  it("under a CPU hog on both cores, WORKERS=2 counted by the primary: exactly 10 of 50 admitted", async () => {
    const server = await start({ WORKERS: "2" });
    const outcomes = await underCpuHog(() => burst([server.baseUrl], shifts(50), "198.51.100.61"));
    expect(statuses(outcomes), server.output()).toEqual({ 200: 10, 429: 40 });
  }, 120_000);

  it.skipIf(!haveRedis)(
    "under a CPU hog on both cores, counted in Redis: exactly 10 of 50 admitted",
    async () => {
      await redis!.command("FLUSHALL");
      const a = await start({ REDIS_URL: redis!.url });
      const outcomes = await underCpuHog(() => burst([a.baseUrl], shifts(50), "198.51.100.62"));
      expect(statuses(outcomes), a.output()).toEqual({ 200: 10, 429: 40 });
    },
    120_000,
  );

  it("WORKERS=2 through npm start's build step, the site current: both workers say they are ready and serve the site's pages", async () => {
    const server = await start({ WORKERS: "2", RATE_LIMITS: "off" }, true);
    // connections of their own, which the kernel spreads over the workers' sockets; a worker learns from the primary
    // that the site is current once it asks (a word sent before it listened was lost: 503 for ever)
    const askAll = () =>
      Promise.all(
        Array.from({ length: 16 }, async () => {
          const answer = (await freshHealth(server.baseUrl, "?ready"))!;
          return { status: answer.status, ready: answer.body.ready, worker: answer.body.server.worker };
        }),
      );
    let answers = await askAll();
    const deadline = Date.now() + 10_000;
    while (answers.some((a) => a.status !== 200) && Date.now() < deadline) {
      await sleep(100);
      answers = await askAll();
    }
    expect([...new Set(answers.map((a) => a.worker))].sort()).toEqual([1, 2]);
    expect(
      answers.map((a) => [a.status, a.ready]),
      server.output(),
    ).toEqual(Array(16).fill([200, true]));
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${server.baseUrl}/`, { headers: { accept: "text/html" } })),
    );
    expect(pages.map((p) => [p.status, p.headers.get("content-type")])).toEqual(
      Array(8).fill([200, "text/html; charset=utf-8"]),
    );
    await Promise.all(pages.map((p) => p.arrayBuffer()));
  }, 60_000);

  it("SIGTERM to npm start with WORKERS=2: the primary and its workers gone within 2 s, the port free", async () => {
    const server = await start({ WORKERS: "2", RATE_LIMITS: "off" });
    const pids = () =>
      execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)], { encoding: "utf8" })
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    expect(pids().length).toBe(2);
    const workers = pids();
    const sent = Date.now();
    process.kill(server.child.pid!, "SIGTERM");
    await new Promise<void>((resolve) =>
      server.child.exitCode !== null ? resolve() : server.child.once("exit", () => resolve()),
    );
    const took = Date.now() - sent;
    for (const pid of workers) expect(() => process.kill(Number(pid), 0)).toThrow();
    expect(await portIsFree(server.port)).toBe(true);
    expect(server.child.exitCode).toBe(0);
    // the grace period the server documents (a supervisor waits at least 2 s), not a speed target
    expect(took).toBeLessThan(2000);
  }, 60_000);

  it("a worker that dies is replaced and logged", async () => {
    const server = await start({ WORKERS: "2", RATE_LIMITS: "off" });
    const workerPids = () =>
      execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)], { encoding: "utf8" })
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    const [victim] = workerPids();
    process.kill(Number(victim), "SIGKILL");
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(workerPids().length === 2 && !workerPids().includes(victim!))) await sleep(100);
    expect(workerPids().length).toBe(2);
    expect(workerPids()).not.toContain(victim);
    while (Date.now() < deadline && !/exited/.test(server.output())) await sleep(50);
    expect(server.output()).toMatch(/worker [12] exited \(SIGKILL\); starting another in its place/);
    expect((await fetch(`${server.baseUrl}/v3/days/2024-06-21`)).status).toBe(200);
  }, 60_000);

  it.each([
    [{ WORKERS: "0" }, 'WORKERS must be a whole number from 1 to 256 or "auto", not "0"'],
    [{ WORKERS: "two" }, 'WORKERS must be a whole number from 1 to 256 or "auto", not "two"'],
    [
      { REDIS_URL: "localhost:6379" },
      'REDIS_URL is not a redis:// or rediss:// URL: "localhost:6379" (expected redis://host[:port][/db])',
    ],
    [{ REDIS_URL: "redis cache" }, 'REDIS_URL is not a URL: "redis cache" (expected redis://host[:port][/db])'],
    [
      { REDIS_URL: "http://localhost:6379" },
      'REDIS_URL is not a redis:// or rediss:// URL: "http://localhost:6379" (expected redis://host[:port][/db])',
    ],
  ])("%j stops the start with one line naming it", async (env, line) => {
    const port = await choosePort(9190);
    // the line is the msg of one JSON log line (its quotes escaped)
    await expect(startServer({ port, build: false, env, timeoutMs: 10_000 })).rejects.toThrow(
      JSON.stringify(`the standalone server could not start: ${line}`).slice(1, -1),
    );
  });
});
