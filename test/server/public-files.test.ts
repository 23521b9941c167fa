/**
 * The standalone server's file cache (server/files.ts PublicFiles, on lru-cache): bounded by bytes with the least
 * recently used file out first, no file over its size limit kept, and a file's stat() trusted for STAT_TTL_MS.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicFiles, STAT_TTL_MS } from "../../server/files.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "public-files-"));
  for (const name of ["a", "b", "c"]) writeFileSync(join(root, `${name}.txt`), name.repeat(400));
  writeFileSync(join(root, "big.txt"), "x".repeat(2000));
  writeFileSync(join(root, "empty.txt"), "");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The paths the cache holds, least recently used first. */
const cached = (files: PublicFiles) => {
  const entries = (files as unknown as { entries: { rkeys(): IterableIterator<string> } }).entries;
  return [...entries.rkeys()].map((path) => path.slice(root.length + 1));
};

describe("PublicFiles", () => {
  it("keeps at most maxBytes, the least recently used file out first", async () => {
    const files = new PublicFiles(root, { maxBytes: 1000, maxFileBytes: 1000 });
    await files.get("/a.txt");
    await files.get("/b.txt");
    expect(cached(files)).toEqual(["a.txt", "b.txt"]);
    await files.get("/a.txt"); // used again: b is now the least recently used
    await files.get("/c.txt");
    expect(cached(files)).toEqual(["a.txt", "c.txt"]);
    expect((await files.get("/b.txt"))?.bytes.toString()).toBe("b".repeat(400));
    expect(cached(files)).toEqual(["c.txt", "b.txt"]);
  });

  it("answers a file over maxFileBytes without keeping it; an empty file is kept", async () => {
    const files = new PublicFiles(root, { maxBytes: 10_000, maxFileBytes: 1000 });
    expect((await files.get("/big.txt"))?.bytes.length).toBe(2000);
    expect((await files.get("/empty.txt"))?.bytes.length).toBe(0);
    expect(cached(files)).toEqual(["empty.txt"]);
  });

  it("trusts a file's stat() for STAT_TTL_MS: a rebuilt file is seen after it, not before", async () => {
    const files = new PublicFiles(root);
    const path = join(root, "rebuilt.txt");
    writeFileSync(path, "one");
    expect((await files.get("/rebuilt.txt"))?.bytes.toString()).toBe("one");
    writeFileSync(path, "second");
    expect((await files.get("/rebuilt.txt"))?.bytes.toString()).toBe("one");
    await new Promise((resolve) => setTimeout(resolve, STAT_TTL_MS + 50));
    expect((await files.get("/rebuilt.txt"))?.bytes.toString()).toBe("second");
  });

  it("a missing file is no answer, and is looked at again after STAT_TTL_MS", async () => {
    const files = new PublicFiles(root);
    expect(await files.get("/later.txt")).toBeUndefined();
    writeFileSync(join(root, "later.txt"), "here");
    expect(await files.get("/later.txt")).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, STAT_TTL_MS + 50));
    expect((await files.get("/later.txt"))?.bytes.toString()).toBe("here");
  });
});
