/**
 * A production install runs (docs/self-hosting.md#a-production-install): after `npm run build`, a copy of the project with only its
 * production dependencies (`npm ci --omit=dev`: no TypeScript loader, no esbuild, no Astro) serves the whole service
 * and the site with `npm start`, builds and writes nothing at start when the build is current, and says in one log
 * line when the site is older than its sources (serving what public/ holds) or missing (the API answers all the same).
 *
 * The copy is the tracked files plus what the build wrote that the server reads (dist/, the site in public/, its
 * compressed forms in .compressed/, served as stored); the static dataset is left out: without it every answer is
 * computed, byte-identical (the other e2e suites show that).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleAll } from "../../build/bundle.js";
import { bundleState } from "../../build/bundle-state.mjs";
import { siteStampPath } from "../../build/site-stamp.js";
import { etagFor } from "../../server/compress.js";
import { buildSiteIfStale } from "../../server/stale.js";
import { parseStored, storedFolderOf, storedPathOf } from "../../server/stored-forms.js";
import { choosePort, PUBLIC_DIR, ROOT, type RunningServer, startServer } from "./server.js";

/** The dataset's entries of public/ (build/layout.ts): not copied. */
const DATASET_ENTRIES = new Set(["v3", "ics", "data", "manifest.json"]);

let copy: string;

/** Every file under a folder with its size and modification time: what "nothing written" compares. */
function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, name.name);
      if (name.isDirectory()) walk(full);
      else {
        const info = statSync(full);
        out.set(full.slice(dir.length), `${info.size} ${info.mtimeMs}`);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

describe.skipIf(process.env.E2E === "off")(
  "a production install (npm ci --omit=dev after a build), then npm start",
  () => {
    beforeAll(async () => {
      // as `npm run build` orders them: the site, then the bundles (the not-found function holds the site's 404 pages)
      await buildSiteIfStale(ROOT, PUBLIC_DIR, (level, message) => level !== "info" && console.warn(message));
      if (bundleState(ROOT) !== "current") await bundleAll();
      copy = mkdtempSync(join(tmpdir(), "production-install-"));
      const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
        .split("\0")
        .filter(Boolean);
      for (const file of tracked) {
        if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree, not yet committed
        mkdirSync(dirname(join(copy, file)), { recursive: true });
        cpSync(join(ROOT, file), join(copy, file));
      }
      cpSync(join(ROOT, "dist"), join(copy, "dist"), { recursive: true });
      for (const name of readdirSync(PUBLIC_DIR)) {
        if (!DATASET_ENTRIES.has(name)) cpSync(join(PUBLIC_DIR, name), join(copy, "public", name), { recursive: true });
      }
      // the site's compressed forms the site build stored beside public/ (build/precompress.ts)
      const stored = storedFolderOf(PUBLIC_DIR);
      for (const name of existsSync(stored) ? readdirSync(stored) : []) {
        if (!DATASET_ENTRIES.has(name))
          cpSync(join(stored, name), join(storedFolderOf(join(copy, "public")), name), { recursive: true });
      }
      execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], {
        cwd: copy,
        stdio: "pipe",
        env: { ...process.env, CI: "true", npm_config_loglevel: "error" },
      });
    }, 300_000);

    afterAll(() => {
      if (copy) rmSync(copy, { recursive: true, force: true });
    });

    it("installs no dev dependency: no TypeScript loader, bundler or site builder", () => {
      for (const name of ["tsx", "esbuild", "astro", "typescript", "vitest"])
        expect(existsSync(join(copy, "node_modules", name)), name).toBe(false);
    });

    async function withServer(
      env: Record<string, string | undefined>,
      check: (server: RunningServer) => Promise<void>,
    ): Promise<string> {
      const port = await choosePort(18_400);
      // node_modules/.bin of this repository must not be on PATH: the copy has to run with what it installed
      const PATH = (process.env.PATH ?? "")
        .split(":")
        .filter((p) => !p.startsWith(ROOT))
        .join(":");
      const server = await startServer({
        port,
        cwd: copy,
        env: { ...env, PATH, RATE_LIMITS: "off" },
        timeoutMs: 30_000,
      });
      try {
        await check(server);
      } finally {
        await server.stop();
      }
      return server.output();
    }

    /** /health is ok and Midsummer Eve 2026 is computed: the API serves, whatever public/ holds. */
    async function expectApiAnswers(baseUrl: string): Promise<void> {
      const health = await fetch(`${baseUrl}/health`);
      expect(health.status).toBe(200);
      expect((await health.json()).status).toBe("ok");
      const day = await fetch(`${baseUrl}/v3/days/2026-06-19`);
      expect(day.status).toBe(200);
      expect(await day.json()).toMatchObject({ date: "2026-06-19", holidayType: "defacto", workingDay: false });
    }

    it("serves /health, a computed day and the site, writing nothing at start", async () => {
      const before = new Map([...listing(join(copy, "dist")), ...listing(join(copy, "public"))]);
      const output = await withServer({}, async ({ baseUrl }) => {
        await expectApiAnswers(baseUrl);
        const home = await fetch(`${baseUrl}/`);
        expect(home.status).toBe(200);
        expect(home.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await home.text()).toContain("<html");
        // the API page as the site build stored it compressed: its stored brotli form, not one the server made
        const forms = parseStored(
          readFileSync(storedPathOf(join(copy, "public"), join(copy, "public", "api", "index.html"))),
        )!;
        const api = await fetch(`${baseUrl}/api/`, { headers: { "accept-encoding": "br" } });
        expect(api.headers.get("content-encoding")).toBe("br");
        expect(api.headers.get("etag")).toBe(etagFor(forms.header.etag, "br"));
        expect(Number(api.headers.get("content-length"))).toBe(forms.br.byteLength);
      });
      const after = new Map([...listing(join(copy, "dist")), ...listing(join(copy, "public"))]);
      expect(after).toEqual(before);
      expect(output).not.toMatch(/bundl|building|written/i);
    }, 60_000);

    it("a site older than its sources: one log line, and the pages public/ holds are served", async () => {
      rmSync(siteStampPath(copy));
      const output = await withServer({}, async ({ baseUrl }) => {
        expect((await fetch(`${baseUrl}/`)).status).toBe(200);
        expect((await fetch(`${baseUrl}/v3/days/2026-06-19`)).status).toBe(200);
      });
      const siteLines = output.split("\n").filter((l) => /site:/.test(l));
      expect(siteLines).toHaveLength(1);
      expect(siteLines[0]).toMatch(/built from other sources.*Astro is not installed/);
    }, 60_000);

    it("no site in public/: one log line; the API answers, and / is the not-found problem document (docs/self-hosting.md, a production install)", async () => {
      // the site's entries go (the routing files stay): public/ as after `npm run build:code` without `npm run build:site`
      const routing = new Set([".gitkeep", "_redirects", "_headers"]);
      for (const name of readdirSync(join(copy, "public")))
        if (!routing.has(name)) rmSync(join(copy, "public", name), { recursive: true, force: true });
      rmSync(siteStampPath(copy), { force: true });
      expect(existsSync(join(copy, "public", "index.html"))).toBe(false);
      const output = await withServer({}, async ({ baseUrl }) => {
        await expectApiAnswers(baseUrl);
        // a page public/ lacks is 404, the problem document: for a browser too, there being no site's 404 page to give
        for (const accept of ["*/*", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]) {
          const home = await fetch(`${baseUrl}/`, { headers: { accept } });
          expect(home.status, accept).toBe(404);
          expect(home.headers.get("content-type"), accept).toMatch(/^application\/problem\+json/);
          expect((await home.json()).type, accept).toMatch(/\/problems\/not-found$/);
        }
      });
      const siteLines = output.split("\n").filter((l) => /site:/.test(l));
      expect(siteLines).toHaveLength(1);
      expect(siteLines[0]).toMatch(/public\/ holds no site.*Astro is not installed/);
      // the server's bundle is current: the site's pages the functions' bundles hold do not concern npm start
      expect(output).not.toMatch(/code:/);
    }, 60_000);

    it("a missing bundle stops the start with what to run", () => {
      rmSync(join(copy, "dist", "server.mjs"));
      let failure: { status: number; stdout: string } | undefined;
      try {
        execFileSync("npm", ["start"], {
          cwd: copy,
          encoding: "utf8",
          stdio: "pipe",
          env: { ...process.env, PORT: "0" },
          timeout: 20_000,
        });
      } catch (error) {
        failure = error as { status: number; stdout: string };
      }
      expect(failure?.status).toBe(1);
      // one JSON log line on stdout, as every line of the server's log
      const line = failure!.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: string; msg: string });
      expect(line).toHaveLength(1);
      expect(line[0]!.level).toBe("error");
      expect(line[0]!.msg).toMatch(/dist\/server\.mjs is missing: build first .*npm run build/);
    }, 30_000);
  },
);
