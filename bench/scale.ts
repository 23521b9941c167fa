/**
 * `npm run bench -- scale` (also run by `npm run bench -- http`): distinct computed answers (`/v3/period`, every
 * request a different 200-year span) with the limits ON, from `npm start`'s own entry (node server/start.mjs
 * --no-build), side by side in rounds: WORKERS=1 and WORKERS=2 counting without Redis (memory, then the primary), and
 * the same with REDIS_URL (a redis-server of its own on loopback, when installed), and both with the limits off (what a
 * second worker gives when nothing is counted). Every request comes from a
 * different client address (X-Forwarded-For, TRUST_PROXY=loopback), ten requests per address, so every request is
 * counted and admitted: the limiter's whole cost is in the figures, and every answer is computed.
 * wrk (one thread, 50 connections) on the same 2-core machine: its share of the cores is reported beside each row.
 * Writes the section "Workers and Redis" of docs/bench-http.md.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PATHS } from "../contract/paths.js";
import { choosePort } from "../test/e2e/server.js";
import { redisBinary, startRedis, type TestRedis } from "../test/support/redis.js";
import { childrenCpuSeconds, wrkMs } from "./lib/measure.js";
import { sleep } from "./lib/net.js";
import { writeSection } from "./lib/report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const CONNECTIONS = 50;
const REQUESTS = 300_000;
interface Config {
  name: string;
  env: Record<string, string>;
}

/** `npm start`'s own entry with `env` (TRUST_PROXY=loopback, the limits on unless `env` says otherwise), once it serves. */
export async function startInstance(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const port = await choosePort(9300);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    TRUST_PROXY: "loopback",
  };
  delete childEnv.RATE_LIMITS;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, [join(root, "server", "start.mjs"), "--no-build"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let out = "";
  const read = (d: Buffer) => (out += d);
  child.stdout!.on("data", read);
  const deadline = Date.now() + 30_000;
  // the start's line says every worker listens; with LOG_LEVEL above info there is none: /health then
  const up = async () =>
    /ready in/.test(out) ||
    (env.LOG_LEVEL !== undefined &&
      (await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => {
          r.body?.cancel();
          return r.ok;
        },
        () => false,
      )));
  while (!(await up())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      throw new Error(`the server did not start (exit code ${child.exitCode}):\n${out}`);
    }
    await sleep(50);
  }
  // from here on the log (an access line per request) is read and dropped, as a log collector keeping up would
  child.stdout!.off("data", read);
  child.stdout!.resume();
  return { port, child };
}

/** The n-th day from 1930-01-01. */
const dayAfter1930 = (n: number) => new Date(Date.UTC(1930, 0, 1 + (n % 2_800_000))).toISOString().slice(0, 10);

/** The n-th distinct 200-year period. */
const periodPath = (n: number) => `${PATHS.period}?from=${dayAfter1930(n * 7)}&to=${dayAfter1930(n * 7 + 73_000)}`;

/**
 * wrk's requests: a distinct target each (`pathOf`, default 200-year periods), ten per client address; `offset` keeps
 * the warm-up's targets and addresses apart from the measured run's (a fresh wrk starts at the first request again).
 */
export function script(
  dir: string,
  port: number,
  offset: number,
  pathOf: (n: number) => string = periodPath,
  count = REQUESTS,
): string {
  const file = join(dir, `requests-${offset}-${Math.random().toString(36).slice(2)}.lua`);
  const requests = Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    const a = Math.floor(n / 10);
    const address = `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
    const path = pathOf(n);
    return JSON.stringify(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  });
  writeFileSync(
    file,
    `local requests = {${requests.join(",")}}\nlocal n = 0\nrequest = function()\n  n = n % #requests + 1\n  return requests[n]\nend\n`,
  );
  return file;
}

async function wrk(
  port: number,
  seconds: number,
  file: string,
): Promise<{ rps: number; p99: number; bad: number; loadCpu: number }> {
  const before = childrenCpuSeconds() ?? NaN;
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      "wrk",
      ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", file, `http://127.0.0.1:${port}/`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let text = "";
    child.stdout!.on("data", (d) => (text += d));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  });
  const took = (performance.now() - started) / 1000;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
    bad: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    loadCpu: ((childrenCpuSeconds() ?? NaN) - before) / took,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  if (spawnSync("wrk", ["--version"]).error) {
    console.log("bench/scale.ts: wrk is not installed (apt-get install wrk); skipped");
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-scale-"));
  let redis: TestRedis | undefined;
  try {
    if (redisBinary()) redis = await startRedis();
    const configs: Config[] = [
      { name: "WORKERS=1, counted in memory", env: { WORKERS: "1" } },
      { name: "WORKERS=2, counted by the primary", env: { WORKERS: "2" } },
      // what the access lines cost (LOG_LEVEL=warn writes none)
      { name: "WORKERS=1, counted in memory, LOG_LEVEL=warn", env: { WORKERS: "1", LOG_LEVEL: "warn" } },
      // what a second worker gives when nothing is counted: the ceiling of the rows above on this machine
      { name: "WORKERS=1, limits off", env: { WORKERS: "1", RATE_LIMITS: "off" } },
      { name: "WORKERS=2, limits off", env: { WORKERS: "2", RATE_LIMITS: "off" } },
      ...(redis
        ? [
            { name: "WORKERS=1, REDIS_URL", env: { WORKERS: "1", REDIS_URL: redis.url } },
            { name: "WORKERS=2, REDIS_URL", env: { WORKERS: "2", REDIS_URL: redis.url } },
          ]
        : []),
    ];
    const results = new Map<string, { rps: number; p99: number; bad: number; loadCpu: number }[]>(
      configs.map((c) => [c.name, []]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const config of configs) {
        await redis?.command("FLUSHALL");
        const { port, child } = await startInstance(config.env);
        try {
          await wrk(port, 1, script(dir, port, REQUESTS));
          results.get(config.name)!.push(await wrk(port, SECONDS, script(dir, port, 0)));
        } finally {
          process.kill(-child.pid!, "SIGTERM");
          await new Promise((r) => child.once("exit", r));
        }
      }
    }
    const rows = configs.map((c) => {
      const runs = results.get(c.name)!;
      return {
        name: c.name,
        rps: median(runs.map((r) => r.rps)),
        p99: median(runs.map((r) => r.p99)),
        bad: runs.reduce((s, r) => s + r.bad, 0),
        loadCpu: median(runs.map((r) => r.loadCpu)),
      };
    });
    console.table(rows);
    const base = rows[0]!.rps;
    const memoryOf = (name: string) =>
      rows.find(
        (r) =>
          r.name ===
          name.replace("REDIS_URL", name.startsWith("WORKERS=1") ? "counted in memory" : "counted by the primary"),
      );
    const table = [
      "| configuration | req/s | of WORKERS=1 | p99 | non-2xx | wrk's share of one core | Redis vs the same without |",
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => {
        const without = r.name.includes("REDIS_URL") ? memoryOf(r.name) : undefined;
        return `| ${r.name} | ${Math.round(r.rps).toLocaleString("en")} | ${(r.rps / base).toFixed(2)}× | ${r.p99.toFixed(1)} ms | ${r.bad} | ${Math.round(r.loadCpu * 100)} % | ${without ? `${Math.round((100 * r.rps) / without.rps)} %` : ""} |`;
      }),
    ].join("\n");
    writeSection(
      join(root, "docs", "bench-http.md"),
      "Workers and Redis",
      [
        `Command: \`npm run bench -- scale\` (bench/scale.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. Distinct 200-year \`/v3/period\` targets, limits on, each`,
        `request from a new client address every ten requests (X-Forwarded-For, TRUST_PROXY=loopback), so every request is counted`,
        `and admitted; \`node server/start.mjs --no-build\` per configuration, ${ROUNDS} rounds of every configuration in turn, ${SECONDS} s each`,
        `after a 1 s warm-up, medians; wrk with one thread and ${CONNECTIONS} connections on the same 2-core machine (its CPU share below).`,
        `Every row writes an access line per request (JSON on stdout, read and dropped by the benchmark) but the one with LOG_LEVEL=warn.`,
        redis
          ? "Redis: a redis-server 7 of the benchmark's own on loopback, flushed before each run."
          : "Redis: not installed, its rows are missing.",
        "",
        table,
      ].join("\n"),
    );
    console.log(table);
  } finally {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
