/**
 * Every local URL that README.md and the docs name answers on a fresh start: the standalone server over a publish
 * folder that holds the site but no built dataset (as `npm ci && npm start` leaves it), in process. Dataset files
 * are then computed as the build would write them (build/generate.ts datasetFileBody): the test also checks those
 * bytes against the build's own recipe for the same file. The index (its root and every part it links) answers
 * alike without a build and, from the built files, with one (the e2e server over public/).
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { dataVersion, FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleFiles, yearFiles } from "../../build/generate.js";
import { INDEX_PATH, indexPartOf, indexPartPath, MANIFEST_PATH } from "../../build/layout.js";
import { matchRoute } from "../../contract/route-match.js";
import { etagOf } from "../../contract/serialize.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { answeredBy, e2eBaseUrl, IDENTITY } from "./base-url.js";
import { PUBLIC_DIR, ROOT, siteWithoutDataset } from "./server.js";

/** Sample values for the templates the docs write (`{year}`, `:date`, …). */
const SAMPLES: Record<string, string> = {
  year: "2026",
  from: "2026",
  date: "2026-06-19",
  code: "midsummerEve",
  schedule: "child-benefit",
  part: "20xx",
};

interface IndexRead {
  root: { dataVersion: string; parts: Record<string, string> };
  /** each part's files (path -> content hash), by the part's path */
  parts: Map<string, Record<string, string>>;
}

/**
 * The index as a client syncing the dataset reads it (docs/static-dataset.md): the root, then each part it links,
 * each answered 200 as a dataset file with the ETag the root gives it and bytes that hash to it.
 */
async function readIndexOver(base: string): Promise<IndexRead> {
  const res = await fetch(`${base}/${INDEX_PATH}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const root = (await res.json()) as IndexRead["root"];
  expect(Object.keys(root)).toEqual(["dataVersion", "parts"]);
  const parts = new Map<string, Record<string, string>>();
  for (const [path, hash] of Object.entries(root.parts)) {
    const part = await fetch(`${base}/${path}`, { headers: IDENTITY });
    expect(part.status, path).toBe(200);
    expect(part.headers.get("content-type"), path).toMatch(/^application\/json/);
    expect(part.headers.get("etag"), path).toBe(hash);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(etagOf(bytes), path).toBe(hash);
    const body = JSON.parse(bytes.toString("utf8"));
    expect(Object.keys(body), path).toEqual(["files"]);
    parts.set(path, body.files);
  }
  return { root, parts };
}

/**
 * Named in the docs but not an address to GET on the standalone server, each with why: patterns and folders, the
 * platform's internal paths, the MCP endpoint (POST only, tested in test/e2e/mcp.test.ts), a path on the machine.
 */
const NOT_ADDRESSES = [
  /[*<…]|\.\.\./, // patterns and placeholders of another kind
  /^\/\.netlify\//, // Netlify's internal function paths
  /^\/rate-limited\//, // the platform's rewrite target for over-limit requests; the standalone server counts itself
  /^\/usr\//, // a file on the machine (the browser tests' Chromium)
  /^\/mcp$/, // POST only
  /^\/v3\/data\/function$/, // words of a sentence, not a path
  /\/$/, // folders (`/v3/data/`); the site's pages are written with a trailing slash too: checked below
  /^\/v3$/, // the API's prefix
];

/**
 * A route named by its path alone (`/v3/period`, `/v3/due-dates`): a name, not a request. Where the route needs query
 * parameters it must answer 400 saying what is required; else 200.
 */
function isRouteName(url: string): boolean {
  return !url.includes("?") && matchRoute(url) !== undefined;
}
const SITE_PAGES = [
  "/",
  "/api/",
  "/en/",
  "/en/api/",
  "/v2-deprecation/",
  "/en/v2-deprecation/",
  "/changelog/",
  "/en/changelog/",
];

function documentedUrls(): string[] {
  const files = [
    "README.md",
    "engine/README.md",
    "site/README.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  const found = new Set<string>();
  for (const file of files) {
    for (const [, path] of readFileSync(join(ROOT, file), "utf8").matchAll(/`(\/[^`\s]*)`/g)) {
      const url = path.replace(
        /\{(\w+)\}|:(\w+)/g,
        (whole, a: string | undefined, b: string | undefined) => SAMPLES[a ?? b ?? ""] ?? whole,
      );
      if (!NOT_ADDRESSES.some((p) => p.test(url))) found.add(url);
    }
  }
  return [...found].sort();
}

let server: StandaloneServer;
let base: string;
let publicDir: string;

describe.skipIf(process.env.E2E === "off")(
  "every URL the docs name answers on a fresh start (no built dataset)",
  () => {
    beforeAll(async () => {
      // the site as `npm start` builds it, without the dataset
      publicDir = siteWithoutDataset("fresh-public-");
      server = createServer({ publicDir, rateLimits: false, log: () => {} });
      base = (await server.listen(0, "127.0.0.1")).url;
    });
    afterAll(async () => {
      await server?.close();
      if (publicDir) rmSync(publicDir, { recursive: true, force: true });
    });

    it("finds the documented URLs (dataset files among them)", () => {
      const urls = documentedUrls();
      for (const url of [
        "/v3/data/2026/days.json",
        "/v3/data/days/2026-06-19.json",
        "/ics/svenska-helgdagar-2026.ics",
        "/manifest.json",
        "/v3/data/index.json",
        "/v3/data/index/20xx.json",
        "/v3/data/index/common.json",
        "/v3/data/openapi.json",
      ]) {
        expect(urls).toContain(url);
      }
    });

    it("each answers 200", async () => {
      const failures: string[] = [];
      for (const url of [...documentedUrls(), ...SITE_PAGES]) {
        const res = await fetch(base + url);
        const body = await res.text();
        const saysWhatIsRequired = res.status === 400 && /is required/.test(body);
        if (res.status !== 200 && !(isRouteName(url) && saysWhatIsRequired)) failures.push(`${res.status} ${url}`);
      }
      expect(failures).toEqual([]);
    });

    it("a computed dataset file is the bytes the build writes, with the file's headers", async () => {
      const built = new Map([...yearFiles(2026), ...singleFiles()].map((f) => [`/${f.path}`, f.body]));
      for (const url of [
        "/v3/data/2026/days.json",
        "/v3/data/2026/holidays.json",
        "/ics/svenska-helgdagar-2026.ics",
        "/v3/data/observances.json",
        "/v3/data/openapi.json",
      ]) {
        const res = await fetch(base + url, { headers: IDENTITY });
        expect(await res.text(), url).toBe(built.get(url));
        expect(res.headers.get("etag"), url).toMatch(/^"[\w-]{22}"$/);
      }
      const day = await (await fetch(`${base}/v3/data/days/2026-06-19.json`)).json();
      expect(day).toMatchObject({
        date: "2026-06-19",
        holidayType: "defacto",
        observances: [{ code: "midsummerEve" }],
      });
      const manifest = await (await fetch(`${base}/manifest.json`)).json();
      expect(manifest).toMatchObject({ dataset: "swedish-calendar-service", files: 0, days: null, kinds: {} });
      // what no build writes is still a 404
      expect((await fetch(`${base}/v3/data/days/2023-02-29.json`)).status).toBe(404);
      expect((await fetch(`${base}/v3/data/1929/days.json`)).status).toBe(404);
    });

    it("the index: the root links every part of 1930-9999 and each answers, listing no file (the manifest's files: 0)", async () => {
      const { root, parts } = await readIndexOver(base);
      expect(root.dataVersion).toBe(dataVersion());
      const expected = new Set([indexPartPath(indexPartOf(undefined))]);
      for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) expected.add(indexPartPath(indexPartOf(year)));
      expect(Object.keys(root.parts).sort()).toEqual([...expected].sort());
      for (const [path, files] of parts) expect(files, path).toEqual({});
      // a part no build writes is a 404, like any other dataset path no build writes
      expect((await fetch(`${base}/${indexPartPath("18xx")}`)).status).toBe(404);
      expect((await fetch(`${base}/${indexPartPath("everything")}`)).status).toBe(404);
    });
  },
);

const BUILT = e2eBaseUrl();

describe.skipIf(!BUILT)("the index over a built dataset (the e2e server over public/)", () => {
  it("the root links each part the build wrote, with its hash; each part answers from its file; every file is listed once, with the ETag it answers", async () => {
    const { root, parts } = await readIndexOver(BUILT!);
    const manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, MANIFEST_PATH), "utf8"));
    expect(root.dataVersion).toBe(manifest.dataVersion);
    for (const path of Object.keys(root.parts)) {
      expect(readFileSync(join(PUBLIC_DIR, path), "utf8"), path).toBe(JSON.stringify({ files: parts.get(path) }));
      expect(answeredBy(await fetch(`${BUILT}/${path}`)), path).toBe("static");
    }
    const listed = [...parts.values()].flatMap((files) => Object.keys(files));
    expect(listed).toHaveLength(manifest.files);
    expect(new Set(listed).size).toBe(manifest.files);
    // a sample of listed files answers with the hash the index gives it
    const part = parts.get(indexPartPath(indexPartOf(2026)))!;
    for (const path of ["v3/data/2026/holidays.json", "v3/data/2026/days.json", "ics/svenska-helgdagar-2026.ics"]) {
      const res = await fetch(`${BUILT}/${path}`, { headers: IDENTITY });
      expect(res.headers.get("etag"), path).toBe(part[path]);
    }
  });
});
