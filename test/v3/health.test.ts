/**
 * /health and the static dataset's manifest: present (built by the real materialiser into a temp dir), absent,
 * stale (built from other rules or names), and unreadable or inconsistent. The manifest location is injected,
 * by parameter and by the DATASET_MANIFEST environment variable.
 */
import fs, { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { dataVersion, dayFromCivil } from "swedish-calendar/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MANIFEST_PATH } from "../../build/layout.js";
import { materialise } from "../../build/materialise.js";
import {
  createHealthHandler,
  DATASET_MANIFEST_ENV,
  datasetManifestPath,
  handleHealth,
  healthBody,
  readDatasetStatus,
} from "../../http/health.js";
import { schemaValidators } from "../contract/helpers.js";

const ORIGIN = "http://localhost";
const validHealth = schemaValidators()("Health");

let dir: string;
let manifestPath: string;
let manifestText: string;

/** A copy of the built manifest, changed by `edit`, in a file of its own. */
function variant(name: string, edit: (m: any) => unknown): string {
  const manifest = JSON.parse(manifestText);
  edit(manifest);
  return file(name, JSON.stringify(manifest, null, 2) + "\n");
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function healthOf(handler = handleHealth, target = "/health"): Promise<{ res: Response; body: any }> {
  const res = await handler(new Request(ORIGIN + target), { rateLimitsEnabled: false });
  return { res, body: await res.json() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "health-"));
  await materialise({
    out: join(dir, "public"),
    fromYear: 2024,
    toYear: 2024,
    days: { first: dayFromCivil(2024, 12, 30), last: dayFromCivil(2024, 12, 31) },
    workers: 0,
    progress: false,
    log: () => {},
  });
  manifestPath = join(dir, "public", MANIFEST_PATH);
  manifestText = readFileSync(manifestPath, "utf8");
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

afterEach(() => {
  delete process.env[DATASET_MANIFEST_ENV];
});

describe("/health with a dataset manifest", () => {
  it("present and current: reports the dataset's version, window, file count and hash; not stale", async () => {
    const manifest = JSON.parse(manifestText);
    const { res, body } = await healthOf(createHealthHandler({ manifestPath }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      status: "ok",
      ready: true,
      apiVersion: "3.0.0",
      dataVersion: dataVersion(),
      years: { from: 1930, to: 9999 },
      dataset: {
        dataVersion: dataVersion(),
        stale: false,
        years: { from: 2024, to: 2024 },
        days: { from: "2024-12-30", to: "2024-12-31" },
        files: manifest.files,
        contentHash: manifest.contentHash,
      },
    });
    expect(validHealth(body), JSON.stringify(validHealth.errors)).toBe(true);
  });

  it("absent: dataset is null and the service is still ok", async () => {
    const { res, body } = await healthOf(
      createHealthHandler({ manifestPath: join(dir, "no-such-dir", "manifest.json") }),
    );
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "ok", apiVersion: "3.0.0", dataVersion: dataVersion(), dataset: null });
    expect(validHealth(body), JSON.stringify(validHealth.errors)).toBe(true);
  });

  it("stale: a dataset built from other rules or names is reported, status stays ok", async () => {
    const path = variant("stale.json", (m) => (m.dataVersion = "0123456789abcdef"));
    const { res, body } = await healthOf(createHealthHandler({ manifestPath: path }));
    expect(res.status).toBe(200);
    expect(body.status).toBe("ok");
    expect(body.dataVersion).toBe(dataVersion());
    expect(body.dataset).toMatchObject({ dataVersion: "0123456789abcdef", stale: true });
    expect(validHealth(body), JSON.stringify(validHealth.errors)).toBe(true);
    // built for another API version: stale as well
    const other = variant("other-api.json", (m) => (m.apiVersion = "2.0.0"));
    expect(healthBody({ manifestPath: other }).dataset).toMatchObject({ dataVersion: dataVersion(), stale: true });
  });

  it("unreadable or inconsistent: dataset is null", () => {
    const cases = [
      file("truncated.json", manifestText.slice(0, 40)),
      file("not-an-object.json", "[1, 2, 3]\n"),
      variant("other-dataset.json", (m) => (m.dataset = "something-else")),
      variant("counts-disagree.json", (m) => (m.files += 1)),
      variant("no-hash.json", (m) => delete m.contentHash),
      variant("bad-days.json", (m) => (m.days = { from: 1 })),
      dir, // a directory, not a file
    ];
    for (const path of cases) expect(healthBody({ manifestPath: path }).dataset, path).toBeNull();
  });

  it("a manifest without a days window reports days: null", () => {
    const path = variant("no-days.json", (m) => (m.days = null));
    const dataset = healthBody({ manifestPath: path }).dataset;
    expect(dataset).toMatchObject({ stale: false, days: null });
    expect(validHealth({ ...healthBody({ manifestPath: path }) }), JSON.stringify(validHealth.errors)).toBe(true);
  });

  it("DATASET_MANIFEST names the file; unset, it is public/manifest.json under the working directory", async () => {
    expect(datasetManifestPath({})).toBe(resolve(process.cwd(), "public", "manifest.json"));
    expect(datasetManifestPath({ [DATASET_MANIFEST_ENV]: "" })).toBe(resolve(process.cwd(), "public", "manifest.json"));
    expect(datasetManifestPath({ [DATASET_MANIFEST_ENV]: manifestPath })).toBe(manifestPath);

    // read when the handler is made (a function: when its module loads)
    process.env[DATASET_MANIFEST_ENV] = manifestPath;
    expect((await healthOf(createHealthHandler())).body.dataset).toMatchObject({
      dataVersion: dataVersion(),
      stale: false,
    });
    process.env[DATASET_MANIFEST_ENV] = join(dir, "absent.json");
    expect((await healthOf(createHealthHandler())).body.dataset).toBeNull();
  });

  it("/health reads the manifest once, when it is made: a manifest changed or removed afterwards changes nothing", async () => {
    const path = file("started-with.json", manifestText);
    const handler = createHealthHandler({ manifestPath: path });
    const first = await healthOf(handler);
    expect(first.body.dataset).toMatchObject({ dataVersion: dataVersion(), stale: false });
    const etag = first.res.headers.get("etag");
    // changed (another data version, a new mtime), then gone: the answers stay byte for byte what they were
    writeFileSync(path, manifestText.replace(`"dataVersion": "${dataVersion()}"`, `"dataVersion": "ffffffffffffffff"`));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    expect(readDatasetStatus(path)?.stale).toBe(true); // the file did change
    const changed = await healthOf(handler);
    expect(changed.res.status).toBe(200);
    expect(changed.body).toEqual(first.body);
    expect(changed.res.headers.get("etag")).toBe(etag);
    rmSync(path);
    const removed = await healthOf(handler);
    expect(removed.res.status).toBe(200);
    expect(removed.body).toEqual(first.body);
    // a handler made now sees the disk as it is now
    expect((await healthOf(createHealthHandler({ manifestPath: path }))).body.dataset).toBeNull();
  });

  it("answers from memory: no file is stat'ed, opened or read per request", async () => {
    const handler = createHealthHandler({ manifestPath });
    await healthOf(handler);
    const calls: string[] = [];
    // the CommonJS face of node:fs, spied, then synced into the named exports every ES module imports
    const spies = (["statSync", "readFileSync", "openSync", "existsSync", "lstatSync"] as const).map((name) =>
      vi.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
        calls.push(`${name} ${String(args[0])}`);
        throw new Error(`/health touched the disk: ${name}`);
      }) as never),
    );
    syncBuiltinESMExports();
    try {
      for (const target of ["/health", "/health?ready", "/health?ready=false"]) {
        const { res, body } = await healthOf(handler, target);
        expect(res.status, target).toBe(200);
        expect(body.dataset, target).toMatchObject({ stale: false });
      }
      // the spies do see a read of the manifest (so the check above can fail)
      expect(readDatasetStatus(join(dir, "spied.json"))).toBeNull();
      expect(calls.length).toBeGreaterThan(0);
      calls.length = 0;
      for (const target of ["/health", "/health?ready"]) expect((await healthOf(handler, target)).res.status).toBe(200);
    } finally {
      for (const spy of spies) spy.mockRestore();
      syncBuiltinESMExports();
    }
    expect(calls).toEqual([]);
  });

  it("re-reads the manifest when it changes (a rebuild), and only then (readDatasetStatus: the server's dataset view)", () => {
    const path = file("rebuilt.json", manifestText);
    expect(readDatasetStatus(path)?.stale).toBe(false);
    writeFileSync(path, manifestText.replace(`"dataVersion": "${dataVersion()}"`, `"dataVersion": "ffffffffffffffff"`));
    utimesSync(path, new Date(), new Date(Date.now() + 5000)); // a distinct mtime even on a coarse clock
    expect(readDatasetStatus(path)).toMatchObject({ dataVersion: "ffffffffffffffff", stale: true });
    rmSync(path);
    expect(readDatasetStatus(path)).toBeNull();
  });
});
