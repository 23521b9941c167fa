/**
 * The standalone server itself (server/standalone.ts), over real HTTP on loopback: it serves before any build (every
 * answer computed, byte-identical to the file answers), uses dataset files only when they are this engine's, holds
 * site pages until the site build is done, and stops cleanly on SIGTERM and SIGINT with keep-alive sockets open.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetIsCurrent } from "../../server/dataset.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { IDENTITY } from "./base-url.js";
import { FILE_ANSWER_HEADERS } from "./header-lists.js";
import { choosePort, PUBLIC_DIR, ROOT } from "./server.js";

const SKIP = process.env.E2E === "off";

describe.skipIf(SKIP)("the standalone server", () => {
  const servers: StandaloneServer[] = [];
  const dirs: string[] = [];

  async function start(publicDir: string, siteReady?: Promise<unknown>): Promise<string> {
    const service = createServer({ publicDir, rateLimits: false, answerSourceHeader: true, siteReady, log: () => {} });
    servers.push(service);
    return (await service.listen(0, "127.0.0.1")).url;
  }

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "standalone-test-"));
    dirs.push(dir);
    return dir;
  }

  /** A publish folder holding copies of some of public/'s files (relative paths). */
  function copyOf(files: string[]): string {
    const dir = tempDir();
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(PUBLIC_DIR, file), join(dir, file));
    }
    return dir;
  }

  let datasetBuilt = false;
  beforeAll(async () => {
    datasetBuilt = await datasetIsCurrent(PUBLIC_DIR);
  });

  afterAll(async () => {
    for (const s of servers) await s.close(0);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const FILE_PATHS = [
    "/v3/holidays?year=2024",
    "/v3/holidays?year=1930&sundays=true&saturdays=true",
    "/v3/observances",
    "/v3/openapi.json",
    "/v3/observances/easterSunday?from=1954",
    "/v3/days/2026-12-24",
  ];

  it("without a dataset, the requests files answer are computed: same status, body and spec headers", async (ctx) => {
    if (!datasetBuilt) ctx.skip();
    const empty = await start(tempDir());
    const built = await start(PUBLIC_DIR);
    for (const path of FILE_PATHS) {
      const [a, b] = [await fetch(empty + path), await fetch(built + path)];
      expect([path, a.headers.get("x-answer-source"), b.headers.get("x-answer-source")]).toEqual([
        path,
        "function",
        "file",
      ]);
      expect(a.status).toBe(200);
      expect(await a.text()).toBe(await b.text());
      for (const name of FILE_ANSWER_HEADERS) {
        expect([path, name, a.headers.get(name)]).toEqual([path, name, b.headers.get(name)]);
      }
    }
    // a site page without a site: the not-found problem, never a crash
    const page = await fetch(empty + "/");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toBe("application/problem+json");
  });

  it("dataset files answer only when they are this engine's (else every answer is computed)", async (ctx) => {
    if (!datasetBuilt) ctx.skip();
    const files = ["manifest.json", "v3/data/2024/holidays.json", "v3/data/observances.json", "v3/data/openapi.json"];
    const current = await start(copyOf(files));
    expect((await fetch(current + "/v3/holidays?year=2024")).headers.get("x-answer-source")).toBe("file");

    const edited = copyOf(files);
    writeFileSync(join(edited, "v3/data/2024/holidays.json"), '{"year":2024,"count":0,"days":[]}');
    const stale = await start(edited);
    const res = await fetch(stale + "/v3/holidays?year=2024");
    expect(res.headers.get("x-answer-source")).toBe("function");
    expect((await res.json()).count).toBeGreaterThan(0);
  });

  it("site pages answer the waiting page while the site builds (test/e2e/site-waiting.test.ts); everything else answers at once", async () => {
    let done!: () => void;
    const siteReady = new Promise<void>((resolve) => (done = resolve));
    const dir = tempDir();
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>site</title>");
    const base = await start(dir, siteReady);
    const waiting = await fetch(base + "/");
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect((await fetch(base + "/health")).status).toBe(200);
    expect((await fetch(base + "/v3/days/2024-06-21")).status).toBe(200);
    done();
    await new Promise((r) => setTimeout(r, 10));
    const res = await fetch(base + "/", { headers: IDENTITY });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const again = await fetch(base + "/", { headers: { ...IDENTITY, "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s stops it cleanly with a keep-alive connection open: listener closed, exit 0",
    async (signal) => {
      const port = await choosePort(8990);
      // the process npm start execs (node server/start.mjs, the server's bundle), signalled as a supervisor signals it
      const child = spawn(process.execPath, [join(ROOT, "server", "start.mjs"), "--no-build"], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), RATE_LIMITS: "off" },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (d) => (output += d));
      child.stderr!.on("data", (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      try {
        for (let i = 0; i < 100 && !output.includes("Ctrl-C stops"); i++) await new Promise((r) => setTimeout(r, 100));
        // one keep-alive socket, left open after its answer
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest({ host: "127.0.0.1", port, path: "/health", agent }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          });
          req.on("error", reject);
          req.end();
        });
        expect(status).toBe(200);
        const started = Date.now();
        process.kill(-child.pid!, signal);
        expect(await exited).toBe(0);
        expect(Date.now() - started).toBeLessThan(3000);
        expect(output).toContain(`${signal}: closing`);
        agent.destroy();
      } finally {
        if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      }
    },
    30_000,
  );
});
