/**
 * Every build is deployable: Netlify refuses a deploy with more than MAX_FILES_PER_DIRECTORY files in one directory.
 * The plan (build/plan.ts) counts each directory without writing; the build refuses a plan over the limit before it
 * writes a file; the full build (`--days max`) fits; every year has its days in one file (v3/data/{year}/days.json).
 * And no file reaches Netlify's per-file size limit (MAX_FILE_BYTES): every file of the full build is made in memory
 * by the build's own task runner, without writing its gigabyte, and its index composed from them.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { dayFromCivil, dayOf, toIsoDate } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatasetIndex } from "../../build/generate.js";
import {
  FILES_PER_YEAR,
  FLAG_VARIANTS,
  INDEX_PATH,
  indexPartOf,
  indexPartPath,
  MANIFEST_PATH,
  MAX_FILE_BYTES,
  MAX_FILES_PER_DIRECTORY,
  OBSERVANCE_CODES,
  yearDaysPath,
} from "../../build/layout.js";
import { materialise, parseDaysWindow } from "../../build/materialise.js";
import {
  crowdedDirectories,
  directoryCounts,
  type PlanOptions,
  PUBLISH_ROOT,
  planTasks,
  widestDaysWindow,
  windowText,
} from "../../build/plan.js";
import { type FileEntry, indexOfEntries, processTask } from "../../build/process.js";
import { yearDaysResource } from "../../contract/resources.js";
import { serializeJson } from "../../contract/serialize.js";
import { ROOT } from "../e2e/server.js";

const run = promisify(execFile);
const YEARS = 9999 - 1930 + 1;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "deploy-limits-"));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the limit", () => {
  it("is Netlify's: 54,000 files in one directory", () => {
    expect(MAX_FILES_PER_DIRECTORY).toBe(54_000);
  });
});

describe("the plan of the full build (npm run build:data:full-days: 1930-9999, --days max)", () => {
  const script = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts["build:data:full-days"] as string;
  const daysArgument = /--days (\S+)/.exec(script)?.[1];
  let counts: Map<string, number>;

  beforeAll(() => {
    counts = directoryCounts({ fromYear: 1930, toYear: 9999, days: parseDaysWindow(daysArgument!) });
  });

  it("the script asks for the widest window that fits, 1930-01-01..2076-12-31", () => {
    expect(daysArgument).toBe("max");
    const window = widestDaysWindow()!;
    expect(windowText(window)).toBe("1930-01-01..2076-12-31");
    expect(parseDaysWindow("max")).toEqual(window);
    // one more year would not fit
    expect(window.last - window.first + 1).toBeLessThanOrEqual(MAX_FILES_PER_DIRECTORY);
    expect(dayFromCivil(2077, 12, 31) - window.first + 1).toBeGreaterThan(MAX_FILES_PER_DIRECTORY);
  });

  it("has no directory over the limit", () => {
    expect(crowdedDirectories({ days: parseDaysWindow("max") })).toEqual([]);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(MAX_FILES_PER_DIRECTORY);
  });

  it("counts each directory exactly", () => {
    expect(counts.get("v3/data/days")).toBe(53_692);
    // a folder per year, days/, observances.json, flag-days.json, due-dates.json, openapi.json, index.json, index/
    expect(counts.get("v3/data")).toBe(YEARS + 7);
    // the index's parts: one per century 19xx..99xx, and common
    expect(counts.get("v3/data/index")).toBe(99 - 19 + 1 + 1);
    expect(counts.get("ics")).toBe(YEARS);
    // four holiday variants, bridge days, half days, long weekends, flag days, days.json, observances/, due-dates/,
    // working-time.json, days.csv, working-time.csv
    expect(counts.get("v3/data/2024")).toBe(FLAG_VARIANTS.length + 5 + 2 + 3);
    // no flag-days file before 1983 (the function answers those years' 400)
    expect(counts.get("v3/data/1982")).toBe(FLAG_VARIANTS.length + 4 + 2 + 3);
    expect(counts.get("v3/data/1983")).toBe(FLAG_VARIANTS.length + 5 + 2 + 3);
    // a due-date schedule's file from its since: salary-25 always, tax-account from 2012, child-benefit from 2015
    expect(counts.get("v3/data/2011/due-dates")).toBe(1);
    expect(counts.get("v3/data/2012/due-dates")).toBe(2);
    expect(counts.get("v3/data/2014/due-dates")).toBe(2);
    expect(counts.get("v3/data/2015/due-dates")).toBe(3);
    expect(counts.get("v3/data/9999/due-dates")).toBe(3);
    expect(counts.get("v3/data/9999/observances")).toBe(OBSERVANCE_CODES.length);
    expect(counts.get("v3")).toBe(1);
    // v3/, ics/, manifest.json
    expect(counts.get(PUBLISH_ROOT)).toBe(3);
    expect(counts.size).toBe(3 * YEARS + 6);
    const largest = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
    expect(largest).toEqual([
      ["v3/data/days", 53_692],
      ["v3/data", YEARS + 7],
      ["ics", YEARS],
    ]);
  });

  // how long planning takes is a benchmark's question (npm run bench -- build), not a test's
  it("plans even every date of 1930-9999 without writing anything", () => {
    const all = directoryCounts({ days: parseDaysWindow("all") });
    expect(all.get("v3/data/days")).toBe(2_947_507);
  });
});

/**
 * Every file of a build with these options, made as the build makes it (build/process.ts processTask: the same tasks,
 * bodies, content hashes and index parts), each written nowhere: the writer drops it. The previous build gives every
 * path a hash no body has, so each file counts as changed without a look at the disk. Between tasks the test's
 * thread is let go, so the runner hears from it during the minute this can take on a busy machine.
 */
async function madeInMemory(options: PlanOptions): Promise<FileEntry[]> {
  const ctx = { out: join(dir, "never-written"), writer: { write: () => {} }, previous: { get: () => "" } };
  const entries: FileEntry[] = [];
  for (const task of planTasks(options).tasks) {
    for (const entry of processTask(task, ctx)) entries.push(entry);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return entries;
}

const bytesOf = (parts: DatasetIndex["parts"]) =>
  [...parts].map(([path, body]) => [path, Buffer.byteLength(body)] as const);

describe("no file of the full build (1930-9999, --days max) reaches Netlify's per-file limit", () => {
  const options = { fromYear: 1930, toYear: 9999, days: parseDaysWindow("max") };
  let entries: FileEntry[];
  let index: DatasetIndex;

  beforeAll(async () => {
    entries = await madeInMemory(options);
    index = indexOfEntries(entries);
  }, 300_000);

  it("the limit is Netlify's guidance: a file over 10 MB will likely fail to upload", () => {
    expect(MAX_FILE_BYTES).toBe(10_000_000);
  });

  it("every file the plan has is made, and each is under the limit", () => {
    expect(entries).toHaveLength(planTasks(options).total);
    const largest = entries.reduce((a, b) => (b[2] > a[2] ? b : a));
    expect(largest[2]).toBeLessThan(MAX_FILE_BYTES);
  });

  it("the index in one file would not be: its parts add up to more than the limit", () => {
    const whole = bytesOf(index.parts).reduce((sum, [, bytes]) => sum + bytes, 0);
    expect(whole).toBeGreaterThan(MAX_FILE_BYTES);
  });

  it("the index's root and each of its parts are under the limit; the largest part is 20xx, with the Day files of 2000-2076", () => {
    const sizes = bytesOf(index.parts).sort((a, b) => b[1] - a[1]);
    expect(sizes).toHaveLength(99 - 19 + 1 + 1);
    expect(sizes[0][0]).toBe(indexPartPath(indexPartOf(2000)));
    expect(sizes[0][1]).toBeLessThan(MAX_FILE_BYTES);
    expect(Buffer.byteLength(index.root)).toBeLessThan(MAX_FILE_BYTES);
    // every file in exactly one part
    const listed = [...index.parts.values()].flatMap((body) => Object.keys(JSON.parse(body).files));
    expect(listed).toHaveLength(entries.length);
    expect(new Set(listed).size).toBe(entries.length);
  });

  it("so is the largest part any build can write: a century with a Day file for each of its dates (2000-2099, 36,525)", async () => {
    const century = await madeInMemory({ fromYear: 2000, toYear: 2099, days: parseDaysWindow("2000:2099") });
    expect(century.filter((e) => e[3] === "days")).toHaveLength(36_525);
    const part = indexOfEntries(century).parts.get(indexPartPath(indexPartOf(2000)))!;
    expect(Buffer.byteLength(part)).toBeLessThan(MAX_FILE_BYTES);
  }, 60_000);
});

describe("a build the limit refuses", () => {
  it("--days all fails with a clear message before any file is written", async () => {
    const out = join(dir, "refused", "public");
    const failure = await run(
      process.execPath,
      ["--import", "tsx", join(ROOT, "build/materialise.ts"), "--out", out, "--quiet", "--days", "all"],
      { cwd: ROOT },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const message = failure!.stderr;
    expect(message).toContain("v3/data/days/ would hold 2,947,507 files");
    expect(message).toContain("more than 54,000 files in one directory");
    expect(message).toContain("narrower --days window");
    expect(message).toContain("--days max is the widest that fits: 1930-01-01..2076-12-31");
    expect(message).not.toMatch(/^\s+at /m); // an answer, not a stack trace
    // nothing written: neither the publish folder nor the staging folder beside it
    expect(existsSync(join(dir, "refused"))).toBe(false);
  }, 60_000);

  it("the same in-process, with the directory in the error", async () => {
    const out = join(dir, "refused-in-process", "public");
    await expect(materialise({ out, days: parseDaysWindow("all"), workers: 0, log: () => {} })).rejects.toThrow(
      /v3\/data\/days\/ would hold 2,947,507 files/,
    );
    expect(existsSync(join(dir, "refused-in-process"))).toBe(false);
  });
});

describe("v3/data/{year}/days.json: every Day of the year", () => {
  it("yearDaysResource(2024): 366 entries, each dayOf its date, ascending", () => {
    const resource = yearDaysResource(2024);
    expect(resource.year).toBe(2024);
    expect(resource.count).toBe(366);
    expect(resource.days).toHaveLength(366);
    const first = dayFromCivil(2024, 1, 1);
    resource.days.forEach((day, i) => {
      expect(day).toEqual(dayOf(first + i));
      expect(day.date).toBe(toIsoDate(first + i));
    });
    expect(Object.keys(resource)).toEqual(["year", "count", "days"]);
  });

  it("365 entries in a common year, at both ends of the range", () => {
    expect(yearDaysResource(1930).count).toBe(365);
    expect(yearDaysResource(9999).days.at(-1)!.date).toBe("9999-12-31");
  });
});

describe("a small real build (2024-2025, --days none)", () => {
  let out: string;
  let manifest: { files: number; kinds: Record<string, { files: number }> };

  beforeAll(async () => {
    out = join(dir, "small", "public");
    await materialise({ out, fromYear: 2024, toYear: 2025, days: null, workers: 0, log: () => {} });
    manifest = JSON.parse(readFileSync(join(out, MANIFEST_PATH), "utf8"));
  }, 60_000);

  it("writes v3/data/2024/days.json: the serialised yearDaysResource(2024)", () => {
    const body = readFileSync(join(out, yearDaysPath(2024)), "utf8");
    expect(body).toBe(serializeJson(yearDaysResource(2024)));
    expect(JSON.parse(body).count).toBe(366);
  });

  it("the manifest counts the new kind", () => {
    expect(manifest.kinds["year-days"].files).toBe(2);
    for (const kind of ["working-time", "days-csv", "working-time-csv"])
      expect([kind, manifest.kinds[kind].files]).toEqual([kind, 2]);
    expect(manifest.files).toBe(2 * FILES_PER_YEAR + 4);
  });

  it("writes no file of MAX_FILE_BYTES or more, the index and the manifest included", () => {
    const sizes: number[] = [];
    const walk = (path: string) => {
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(path, entry.name));
        else sizes.push(statSync(join(path, entry.name)).size);
      }
    };
    walk(out);
    expect(sizes).toHaveLength(
      manifest.files + Object.keys(JSON.parse(readFileSync(join(out, INDEX_PATH), "utf8")).parts).length + 2,
    );
    expect(Math.max(...sizes)).toBeLessThan(MAX_FILE_BYTES);
  });

  it("the plan counted exactly what was written, directory by directory", () => {
    const onDisk = new Map<string, number>();
    const walk = (path: string) => {
      const names = readdirSync(path, { withFileTypes: true });
      onDisk.set(relative(out, path).split("\\").join("/"), names.length);
      for (const entry of names) if (entry.isDirectory()) walk(join(path, entry.name));
    };
    walk(out);
    expect(onDisk).toEqual(directoryCounts({ fromYear: 2024, toYear: 2025, days: null }));
  });
});
