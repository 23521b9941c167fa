/**
 * The compressed forms written at build time (build/precompress.ts) on a temporary publish folder: stored exactly for
 * the compressible files at or above the server's threshold, decoding to the sources' bytes; a second run compresses
 * nothing; a file copied anew with the same bytes is re-dated, not compressed; a changed file alone is compressed
 * again; a removed file's stored form goes.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NETLIFY_BUILD_ENV, precompress, precompressForServer } from "../../build/precompress.js";
import { etagOf } from "../../contract/serialize.js";
import { COMPRESS_MIN_BYTES } from "../../server/compress.js";
import { parseStored, STORED_SUFFIX, storedFolderOf } from "../../server/stored-forms.js";

let dir: string;
let out: string;
let stored: string;

/** Script-like text of `size` bytes that compresses as a real one does (repeated words in varying order). */
function scriptOf(size: number, seed: number): string {
  const words = [
    "function",
    "return",
    "const",
    "let",
    "this",
    "value",
    "=>",
    "{",
    "}",
    "(",
    ")",
    ";",
    "if",
    "else",
    "props",
    "state",
  ];
  let text = "";
  let x = seed;
  while (text.length < size) {
    x = (x * 1103515245 + 12345) >>> 0;
    text += words[x % words.length] + (x % 7 === 0 ? "\n" : " ") + (x % 13 === 0 ? String(x % 1000) : "");
  }
  return text.slice(0, size);
}

const storedFiles = (): string[] => {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }))
      e.isDirectory() ? walk(join(d, e.name)) : found.push(relative(stored, join(d, e.name)));
  };
  walk(stored);
  return found.sort();
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
  out = join(dir, "public");
  stored = storedFolderOf(out);
  mkdirSync(join(out, "_astro"), { recursive: true });
  mkdirSync(join(out, "v3", "data"), { recursive: true });
  writeFileSync(join(out, "_astro", "big.js"), scriptOf(300_000, 1));
  writeFileSync(join(out, "_astro", "small.js"), scriptOf(COMPRESS_MIN_BYTES - 1, 2));
  writeFileSync(join(out, "logo.png"), Buffer.from(scriptOf(5000, 3))); // large, but not a compressible type
  writeFileSync(
    join(out, "v3", "data", "holidays.json"),
    JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ date: `2024-01-${i}`, name: "Nyårsdagen" }))),
  );
  writeFileSync(join(out, "index.html"), `<!doctype html><title>x</title>${"<p>hej</p>".repeat(300)}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompress", () => {
  it("stores both forms exactly for the compressible files at or above the threshold, outside the publish folder", async () => {
    const result = await precompress({ out });
    expect([result.files, result.compressed, result.refreshed, result.removed]).toEqual([3, 3, 0, 0]);
    expect(stored.startsWith(out + "/")).toBe(false);
    expect(storedFiles()).toEqual(
      ["_astro/big.js", "index.html", "v3/data/holidays.json"].map((p) => p + STORED_SUFFIX).sort(),
    );
    for (const path of ["_astro/big.js", "index.html", "v3/data/holidays.json"]) {
      const source = readFileSync(join(out, path));
      const forms = parseStored(readFileSync(join(stored, path + STORED_SUFFIX)))!;
      expect(forms.header.etag).toBe(etagOf(source));
      expect(forms.header.size).toBe(source.byteLength);
      expect(brotliDecompressSync(forms.br).equals(source), path).toBe(true);
      expect(gunzipSync(forms.gzip).equals(source), path).toBe(true);
      expect(forms.br.byteLength).toBeLessThan(source.byteLength / 2);
    }
    // nothing was added to the publish folder
    expect(readdirSync(out).sort()).toEqual(["_astro", "index.html", "logo.png", "v3"]);
  });

  it("a second run compresses nothing and rewrites nothing", async () => {
    const before = storedFiles().map((p) => statSync(join(stored, p)).mtimeMs);
    const result = await precompress({ out });
    expect([result.files, result.compressed, result.refreshed, result.removed]).toEqual([3, 0, 0, 0]);
    expect(storedFiles().map((p) => statSync(join(stored, p)).mtimeMs)).toEqual(before);
  });

  it("the same bytes with a new mtime are re-dated, not compressed; a changed file alone is compressed again", async () => {
    const later = new Date(Date.now() + 5000);
    utimesSync(join(out, "index.html"), later, later);
    const touched = await precompress({ out });
    expect([touched.compressed, touched.refreshed]).toEqual([0, 1]);
    expect(parseStored(readFileSync(join(stored, "index.html" + STORED_SUFFIX)))!.header.mtimeMs).toBe(
      statSync(join(out, "index.html")).mtimeMs,
    );

    const bigBefore = statSync(join(stored, "_astro/big.js" + STORED_SUFFIX)).mtimeMs;
    const changed = Buffer.from(
      JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ day: i, name: "Midsommarafton" }))),
    );
    writeFileSync(join(out, "v3", "data", "holidays.json"), changed);
    const again = await precompress({ out });
    expect([again.compressed, again.refreshed, again.bytesIn]).toEqual([1, 0, changed.byteLength]);
    expect(
      gunzipSync(parseStored(readFileSync(join(stored, "v3/data/holidays.json" + STORED_SUFFIX)))!.gzip).equals(
        changed,
      ),
    ).toBe(true);
    expect(statSync(join(stored, "_astro/big.js" + STORED_SUFFIX)).mtimeMs).toBe(bigBefore);
  });

  it("a removed file's stored form goes; the entries looked at bound what is removed", async () => {
    unlinkSync(join(out, "index.html"));
    const outside = await precompress({ out, entries: ["_astro"] });
    expect(outside.removed).toBe(0);
    expect(storedFiles()).toContain("index.html" + STORED_SUFFIX);
    const result = await precompress({ out });
    expect([result.files, result.compressed, result.removed]).toEqual([2, 0, 1]);
    expect(storedFiles()).toEqual(["_astro/big.js", "v3/data/holidays.json"].map((p) => p + STORED_SUFFIX));
  });

  it("does nothing on Netlify's build (its CDN compresses)", async () => {
    const other = join(dir, "netlify", "public");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "index.html"), `<!doctype html>${"<p>hej</p>".repeat(300)}`);
    const saved = process.env[NETLIFY_BUILD_ENV];
    process.env[NETLIFY_BUILD_ENV] = "true";
    try {
      expect(await precompressForServer({ out: other }, () => {})).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env[NETLIFY_BUILD_ENV];
      else process.env[NETLIFY_BUILD_ENV] = saved;
    }
    expect(readdirSync(join(dir, "netlify"))).toEqual(["public"]);
    const lines: string[] = [];
    expect((await precompressForServer({ out: other }, (line) => lines.push(line)))?.compressed).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^compressed forms: 1 of 1 files compressed/)]);
  });

  it("a floor above the server's threshold stores only the larger files (the dataset's)", async () => {
    const floor = await precompress({ out, entries: ["v3"], minBytes: 64 * 1024 });
    expect([floor.files, floor.removed]).toEqual([0, 1]);
    expect(storedFiles()).toEqual(["_astro/big.js" + STORED_SUFFIX]);
  });
});
