/**
 * `netlify build --offline` bundles the functions and writes .netlify/functions/manifest.json, the deploy
 * manifest Netlify's platform reads: its routes and trafficRules carry each function's config. This shows they
 * are what the route table says (contract/static.ts functionConfigs(), contract/policies.ts SURFACES).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { SURFACES, V2_PLATFORM_STEPS } from "../../contract/policies.js";
import { functionConfigs } from "../../contract/static.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);

interface ManifestFunction {
  name: string;
  routes?: { pattern: string; literal?: string; expression?: string; prefer_static?: boolean }[];
  excludedRoutes?: { pattern: string }[];
  trafficRules?: {
    action: {
      type: string;
      config: { to?: string; rateLimitConfig: { windowLimit: number; windowSize: number }; aggregate: { keys: { type: string }[] } };
    };
  };
}

let functions: Map<string, ManifestFunction>;

describe.skipIf(process.env.E2E === "off")("netlify build --offline: the deploy manifest", () => {
  beforeAll(async () => {
    const bin = join(ROOT, "node_modules", ".bin");
    // --cwd from another directory: the root is an npm workspace root, and netlify-cli takes its only workspace
    // package (data-gen/) for the site unless told --cwd, which it ignores when it equals the process's directory
    await run(join(bin, "netlify"), ["build", "--offline", "--context", "functions-only", "--cwd", ROOT], {
      cwd: join(ROOT, "scripts"),
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

  it.each(Object.keys(configs))("%s: the table's routes, excluded routes and platform limit (rewrite to its 429)", (name) => {
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
    const pace = SURFACES[config.surface];
    expect(fn.trafficRules?.action.type).toBe("rewrite");
    expect(fn.trafficRules?.action.config.to).toBe(`/rate-limited/${config.surface}`);
    const { windowLimit, windowSize } = fn.trafficRules!.action.config.rateLimitConfig;
    expect(windowSize).toBe(pace.windowSeconds);
    // v2's platform limit is the one deploy-time setting along the withdrawal timeline (README)
    if (name === "v2") expect(V2_PLATFORM_STEPS).toContain(windowLimit);
    else expect(windowLimit).toBe(pace.limit);
    expect(fn.trafficRules?.action.config.aggregate.keys.map((k) => k.type)).toEqual(["ip", "domain"]);
  });

  it("every rewrite target is a route of the rate-limited function", () => {
    const limited = functions.get("rate-limited")!;
    for (const fn of functions.values()) {
      const to = fn.trafficRules?.action.config.to;
      if (to) expect(limited.routes!.some((r) => new RegExp(r.expression ?? `^${r.pattern}$`).test(to))).toBe(true);
    }
  });
});
