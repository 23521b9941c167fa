/**
 * `netlify deploy --build --prod --context functions-only`, run plainly from the root of a copy of the project, against
 * a stand-in of Netlify's API (a node:http server on a loopback port, reached through NETLIFY_API_URL): what the deploy
 * sends is what the route table says (contract/static.ts functionConfigs()), with the root as the site.
 *
 * The copy (the tracked files, the site's files of public/, node_modules linked, in a temporary folder) because
 *   - test/build/manifest.test.ts runs `netlify build` in the root at the same time, and both builds write
 *     .netlify/functions/ and dist/ (the deploy uploads the zips its build left in .netlify/functions/);
 *   - the root's public/ may hold the full dataset (the e2e setup builds it: 1.9 GB in 268k files), which the deploy
 *     would hash whole; the copy's public/ holds the site's files (when built) and the routing files only.
 * The stand-in answers "required" with every function, netlify.toml (the configuration the CLI uploads, with
 * public/_redirects and public/_headers folded in) and a few other files, and records what it receives. The deploy
 * never leaves the machine: test/build/loopback-only.mjs, preloaded, sends the one outside host it asks (the
 * extensions API) to the stand-in too and fails any other name.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../build/layout.js";
import { writeRouting } from "../../build/routing.js";
import { RATE_LIMITS, V2_PLATFORM_STEPS } from "../../contract/policies.js";
import { functionConfigs, headerRules, redirectRules } from "../../contract/static.js";
import { ROOT } from "../e2e/server.js";
import { copyProject, DEPLOY_ID, filesUnder, SITE_ID, StandIn, sha, TOKEN, tomlTables } from "./netlify-standin.js";

const run = promisify(execFile);

let copy: string;
let standIn: StandIn;
let outsideLog: string;
let zipsDir: string;
let output: string;
let seconds: number;

describe.skipIf(process.env.E2E === "off")("netlify deploy --build against a stand-in API: what a deploy sends", () => {
  beforeAll(async () => {
    copy = copyProject();
    outsideLog = join(copy, "..", `${basename(copy)}-outside.log`);
    zipsDir = join(copy, "..", `${basename(copy)}-zips`);
    mkdirSync(zipsDir);
    const bin = join(copy, "node_modules", ".bin");
    // the developer's own Netlify settings (a token, another API) must not reach the deploy
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("NETLIFY_")));
    // public/_redirects and public/_headers, as `npm run build:routing` writes them (the same function, without a process)
    writeRouting(join(copy, "public"));
    standIn = new StandIn();
    await standIn.start();
    const started = performance.now();
    try {
      const result = await run(join(bin, "netlify"), ["deploy", "--build", "--prod", "--context", "functions-only"], {
        cwd: copy,
        env: {
          ...env,
          PATH: `${bin}:${process.env.PATH}`,
          NETLIFY_API_URL: `${standIn.url}/api/v1`,
          NETLIFY_AUTH_TOKEN: TOKEN,
          NETLIFY_SITE_ID: SITE_ID,
          // the CLI's telemetry and error reports, sent unless its global config or a CI variable says otherwise (it
          // reads no NETLIFY_TELEMETRY_DISABLED), to the stand-in
          NETLIFY_TEST_TRACK_URL: `${standIn.url}/telemetry/track`,
          NETLIFY_TEST_IDENTIFY_URL: `${standIn.url}/telemetry/identify`,
          NETLIFY_TEST_ERROR_REPORT_URL: `${standIn.url}/telemetry/report-error`,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${pathToFileURL(join(ROOT, "test", "build", "loopback-only.mjs")).href}`,
          LOOPBACK_ONLY_URL: `${standIn.url}/outside`,
          LOOPBACK_ONLY_LOG: outsideLog,
        },
        maxBuffer: 64 * 1024 * 1024,
      });
      output = result.stdout + result.stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      const calls = standIn.received.map((r) => `${r.method} ${r.path}${r.unknown ? " (404)" : ""}`).join("\n");
      throw new Error(
        `netlify deploy failed: ${failed.message}\n${failed.stdout}\n${failed.stderr}\nthe stand-in received:\n${calls}`,
      );
    } finally {
      seconds = (performance.now() - started) / 1000;
      await standIn.stop();
    }
    for (const [name, upload] of standIn.uploads("functions")) writeFileSync(join(zipsDir, `${name}.zip`), upload.body);
  }, 240_000);

  afterAll(() => {
    if (!copy) return;
    rmSync(copy, { recursive: true, force: true });
    rmSync(zipsDir, { recursive: true, force: true });
    rmSync(outsideLog, { force: true });
  });

  it("completes against the stand-in alone: every request known, authenticated, nothing cancelled or sent outside", () => {
    console.log(`netlify deploy --build: ${seconds.toFixed(1)} s`);
    expect(output).toContain("Deploy is live!");
    expect(standIn.received.filter((r) => r.unknown).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const r of standIn.received)
      if (!r.path.startsWith("/telemetry/") && !r.path.includes("/integrations/"))
        expect(r.authorization, r.path).toBe(`Bearer ${TOKEN}`);
    expect(standIn.received.some((r) => r.path.endsWith("/cancel"))).toBe(false);
    // the one outside host the CLI asks (the extensions API, which NETLIFY_API_URL does not move); no other name looked up
    const outside = new Set(
      standIn.received.filter((r) => r.path.startsWith("/outside/")).map((r) => r.path.split("/")[2]),
    );
    expect([...outside]).toEqual(["api.netlifysdk.com"]);
    expect(existsSync(outsideLog) ? readFileSync(outsideLog, "utf8") : "").toBe("");
  });

  it("creates one production deploy and polls it until ready", () => {
    const created = standIn.received.filter((r) => r.method === "POST" && r.path === `/sites/${SITE_ID}/deploys`);
    expect(created).toHaveLength(1);
    expect(JSON.parse(created[0].body.toString("utf8"))).toMatchObject({ draft: false, deploy_source: "cli" });
    expect(
      standIn.received.filter((r) => r.method === "PUT" && r.path === `/sites/${SITE_ID}/deploys/${DEPLOY_ID}`),
    ).toHaveLength(1);
    expect(
      standIn.received.some((r) => r.method === "GET" && r.path === `/sites/${SITE_ID}/deploys/${DEPLOY_ID}`),
    ).toBe(true);
  });

  const configs = functionConfigs();
  const names = Object.keys(configs).sort();

  it("names the table's functions, each uploaded as a zip of its one bundled file on Node 22", () => {
    const body = standIn.deployBody!;
    expect(Object.keys(body.functions).sort()).toEqual(names);
    const uploads = standIn.uploads("functions");
    expect([...uploads.keys()].sort()).toEqual(names);
    for (const name of names) {
      const upload = uploads.get(name)!;
      // the runtime travels with each function's upload (the deploy's functions_config has no runtime field)
      expect(upload.query.runtime, name).toBe("nodejs22.x");
      expect(sha("sha256", upload.body), name).toBe(body.functions[name]);
      expect(upload.body.length, name).toBeLessThan(MAX_FILE_BYTES);
      // dist/functions/<name>.mjs, everything it imports inside it (build/bundle.ts): no node_modules in the zip
      const listing = execFileSync("unzip", ["-Z1", join(zipsDir, `${name}.zip`)], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean);
      expect(
        listing.filter((f) => !f.startsWith("___netlify-")),
        name,
      ).toEqual([`${name}.mjs`]);
    }
  });

  it.each(names)(
    "%s: the table's routes, excluded routes and platform limit reach the deploy's functions_config",
    (name) => {
      const sent = standIn.deployBody!.functions_config?.[name];
      const config = configs[name as keyof typeof configs];
      expect(sent, name).toBeDefined();
      expect((sent!.routes ?? []).map((r) => r.pattern)).toEqual(config.path ?? []);
      expect((sent!.excluded_routes ?? []).map((r) => r.pattern)).toEqual(config.excludedPath ?? []);
      if (config.preferStatic) for (const r of sent!.routes!) expect(r.prefer_static).toBe(true);
      if (!config.rateLimit) {
        expect(sent!.traffic_rules).toBeUndefined(); // the 429 answerer itself is never limited
        return;
      }
      const rateLimit = RATE_LIMITS[config.rateLimitGroup];
      const action = sent!.traffic_rules!.action;
      expect(action.type).toBe("rewrite");
      expect(action.config.to).toBe(`/rate-limited/${config.rateLimitGroup}`);
      expect(action.config.rate_limit_config.window_size).toBe(rateLimit.windowSeconds);
      // v2's platform limit is the one deploy-time setting along the withdrawal timeline (docs/netlify.md#rate-limits-on-netlify)
      if (name === "v2") expect(V2_PLATFORM_STEPS).toContain(action.config.rate_limit_config.window_limit);
      else expect(action.config.rate_limit_config.window_limit).toBe(config.rateLimit.windowLimit);
      expect(action.config.aggregate.keys.map((k) => k.type)).toEqual(["ip", "domain"]);
    },
  );

  it("announces the publish folder's files with their digests, none of 10 MB or more, and the routing in its netlify.toml", () => {
    const publish = join(copy, "public");
    // what netlify-cli leaves out of the file list: dotfiles, and _redirects and _headers, which go into netlify.toml
    const cached = filesUnder(publish).filter(
      (f) => !f.split("/").some((part) => part.startsWith(".")) && f !== "_redirects" && f !== "_headers",
    );
    const files = standIn.deployBody!.files;
    expect(Object.keys(files).sort()).toEqual([...cached, "netlify.toml"].sort());
    for (const file of cached) {
      expect(files[file], file).toBe(sha("sha1", readFileSync(join(publish, file))));
      expect(statSync(join(publish, file)).size, file).toBeLessThan(MAX_FILE_BYTES);
    }
    const uploads = standIn.uploads("files");
    expect([...uploads.keys()].sort()).toEqual(
      Object.entries(files)
        .filter(([, d]) => standIn.required.includes(d))
        .map(([f]) => f)
        .sort(),
    );
    for (const [file, upload] of uploads) expect(sha("sha1", upload.body), file).toBe(files[file]);

    // the configuration as uploaded: the rules of public/_redirects and public/_headers (the route table's), in order
    const toml = uploads.get("netlify.toml")!.body.toString("utf8");
    expect(toml.length).toBeLessThan(MAX_FILE_BYTES);
    expect(tomlTables(toml, "redirects")).toEqual(
      redirectRules().map((r) => ({
        from: r.from,
        to: r.to,
        status: 200,
        force: false,
        query: r.query,
        conditions: {},
        headers: {},
      })),
    );
    expect(tomlTables(toml, "headers")).toEqual(headerRules().map((r) => ({ for: r.for, values: r.values })));
  });

  it("the root is the site: nothing written under engine/.netlify", () => {
    expect(existsSync(join(copy, ".netlify", "functions", "manifest.json"))).toBe(true);
    expect(existsSync(join(copy, "engine", ".netlify"))).toBe(false);
    // the engine resolves through the linked node_modules to the root's engine
    expect(existsSync(join(ROOT, "engine", ".netlify"))).toBe(false);
  });
});
