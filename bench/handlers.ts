/**
 * HTTP-layer benchmarks (issue 3), `npm run bench -- handlers`:
 *  1. in-process handler throughput and latency (p50/p99) of handleV3, RATE_LIMITS off, for /v3/days/{date},
 *     a 200-year /v3/period and a 20-step /v3/shift (each request builds a Request, runs the whole serve()
 *     pipeline and reads the body);
 *  2. `netlify build --offline`: each function's bundle (.netlify/functions/*.zip) size, and its module
 *     initialisation time: importing the bundled function module (functions/<name>.mjs with the node_modules
 *     in the zip) in a fresh node process (median of 5), plus the first request after import. Netlify's own
 *     entry point (bootstrap, telemetry) only runs inside its Lambda runtime and is not measured.
 * Writes docs/bench-handlers.md. `BENCH_SKIP_BUILD=1` reuses an existing .netlify/functions.
 */
import { PATHS, pathOf } from "../contract/paths.js";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

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
  const { handleV3 } = await import("../functions/lib/v3.js");
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
    await measure("GET /v3/days/{date} (dates across 1930-9999)", (i) => pathOf("day", { date: iso(1930 + ((i * 7919) % 8000), (i * 37) % 365) }), 50_000),
    await measure("GET /v3/period, 200 years", (i) => {
      const y = 1930 + (i % 7800);
      const d = (i * 13) % 365;
      const md = iso(2001, d).slice(4); // a month-day of a common year: valid in every year
      return `${PATHS.period}?from=${y}${md}&to=${y + 200}${md}&bounds=${["inclusive", "exclusive", "from", "to"][i % 4]}`;
    }, 20_000),
    await measure("GET /v3/shift, 20 steps (d, b, w, m, y mixed)", (i) => {
      const y = 1950 + (i % 7900);
      const steps = Array.from({ length: 20 }, (_, k) => `add=${STEP_UNITS[(i + k) % STEP_UNITS.length]}`).join("&");
      return `${PATHS.shift}?date=${iso(y, (i * 11) % 365)}&${steps}&postpone=true`;
    }, 20_000),
  ];
}

interface BundleRow {
  name: string;
  zipBytes: number;
  functionModuleBytes: number;
  importFunctionMs: number;
  firstRequestMs: number | null;
}

const FIRST_REQUEST: Record<string, string> = {
  v3: pathOf("day", { date: "2024-06-21" }),
  health: PATHS.health,
  "not-found": "/nothing",
  v2: `${PATHS.v2Holidays}?year=2024`,
  ical: PATHS.feedAlias,
  "ical-query": `${PATHS.feed}?bridge=1`,
  "rate-limited": "/rate-limited/v3",
};

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Runs a snippet in a fresh node process in `cwd` and returns the number it prints. */
function freshNode(cwd: string, code: string): number {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, RATE_LIMITS: "off", NETLIFY_TELEMETRY_DISABLED: "1" },
  });
  return Number(out.trim().split("\n").pop());
}

function bundles(): { rows: BundleRow[]; buildSeconds: number } {
  const bin = join(root, "node_modules", ".bin");
  let buildSeconds = NaN;
  if (!process.env.BENCH_SKIP_BUILD) {
    const t = performance.now();
    execFileSync(join(bin, "netlify"), ["build", "--offline", "--context", "functions-only"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NETLIFY_TELEMETRY_DISABLED: "1" },
    });
    buildSeconds = (performance.now() - t) / 1000;
  }
  const dir = join(root, ".netlify", "functions");
  const rows: BundleRow[] = [];
  for (const zip of readdirSync(dir).filter((f) => f.endsWith(".zip")).sort()) {
    const name = zip.replace(/\.zip$/, "");
    const out = mkdtempSync(join(tmpdir(), `bundle-${name}-`));
    try {
      execFileSync("unzip", ["-q", join(dir, zip), "-d", out]);
      // the function's own module: under functions/ (bundled with its node_modules beside it) or at the zip's root
      const folder = existsSync(join(out, "functions")) ? "functions" : ".";
      const fnFile = readdirSync(join(out, folder)).find((f) => f === `${name}.mjs` || (folder === "functions" && f.endsWith(".mjs")))!;
      const fnPath = `./${folder === "." ? "" : "functions/"}${fnFile}`;
      const importFunction = `const t = performance.now(); await import("${fnPath}"); console.log(performance.now() - t);`;
      const path = FIRST_REQUEST[name];
      const firstRequest = path
        ? `const m = await import("${fnPath}"); const t = performance.now();
           const res = await m.default(new Request("http://localhost${path}"), { ip: "192.0.2.1" }); await res.text();
           console.log(performance.now() - t);`
        : undefined;
      rows.push({
        name,
        zipBytes: statSync(join(dir, zip)).size,
        functionModuleBytes: statSync(join(out, fnPath)).size,
        importFunctionMs: median(Array.from({ length: 5 }, () => freshNode(out, importFunction))),
        firstRequestMs: firstRequest ? median(Array.from({ length: 5 }, () => freshNode(out, firstRequest))) : null,
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
  return { rows, buildSeconds };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function run(): Promise<void> {
  const latency = await inProcess();
  console.table(latency);
  const { rows, buildSeconds } = bundles();
  console.table(rows);

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}`;
  const md = [
    "# HTTP-layer benchmark (functions)",
    "",
    "Command: `npm run bench -- handlers` (bench/handlers.ts). Numbers from one run on " + machine + `, ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "## In-process handler throughput and latency",
    "",
    "`handleV3(new Request(...))` with `RATE_LIMITS=off`: the whole pipeline (routing, strict validation, engine, serialisation, ETag, CORS and RateLimit headers), body read. Sequential requests in one process after a warm-up.",
    "",
    "| request | requests | throughput | p50 | p99 |",
    "|---|---:|---:|---:|---:|",
    ...latency.map((r) => `| ${r.name} | ${r.requests} | ${r.opsPerSecond.toLocaleString("en")} req/s | ${r.p50us} µs | ${r.p99us} µs |`),
    "",
    "## Bundles and cold start (`netlify build --offline`)",
    "",
    `Bundle = \`.netlify/functions/<name>.zip\`${Number.isNaN(buildSeconds) ? "" : ` (build took ${buildSeconds.toFixed(1)} s)`}. Init = importing the unzipped function module (our code plus the node_modules in the zip) in a fresh node process, median of 5; Netlify's own entry point (bootstrap and telemetry, in every Netlify function) only runs inside its Lambda runtime and is not included. First request = one request right after the import (RATE_LIMITS=off).`,
    "",
    "| function | zip | function module | init | first request |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.name} | ${kb(r.zipBytes)} | ${kb(r.functionModuleBytes)} | ${ms(r.importFunctionMs)} | ${r.firstRequestMs === null ? "-" : ms(r.firstRequestMs)} |`),
    "",
    "About 1.1 MiB (uncompressed) of every zip is Netlify's own bootstrap and telemetry modules; v2 functions are always bundled with nft (zip-it-and-ship-it forces it), so `node_bundler` cannot change that.",
    "",
  ].join("\n");
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(join(root, "docs", "bench-handlers.md"), md);
  console.log("wrote docs/bench-handlers.md");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
