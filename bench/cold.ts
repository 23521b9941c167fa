/**
 * Cold starts of the functions as deployed, `npm run bench -- cold`: `netlify build --offline --context
 * functions-only` (which bundles them, build/bundle.ts), then for each function the module of its zip, in a fresh
 * `node` process per measurement (bench/cold/function-cold.mjs): the import, and the first answer after it (the
 * request below; the Request built before the timer, as the platform's runtime builds it). Median of 7, the
 * functions interleaved so that the machine's load falls on all of them alike.
 *
 * Beside them, in the same rounds, the MCP floor: a file bundling only the MCP SDK's server and its Streamable HTTP
 * transport with the same options, i.e. what any MCP function built on the SDK imports.
 *
 * Targets: import ≤ 60 ms and first answer ≤ 30 ms for every function but mcp; mcp's import ≤ 1.5 × the floor, its
 * first answer ≤ 30 ms. Writes the "Cold starts" section of docs/bench-handlers.md. `BENCH_SKIP_BUILD=1` reuses
 * .netlify/functions.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { BUNDLE_TARGET } from "../build/bundle.js";
import { MCP_SAMPLE_CALL } from "../contract/examples.js";
import { PATHS, pathOf } from "../contract/paths.js";
import { writeSection } from "./lib/report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const COLD_SCRIPT = join(root, "bench", "cold", "function-cold.mjs");
const ROUNDS = 7;

export interface ColdRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

const ORIGIN = "https://calendar.example";

/** The one request each function answers in a cold start: a typical request of its own, answered 200. */
export const COLD_REQUESTS: Record<string, ColdRequest> = {
  v3: { url: ORIGIN + pathOf("day", { date: "2024-06-21" }) },
  v2: { url: `${ORIGIN}${PATHS.v2Holidays}?year=2024` },
  ical: { url: ORIGIN + PATHS.feedAlias },
  "ical-query": { url: `${ORIGIN}${PATHS.feed}?bridge=1` },
  health: { url: ORIGIN + PATHS.health },
  "rate-limited": { url: `${ORIGIN}/rate-limited/v3` },
  "not-found": { url: `${ORIGIN}/nothing` },
  mcp: {
    url: ORIGIN + PATHS.mcp,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: MCP_SAMPLE_CALL }),
  },
};

export interface ColdStart {
  importMs: number;
  fetchClassesMs: number;
  firstAnswerMs: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One cold start of a function module in a fresh node process (`node` = the Node binary to run it with). */
export function coldStart(modulePath: string, request: ColdRequest, node = process.execPath): ColdStart {
  const out = execFileSync(node, [COLD_SCRIPT, modulePath, JSON.stringify(request)], {
    encoding: "utf8",
    env: { ...process.env, RATE_LIMITS: "off", NETLIFY_TELEMETRY_DISABLED: "1" },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split("\n").pop()!) as ColdStart;
}

/** The MCP floor: the SDK's server and Streamable HTTP transport alone, bundled as the functions are. */
async function mcpFloor(dir: string): Promise<string> {
  const entry = join(dir, "mcp-floor-entry.mjs");
  const out = join(dir, "mcp-floor.mjs");
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    entry,
    `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
export default async (request) => {
  const server = new Server({ name: "floor", version: "1" }, { capabilities: { tools: {} } });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  return transport.handleRequest(request);
};
`,
  );
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: BUNDLE_TARGET,
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: "none",
    nodePaths: [join(root, "node_modules")],
    banner: { js: `import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);` },
    logLevel: "warning",
  });
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

interface Row {
  name: string;
  zipBytes: number;
  moduleBytes: number;
  importMs: number;
  firstAnswerMs: number;
  fetchClassesMs: number;
  status: number;
}

export async function run(): Promise<void> {
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
  const zips = join(root, ".netlify", "functions");
  const work = mkdtempSync(join(tmpdir(), "cold-"));
  try {
    const names = readdirSync(zips)
      .filter((f) => f.endsWith(".zip"))
      .map((f) => f.slice(0, -4))
      .sort();
    const modules = new Map<string, string>();
    for (const name of names) {
      const dir = join(work, name);
      execFileSync("unzip", ["-q", join(zips, `${name}.zip`), "-d", dir]);
      modules.set(name, join(dir, `${name}.mjs`));
    }
    const floor = await mcpFloor(work);
    const samples = new Map<string, ColdStart[]>([...names, "mcp floor"].map((n) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of names)
        samples.get(name)!.push(coldStart(modules.get(name)!, COLD_REQUESTS[name] ?? { url: `${ORIGIN}/` }));
      samples.get("mcp floor")!.push(coldStart(floor, COLD_REQUESTS.mcp));
    }
    const rows: Row[] = [...samples].map(([name, runs]) => ({
      name,
      zipBytes: name === "mcp floor" ? NaN : statSync(join(zips, `${name}.zip`)).size,
      moduleBytes: statSync(name === "mcp floor" ? floor : modules.get(name)!).size,
      importMs: median(runs.map((r) => r.importMs)),
      firstAnswerMs: median(runs.map((r) => r.firstAnswerMs)),
      fetchClassesMs: median(runs.map((r) => r.fetchClassesMs)),
      status: runs[0].status,
    }));
    console.table(rows);
    const floorMs = rows.find((r) => r.name === "mcp floor")!.importMs;
    const target = (r: Row): string => {
      if (r.name === "mcp floor") return "";
      const importLimit = r.name === "mcp" ? 1.5 * floorMs : 60;
      const met = r.importMs <= importLimit && r.firstAnswerMs <= 30;
      const importTarget = r.name === "mcp" ? `≤ 1.5 × floor = ${ms(importLimit)}` : "≤ 60 ms";
      return `import ${importTarget}, first answer ≤ 30 ms: ${met ? "met" : "**not met**"}`;
    };
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}`;
    writeSection(
      join(root, "docs", "bench-handlers.md"),
      "Cold starts",
      [
        `Command: \`npm run bench -- cold\` (bench/cold.ts), ${new Date().toISOString().slice(0, 10)}, ${machine}` +
          (Number.isNaN(buildSeconds)
            ? "."
            : `; \`netlify build --offline --context functions-only\` took ${buildSeconds.toFixed(1)} s.`),
        "",
        "Each function's module as its zip holds it (`dist/functions/<name>.mjs`, one file with everything it imports, " +
          "build/bundle.ts), in a fresh `node` process per measurement, median of " +
          ROUNDS +
          " rounds with the functions interleaved. " +
          "Import: `await import()` of the module. First answer: its default export called with one request and the body read; " +
          "the Request is built before the timer, as the platform's runtime builds it before calling the function " +
          "(Node loads its Fetch classes on their first use: the last column, paid by the runtime's bootstrap, not by the function). " +
          "Netlify's own bootstrap and telemetry modules (about 1.1 MiB of every zip) run only inside its runtime and are not measured. " +
          "The MCP floor is a file bundling only the MCP SDK's server and Streamable HTTP transport, answering the same request " +
          "(with no tools: a JSON-RPC error), measured in the same rounds.",
        "",
        "| function | first request | zip | module | import | first answer | status | target | Fetch classes' first use |",
        "|---|---|---:|---:|---:|---:|---:|---|---:|",
        ...rows.map((r) => {
          const request = COLD_REQUESTS[r.name === "mcp floor" ? "mcp" : r.name];
          const shown = request
            ? `${request.method ?? "GET"} ${new URL(request.url).pathname}${new URL(request.url).search}`
            : "";
          return `| ${r.name} | \`${shown}\` | ${Number.isNaN(r.zipBytes) ? "-" : kib(r.zipBytes)} | ${kib(r.moduleBytes)} | ${ms(r.importMs)} | ${ms(r.firstAnswerMs)} | ${r.status} | ${target(r)} | ${ms(r.fetchClassesMs)} |`;
        }),
        "",
      ].join("\n"),
    );
    console.log("wrote the cold starts of docs/bench-handlers.md");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await run();
