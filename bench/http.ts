/**
 * Over real HTTP on loopback (issue 10 "Speed"), `npm run bench -- http`: autocannon, 50 connections, limits off,
 * against the standalone server (its own process) and, side by side in the same run, a minimal node:http server
 * answering a constant JSON body (this machine's ceiling). Requests: a 200-year /v3/period, a 20-step /v3/shift,
 * /v3/days/{date} for a date outside the per-date window (the function answers), a static year file
 * (/v3/holidays?year=2024, answered from the dataset file) and the subscription feed.
 * The dataset for the static answer is built into a temporary folder (year 2024 only).
 * Writes docs/bench-http.md. BENCH_HTTP_SECONDS sets each run's duration (default 5).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { PATHS, pathOf } from "../contract/paths.js";
import { materialise } from "../build/materialise.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONNECTIONS = 50;

async function startServer(args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), [join(root, "bench", "http", "serve.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, RATE_LIMITS: "off" },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const line = out.split("\n")[0];
      if (out.includes("\n")) resolve(Number(line));
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, child };
}

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(name: string, port: number, path: string): Promise<Row> {
  // a short warm-up, then the measured run
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: SECONDS });
  return { name, path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
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
    const rows: Row[] = [await load("ceiling: minimal node:http, constant JSON", ceiling.port, "/")];
    for (const [name, path] of cases) rows.push(await load(name, service.port, path));
    const top = rows[0].rps;
    const lines = [
      "| request | req/s | of ceiling | p50 ms | p99 ms | non-2xx |",
      "|---|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.name} | ${Math.round(r.rps).toLocaleString("en")} | ${Math.round((100 * r.rps) / top)} % | ${r.p50} | ${r.p99} | ${r.non2xx} |`),
    ];
    const report = [
      "# HTTP benchmark (`npm run bench -- http`)",
      "",
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per request after a 1 s warm-up, loopback, limits off; the standalone server and the`,
      "ceiling server each in a process of their own, the load generator in a third, on the same 2-core machine.",
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
