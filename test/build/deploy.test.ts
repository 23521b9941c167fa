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
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../build/layout.js";
import { writeRouting } from "../../build/routing.js";
import { RATE_LIMITS, V2_PLATFORM_STEPS } from "../../contract/policies.js";
import { functionConfigs, headerRules, redirectRules } from "../../contract/static.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);

/** The dataset's entries of public/ (build/layout.ts): left out of the copy. */
const DATASET_ENTRIES = new Set(["v3", "ics", "data", "manifest.json"]);
const SITE_ID = "0a1b2c3d-standin-site";
const ACCOUNT = { id: "standin-account", slug: "standin-team", name: "Stand-in team" };
const TOKEN = "standin-token";
const DEPLOY_ID = "standin-deploy";
/** Publish-folder files the stand-in asks for besides netlify.toml and the functions. */
const FILES_ASKED = 3;

interface Received {
  method: string;
  /** the path without the API prefix /api/v1; an outside host's request as /outside/<host>/... */
  path: string;
  query: Record<string, string>;
  authorization?: string;
  body: Buffer;
  /** the stand-in had no answer (404) */
  unknown?: boolean;
}

interface FunctionConfigSent {
  routes?: { pattern: string; literal?: string; expression?: string; prefer_static?: boolean }[];
  excluded_routes?: { pattern: string }[];
  traffic_rules?: {
    action: {
      type: string;
      config: {
        to?: string;
        rate_limit_config: { window_limit: number; window_size: number };
        aggregate: { keys: { type: string }[] };
      };
    };
  };
}

interface DeployBody {
  files: Record<string, string>;
  functions: Record<string, string>;
  functions_config?: Record<string, FunctionConfigSent>;
}

const sha = (algorithm: string, data: Buffer | string) => createHash(algorithm).update(data).digest("hex");

/**
 * Netlify's API as far as a CLI deploy goes: the site, its account and (empty) environment variables, the
 * extensions list, one deploy (created, given its digests, sent the files it requires, then ready), telemetry.
 */
class StandIn {
  readonly received: Received[] = [];
  deployBody?: DeployBody;
  required: string[] = [];
  requiredFunctions: string[] = [];
  private server: Server = createServer((req, res) => {
    void this.answer(req)
      .catch((error: Error): [number, unknown] => [
        500,
        { code: 500, message: `the stand-in failed: ${error.message}` },
      ])
      .then(([status, body]) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
  });

  site(url: string) {
    return {
      id: SITE_ID,
      name: "standin",
      url: "https://standin.example",
      ssl_url: "https://standin.example",
      admin_url: `${url}/admin/standin`,
      account_id: ACCOUNT.id,
      account_slug: ACCOUNT.slug,
      account_name: ACCOUNT.name,
      build_settings: {},
      published_deploy: null,
      feature_flags: {},
      use_envelope: true,
    };
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  uploads(kind: "files" | "functions"): Map<string, Received> {
    const prefix = `/deploys/${DEPLOY_ID}/${kind}/`;
    return new Map(
      this.received
        .filter((r) => r.method === "PUT" && r.path.startsWith(prefix))
        .map((r) => [decodeURI(r.path.slice(prefix.length)), r]),
    );
  }

  private async answer(req: IncomingMessage): Promise<[number, unknown]> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", this.url);
    const entry: Received = {
      method: req.method ?? "",
      path: url.pathname.replace(/^\/api\/v1(?=\/)/, ""),
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      body: Buffer.concat(chunks),
    };
    this.received.push(entry);
    const site = this.site(this.url);
    const deploy = {
      id: DEPLOY_ID,
      site_id: SITE_ID,
      name: site.name,
      admin_url: site.admin_url,
      ssl_url: site.ssl_url,
      deploy_ssl_url: `https://${DEPLOY_ID}--standin.example`,
    };
    const route = `${entry.method} ${entry.path}`;
    switch (true) {
      case route === `GET /sites/${SITE_ID}`:
        return [200, site];
      case route === "GET /accounts":
        return [200, [ACCOUNT]];
      case route === `GET /accounts/${ACCOUNT.slug}/env`:
        return [200, []];
      // the extensions installed on the site: asked by @netlify/config, through the loopback-only preload (first
      // reading) or on the API's host (the build's reading)
      case /^GET (\/outside\/api\.netlifysdk\.com)?\/team\/[^/]+\/integrations\/installations\/meta\/[^/]+$/.test(
        route,
      ):
        return [200, []];
      case route === `POST /sites/${SITE_ID}/deploys`:
        return [200, { ...deploy, state: "new" }];
      case route === `PUT /sites/${SITE_ID}/deploys/${DEPLOY_ID}`: {
        const body = JSON.parse(entry.body.toString("utf8")) as DeployBody;
        this.deployBody = body;
        const others = Object.entries(body.files)
          .filter(([path]) => path !== "netlify.toml")
          .slice(0, FILES_ASKED);
        this.required = [
          ...new Set([body.files["netlify.toml"], ...others.map(([, digest]) => digest)].filter(Boolean)),
        ];
        this.requiredFunctions = [...new Set(Object.values(body.functions))];
        return [
          200,
          { ...deploy, state: "prepared", required: this.required, required_functions: this.requiredFunctions },
        ];
      }
      case entry.method === "PUT" && entry.path.startsWith(`/deploys/${DEPLOY_ID}/files/`):
      case entry.method === "PUT" && entry.path.startsWith(`/deploys/${DEPLOY_ID}/functions/`):
        return [200, {}];
      case route === `GET /sites/${SITE_ID}/deploys/${DEPLOY_ID}`: {
        // ready once everything required has arrived, as Netlify's deploy state goes
        const files = [...this.uploads("files").values()].map((r) => sha("sha1", r.body));
        const functions = [...this.uploads("functions").values()].map((r) => sha("sha256", r.body));
        const done =
          this.required.every((d) => files.includes(d)) && this.requiredFunctions.every((d) => functions.includes(d));
        return [200, { ...deploy, state: done ? "ready" : "uploading" }];
      }
      case entry.method === "POST" && entry.path.startsWith("/telemetry/"):
        return [200, {}];
      default:
        entry.unknown = true;
        return [404, { code: 404, message: `the stand-in has no ${route}` }];
    }
  }
}

/** Every file under a folder, by its path relative to it. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else out.push(relative(dir, join(path, entry.name)));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The `[[name]]` tables of the TOML netlify-cli writes (tomlify: one `key = value` a line, values as JSON writes them,
 * sub-tables as `[name.sub]`), each as an object; enough for its redirects and headers, not a TOML parser.
 */
function tomlTables(toml: string, name: string): Record<string, unknown>[] {
  const tables: Record<string, unknown>[] = [];
  let current: Record<string, unknown> | undefined;
  let target: Record<string, unknown> | undefined;
  for (const line of toml.split("\n").map((l) => l.trim())) {
    const header = /^(\[\[?)([^\]]+)\]\]?$/.exec(line);
    if (header) {
      const path = header[2];
      if (header[1] === "[[") {
        current = path === name ? {} : undefined;
        if (current) tables.push(current);
        target = current;
      } else if (current && path.startsWith(`${name}.`)) {
        target = current[path.slice(name.length + 1)] = {};
      } else {
        current = target = undefined;
      }
      continue;
    }
    const pair = /^("(?:[^"\\]|\\.)*"|[\w-]+) = (.*)$/.exec(line);
    if (pair && target) target[pair[1].startsWith('"') ? JSON.parse(pair[1]) : pair[1]] = JSON.parse(pair[2]);
  }
  return tables;
}

/** The tracked files, the site's files of public/ when built, node_modules linked: the project without its dataset. */
function copyProject(): string {
  const copy = mkdtempSync(join(tmpdir(), "deploy-standin-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  const publicDir = join(ROOT, "public");
  for (const name of readdirSync(publicDir)) {
    if (!DATASET_ENTRIES.has(name) && name !== "_redirects" && name !== "_headers")
      cpSync(join(publicDir, name), join(copy, "public", name), { recursive: true });
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

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
      const policy = RATE_LIMITS[config.bucket];
      const action = sent!.traffic_rules!.action;
      expect(action.type).toBe("rewrite");
      expect(action.config.to).toBe(`/rate-limited/${config.bucket}`);
      expect(action.config.rate_limit_config.window_size).toBe(policy.windowSeconds);
      // v2's platform limit is the one deploy-time setting along the withdrawal timeline (README)
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

  it("the root is the site: nothing written under data-gen/.netlify", () => {
    expect(existsSync(join(copy, ".netlify", "functions", "manifest.json"))).toBe(true);
    expect(existsSync(join(copy, "data-gen", ".netlify"))).toBe(false);
    // the engine resolves through the linked node_modules to the root's data-gen
    expect(existsSync(join(ROOT, "data-gen", ".netlify"))).toBe(false);
  });
});
