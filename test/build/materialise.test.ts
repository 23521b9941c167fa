/** Build properties: manifest, incremental rebuilds, pruning, atomic writes, and the per-year .ics reading. */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataVersion } from "swedish-calendar/core";
import { DEFAULT_FEED_OPTIONS, buildFeed } from "swedish-calendar/ics";
import { AtomicWriter, createStaging, removeStaging } from "../../build/atomic.js";
import { yearIcsFast } from "../../build/generate.js";
import { FILES_PER_YEAR, INDEX_PATH, MANIFEST_PATH, holidaysPath } from "../../build/layout.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);
let dir: string;
let out: string;

async function build(...args: string[]): Promise<string> {
  const { stderr } = await run(process.execPath, ["--import", "tsx", join(ROOT, "build/materialise.ts"), "--out", out, "--quiet", ...args], { cwd: ROOT });
  return stderr;
}

const SMALL = ["--from", "2023", "--to", "2025", "--days", "2024-12-30:2025-01-02"];

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
    // every named due-date schedule answers 2023-2025: three files a year, and the catalogue
    expect(manifest.kinds["due-dates"].files).toBe(9);
    expect(manifest.kinds["due-date-catalogue"].files).toBe(1);
    const index = JSON.parse(readFileSync(join(out, INDEX_PATH), "utf8")).files as Record<string, string>;
    expect(Object.keys(index)).toHaveLength(manifest.files);
    expect(existsSync(join(dir, ".tmp"))).toBe(false);
  }, 60_000);

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
  }, 60_000);
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
  it.each([1930, 1939, 1952, 1953, 2004, 2005, 2024, 2049, 2076, 4321, 9998, 9999])("%i", (year) => {
    expect(yearIcsFast(year)).toBe(buildFeed(year, year, DEFAULT_FEED_OPTIONS));
  });
});
