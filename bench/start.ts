/**
 * `npm run bench -- start`: what a newcomer waits for, as README's first command does it. The committed HEAD is cloned
 * into a temporary folder, `npm ci` runs there, then `npm start` (limits on, no dataset) is timed from the spawn to
 *  - the first answer of `/` (the waiting page while the site builds, 503),
 *  - the first `/health` 200,
 *  - the first `/` 200 (the site built);
 * then, stopped with SIGTERM, started again WARM_STARTS times with nothing stale. The server's own log lines give the
 * bundling and site build times. Writes the "Start-up" section of docs/bench-build.md.
 *
 * Uncommitted changes are not measured (the clone takes HEAD), as a newcomer's clone would not have them.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PATHS } from "../contract/paths.js";
import { freePort, sleep } from "./lib/net.js";
import { writeSection } from "./lib/report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const WARM_STARTS = 3;
const GIVE_UP_MS = 300_000;

async function status(url: string, accept: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}

interface StartTimes {
  firstPage?: number;
  firstPageStatus?: number;
  health?: number;
  site?: number;
  bundled?: string;
  siteBuilt?: string;
  stopMs?: number;
}

async function timeStart(dir: string): Promise<StartTimes> {
  const port = await freePort();
  const t0 = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", RATE_LIMITS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const times: StartTimes = {};
  let log = "";
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    times.bundled ??= /bundled in ([\d.]+ s)/.exec(log)?.[1];
    times.siteBuilt ??= /site: built in ([\d.]+ s)/.exec(log)?.[1];
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  let exited = false;
  child.on("exit", () => (exited = true));
  const base = `http://127.0.0.1:${port}`;
  const html = "text/html,application/xhtml+xml";
  while (performance.now() - t0 < GIVE_UP_MS && !exited) {
    if (times.health === undefined && (await status(`${base}${PATHS.health}`, "application/json")) === 200) {
      times.health = performance.now() - t0;
    }
    const page = await status(`${base}/`, html);
    if (page !== undefined && times.firstPage === undefined) {
      times.firstPage = performance.now() - t0;
      times.firstPageStatus = page;
    }
    if (page === 200) {
      times.site = performance.now() - t0;
      if (times.health !== undefined) break;
    }
    await sleep(25);
  }
  const stopAt = performance.now();
  child.kill("SIGTERM");
  await new Promise<void>((r) => (exited ? r() : child.once("exit", () => r())));
  times.stopMs = performance.now() - stopAt;
  if (times.health === undefined || times.site === undefined)
    throw new Error(`npm start did not serve within ${GIVE_UP_MS / 1000} s:\n${log}`);
  return times;
}

const s = (ms: number | undefined) => (ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`);

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-start-"));
  const load: number[] = [];
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, dir], { stdio: "inherit" });
    load.push(loadavg()[0]!);
    const ciStart = performance.now();
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: "ignore" });
    const ciMs = performance.now() - ciStart;
    load.push(loadavg()[0]!);
    const rows: Array<[string, StartTimes]> = [["first start of a fresh clone", await timeStart(dir)]];
    for (let i = 1; i <= WARM_STARTS; i++) {
      load.push(loadavg()[0]!);
      rows.push([`start ${i + 1}, nothing stale`, await timeStart(dir)]);
    }
    load.push(loadavg()[0]!);
    console.table(rows.map(([name, t]) => ({ name, ...t })));
    const table = [
      `| start | first answer of \`/\` | first \`${PATHS.health}\` 200 | \`/\` 200 (site built) | bundling (log) | site build (log) | SIGTERM to exit |`,
      "|---|---:|---:|---:|---:|---:|---:|",
      ...rows.map(
        ([name, t]) =>
          `| ${name} | ${s(t.firstPage)} (${t.firstPageStatus}) | ${s(t.health)} | ${s(t.site)} | ${t.bundled ?? "-"} | ${t.siteBuilt ?? "-"} | ${(t.stopMs! / 1000).toFixed(2)} s |`,
      ),
    ];
    const body = [
      `Command: \`npm run bench -- start\` (bench/start.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, commit ${head}; load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} during the run.`,
      "",
      `A clone of the commit in a temporary folder, \`npm ci\` there (${s(ciMs)}, from the npm registry), then \`npm start\` (limits on, no dataset built), timed from the spawn of \`npm start\` until each answer, polling every 25 ms; then stopped with SIGTERM and started again, nothing stale. Times include npm's own start. The first answer of \`/\` is the waiting page (503) while the site builds, or the page itself.`,
      "",
      ...table,
    ].join("\n");
    writeSection(join(root, "docs", "bench-build.md"), "Start-up", body);
    console.log("wrote the start-up section of docs/bench-build.md");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
