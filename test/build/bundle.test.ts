/**
 * The functions as deployed (build/bundle.ts: one file per function, dist/functions/<name>.mjs, the folder
 * netlify.toml names): each starts in a fresh `node` process and answers its cold-start request with the same
 * status, body and validators as the function's TypeScript source in process (the cold-start benchmark's code
 * path, bench/cold.ts; its timings and targets live in the benchmark). And each bundle holds only what its routes
 * need: no schema library, no OpenAPI generator where a build-time product serves.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../contract/openapi.js";
import { COLD_REQUESTS, coldStart } from "../../bench/cold.js";
import { FUNCTIONS_BUNDLE_DIR, PRECOMPUTED, bundleAll, functionNames } from "../../build/bundle.js";
import { BUNDLE_INPUTS_FILE, bundleState } from "../../build/bundle-state.mjs";
import { ROOT } from "../e2e/server.js";

type Contents = Record<string, Record<string, number>>;
let contents: Contents;

beforeAll(async () => {
  if (bundleState(ROOT) !== "current") await bundleAll();
  contents = JSON.parse(readFileSync(join(ROOT, BUNDLE_INPUTS_FILE), "utf8")).contents;
}, 120_000);

const EXPECTED_STATUS: Record<string, number> = { "not-found": 404, "rate-limited": 429 };

describe("each bundled function in a fresh process answers as its source does in process", () => {
  it("covers every function", () => {
    expect(Object.keys(COLD_REQUESTS).sort()).toEqual(functionNames());
  });

  it.each(functionNames())("%s", async (name) => {
    const spec = COLD_REQUESTS[name];
    const cold = coldStart(join(FUNCTIONS_BUNDLE_DIR, `${name}.mjs`), spec);
    const source = (await import(join(ROOT, "functions", `${name}.mts`))) as { default: (r: Request, c: { ip: string }) => Promise<Response> };
    const request = new Request(spec.url, { method: spec.method ?? "GET", headers: spec.headers, body: spec.body });
    const inProcess = await source.default(request, { ip: "192.0.2.1" });
    const body = Buffer.from(await inProcess.arrayBuffer());

    expect(cold.status).toBe(EXPECTED_STATUS[name] ?? 200);
    expect(cold.status).toBe(inProcess.status);
    expect(Buffer.from(cold.body, "base64").toString("utf8")).toBe(body.toString("utf8"));
    for (const header of ["content-type", "etag", "ratelimit-policy", "ratelimit-limit", "access-control-allow-origin", "strict-transport-security"]) {
      expect(cold.headers[header], `${name}: ${header}`).toBe(inProcess.headers.get(header) ?? undefined);
    }
    expect(cold.importMs).toBeGreaterThan(0);
  }, 60_000);
});

describe("each bundle holds what its routes need", () => {
  const has = (bundle: string, origin: string) => Object.keys(contents[bundle] ?? {}).some((k) => k === origin || k.startsWith(origin + "/"));

  it("every function and the server were bundled", () => {
    expect(Object.keys(contents).sort()).toEqual([...functionNames(), "server"].sort());
  });

  it("no function carries the schema library, the OpenAPI generator or the body declarations: their products are data", () => {
    for (const name of functionNames()) {
      for (const origin of ["@sinclair/typebox", "contract/openapi.ts", "contract/openapi", "contract/bodies.ts", "contract/json-schema.ts", "contract/examples.ts", "functions/lib/openapi.ts"]) {
        expect(has(name, origin), `${name} bundles ${origin}`).toBe(false);
      }
    }
  });

  it("the MCP SDK only in the MCP function (and the server); the feed's writer only where a feed is answered", () => {
    for (const name of functionNames()) {
      expect(has(name, "@modelcontextprotocol/sdk"), name).toBe(name === "mcp");
      expect(has(name, "data-gen/feed.ts"), name).toBe(name === "ical" || name === "ical-query");
    }
  });

  it("the MCP function holds no OpenAPI generator: none of the document's own keys is in its code (the v3 function ships the document, as data)", () => {
    const markers = ["x-static-dataset", "x-problem-types", "x-problem-base"];
    const document = openApiDocument();
    for (const marker of markers) expect(Object.keys(document), marker).toContain(marker);
    const mcp = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "mcp.mjs"), "utf8");
    const v3 = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "v3.mjs"), "utf8");
    for (const marker of markers) {
      expect(mcp.includes(marker), `mcp.mjs holds ${marker}`).toBe(false);
      expect(v3.includes(marker), `v3.mjs ships the document: ${marker}`).toBe(true);
    }
    expect(mcp).not.toContain("#/components/");
    for (const origin of ["contract/openapi", "contract/examples.ts", "functions/lib/openapi.ts", "functions/lib/openapi-body.ts"]) expect(has("mcp", origin), origin).toBe(false);
  });

  it("the v3 function holds no MCP code: neither the SDK (its transport's class, its protocol version) nor the tools", () => {
    const v3 = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "v3.mjs"), "utf8");
    const mcp = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "mcp.mjs"), "utf8");
    for (const marker of [WebStandardStreamableHTTPServerTransport.name, `"${LATEST_PROTOCOL_VERSION}"`]) {
      expect(mcp.includes(marker), `mcp.mjs holds ${marker} (control)`).toBe(true);
      expect(v3.includes(marker), `v3.mjs holds ${marker}`).toBe(false);
    }
    for (const origin of ["@modelcontextprotocol", "functions/lib/mcp.ts", "functions/lib/mcp-tools.ts", "functions/lib/mcp-tool-list.ts", "functions/lib/mcp-listing.ts"]) {
      expect(has("v3", origin), origin).toBe(false);
    }
  });

  it("no bundle carries an iCalendar or date library: the engine writes the feed, Intl gives Stockholm's time", () => {
    for (const name of [...functionNames(), "server"]) {
      for (const origin of ["ics", "yup", "luxon"]) expect(has(name, origin), `${name} bundles ${origin}`).toBe(false);
    }
  });

  it("the precomputed modules are shipped as data: the calendar's fingerprint is a string in the health function", () => {
    expect(PRECOMPUTED.every((p) => !p.startsWith("/"))).toBe(true);
    // its SHA-256 implementation is not bundled: the fingerprint was computed at build time
    expect(has("health", "data-gen/sha256.ts")).toBe(false);
    expect(has("health", "data-gen/data-version.ts")).toBe(true);
  });

  it("what the precomputed modules were evaluated from counts as the bundles' inputs: a change to it makes them stale", () => {
    const inputs = JSON.parse(readFileSync(join(ROOT, BUNDLE_INPUTS_FILE), "utf8")).inputs as string[];
    // the OpenAPI document's generator is in no bundle (above), but its text is: editing it must rebundle
    for (const source of ["contract/openapi.ts", "contract/bodies.ts", "contract/json-schema.ts", "data-gen/sha256.ts"]) expect(inputs, source).toContain(source);
  });
});
