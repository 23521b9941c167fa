/**
 * The standalone server serving compressed forms stored at build time (server/stored-forms.ts, build/precompress.ts),
 * over HTTP against an in-process server on a temporary publish folder: a stored form is sent as it is stored, with
 * no compression, with the coding's ETag, Vary and Content-Length; a stored form of bytes the file no longer holds
 * is not sent (the fresh bytes are compressed); the stored file's name is no URL; the file cache counts the forms.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../build/precompress.js";
import { compressionCount, etagFor } from "../../server/compress.js";
import { PublicFiles, STAT_TTL_MS } from "../../server/files.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { parseStored, STORED_SUFFIX, storedFolderOf } from "../../server/stored-forms.js";
import { type Got, nodeRequest } from "../support/node-request.js";

const get = (base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> =>
  nodeRequest(base + path, { method, headers });

const script = (n: number) =>
  Array.from({ length: n }, (_, i) => `export const value${i} = () => ${i % 97} + "hej";\n`).join("");

let dir: string;
let out: string;
let service: StandaloneServer;
let base: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stored-forms-"));
  out = join(dir, "public");
  mkdirSync(join(out, "_astro"), { recursive: true });
  mkdirSync(join(out, "api"), { recursive: true });
  writeFileSync(join(out, "_astro", "app.js"), script(6000)); // above 128 KiB: the server would compress it off the event loop
  writeFileSync(join(out, "_astro", "stale.js"), script(500));
  writeFileSync(join(out, "api", "index.html"), `<!doctype html><title>API</title>${"<p>Helgdagar</p>".repeat(400)}`);
  await precompress({ out });
  service = createServer({ publicDir: out, rateLimits: false, log: () => {} });
  base = (await service.listen(0, "127.0.0.1")).url.replace("localhost", "127.0.0.1");
});
afterAll(async () => {
  await service?.close(0);
  rmSync(dir, { recursive: true, force: true });
});

const storedOf = (path: string) => parseStored(readFileSync(join(storedFolderOf(out), path + STORED_SUFFIX)))!;

describe("stored compressed forms", () => {
  it("are sent as stored, without compressing, with the coding's ETag, Vary and Content-Length", async () => {
    for (const [url, path] of [
      ["/_astro/app.js", "_astro/app.js"],
      ["/api/", "api/index.html"],
    ]) {
      const before = compressionCount();
      const plain = await get(base, url);
      expect(plain.status).toBe(200);
      expect(plain.headers.vary).toBe("Accept-Encoding");
      const stored = storedOf(path);
      expect(plain.headers.etag).toBe(stored.header.etag);
      for (const coding of ["br", "gzip"] as const) {
        for (const method of ["GET", "HEAD"]) {
          const got = await get(base, url, { "Accept-Encoding": coding }, method);
          expect(got.status).toBe(200);
          expect(got.headers["content-encoding"]).toBe(coding);
          expect(got.headers.vary).toBe("Accept-Encoding");
          expect(got.headers.etag).toBe(etagFor(stored.header.etag, coding));
          expect(Number(got.headers["content-length"])).toBe(stored[coding].byteLength);
          if (method === "GET") expect(got.body.equals(stored[coding]), `${url} ${coding}`).toBe(true);
        }
        const again = await get(base, url, {
          "Accept-Encoding": coding,
          "If-None-Match": etagFor(stored.header.etag, coding),
        });
        expect(again.status).toBe(304);
      }
      expect(compressionCount(), url).toBe(before);
    }
  });

  it("a stored form of bytes the file no longer holds is not sent: the fresh bytes are", async () => {
    const old = storedOf("_astro/stale.js");
    expect((await get(base, "/_astro/stale.js", { "Accept-Encoding": "br" })).body.equals(old.br)).toBe(true);
    const fresh = Buffer.from(script(500).replaceAll("hej", "hoj")); // the same size, other bytes
    expect(fresh.byteLength).toBe(old.header.size);
    writeFileSync(join(out, "_astro", "stale.js"), fresh);
    await new Promise((r) => setTimeout(r, STAT_TTL_MS + 200)); // the file cache's stat() and the cached answer expire
    const before = compressionCount();
    const got = await get(base, "/_astro/stale.js", { "Accept-Encoding": "br" });
    expect(got.body.equals(old.br)).toBe(false);
    expect(brotliDecompressSync(got.body).equals(fresh)).toBe(true);
    expect(compressionCount()).toBe(before + 1);
  });

  it("a stored file's name is no URL", async () => {
    for (const path of [
      "/_astro/app.js" + STORED_SUFFIX,
      "/api/index.html" + STORED_SUFFIX,
      "/api/index.html.br",
      "/api/index.html.gz",
      "/../.compressed/public/api/index.html" + STORED_SUFFIX,
      "/%2e%2e/.compressed/public/api/index.html" + STORED_SUFFIX,
    ]) {
      expect((await get(base, path, { "Accept-Encoding": "br" })).status, path).toBe(404);
    }
  });

  it("the file cache counts the stored forms it keeps with a file; without them it reads the file alone", async () => {
    const files = new PublicFiles(out);
    const sizeOf = (f: PublicFiles) => (f as unknown as { entries: { calculatedSize: number } }).entries.calculatedSize;
    const file = await files.get("/_astro/app.js");
    const storedBytes = readFileSync(join(storedFolderOf(out), "_astro/app.js" + STORED_SUFFIX)).byteLength;
    expect(sizeOf(files)).toBe(file!.bytes.byteLength + storedBytes);
    const plain = new PublicFiles(out, { storedForms: false });
    await plain.get("/_astro/app.js");
    expect(sizeOf(plain)).toBe(file!.bytes.byteLength);
    // a file whose forms would not fit under maxFileBytes is kept without them
    const tight = new PublicFiles(out, { maxFileBytes: file!.bytes.byteLength + 10 });
    await tight.get("/_astro/app.js");
    expect(sizeOf(tight)).toBe(file!.bytes.byteLength);
  });
});
