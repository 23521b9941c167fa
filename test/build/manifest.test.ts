/**
 * `netlify build --offline` bundles the functions and writes .netlify/functions/manifest.json, the deploy
 * manifest Netlify's platform reads: its routes and trafficRules carry each function's config. This shows they
 * are what the route table says (contract/static.ts functionConfigs(), contract/policies.ts RATE_LIMITS).
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, V2_PLATFORM_STEPS } from "../../contract/policies.js";
import { functionConfigs } from "../../contract/static.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);

interface ManifestFunction {
  name: string;
  runtimeVersion?: string;
  routes?: { pattern: string; literal?: string; expression?: string; prefer_static?: boolean }[];
  excludedRoutes?: { pattern: string }[];
  trafficRules?: {
    action: {
      type: string;
      config: {
        to?: string;
        rateLimitConfig: { windowLimit: number; windowSize: number };
        aggregate: { keys: { type: string }[] };
      };
    };
  };
}

let functions: Map<string, ManifestFunction>;

describe.skipIf(process.env.E2E === "off")("netlify build --offline: the deploy manifest", () => {
  beforeAll(async () => {
    const bin = join(ROOT, "node_modules", ".bin");
    // plainly from the root, as an operator runs it: the root is the site (no workspace for netlify-cli to pick)
    rmSync(join(ROOT, "engine", ".netlify"), { recursive: true, force: true });
    await run(join(bin, "netlify"), ["build", "--offline", "--context", "functions-only"], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NETLIFY_TELEMETRY_DISABLED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const manifest = JSON.parse(readFileSync(join(ROOT, ".netlify", "functions", "manifest.json"), "utf8"));
    functions = new Map(manifest.functions.map((f: ManifestFunction) => [f.name, f]));
  }, 240_000);

  const configs = functionConfigs();

  it("has exactly the table's functions", () => {
    expect([...functions.keys()].sort()).toEqual(Object.keys(configs).sort());
  });

  it.each(Object.keys(configs))(
    "%s: the table's routes, excluded routes and platform limit (rewrite to its 429)",
    (name) => {
      const fn = functions.get(name)!;
      const config = configs[name as keyof typeof configs];
      expect(fn).toBeDefined();
      expect((fn.routes ?? []).map((r) => r.pattern)).toEqual(config.path ?? []);
      expect((fn.excludedRoutes ?? []).map((r) => r.pattern)).toEqual(config.excludedPath ?? []);
      if (config.preferStatic) for (const r of fn.routes!) expect(r.prefer_static).toBe(true);
      if (!config.rateLimit) {
        expect(fn.trafficRules).toBeUndefined(); // the 429 answerer itself is never limited
        return;
      }
      const rateLimit = RATE_LIMITS[config.rateLimitGroup];
      expect(fn.trafficRules?.action.type).toBe("rewrite");
      expect(fn.trafficRules?.action.config.to).toBe(`/rate-limited/${config.rateLimitGroup}`);
      const { windowLimit, windowSize } = fn.trafficRules!.action.config.rateLimitConfig;
      expect(windowSize).toBe(rateLimit.windowSeconds);
      // v2's platform limit is the one deploy-time setting along the withdrawal timeline (docs/netlify.md#rate-limits-on-netlify)
      if (name === "v2") expect(V2_PLATFORM_STEPS).toContain(windowLimit);
      else expect(windowLimit).toBe(config.rateLimit.windowLimit); // the group's rate limit; the MCP endpoint's POSTs: MCP_PLATFORM_POSTS
      expect(fn.trafficRules?.action.config.aggregate.keys.map((k) => k.type)).toEqual(["ip", "domain"]);
    },
  );

  it("the root is the site: nothing under engine/.netlify, each function bundled into one file on Node 22", () => {
    expect(existsSync(join(ROOT, "engine", ".netlify"))).toBe(false);
    for (const fn of functions.values()) {
      expect(fn.runtimeVersion, fn.name).toBe("nodejs22.x");
      // dist/functions/<name>.mjs, everything it imports inside it (build/bundle.ts): no node_modules in the zip
      const listing = execFileSync("unzip", ["-Z1", join(ROOT, ".netlify", "functions", `${fn.name}.zip`)], {
        encoding: "utf8",
      })
        .split("\n")
        .filter(Boolean);
      expect(
        listing.filter((f) => !f.startsWith("___netlify-")),
        fn.name,
      ).toEqual([`${fn.name}.mjs`]);
    }
  });

  it("every rewrite target is a route of the rate-limited function", () => {
    const limited = functions.get("rate-limited")!;
    for (const fn of functions.values()) {
      const to = fn.trafficRules?.action.config.to;
      if (to) expect(limited.routes!.some((r) => new RegExp(r.expression ?? `^${r.pattern}$`).test(to))).toBe(true);
    }
  });
});
