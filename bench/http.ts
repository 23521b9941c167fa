/**
 * Over real HTTP on loopback (issue 10 "Speed"), `npm run bench -- http`: autocannon, 50 connections, limits off,
 * against the standalone server (its own process) and, side by side in the same run, a minimal node:http server
 * answering a constant JSON body (this machine's ceiling). Requests: a 200-year /v3/period, a 20-step /v3/shift,
 * /v3/days/{date} for a date outside the per-date window (the function answers), a static year file
 * (/v3/holidays?year=2024, answered from the dataset file) and the subscription feed.
 *
 * Two more columns and a second table say what the figures are made of:
 *   - "same bytes, minimal server": a minimal node:http server answering exactly the status, headers and body the
 *     standalone server gave for that request (bench/http/serve.ts replay). It is what any server must send for the
 *     request; where the service comes near it, the rest is the load generator's share of this 2-core machine
 *     (autocannon decodes every body into a string: a 5.6 KB year or a 23 KB feed costs it more than the ceiling's
 *     90 bytes);
 *   - "distinct targets": every request a different one (dates and spans moving through 1930-9999), so nothing is
 *     answered from the server's kept answers (server/answers.ts) and every answer is computed.
 * The dataset for the static answer is built into a temporary folder (year 2024 only).
 * Each case runs in BENCH_HTTP_ROUNDS rounds (default 3) of ceiling, service and same bytes side by side, each
 * run BENCH_HTTP_SECONDS long (default 3) after a 1 s warm-up; the medians are reported. Writes docs/bench-http.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { PATHS, pathOf } from "../contract/paths.js";
import { materialise } from "../build/materialise.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const CONNECTIONS = 50;

interface BenchServer {
  port: number;
  /** the server's own process (tsx runs it in a child of its own) */
  pid: number;
  child: ChildProcess;
}

async function startServer(args: string[]): Promise<BenchServer> {
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

/**
 * CPU seconds a process has used (user + system, every thread), from /proc (Linux; clock ticks of 1/100 s);
 * undefined where /proc is not there.
 */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

interface Row {
  name: string;
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

/** Load on one path, or on a path per request (`path` given a counter). */
async function load(name: string, server: BenchServer, path: string | ((n: number) => string)): Promise<Row> {
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
    path: shown,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    serverCpu: serverBefore === undefined || serverAfter === undefined ? undefined : (serverAfter - serverBefore) / seconds,
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
const medianOf = (values: (number | undefined)[]) => (values.some((v) => v === undefined) ? undefined : median(values as number[]));

/** The median of each figure over rounds of one run. */
function medianRow(rows: Row[]): Row {
  return {
    name: rows[0].name,
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
    await materialise({ out: publicDir, fromYear: 2024, toYear: 2024, days: null, workers: 0, progress: false, log: () => {} });
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
          rounds.push({ ceiling: await load("ceiling", ceiling, "/"), service: await load(name, service, path), same: await load(name, replay, "/") });
        }
      } finally {
        replay.child.kill("SIGTERM");
      }
      rows.push({ name, ceiling: medianRow(rounds.map((r) => r.ceiling)), service: medianRow(rounds.map((r) => r.service)), same: medianRow(rounds.map((r) => r.same)) });
    }
    // every request a different target: nothing kept, every answer computed
    const distinctCases: [string, (n: number) => string][] = [
      ["/v3/period, 200 years", (n) => `${PATHS.period}?from=${dayAfter1930(spread(n * 7))}&to=${dayAfter1930(spread(n * 7) + 73_000)}`],
      ["/v3/shift, 20 steps", (n) => `${PATHS.shift}?date=${dayAfter1930(spread(n * 3))}&${steps}&postpone=true`],
      [`${PATHS.day}, outside the window`, (n) => pathOf("day", { date: dayAfter1930(spread(n)) })],
    ];
    const distinct: { ceiling: Row; service: Row }[] = [];
    for (const [name, path] of distinctCases) distinct.push({ ceiling: await load("ceiling", ceiling, "/"), service: await load(name, service, path) });

    const share = (rps: number, top: number) => `${Math.round((100 * rps) / top)} %`;
    const pct = (x: number | undefined) => (x === undefined ? "?" : `${Math.round(100 * x)} %`);
    const cpu = (r: Row) => `${pct(r.serverCpu)} / ${pct(r.loadCpu)}`;
    const lines = [
      "| request | req/s | ceiling beside it: req/s | of ceiling | p50 ms | p99 ms | non-2xx | CPU: server / load generator | same bytes, minimal server: req/s | service / same bytes |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map(({ name, ceiling: c, service: r, same }) =>
        `| ${name} | ${fmt(r.rps)} | ${fmt(c.rps)} | ${share(r.rps, c.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${cpu(r)} | ${fmt(same.rps)} (${share(same.rps, c.rps)}) | ${share(r.rps, same.rps)} |`,
      ),
      "",
      "Distinct targets (every request a different one; every answer computed; one run each, beside a ceiling run):",
      "",
      "| request | req/s | ceiling beside it: req/s | of ceiling | p50 ms | p99 ms | non-2xx | CPU: server / load generator |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...distinct.map(({ ceiling: c, service: r }) => `| ${r.name} | ${fmt(r.rps)} | ${fmt(c.rps)} | ${share(r.rps, c.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${cpu(r)} |`),
    ];
    const report = [
      "# HTTP benchmark (`npm run bench -- http`)",
      "",
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run after a 1 s warm-up, loopback, limits off; the standalone server, the`,
      "ceiling server and each same-bytes server in a process of their own, the load generator in another, on the same 2-core machine.",
      `Each case: ${ROUNDS} rounds of ceiling, service, same bytes side by side; medians (non-2xx: the sum).`,
      "A repeated request is answered from the answers the server keeps (server/answers.ts), as the CDN answers it in production.",
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
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
