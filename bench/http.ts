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

/** Load on one path, or on a path per request (`path` given a counter). */
async function load(name: string, port: number, path: string | ((n: number) => string)): Promise<Row> {
  let n = 0;
  const target: autocannon.Options =
    typeof path === "string"
      ? { url: `http://127.0.0.1:${port}${path}` }
      : { url: `http://127.0.0.1:${port}`, requests: [{ setupRequest: (req) => ({ ...req, path: path(n++) }) }] };
  // a short warm-up, then the measured run
  await autocannon({ ...target, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
  const shown = typeof path === "string" ? path : `${path(0)}, ${path(1)}, ...`;
  return { name, path: shown, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

/** The n-th day from 1930-01-01, as YYYY-MM-DD (n below 2,900,000: up to 9869). */
function dayAfter1930(n: number): string {
  return new Date(Date.UTC(1930, 0, 1 + n)).toISOString().slice(0, 10);
}

/** Spread over the first 2,800,000 days, so a span of 100,000 days after it still ends before 9999. */
const spread = (n: number) => n % 2_800_000;

const fmt = (n: number) => Math.round(n).toLocaleString("en");

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
    const sameBytes: number[] = [];
    for (const [name, path] of cases) {
      rows.push(await load(name, service.port, path));
      const replay = await startServer(["replay", `http://127.0.0.1:${service.port}${path}`]);
      try {
        sameBytes.push((await load(name, replay.port, "/")).rps);
      } finally {
        replay.child.kill("SIGTERM");
      }
    }
    // every request a different target: nothing kept, every answer computed
    const distinct: Row[] = [
      await load("/v3/period, 200 years", service.port, (n) => `${PATHS.period}?from=${dayAfter1930(spread(n * 7))}&to=${dayAfter1930(spread(n * 7) + 73_000)}`),
      await load("/v3/shift, 20 steps", service.port, (n) => `${PATHS.shift}?date=${dayAfter1930(spread(n * 3))}&${steps}&postpone=true`),
      await load(`${PATHS.day}, outside the window`, service.port, (n) => pathOf("day", { date: dayAfter1930(spread(n)) })),
    ];
    const top = rows[0].rps;
    const share = (rps: number) => `${Math.round((100 * rps) / top)} %`;
    const lines = [
      "| request | req/s | of ceiling | p50 ms | p99 ms | non-2xx | same bytes, minimal server: req/s | service / same bytes |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r, i) =>
        i === 0
          ? `| ${r.name} | ${fmt(r.rps)} | 100 % | ${r.p50} | ${r.p99} | ${r.non2xx} | | |`
          : `| ${r.name} | ${fmt(r.rps)} | ${share(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${fmt(sameBytes[i - 1])} (${share(sameBytes[i - 1])}) | ${Math.round((100 * r.rps) / sameBytes[i - 1])} % |`,
      ),
      "",
      "Distinct targets (every request a different one; every answer computed):",
      "",
      "| request | req/s | of ceiling | p50 ms | p99 ms | non-2xx |",
      "|---|---:|---:|---:|---:|---:|",
      ...distinct.map((r) => `| ${r.name} | ${fmt(r.rps)} | ${share(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`),
    ];
    const report = [
      "# HTTP benchmark (`npm run bench -- http`)",
      "",
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per request after a 1 s warm-up, loopback, limits off; the standalone server, the`,
      "ceiling server and each same-bytes server in a process of their own, the load generator in another, on the same 2-core machine.",
      "A repeated request is answered from the answers the server keeps (server/answers.ts), as the CDN answers it in production.",
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
