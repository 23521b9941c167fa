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
import { SURFACES } from "../../contract/policies.js";
import { functionConfigs } from "../../contract/static.js";
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

  const configs = functionConfigs();

  it.each(Object.entries(configs).filter(([, c]) => c.path))("%s carries its surface's rate limit per address and the table's routes", (name, config) => {
    const fn = functions.get(name)!;
    expect(fn).toBeDefined();
    const pace = SURFACES[config.surface];
    expect(fn.trafficRules?.action.config.rateLimitConfig).toMatchObject({ windowLimit: pace.limit, windowSize: pace.windowSeconds });
    expect(fn.trafficRules?.action.config.aggregate.keys.map((k) => k.type)).toContain("ip");
    expect(fn.routes!.map((r) => r.pattern)).toEqual(config.path);
  });

  it("the not-found function has no route of its own (the last generated rewrite rule reaches it)", () => {
    const fn = functions.get("not-found")!;
    expect(fn).toBeDefined();
    expect(fn.routes ?? []).toEqual([]);
  });
});
