/** Build properties: manifest, index and its parts, incremental rebuilds, pruning, atomic writes, and the per-year .ics reading. */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { dataVersion, FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { buildFeed, DEFAULT_FEED_OPTIONS } from "swedish-calendar/ics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AtomicWriter, createStaging, removeStaging } from "../../build/atomic.js";
import { yearIcsFast } from "../../build/generate.js";
import {
  COMMON_INDEX_PART,
  FILES_PER_YEAR,
  holidaysPath,
  INDEX_PARTS_FOLDER,
  INDEX_PATH,
  indexPartOf,
  indexPartPath,
  MANIFEST_PATH,
} from "../../build/layout.js";
import { STATIC_ONLY_FILES } from "../../contract/routes.js";
import { etagOf } from "../../contract/serialize.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);
let dir: string;
let out: string;

async function build(...args: string[]): Promise<string> {
  const { stderr } = await run(
    process.execPath,
    ["--import", "tsx", join(ROOT, "build/materialise.ts"), "--out", out, "--quiet", ...args],
    { cwd: ROOT },
  );
  return stderr;
}

const SMALL = ["--from", "2023", "--to", "2025", "--days", "2024-12-30:2025-01-02"];

interface Index {
  root: { dataVersion: string; parts: Record<string, string> };
  /** each part's files, by the part's path */
  parts: Map<string, Record<string, string>>;
}

/** The index in the publish folder, each part checked against the hash the root gives it. */
function readIndex(): Index {
  const root = JSON.parse(readFileSync(join(out, INDEX_PATH), "utf8")) as Index["root"];
  expect(Object.keys(root)).toEqual(["dataVersion", "parts"]);
  const parts = new Map<string, Record<string, string>>();
  for (const [path, hash] of Object.entries(root.parts)) {
    const bytes = readFileSync(join(out, path));
    expect(etagOf(bytes), path).toBe(hash);
    const part = JSON.parse(bytes.toString("utf8"));
    expect(Object.keys(part)).toEqual(["files"]);
    parts.set(path, part.files);
  }
  return { root, parts };
}

/** The year in a dataset path (a year's folder, a Day file's date, an .ics), undefined for a file of no year. */
const yearInPath = (path: string) => {
  const year = /(?:^|\/|-)(\d{4})(?:\/|-|\.)/.exec(path)?.[1];
  return year === undefined ? undefined : Number(year);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "dataset-build-"));
  out = join(dir, "public");
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("build/materialise.ts", () => {
  it("writes every planned file, a manifest and an index, and leaves no temporary files", async () => {
    const log = await build(...SMALL);
    expect(log).toMatch(/449|\d+ of \d+ files written/);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_PATH), "utf8"));
    expect(manifest).toMatchObject({
      apiVersion: "3.0.0",
      dataVersion: dataVersion(),
      years: { from: 2023, to: 2025 },
      days: { from: "2024-12-30", to: "2025-01-02" },
      files: 3 * FILES_PER_YEAR + 4 + 4,
      index: "/" + INDEX_PATH,
    });
    expect(manifest.kinds.holidays.files).toBe(12);
    expect(manifest.kinds.days.files).toBe(4);
    expect(manifest.kinds["working-time"].files).toBe(3);
    expect(manifest.kinds["days-csv"].files).toBe(3);
    expect(manifest.kinds["working-time-csv"].files).toBe(3);
    // every named due-date schedule answers 2023-2025: three files a year, and the catalogue
    expect(manifest.kinds["due-dates"].files).toBe(9);
    expect(manifest.kinds["due-date-catalogue"].files).toBe(1);
    expect(existsSync(join(dir, ".tmp"))).toBe(false);
  }, 60_000);

  it("indexes every file exactly once, with its content hash, in the part of its year; the root links each part with its hash", () => {
    const { root, parts } = readIndex();
    expect(root.dataVersion).toBe(dataVersion());
    // years 2023-2025 and their Day files in 20xx, the catalogues and the OpenAPI document in common
    expect(Object.keys(root.parts)).toEqual([indexPartPath("20xx"), indexPartPath(COMMON_INDEX_PART)]);
    const listed = [...parts].flatMap(([part, files]) =>
      Object.entries(files).map(([path, hash]) => ({ part, path, hash })),
    );
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_PATH), "utf8"));
    expect(listed).toHaveLength(manifest.files);
    expect(new Set(listed.map((f) => f.path)).size).toBe(manifest.files);
    for (const { part, path, hash } of listed) {
      expect(etagOf(readFileSync(join(out, path))), path).toBe(hash);
      expect(part, path).toBe(indexPartPath(indexPartOf(yearInPath(path))));
    }
    // a part lists its files in path order
    for (const files of parts.values()) expect(Object.keys(files)).toEqual(Object.keys(files).sort());
    // nothing else in the parts' folder
    expect(
      readdirSync(join(out, INDEX_PARTS_FOLDER))
        .map((name) => `${INDEX_PARTS_FOLDER}/${name}`)
        .sort(),
    ).toEqual(Object.keys(root.parts));
  });

  it("a second build with nothing changed writes nothing and says so", async () => {
    const log = await build(...SMALL);
    expect(log).toContain("no changes");
  }, 60_000);

  it("rewrites exactly the file whose bytes differ", async () => {
    const target = join(out, holidaysPath(2024, { sundays: false, saturdays: false }));
    const good = readFileSync(target, "utf8");
    writeFileSync(target, good.slice(0, 10));
    const log = await build(...SMALL);
    expect(log).toMatch(/^dataset: 1 of \d+ files written/m);
    expect(readFileSync(target, "utf8")).toBe(good);
  }, 60_000);

  it("removes the files of the previous plan that this one no longer has (a moved days window)", async () => {
    const log = await build("--from", "2023", "--to", "2025", "--days", "2025-01-01:2025-01-02");
    expect(log).toMatch(/2 removed/);
    expect(existsSync(join(out, "v3/data/days/2024-12-30.json"))).toBe(false);
    expect(existsSync(join(out, "v3/data/days/2025-01-02.json"))).toBe(true);
    const { parts } = readIndex();
    expect(parts.get(indexPartPath("20xx"))).not.toHaveProperty(["v3/data/days/2024-12-30.json"]);
    expect(parts.get(indexPartPath("20xx"))).toHaveProperty(["v3/data/days/2025-01-02.json"]);
  }, 60_000);

  it("adds the part of a century when a file of it is built, and removes the part when none is", async () => {
    await build("--from", "2023", "--to", "2025", "--days", "1999-12-31:1999-12-31");
    const with1999 = readIndex();
    expect(Object.keys(with1999.root.parts)).toEqual([
      indexPartPath("19xx"),
      indexPartPath("20xx"),
      indexPartPath(COMMON_INDEX_PART),
    ]);
    expect(with1999.parts.get(indexPartPath("19xx"))).toEqual({
      "v3/data/days/1999-12-31.json": etagOf(readFileSync(join(out, "v3/data/days/1999-12-31.json"))),
    });
    const log = await build("--from", "2023", "--to", "2025", "--days", "none");
    expect(log).toMatch(/1 removed/);
    expect(Object.keys(readIndex().root.parts)).toEqual([indexPartPath("20xx"), indexPartPath(COMMON_INDEX_PART)]);
    expect(existsSync(join(out, indexPartPath("19xx")))).toBe(false);
  }, 60_000);

  it("reads an index of before the split (one file listing every file): skips the unchanged files, removes the stale ones", async () => {
    const { parts } = readIndex();
    const files = Object.assign({}, ...parts.values()) as Record<string, string>;
    const stale = "v3/data/days/2022-01-01.json";
    mkdirSync(join(out, "v3/data/days"), { recursive: true });
    writeFileSync(join(out, stale), "{}");
    writeFileSync(
      join(out, INDEX_PATH),
      JSON.stringify({ dataVersion: dataVersion(), files: { ...files, [stale]: etagOf("{}") } }),
    );
    rmSync(join(out, INDEX_PARTS_FOLDER), { recursive: true });
    const log = await build("--from", "2023", "--to", "2025", "--days", "none");
    expect(log).toMatch(/^dataset: 0 of \d+ files written .*, 1 removed/m);
    expect(existsSync(join(out, stale))).toBe(false);
    expect(readIndex().parts).toEqual(parts);
  }, 60_000);
});

describe("the index's parts as the route table names them", () => {
  it("one per century of the years, and common: the parts STATIC_ONLY_FILES.indexPart describes", () => {
    expect([
      indexPartOf(FIRST_YEAR),
      indexPartOf(1999),
      indexPartOf(2000),
      indexPartOf(LAST_YEAR),
      indexPartOf(undefined),
    ]).toEqual(["19xx", "19xx", "20xx", "99xx", "common"]);
    for (const part of [indexPartOf(FIRST_YEAR), indexPartOf(LAST_YEAR), COMMON_INDEX_PART])
      expect(STATIC_ONLY_FILES.indexPart.answers).toContain(`\`${part}\``);
    expect("/" + indexPartPath("20xx")).toBe(STATIC_ONLY_FILES.indexPart.file.replace(":part", "20xx"));
  });
});

describe("atomic writes", () => {
  it("an interrupted write leaves the old file at the served path and no temporary file", () => {
    const root = mkdtempSync(join(tmpdir(), "atomic-"));
    const publish = join(root, "public");
    mkdirSync(publish);
    const target = join(publish, "a.json");
    writeFileSync(target, "old");
    const staging = createStaging(publish);
    const writer = new AtomicWriter(staging, () => {
      throw new Error("interrupted");
    });
    expect(() => writer.write(target, "new bytes")).toThrow("interrupted");
    expect(readFileSync(target, "utf8")).toBe("old");
    expect(readdirSync(staging)).toEqual([]);
    removeStaging(staging);
    expect(readdirSync(root)).toEqual(["public"]);
    expect(readdirSync(publish)).toEqual(["a.json"]);
    rmSync(root, { recursive: true, force: true });
  });
});

describe("per-year .ics = the feed (default options) for a window of that one year", () => {
  it.each([1930, 1939, 1952, 1953, 1954, 1981, 2004, 2005, 2024, 2049, 2076, 4321, 9998, 9999])("%i", (year) => {
    expect(yearIcsFast(year)).toBe(buildFeed(year, year, DEFAULT_FEED_OPTIONS));
  });
});
