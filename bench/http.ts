/**
 * `npm run bench -- http`: the standalone server over real HTTP on loopback, each case side by side in one run with a
 * minimal node:http server answering a constant (this machine's ceiling), the same bytes (bench/http/serve.ts replay:
 * what any server must send) and, for distinct targets, the floor (bench/http/serve.ts floor: the row's own work
 * only), so the figures say which part is the service's. wrk when installed (it leaves the cores to the server), else
 * autocannon (BENCH_HTTP_GENERATOR=autocannon forces it); BENCH_HTTP_ROUNDS (3) rounds of BENCH_HTTP_SECONDS (3) s,
 * medians. Writes docs/bench-http.md, which states the method.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { PATHS, pathOf } from "../contract/paths.js";
import { materialiseYear } from "../test/support/one-year-dataset.js";
import { childrenCpuSeconds, processCpuSeconds as cpuSeconds, wrkMs } from "./lib/measure.js";
import { run as runScale } from "./scale.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const CONNECTIONS = 50;

export interface BenchServer {
  port: number;
  /** the server's own process (tsx runs it in a child of its own) */
  pid: number;
  child: ChildProcess;
}

/** A server of bench/http/serve.ts in a process of its own (`args`: its kind and argument). */
export async function startServer(args: string[]): Promise<BenchServer> {
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), [join(root, "bench", "http", "serve.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, RATE_LIMITS: "off" },
  });
  const [port, pid] = await new Promise<number[]>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.split("\n")[0].split(" ").map(Number));
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, pid, child };
}

/** The load generator: wrk when installed (BENCH_HTTP_GENERATOR=autocannon forces the fallback). */
type Generator = "wrk" | "autocannon";
const GENERATOR: Generator =
  process.env.BENCH_HTTP_GENERATOR !== "autocannon" && spawnSync("wrk", ["--version"]).error === undefined
    ? "wrk"
    : "autocannon";

/**
 * The Lua script wrk runs for a path per request: the requests are written out here, whole (the paths from the same
 * function autocannon calls), and wrk cycles through them; building each in Lua (wrk.format) cost wrk more CPU per
 * request than the server spent answering it.
 */
function wrkScript(dir: string, host: string, path: (n: number) => string, count: number): string {
  const file = join(dir, `requests-${Math.random().toString(36).slice(2)}.lua`);
  const requests = Array.from({ length: count }, (_, n) =>
    JSON.stringify(`GET ${path(n)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
  );
  writeFileSync(
    file,
    `local requests = {${requests.join(",")}}\nlocal n = 0\nrequest = function()\n  n = n % #requests + 1\n  return requests[n]\nend\n`,
  );
  return file;
}

/** One wrk run: requests per second, latency percentiles, non-2xx and errors. */
function runWrk(
  url: string,
  seconds: number,
  script: string | undefined,
): Promise<{ rps: number; p50: number; p99: number; bad: number }> {
  return new Promise((resolve, reject) => {
    const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...(script ? ["-s", script] : []), url];
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
      resolve({
        rps: number(/Requests\/sec:\s+([\d.]+)/),
        p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ""),
        p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ""),
        bad:
          number(/Non-2xx or 3xx responses:\s+(\d+)/) +
          (/Socket errors:(.*)/.exec(out)?.[1].match(/\d+/g) ?? []).reduce((sum, n) => sum + Number(n), 0),
      });
    });
  });
}

interface Row {
  name: string;
  /** the load generator that measured it */
  generator: Generator;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** share of one core the server used during the measured run (undefined without /proc) */
  serverCpu?: number;
  /** share of one core the load generator (this process) used during the measured run */
  loadCpu: number;
}

/** Paths a distinct-target wrk run cycles through (more than any run here sends). */
const WRK_DISTINCT_PATHS = 400_000;

/** Load on one path, or on a path per request (`path` given a counter), with the load generator of this machine. */
async function load(
  name: string,
  server: BenchServer,
  path: string | ((n: number) => string),
  scratch: string,
): Promise<Row> {
  return GENERATOR === "wrk" ? loadWithWrk(name, server, path, scratch) : loadWithAutocannon(name, server, path);
}

async function loadWithWrk(
  name: string,
  server: BenchServer,
  path: string | ((n: number) => string),
  scratch: string,
): Promise<Row> {
  const url = `http://127.0.0.1:${server.port}${typeof path === "string" ? path : ""}`;
  const script =
    typeof path === "string" ? undefined : wrkScript(scratch, `127.0.0.1:${server.port}`, path, WRK_DISTINCT_PATHS);
  // a short warm-up, then the measured run
  await runWrk(url, 1, script);
  const serverBefore = cpuSeconds(server.pid);
  const loadBefore = childrenCpuSeconds();
  const started = performance.now();
  const r = await runWrk(url, SECONDS, script);
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = cpuSeconds(server.pid);
  const loadAfter = childrenCpuSeconds();
  return {
    name,
    generator: "wrk",
    path: typeof path === "string" ? path : `${path(0)}, ${path(1)}, ...`,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.bad,
    serverCpu:
      serverBefore === undefined || serverAfter === undefined ? undefined : (serverAfter - serverBefore) / seconds,
    loadCpu: loadBefore === undefined || loadAfter === undefined ? NaN : (loadAfter - loadBefore) / seconds,
  };
}

async function loadWithAutocannon(
  name: string,
  server: BenchServer,
  path: string | ((n: number) => string),
): Promise<Row> {
  const { port } = server;
  let n = 0;
  const target: autocannon.Options =
    typeof path === "string"
      ? { url: `http://127.0.0.1:${port}${path}` }
      : { url: `http://127.0.0.1:${port}`, requests: [{ setupRequest: (req) => ({ ...req, path: path(n++) }) }] };
  // a short warm-up, then the measured run
  await autocannon({ ...target, connections: CONNECTIONS, duration: 1 });
  const serverBefore = cpuSeconds(server.pid);
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const r = await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
  const seconds = (performance.now() - started) / 1000;
  const loadUsed = process.cpuUsage(loadBefore);
  const serverAfter = cpuSeconds(server.pid);
  const shown = typeof path === "string" ? path : `${path(0)}, ${path(1)}, ...`;
  return {
    name,
    generator: "autocannon",
    path: shown,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    serverCpu:
      serverBefore === undefined || serverAfter === undefined ? undefined : (serverAfter - serverBefore) / seconds,
    loadCpu: (loadUsed.user + loadUsed.system) / 1e6 / seconds,
  };
}

/** The n-th day from 1930-01-01, as YYYY-MM-DD (n below 2,900,000: up to 9869). */
function dayAfter1930(n: number): string {
  return new Date(Date.UTC(1930, 0, 1 + n)).toISOString().slice(0, 10);
}

/** Spread over the first 2,800,000 days, so a span of 100,000 days after it still ends before 9999. */
const spread = (n: number) => n % 2_800_000;

const fmt = (n: number) => Math.round(n).toLocaleString("en");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianOf = (values: (number | undefined)[]) =>
  values.some((v) => v === undefined) ? undefined : median(values as number[]);

/** The median of each figure over rounds of one run. */
function medianRow(rows: Row[]): Row {
  return {
    name: rows[0].name,
    generator: rows[0].generator,
    path: rows[0].path,
    rps: median(rows.map((r) => r.rps)),
    p50: median(rows.map((r) => r.p50)),
    p99: median(rows.map((r) => r.p99)),
    non2xx: rows.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpu: medianOf(rows.map((r) => r.serverCpu)),
    loadCpu: median(rows.map((r) => r.loadCpu)),
  };
}

export async function run(): Promise<void> {
  const publicDir = mkdtempSync(join(tmpdir(), "bench-http-"));
  const children: ChildProcess[] = [];
  try {
    await materialiseYear(publicDir, 2024);
    const ceiling = await startServer(["ceiling"]);
    const service = await startServer(["standalone", publicDir]);
    children.push(ceiling.child, service.child);

    const steps = Array.from({ length: 20 }, (_, i) => `add=${["1m", "-2b", "3w", "10d", "1y"][i % 5]}`).join("&");
    const cases: [string, string][] = [
      ["/v3/period, 200 years", `${PATHS.period}?from=1950-01-01&to=2149-12-31`],
      ["/v3/shift, 20 steps", `${PATHS.shift}?date=2024-01-31&${steps}&postpone=true`],
      [`${PATHS.day}, outside the window`, pathOf("day", { date: "1950-06-21" })],
      ["static year file", `${PATHS.holidays}?year=2024`],
      ["feed", PATHS.feed],
    ];
    /**
     * Each case in ROUNDS rounds of three runs side by side: the ceiling, the service, the same bytes from a minimal
     * server; each figure is the median of its rounds, and a case is compared with the ceiling measured beside it
     * (the machine is shared: its speed drifts within a run).
     */
    const rows: { name: string; ceiling: Row; service: Row; same: Row }[] = [];
    for (const [name, path] of cases) {
      const replay = await startServer(["replay", `http://127.0.0.1:${service.port}${path}`]);
      children.push(replay.child);
      const rounds: { ceiling: Row; service: Row; same: Row }[] = [];
      try {
        for (let round = 0; round < ROUNDS; round++) {
          rounds.push({
            ceiling: await load("ceiling", ceiling, "/", publicDir),
            service: await load(name, service, path, publicDir),
            same: await load(name, replay, "/", publicDir),
          });
        }
      } finally {
        replay.child.kill("SIGTERM");
      }
      rows.push({
        name,
        ceiling: medianRow(rounds.map((r) => r.ceiling)),
        service: medianRow(rounds.map((r) => r.service)),
        same: medianRow(rounds.map((r) => r.same)),
      });
    }
    // every request a different target: nothing kept, every answer computed
    const distinctCases: [string, (n: number) => string][] = [
      [
        "/v3/period, 200 years",
        (n) => `${PATHS.period}?from=${dayAfter1930(spread(n * 7))}&to=${dayAfter1930(spread(n * 7) + 73_000)}`,
      ],
      ["/v3/shift, 20 steps", (n) => `${PATHS.shift}?date=${dayAfter1930(spread(n * 3))}&${steps}&postpone=true`],
      [`${PATHS.day}, outside the window`, (n) => pathOf("day", { date: dayAfter1930(spread(n)) })],
    ];
    const distinct: { ceiling: Row; service: Row; floor: Row }[] = [];
    for (const [name, path] of distinctCases) {
      const floor = await startServer(["floor", `http://127.0.0.1:${service.port}${path(0)}`]);
      children.push(floor.child);
      const rounds: { ceiling: Row; service: Row; floor: Row }[] = [];
      try {
        for (let round = 0; round < ROUNDS; round++) {
          rounds.push({
            ceiling: await load("ceiling", ceiling, "/", publicDir),
            service: await load(name, service, path, publicDir),
            floor: await load(name, floor, path, publicDir),
          });
        }
      } finally {
        floor.child.kill("SIGTERM");
      }
      distinct.push({
        ceiling: medianRow(rounds.map((r) => r.ceiling)),
        service: medianRow(rounds.map((r) => r.service)),
        floor: medianRow(rounds.map((r) => r.floor)),
      });
    }

    const share = (rps: number, top: number) => `${Math.round((100 * rps) / top)} %`;
    const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
    const pct = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? "?" : `${Math.round(100 * x)} %`);
    const cpu = (r: Row) => `${pct(r.serverCpu)} / ${pct(r.loadCpu)}`;
    const lines = [
      "| request | generator | req/s | ceiling beside it: req/s | of ceiling | p50 ms | p99 ms | non-2xx | CPU: server / load generator | same bytes, minimal server: req/s | service / same bytes |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map(
        ({ name, ceiling: c, service: r, same }) =>
          `| ${name} | ${r.generator} | ${fmt(r.rps)} | ${fmt(c.rps)} | ${share(r.rps, c.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx} | ${cpu(r)} | ${fmt(same.rps)} (${share(same.rps, c.rps)}) | ${share(r.rps, same.rps)} |`,
      ),
      "",
      `Distinct targets (every request a different one; every answer computed; ${ROUNDS} rounds of ceiling, service and floor side by side, medians):`,
      "",
      "| request | generator | req/s | ceiling beside it: req/s | of ceiling | p50 ms | p99 ms | non-2xx | CPU: server / load generator | floor, the row's own work on a minimal server: req/s (of ceiling) | service / floor |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...distinct.map(
        ({ ceiling: c, service: r, floor: f }) =>
          `| ${r.name} | ${r.generator} | ${fmt(r.rps)} | ${fmt(c.rps)} | ${share(r.rps, c.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx} | ${cpu(r)} | ${fmt(f.rps)} (${share(f.rps, c.rps)}) | ${share(r.rps, f.rps)} |`,
      ),
    ];
    const report = [
      "# HTTP benchmark (`npm run bench -- http`)",
      "",
      `${GENERATOR === "wrk" ? "wrk (one thread)" : "autocannon"}, ${CONNECTIONS} connections, ${SECONDS} s per run after a 1 s warm-up, loopback, limits off; the standalone server, the`,
      "ceiling server and each same-bytes server in a process of their own, the load generator in another, on the same 2-core machine.",
      `Each case: ${ROUNDS} rounds of ceiling, service, same bytes side by side; medians (non-2xx: the sum).`,
      "A repeated request is answered from the answers the server keeps (server/answers.ts), as the CDN answers it in production.",
      "Same bytes: a minimal node:http server sending exactly the status, headers and body the service sent (bench/http/serve.ts",
      "replay); where the service comes near it, the rest is the load generator's share of the machine.",
      "Floor (distinct targets): a minimal node:http server doing only the row's own work for each request (read the target,",
      "the library call, JSON, ETag) and writing the same headers (bench/http/serve.ts floor): what any server computing",
      "these answers must spend; service / floor is the share the service's pipeline leaves.",
      "CPU: the share of one core the server process and the load generator used during the measured run (/proc; 100 % is a",
      "whole core, the machine has two).",
      `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
      "",
      ...lines,
      "",
    ].join("\n");
    console.log(lines.join("\n"));
    writeFileSync(join(root, "docs", "bench-http.md"), report);
  } finally {
    for (const c of children) c.kill("SIGTERM");
    rmSync(publicDir, { recursive: true, force: true });
  }
  // then the workers and Redis rows, a section of the same report (bench/scale.ts)
  await runScale();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
