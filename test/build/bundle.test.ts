/**
 * The functions as deployed (build/bundle.ts: one file per function, dist/functions/<name>.mjs, the folder
 * netlify.toml names): each starts in a fresh `node` process and answers its cold-start request with the same
 * status, body and validators as the function's TypeScript source in process (the cold-start benchmark's code
 * path, bench/cold.ts; its timings and targets live in the benchmark). And each bundle holds only what its routes
 * need: no schema library, no OpenAPI generator where a build-time product serves. The not-found function holds the
 * site's not-found pages, built in at bundle time, and answers a browser with them as the standalone server does.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { COLD_REQUESTS, coldStart } from "../../bench/cold.js";
import { bundleAll, FUNCTIONS_BUNDLE_DIR, functionNames, PRECOMPUTED, SITE_FILES } from "../../build/bundle.js";
import { BUNDLE_INPUTS_FILE, bundleState, inputsHash, SERVER_BUNDLE_FILE } from "../../build/bundle-state.mjs";
import { openApiDocument } from "../../contract/openapi.js";
import { fallbackNotFoundPage, notFoundPages } from "../../http/site-pages.js";
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

  it.each(functionNames())(
    "%s",
    async (name) => {
      const spec = COLD_REQUESTS[name];
      const cold = coldStart(join(FUNCTIONS_BUNDLE_DIR, `${name}.mjs`), spec);
      const source = (await import(join(ROOT, "functions", `${name}.mts`))) as {
        default: (r: Request, c: { ip: string }) => Promise<Response>;
      };
      const request = new Request(spec.url, { method: spec.method ?? "GET", headers: spec.headers, body: spec.body });
      const inProcess = await source.default(request, { ip: "192.0.2.1" });
      const body = Buffer.from(await inProcess.arrayBuffer());

      expect(cold.status).toBe(EXPECTED_STATUS[name] ?? 200);
      expect(cold.status).toBe(inProcess.status);
      expect(Buffer.from(cold.body, "base64").toString("utf8")).toBe(body.toString("utf8"));
      for (const header of [
        "content-type",
        "etag",
        "ratelimit-policy",
        "ratelimit-limit",
        "access-control-allow-origin",
        "strict-transport-security",
      ]) {
        expect(cold.headers[header], `${name}: ${header}`).toBe(inProcess.headers.get(header) ?? undefined);
      }
      expect(cold.importMs).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe("each bundle holds what its routes need", () => {
  const has = (bundle: string, origin: string) =>
    Object.keys(contents[bundle] ?? {}).some((k) => k === origin || k.startsWith(origin + "/"));

  it("every function and the server were bundled", () => {
    expect(Object.keys(contents).sort()).toEqual([...functionNames(), "server"].sort());
  });

  it("no function carries the schema library, the OpenAPI generator or the body declarations: their products are data", () => {
    for (const name of functionNames()) {
      for (const origin of [
        "@sinclair/typebox",
        "contract/openapi.ts",
        "contract/openapi",
        "contract/bodies.ts",
        "contract/json-schema.ts",
        "contract/examples.ts",
        "http/openapi.ts",
      ]) {
        expect(has(name, origin), `${name} bundles ${origin}`).toBe(false);
      }
    }
  });

  it("the MCP SDK only in the MCP function (and the server); the feed's writer only where a feed is answered", () => {
    for (const name of functionNames()) {
      expect(has(name, "@modelcontextprotocol/sdk"), name).toBe(name === "mcp");
      expect(has(name, "engine/feed.ts"), name).toBe(name === "ical" || name === "ical-query");
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
    for (const origin of ["contract/openapi", "contract/examples.ts", "http/openapi.ts", "http/openapi-body.ts"])
      expect(has("mcp", origin), origin).toBe(false);
  });

  it("the v3 function holds no MCP code: neither the SDK (its transport's class, its protocol version) nor the tools", () => {
    const v3 = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "v3.mjs"), "utf8");
    const mcp = readFileSync(join(FUNCTIONS_BUNDLE_DIR, "mcp.mjs"), "utf8");
    for (const marker of [WebStandardStreamableHTTPServerTransport.name, `"${LATEST_PROTOCOL_VERSION}"`]) {
      expect(mcp.includes(marker), `mcp.mjs holds ${marker} (control)`).toBe(true);
      expect(v3.includes(marker), `v3.mjs holds ${marker}`).toBe(false);
    }
    for (const origin of [
      "@modelcontextprotocol",
      "http/mcp.ts",
      "http/mcp-tools.ts",
      "http/mcp-tool-list.ts",
      "http/mcp-listing.ts",
    ]) {
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
    expect(has("health", "engine/sha256.ts")).toBe(false);
    expect(has("health", "engine/data-version.ts")).toBe(true);
  });

  it("what the precomputed modules were evaluated from counts as the bundles' inputs: a change to it makes them stale", () => {
    const inputs = JSON.parse(readFileSync(join(ROOT, BUNDLE_INPUTS_FILE), "utf8")).inputs as string[];
    // the OpenAPI document's generator is in no bundle (above), but its text is: editing it must rebundle
    for (const source of ["contract/openapi.ts", "contract/bodies.ts", "contract/json-schema.ts", "engine/sha256.ts"])
      expect(inputs, source).toContain(source);
  });
});

describe("the not-found function answers a browser with the site's not-found page, in the path's language", () => {
  const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
  const ask = (path: string, accept: string, method = "GET") => {
    const cold = coldStart(join(FUNCTIONS_BUNDLE_DIR, "not-found.mjs"), {
      url: `https://calendar.example${path}`,
      method,
      headers: { accept },
    });
    return { ...cold, text: Buffer.from(cold.body, "base64").toString("utf8") };
  };
  // the pages as the bundle was built from them: public/'s (the e2e setup and `npm run build` build the site first), else the fallback
  const pages = notFoundPages();

  it("GET /en/foo: 404, the English page; /foo and /foo/en/bar: the Swedish one; HEAD: the same without a body", () => {
    const en = ask("/en/foo", BROWSER);
    expect(en.status).toBe(404);
    expect(en.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(en.headers["cache-control"]).toBe("no-store");
    expect(en.text).toBe(pages.en);
    expect(en.text).toMatch(/<html lang="en"/);
    expect(en.text).toContain("Page not found");
    for (const path of ["/foo", "/foo/en/bar"]) {
      const sv = ask(path, "text/html");
      expect(sv.status, path).toBe(404);
      expect(sv.text, path).toBe(pages.sv);
      expect(sv.text, path).toMatch(/<html lang="sv"/);
      expect(sv.text, path).toContain("Sidan finns inte");
    }
    const head = ask("/en/foo", BROWSER, "HEAD");
    expect([head.status, head.headers["content-type"], head.text]).toEqual([404, "text/html; charset=utf-8", ""]);
  });

  it("an API client (application/json, */*, no Accept) gets the problem document, as before", () => {
    for (const accept of ["application/json", "*/*", "application/problem+json", ""]) {
      const api = ask("/en/foo", accept);
      expect(api.status, accept).toBe(404);
      expect(api.headers["content-type"], accept).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(api.text).type, accept).toMatch(/\/problems\/not-found$/);
    }
    // a browser on the API's tree too (the same rule as the standalone server's: http/not-found-page.ts)
    expect(ask("/v3/nothing-here", BROWSER).headers["content-type"]).toMatch(/^application\/problem\+json/);
  });

  it("a bundle made with no site built holds a small page in both languages, the path's first", () => {
    const empty = mkdtempSync(join(tmpdir(), "no-site-"));
    try {
      const fallback = notFoundPages(empty);
      expect(fallback).toEqual({ sv: fallbackNotFoundPage("sv"), en: fallbackNotFoundPage("en") });
      expect(fallback.en).toMatch(/<html lang="en"/);
      expect(fallback.en.indexOf("Page not found")).toBeLessThan(fallback.en.indexOf("Sidan finns inte"));
      expect(fallback.sv).toMatch(/<html lang="sv"/);
      expect(fallback.sv.indexOf("Sidan finns inte")).toBeLessThan(fallback.sv.indexOf("Page not found"));
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("the pages are in the not-found function's bundle only (the server reads public/)", () => {
    for (const name of [...functionNames(), "server"]) {
      expect(Object.keys(contents[name] ?? {}).includes("http/site-pages.ts"), name).toBe(name === "not-found");
    }
  });

  it("a site built after the bundling makes the functions' bundles stale, not the server's (what npm start runs)", () => {
    const root = mkdtempSync(join(tmpdir(), "bundle-state-"));
    try {
      mkdirSync(join(root, "dist"));
      writeFileSync(join(root, SERVER_BUNDLE_FILE), "");
      writeFileSync(
        join(root, BUNDLE_INPUTS_FILE),
        JSON.stringify({
          hash: inputsHash(root, []),
          inputs: [],
          site: { files: SITE_FILES, hash: inputsHash(root, SITE_FILES) },
        }),
      );
      expect([bundleState(root), bundleState(root, "server")]).toEqual(["current", "current"]);
      mkdirSync(join(root, "public"));
      writeFileSync(join(root, SITE_FILES[0]!), "<!doctype html>");
      expect([bundleState(root), bundleState(root, "server")]).toEqual(["stale", "current"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
