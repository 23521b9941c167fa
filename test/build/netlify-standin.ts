/**
 * A stand-in of Netlify's API for test/build/deploy.test.ts (a node:http server on a loopback port), and the copy of
 * the project the deploy runs in.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { ROOT } from "../e2e/server.js";

/** The dataset's entries of public/ (build/layout.ts): left out of the copy. */
const DATASET_ENTRIES = new Set(["v3", "ics", "data", "manifest.json"]);
export const SITE_ID = "0a1b2c3d-standin-site";
const ACCOUNT = { id: "standin-account", slug: "standin-team", name: "Stand-in team" };
export const TOKEN = "standin-token";
export const DEPLOY_ID = "standin-deploy";
/** Publish-folder files the stand-in asks for besides netlify.toml and the functions. */
const FILES_ASKED = 3;

export interface Received {
  method: string;
  /** the path without the API prefix /api/v1; an outside host's request as /outside/<host>/... */
  path: string;
  query: Record<string, string>;
  authorization?: string;
  body: Buffer;
  /** the stand-in had no answer (404) */
  unknown?: boolean;
}

export interface FunctionConfigSent {
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

export interface DeployBody {
  files: Record<string, string>;
  functions: Record<string, string>;
  functions_config?: Record<string, FunctionConfigSent>;
}

export const sha = (algorithm: string, data: Buffer | string) => createHash(algorithm).update(data).digest("hex");

/**
 * Netlify's API as far as a CLI deploy goes: the site, its account and (empty) environment variables, the
 * extensions list, one deploy (created, given its digests, sent the files it requires, then ready), telemetry.
 */
export class StandIn {
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
export function filesUnder(dir: string): string[] {
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
export function tomlTables(toml: string, name: string): Record<string, unknown>[] {
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
export function copyProject(): string {
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
