/**
 * In-process handler throughput and latency, `npm run bench -- handlers`: p50/p99 of handleV3, RATE_LIMITS off,
 * for /v3/days/{date}, a 200-year /v3/period and a 20-step /v3/shift (each request builds a Request, runs the whole
 * serve() pipeline and reads the body). Writes its section of docs/bench-handlers.md; the functions' cold starts as
 * deployed are bench/cold.ts's.
 */

import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { PATHS, pathOf } from "../contract/paths.js";
import { writeSection } from "./lib/report.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

interface LatencyRow {
  name: string;
  requests: number;
  opsPerSecond: number;
  p50us: number;
  p99us: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(name: string, paths: (i: number) => string, requests: number): Promise<LatencyRow> {
  const { handleV3 } = await import("../http/v3.js");
  const ctx = { rateLimitsEnabled: false, store: null };
  for (let i = 0; i < Math.min(2000, requests); i++) {
    const res = await handleV3(new Request("http://localhost" + paths(i)), ctx);
    if (res.status !== 200) throw new Error(`${paths(i)} -> ${res.status}: ${await res.text()}`);
    await res.text();
  }
  const times = new Float64Array(requests);
  const start = performance.now();
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await handleV3(new Request("http://localhost" + paths(i)), ctx);
    await res.text();
    times[i] = performance.now() - t;
  }
  const total = performance.now() - start;
  const sorted = Array.from(times).sort((a, b) => a - b);
  return {
    name,
    requests,
    opsPerSecond: Math.round(requests / (total / 1000)),
    p50us: Math.round(percentile(sorted, 50) * 1000),
    p99us: Math.round(percentile(sorted, 99) * 1000),
  };
}

function iso(year: number, dayOfYear: number): string {
  const d = new Date(Date.UTC(year, 0, 1 + dayOfYear));
  return d.toISOString().slice(0, 10);
}

const STEP_UNITS = ["1d", "2b", "1w", "1m", "-3b", "1y", "10b", "-1m", "5d", "-2w"];

async function inProcess(): Promise<LatencyRow[]> {
  process.env.RATE_LIMITS = "off";
  return [
    await measure(
      "GET /v3/days/{date} (dates across 1930-9999)",
      (i) => pathOf("day", { date: iso(1930 + ((i * 7919) % 8000), (i * 37) % 365) }),
      50_000,
    ),
    await measure(
      "GET /v3/period, 200 years",
      (i) => {
        const y = 1930 + (i % 7800);
        const d = (i * 13) % 365;
        const md = iso(2001, d).slice(4); // a month-day of a common year: valid in every year
        return `${PATHS.period}?from=${y}${md}&to=${y + 200}${md}&bounds=${["inclusive", "exclusive", "from", "to"][i % 4]}`;
      },
      20_000,
    ),
    await measure(
      "GET /v3/shift, 20 steps (d, b, w, m, y mixed)",
      (i) => {
        const y = 1950 + (i % 7900);
        const steps = Array.from({ length: 20 }, (_, k) => `add=${STEP_UNITS[(i + k) % STEP_UNITS.length]}`).join("&");
        return `${PATHS.shift}?date=${iso(y, (i * 11) % 365)}&${steps}&postpone=true`;
      },
      20_000,
    ),
  ];
}

export async function run(): Promise<void> {
  const latency = await inProcess();
  console.table(latency);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}`;
  writeSection(
    join(root, "docs", "bench-handlers.md"),
    "In-process handler throughput and latency",
    [
      "Command: `npm run bench -- handlers` (bench/handlers.ts). Numbers from one run on " +
        machine +
        `, ${new Date().toISOString().slice(0, 10)}.`,
      "",
      "`handleV3(new Request(...))` with `RATE_LIMITS=off`: the whole pipeline (routing, strict validation, engine, serialisation, ETag, CORS and RateLimit headers), body read. Sequential requests in one process after a warm-up.",
      "",
      "| request | requests | throughput | p50 | p99 |",
      "|---|---:|---:|---:|---:|",
      ...latency.map(
        (r) =>
          `| ${r.name} | ${r.requests} | ${r.opsPerSecond.toLocaleString("en")} req/s | ${r.p50us} µs | ${r.p99us} µs |`,
      ),
    ].join("\n"),
  );
  console.log("wrote the in-process section of docs/bench-handlers.md");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
