/**
 * `netlify build --offline` bundles the functions and writes .netlify/functions/manifest.json, the deploy
 * manifest Netlify's platform reads: its trafficRules carry each function's config.rateLimit. This shows the
 * platform limits equal the limits the functions count themselves (V3_POLICY), and that the routes are the
 * ones the routers expect (functions/lib/routes.ts).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { HEALTH_FUNCTION_PATHS, V3_FUNCTION_PATHS } from "../../functions/lib/routes.js";
import { V3_POLICY } from "../../functions/lib/v3.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);

interface ManifestFunction {
  name: string;
  routes?: { pattern: string; literal?: string; expression?: string }[];
  trafficRules?: {
    action: { type: string; config: { rateLimitConfig: { windowLimit: number; windowSize: number }; aggregate: { keys: { type: string }[] } } };
  };
}

let functions: Map<string, ManifestFunction>;

describe.skipIf(process.env.E2E === "off")("netlify build --offline: the deploy manifest", () => {
  beforeAll(async () => {
    const bin = join(ROOT, "node_modules", ".bin");
    await run(join(bin, "netlify"), ["build", "--offline", "--context", "functions-only"], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NETLIFY_TELEMETRY_DISABLED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const manifest = JSON.parse(readFileSync(join(ROOT, ".netlify", "functions", "manifest.json"), "utf8"));
    functions = new Map(manifest.functions.map((f: ManifestFunction) => [f.name, f]));
  }, 240_000);

  it.each([
    ["v3", V3_FUNCTION_PATHS],
    ["health", HEALTH_FUNCTION_PATHS],
  ])("%s carries the 10 per 60 s rate limit per address and its routes", (name, paths) => {
    const fn = functions.get(name as string)!;
    expect(fn).toBeDefined();
    expect(fn.trafficRules?.action.type).toBe("rate_limit");
    expect(fn.trafficRules?.action.config.rateLimitConfig).toMatchObject({ windowLimit: V3_POLICY.limit, windowSize: V3_POLICY.windowSeconds });
    expect(fn.trafficRules?.action.config.aggregate.keys.map((k) => k.type)).toContain("ip");
    expect(fn.routes!.map((r) => r.pattern)).toEqual(paths);
  });

  it("the not-found function has no route of its own (netlify.toml's last rule rewrites to it)", () => {
    const fn = functions.get("not-found")!;
    expect(fn).toBeDefined();
    expect(fn.routes ?? []).toEqual([]);
    const toml = readFileSync(join(ROOT, "netlify.toml"), "utf8");
    expect(toml).toMatch(/from = "\/\*"\s+to = "\/\.netlify\/functions\/not-found"/);
  });
});
