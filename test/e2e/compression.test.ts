/**
 * Compressed answers of the standalone server (server/compress.ts), over real HTTP against an in-process server on the
 * publish folder the e2e setup built (the site and the dataset), raw bytes read with node:http (fetch would decode):
 *   - every kind of answer (computed, a problem, a dataset file, site pages, a site script, the feed, the OpenAPI
 *     document, a cached answer) decodes in gzip and in brotli to exactly the identity bytes;
 *   - Vary, a distinct ETag per coding, If-None-Match of one coding never validating another's, HEAD = GET's headers;
 *   - the negotiation of Accept-Encoding; small bodies and types that do not compress are sent as they are;
 *   - a cached answer's compressed bytes are made once.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressionCount, ETAG_SUFFIXES, negotiate } from "../../server/compress.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { type Got, nodeRequest } from "../support/node-request.js";
import { e2eBaseUrl } from "./base-url.js";
import { PUBLIC_DIR } from "./server.js";

const get = (base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> =>
  nodeRequest(base + path, { method, headers });

const decode = (got: Got): Buffer =>
  got.headers["content-encoding"] === "br"
    ? brotliDecompressSync(got.body)
    : got.headers["content-encoding"] === "gzip"
      ? gunzipSync(got.body)
      : got.body;
const sMaxAgeOf = (h: Got["headers"]) => Number(/s-maxage=(\d+)/.exec(String(h["cache-control"]))?.[1] ?? 0);
/** The headers but those that tell the time: Date, and the number of seconds in s-maxage. */
const withoutClock = (h: Got["headers"]) => ({
  ...withoutDate(h),
  "cache-control": String(h["cache-control"]).replace(/s-maxage=\d+/, "s-maxage=N"),
});
const withoutDate = (h: Got["headers"]) =>
  Object.fromEntries(Object.entries(h).filter(([n]) => n !== "date" && n !== "connection" && n !== "keep-alive"));

let service: StandaloneServer;
let base: string;
let script: string;
beforeAll(async () => {
  service = createServer({ publicDir: PUBLIC_DIR, rateLimits: false, answerSourceHeader: true, log: () => {} });
  base = (await service.listen(0, "127.0.0.1")).url.replace("localhost", "127.0.0.1");
  const assets = readdirSync(join(PUBLIC_DIR, "_astro")).filter((name) => name.endsWith(".js"));
  const largest = assets.sort(
    (a, b) => statSync(join(PUBLIC_DIR, "_astro", b)).size - statSync(join(PUBLIC_DIR, "_astro", a)).size,
  )[0];
  script = `/_astro/${largest}`;
});
afterAll(() => service?.close(0));

const KINDS: [string, string, number][] = [
  ["a computed answer", "/v3/observances/easterSunday?from=1990&to=2000", 200],
  ["a computed answer never kept (it depends on today)", "/v3/holidays", 200],
  ["a problem (smaller than the threshold: as it is)", "/v3/leave-plan?from=2024-01-01&to=2024-12-31&days=0", 400],
  ["a dataset file", "/v3/holidays?year=2024", 200],
  ["the home page", "/", 200],
  ["the API page", "/api/", 200],
  ["the feed", "/ical/svenska-helgdagar.ics", 200],
  ["the OpenAPI document", "/v3/openapi.json", 200],
];

describe("every kind of answer decodes to the identity bytes", () => {
  it.each(KINDS)("%s (%s)", async (_kind, path, status) => {
    const plain = await get(base, path);
    expect(plain.status).toBe(status);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const coding of ["br", "gzip"] as const) {
      const got = await get(base, path, { "Accept-Encoding": coding });
      expect(got.status).toBe(status);
      expect(decode(got).equals(plain.body), `${path} ${coding}`).toBe(true);
      if (plain.body.byteLength >= COMPRESS_MIN_BYTES) {
        expect(got.headers["content-encoding"]).toBe(coding);
        expect(got.headers.vary).toBe("Accept-Encoding");
        expect(plain.headers.vary).toBe("Accept-Encoding"); // the identity answer can vary too
        expect(Number(got.headers["content-length"])).toBe(got.body.byteLength);
        expect(got.body.byteLength).toBeLessThan(plain.body.byteLength);
        if (plain.headers.etag)
          expect(got.headers.etag).toBe(String(plain.headers.etag).slice(0, -1) + ETAG_SUFFIXES[coding] + '"');
      } else {
        expect(got.headers["content-encoding"]).toBeUndefined();
        expect(got.headers.vary).toBeUndefined();
      }
    }
  });

  it("a site script under /_astro/", async () => {
    const plain = await get(base, script);
    expect(plain.headers["content-type"]).toMatch(/javascript/);
    for (const coding of ["br", "gzip"] as const) {
      const got = await get(base, script, { "Accept-Encoding": coding });
      expect(got.headers["content-encoding"]).toBe(coding);
      expect(decode(got).equals(plain.body)).toBe(true);
    }
  });

  it("the e2e server (npm start, the bundle) compresses too", async () => {
    const e2e = e2eBaseUrl();
    if (!e2e) return;
    const plain = await get(e2e, "/v3/openapi.json");
    const got = await get(e2e, "/v3/openapi.json", { "Accept-Encoding": "gzip, br" });
    expect(got.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(got.body).equals(plain.body)).toBe(true);
  });
});

describe("validators, Vary and HEAD per coding", () => {
  const path = "/v3/observances/easterSunday?from=2000&to=2010";

  it("an ETag of one coding never validates another's; the right one is a 304 with Vary", async () => {
    const br = await get(base, path, { "Accept-Encoding": "br" });
    const gz = await get(base, path, { "Accept-Encoding": "gzip" });
    const id = await get(base, path);
    const tags = [br.headers.etag, gz.headers.etag, id.headers.etag];
    expect(new Set(tags).size).toBe(3);
    expect(
      (await get(base, path, { "Accept-Encoding": "gzip", "If-None-Match": String(br.headers.etag) })).status,
    ).toBe(200);
    expect((await get(base, path, { "Accept-Encoding": "br", "If-None-Match": String(id.headers.etag) })).status).toBe(
      200,
    );
    expect((await get(base, path, { "If-None-Match": String(gz.headers.etag) })).status).toBe(200);
    for (const [coding, seen] of [
      ["br", br],
      ["gzip", gz],
      ["identity", id],
    ] as const) {
      for (const method of ["GET", "HEAD"]) {
        const again = await get(
          base,
          path,
          { "Accept-Encoding": coding, "If-None-Match": String(seen.headers.etag) },
          method,
        );
        expect(again.status, `${coding} ${method}`).toBe(304);
        expect(again.headers.vary).toBe("Accept-Encoding");
        expect(again.headers.etag).toBe(seen.headers.etag);
        expect(again.headers["content-type"]).toBeUndefined();
        expect(again.body.byteLength).toBe(0);
      }
    }
  });

  it("HEAD gives GET's headers, Content-Length included, in each coding (computed, file, kept)", async () => {
    for (const target of [path, "/v3/holidays", "/v3/holidays?year=2024", "/api/"]) {
      for (const coding of ["br", "gzip", "identity"]) {
        const got = await get(base, target, { "Accept-Encoding": coding });
        const head = await get(base, target, { "Accept-Encoding": coding }, "HEAD");
        expect(head.body.byteLength).toBe(0);
        // a year left out is cached until midnight in Sweden: the two answers' s-maxage may be a second apart
        expect(withoutClock(head.headers), `${target} ${coding}`).toEqual(withoutClock(got.headers));
        expect(sMaxAgeOf(got.headers) - sMaxAgeOf(head.headers), `${target} ${coding}`).toBeOneOf([0, 1]);
        expect(Number(head.headers["content-length"])).toBe(got.body.byteLength);
      }
    }
  });
});

describe("negotiation", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip;q=0, identity", "identity"],
    ["br;q=0.5, gzip", "gzip"],
    ["*", "br"],
    ["gzip, br", "br"],
    ["gzip, deflate", "gzip"],
    ["GZIP", "gzip"],
    [" BR ; Q=0.8 , gzip ;q=0.9", "gzip"],
    [" BR ; Q=0.8 , gzip ;q=0.7, identity", "identity"],
    ["x-gzip", "gzip"],
    ["identity;q=0, *;q=0", "identity"], // nothing acceptable: sent as it is, not 406
    ["identity;q=0", "identity"],
    ["identity;q=0, gzip;q=0.1", "gzip"],
    ["gzip;q=0.5", "gzip"], // identity, not named, weighs as the lightest member
    ["gzip;q=0.5, identity", "identity"],
    ["*;q=0.5, identity;q=0.1", "br"],
    ["br;q=2, gzip", "gzip"], // an unreadable weight: the member is ignored
    ["zstd, deflate", "identity"],
    ["br;q=0, *", "gzip"],
  ])("%j -> %s", (header, coding) => expect(negotiate(header)).toBe(coding));

  it("over HTTP: GZIP works, q=0 refuses, a small body and an image are sent as they are", async () => {
    const path = "/v3/openapi.json";
    expect((await get(base, path, { "Accept-Encoding": "GZIP" })).headers["content-encoding"]).toBe("gzip");
    expect(
      (await get(base, path, { "Accept-Encoding": "gzip;q=0, identity" })).headers["content-encoding"],
    ).toBeUndefined();
    expect((await get(base, path, { "Accept-Encoding": "br;q=0.5, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await get(base, path, { "Accept-Encoding": "*" })).headers["content-encoding"]).toBe("br");
    const none = await get(base, path, { "Accept-Encoding": "identity;q=0, *;q=0" });
    expect([none.status, none.headers["content-encoding"]]).toEqual([200, undefined]);
    expect((await get(base, "/health")).body.byteLength).toBeLessThan(COMPRESS_MIN_BYTES);
    const small = await get(base, "/health", { "Accept-Encoding": "br, gzip" });
    expect([small.status, small.headers["content-encoding"], small.headers.vary]).toEqual([200, undefined, undefined]);
    // the forms stored at build time are outside the publish folder: a compressed sibling's name is not a path
    expect((await get(base, "/api/index.html.br", { "Accept-Encoding": "br" })).status).toBe(404);
    const images = readdirSync(PUBLIC_DIR).filter((name) => /\.(png|ico|woff2?)$/.test(name));
    for (const image of images) {
      const got = await get(base, `/${image}`, { "Accept-Encoding": "br, gzip" });
      expect(got.status).toBe(200);
      expect(got.headers["content-encoding"], image).toBeUndefined();
    }
  });
});

describe("kept answers", () => {
  it("a repeated compressed answer is not compressed again (nor a file's)", async () => {
    for (const path of ["/v3/observances/easterSunday?from=1980&to=1990", "/api/", script]) {
      for (let i = 0; i < 3; i++)
        for (const coding of ["br", "gzip"]) await get(base, path, { "Accept-Encoding": coding });
      const before = compressionCount();
      const plain = await get(base, path);
      for (let i = 0; i < 4; i++) {
        for (const coding of ["br", "gzip"]) {
          const got = await get(base, path, { "Accept-Encoding": coding });
          expect(got.headers["content-encoding"]).toBe(coding);
          expect(decode(got).equals(plain.body)).toBe(true);
        }
      }
      expect(compressionCount(), path).toBe(before);
    }
    expect(service.cachedAnswers()).toBeGreaterThan(0);
  });
});
