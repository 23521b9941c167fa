/**
 * `npm run bench -- lighthouse`: Lighthouse (the `lighthouse` package, its default mobile settings: a simulated
 * mid-range phone on a slow 4G connection) against the standalone server serving the built site, for the home page
 * and the API reference in both languages. Prints each page's performance, accessibility, best-practices and SEO
 * scores with the paint and blocking times behind the performance score, ROUNDS times, and writes the table to the
 * "Lighthouse" section of docs/bench-site.md.
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium (Lighthouse's chrome-launcher starts it with the flags below; nothing
 * is downloaded). The server is `node server/start.mjs` on a free port with limits off; it builds what is stale
 * (the site included) before it answers the pages, so run `npm run build:site` first to measure the current sources.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageHref } from "../site/src/lib/i18n.js";
import { freePort, sleep } from "./lib/net.js";
import { writeSection } from "./lib/report.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = [pageHref("home", "sv"), pageHref("home", "en"), pageHref("api", "sv"), pageHref("api", "en")];
const ROUNDS = Number(process.env.LIGHTHOUSE_ROUNDS ?? 2);
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const GIVE_UP_MS = 300_000;

/** The standalone server on a free port, once it answers `/` with the site (200). */
async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", RATE_LIMITS: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  while (performance.now() - t0 < GIVE_UP_MS) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const status = await fetch(`${base}/`, { signal: AbortSignal.timeout(5000) })
      .then((r) => {
        r.arrayBuffer();
        return r.status;
      })
      .catch(() => 0);
    if (status === 200) return { base, child };
    await sleep(250);
  }
  child.kill("SIGTERM");
  throw new Error(`the server did not serve the site within ${GIVE_UP_MS / 1000} s`);
}

interface Row {
  round: number;
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export async function run(): Promise<void> {
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH`);
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const { base, child } = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  const load: number[] = [loadavg()[0]!];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of PAGES) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result!.lhr;
        const ms = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Row["scores"];
        const row = {
          round,
          page,
          scores,
          fcp: ms("first-contentful-paint"),
          lcp: ms("largest-contentful-paint"),
          tbt: ms("total-blocking-time"),
          cls: ms("cumulative-layout-shift"),
        };
        rows.push(row);
        load.push(loadavg()[0]!);
        console.log(
          `round ${round} ${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}; FCP ${(row.fcp / 1000).toFixed(1)} s, LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    child.kill("SIGTERM");
  }
  const lighthouseVersion = (await import("lighthouse/package.json", { with: { type: "json" } })).default
    .version as string;
  const body = [
    `Command: \`npm run bench -- lighthouse\` (bench/lighthouse.ts), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, Lighthouse ${lighthouseVersion} (mobile defaults: simulated slow 4G and a 4× slower CPU), ${execFileSync(chromePath, ["--version"], { encoding: "utf8" }).trim()}, commit ${head}; load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} during the run.`,
    "",
    "The standalone server (`node server/start.mjs`, limits off) serving the built site; each page measured once per round, the rounds one after another.",
    "",
    "| round | page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.round} | \`${r.page}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores["best-practices"]} | ${r.scores.seo} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
    ),
  ].join("\n");
  writeSection(join(root, "docs", "bench-site.md"), "Lighthouse", body);
  console.log("wrote the Lighthouse section of docs/bench-site.md");
}
