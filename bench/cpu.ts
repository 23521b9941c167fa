/**
 * `npm run bench -- cpu`: the CPU one request costs each process of the standalone server (/proc, over a wrk run), for
 * one process, with and without access lines, two workers counted by the primary, and counting in Redis (a
 * redis-server of its own), each request distinct and counted; and a cached answer against a minimal server replaying
 * its bytes (bench/http/serve.ts replay). BENCH_CPU_ROUNDS (3) interleaved rounds of BENCH_CPU_SECONDS (4) s, medians.
 * Writes the section "CPU per request" of docs/bench-http.md, which states the method.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PATHS } from "../contract/paths.js";
import { redisBinary, startRedis, type TestRedis } from "../test/support/redis.js";
import { startServer } from "./http.js";
import { childPids, processCpuSeconds, us } from "./lib/measure.js";
import { sleep } from "./lib/net.js";
import { writeSection } from "./lib/report.js";
import { script, startInstance } from "./scale.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Requests in a wrk script: more than a run sends. */
const REQUESTS = 200_000;

/** The targets this benchmark holds the service to. */
const TARGETS = {
  /** two workers' CPU per request (theirs and the primary's) at most this many times one worker's */
  twoWorkers: 1.15,
  /** counting in Redis (the workers' and Redis's CPU) at most this many times counting in the primary (the workers' and the primary's) */
  redisVsPrimary: 1.3,
  /** the access line's share of a request's CPU, at most */
  accessLine: 0.1,
  /** the primary counts at least this many times the requests one worker serves (both on one core) */
  primaryCeiling: 10,
  /** a cached answer costs at most 1 / this of what a minimal server replaying the same bytes costs */
  repeated: 0.9,
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const dayAfter1930 = (n: number) => new Date(Date.UTC(1930, 0, 1 + (n % 2_800_000))).toISOString().slice(0, 10);
const shiftPath = (n: number) =>
  `${PATHS.shift}?date=${dayAfter1930(n * 3)}&add=1m&add=-2b&add=3w&add=10d&postpone=true`;

/** One wrk run; the requests it completed. Asynchronous: the servers' log is read on meanwhile (./scale.ts startInstance). */
async function wrk(port: number, seconds: number, file: string | undefined, path = "/"): Promise<number> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      "wrk",
      ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, ...(file ? ["-s", file] : []), `http://127.0.0.1:${port}${path}`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let text = "";
    child.stdout!.on("data", (d) => (text += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (bad > 0) throw new Error(`${bad} answers were not 2xx:\n${out}`);
  return Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
}

/** CPU seconds of each named process, read at once. */
const cpuOf = (pids: Record<string, number | undefined>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, pid === undefined ? NaN : (processCpuSeconds(pid) ?? NaN)]),
  );

/** Microseconds of CPU per request of each named process over one measured run. */
async function measure(
  port: number,
  pids: Record<string, number | undefined>,
  file: string | undefined,
  path?: string,
): Promise<Record<string, number>> {
  const before = cpuOf(pids);
  const requests = await wrk(port, SECONDS, file, path);
  const after = cpuOf(pids);
  return Object.fromEntries(Object.keys(pids).map((name) => [name, ((after[name]! - before[name]!) * 1e6) / requests]));
}

interface Config {
  name: string;
  env: Record<string, string>;
  redis?: boolean;
}

export async function run(): Promise<void> {
  if (spawnSync("wrk", ["--version"]).error) {
    console.log("bench/cpu.ts: wrk is not installed (apt-get install wrk); skipped");
    return;
  }
  if (processCpuSeconds(process.pid) === undefined) {
    console.log("bench/cpu.ts: no /proc to read the CPU of processes from; skipped");
    return;
  }
  const loadBefore = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), "bench-cpu-"));
  let redis: TestRedis | undefined;
  try {
    if (redisBinary()) redis = await startRedis();
    const configs: Config[] = [
      { name: "WORKERS=1", env: { WORKERS: "1" } },
      { name: "WORKERS=1, LOG_LEVEL=warn", env: { WORKERS: "1", LOG_LEVEL: "warn" } },
      { name: "WORKERS=2, counted by the primary", env: { WORKERS: "2" } },
      ...(redis
        ? [
            { name: "WORKERS=1, REDIS_URL", env: { WORKERS: "1", REDIS_URL: redis.url }, redis: true },
            { name: "WORKERS=2, REDIS_URL", env: { WORKERS: "2", REDIS_URL: redis.url }, redis: true },
          ]
        : []),
    ];
    // per configuration, per round: µs of CPU per request of the workers (summed), the primary, Redis
    const results = new Map<string, { workers: number; primary: number; redis: number }[]>(
      configs.map((c) => [c.name, []]),
    );
    const repeated: { service: number; replay: number }[] = [];
    const cachedPath = shiftPath(12345);
    for (let round = 0; round < ROUNDS; round++) {
      for (const config of configs) {
        await redis?.command("FLUSHALL");
        const { port, child } = await startInstance(config.env);
        try {
          await wrk(port, 1, script(dir, port, REQUESTS, shiftPath, 20_000));
          const workers = childPids(child.pid!);
          const pids: Record<string, number | undefined> = workers.length > 0 ? { primary: child.pid! } : {};
          for (const pid of workers.length > 0 ? workers : [child.pid!]) pids[`worker ${pid}`] = pid;
          if (config.redis) pids.redis = redis!.pid;
          const used = await measure(port, pids, script(dir, port, 0, shiftPath, REQUESTS));
          const sum = (prefix: string) =>
            Object.entries(used)
              .filter(([k]) => k.startsWith(prefix))
              .reduce((s, [, v]) => s + v, 0);
          results
            .get(config.name)!
            .push({ workers: sum("worker "), primary: used.primary ?? 0, redis: used.redis ?? 0 });
        } finally {
          process.kill(-child.pid!, "SIGTERM");
          await new Promise((r) => child.once("exit", r));
        }
      }
      // repeated answers: a cached answer against the same bytes from a minimal server
      const { port, child } = await startInstance({ WORKERS: "1", RATE_LIMITS: "off" });
      const replay = await startServer(["replay", `http://127.0.0.1:${port}${cachedPath}`]);
      try {
        await wrk(port, 1, undefined, cachedPath);
        const service = (await measure(port, { service: child.pid! }, undefined, cachedPath)).service!;
        await wrk(replay.port, 1, undefined);
        const same = (await measure(replay.port, { replay: replay.pid }, undefined)).replay!;
        repeated.push({ service, replay: same });
      } finally {
        replay.child.kill("SIGTERM");
        process.kill(-child.pid!, "SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      await sleep(200);
    }

    const rows = configs.map((c) => {
      const runs = results.get(c.name)!;
      const workers = median(runs.map((r) => r.workers));
      const primary = median(runs.map((r) => r.primary));
      const redisShare = median(runs.map((r) => r.redis));
      return {
        name: c.name,
        workers,
        primary,
        redis: redisShare,
        total: median(runs.map((r) => r.workers + r.primary + r.redis)),
      };
    });
    const row = (name: string) => rows.find((r) => r.name === name);
    const one = row("WORKERS=1")!;
    const quiet = row("WORKERS=1, LOG_LEVEL=warn")!;
    const two = row("WORKERS=2, counted by the primary")!;
    const redisTwo = row("WORKERS=2, REDIS_URL");
    const service = median(repeated.map((r) => r.service));
    const replayed = median(repeated.map((r) => r.replay));

    const ratio = (x: number) => `${x.toFixed(2)}×`;
    const pct = (x: number) => `${Math.round(100 * x)} %`;
    const checks: [string, string, string, boolean][] = [
      [
        "two workers (and their primary) ÷ one worker",
        ratio(two.total / one.total),
        `≤ ${TARGETS.twoWorkers}×`,
        two.total / one.total <= TARGETS.twoWorkers,
      ],
      ...(redisTwo
        ? [
            [
              "WORKERS=2 counting in Redis (and Redis) ÷ counted by the primary (and the primary)",
              ratio(redisTwo.total / two.total),
              `≤ ${TARGETS.redisVsPrimary}×`,
              redisTwo.total / two.total <= TARGETS.redisVsPrimary,
            ] as [string, string, string, boolean],
          ]
        : []),
      [
        "the access line's share of a request (WORKERS=1, info vs warn)",
        pct((one.total - quiet.total) / one.total),
        `≤ ${pct(TARGETS.accessLine)}`,
        (one.total - quiet.total) / one.total <= TARGETS.accessLine,
      ],
      [
        `the primary's ceiling (one core ÷ ${us(two.primary)}) ÷ one worker's (one core ÷ ${us(one.total)})`,
        ratio(one.total / two.primary),
        `≥ ${TARGETS.primaryCeiling}×`,
        one.total / two.primary >= TARGETS.primaryCeiling,
      ],
      [
        "repeated answers: a minimal server replaying the same bytes ÷ a kept answer (CPU per request)",
        pct(replayed / service),
        `≥ ${pct(TARGETS.repeated)}`,
        replayed / service >= TARGETS.repeated,
      ],
    ];
    const table = [
      "| configuration | workers | primary | Redis | all |",
      "|---|---:|---:|---:|---:|",
      ...rows.map(
        (r) =>
          `| ${r.name} | ${us(r.workers)} | ${r.primary ? us(r.primary) : ""} | ${r.redis ? us(r.redis) : ""} | ${us(r.total)} |`,
      ),
      `| repeated answer (kept, limits off), WORKERS=1 | ${us(service)} | | | ${us(service)} |`,
      `| the same bytes from a minimal node:http server | ${us(replayed)} | | | ${us(replayed)} |`,
      "",
      "| target | measured | target | |",
      "|---|---:|---:|---|",
      ...checks.map(
        ([what, measuredValue, target, ok]) => `| ${what} | ${measuredValue} | ${target} | ${ok ? "met" : "missed"} |`,
      ),
    ].join("\n");
    console.log(table);
    writeSection(
      join(root, "docs", "bench-http.md"),
      "CPU per request",
      [
        `Command: \`npm run bench -- cpu\` (bench/cpu.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}),`,
        `load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end (the machine is shared: CPU per request grows with the load). CPU time (user + system, /proc) of each`,
        "server process over a wrk run, divided by the requests completed (µs per request). Limits on; every request a distinct",
        `computed \`${PATHS.shift}\` from a new client address every ten requests (X-Forwarded-For, TRUST_PROXY=loopback);`,
        `\`node server/start.mjs --no-build\` per configuration; ${ROUNDS} rounds of every configuration in turn, ${SECONDS} s each after a 1 s`,
        `warm-up, medians; wrk with one thread and ${CONNECTIONS} connections on the same machine. Access lines on (JSON on stdout, read and`,
        "dropped) but with LOG_LEVEL=warn. Repeated answers: one target again and again, limits off, access lines on; the minimal",
        "server (bench/http/serve.ts replay) answers with the status, header fields (names, values, order) and body the service",
        "sent a plain GET without Accept-Encoding, as wrk's requests are, Node adding Date, Connection and Keep-Alive to both:",
        "the same bytes but the date, over keep-alive connections, with no log, metrics or routing of its own.",
        "",
        table,
      ].join("\n"),
    );
  } finally {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
