/**
 * Counted the same whether or not a file was built: the standalone server counts a request against the limits
 * exactly when the deployed service answers it from a function. A request the rewrite rules send to a file of the
 * deploy build (year lists, catalogues, per-date files for the Stockholm year ± 2, due dates, the OpenAPI document)
 * is never counted, whether a built file answers it or, with no dataset built, the function computes it; a request
 * the deployed service sends to a function (a date outside the window, a period, a repeated parameter, a file no
 * build writes: a schedule's year before its `since`, an unknown code) is.
 * Over real HTTP to standalone servers in this process, limits on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployedRange } from "../../build/deployed.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { PUBLIC_DIR } from "./server.js";

describe.skipIf(process.env.E2E === "off")(
  "limits: counted as the deployed service counts, built dataset or not",
  () => {
    let emptyDir: string;
    const servers: StandaloneServer[] = [];

    async function start(publicDir: string): Promise<string> {
      const service = createServer({ publicDir, rateLimits: true, answerSourceHeader: true, log: () => {} });
      servers.push(service);
      return (await service.listen(0, "127.0.0.1")).url;
    }

    async function statuses(base: string, paths: string[]): Promise<{ status: number; source: string | null }[]> {
      const seen = [];
      for (const path of paths) {
        const res = await fetch(base + path);
        await res.arrayBuffer();
        seen.push({ status: res.status, source: res.headers.get("x-answer-source") });
      }
      return seen;
    }

    beforeAll(() => {
      emptyDir = mkdtempSync(join(tmpdir(), "dataset-limits-"));
    });

    afterAll(async () => {
      for (const s of servers) await s.close(0);
      rmSync(emptyDir, { recursive: true, force: true });
    });

    const window = deployedRange();
    const inWindow = (i: number) => `/v3/days/${window.days!.from.slice(0, 4)}-03-${String(i + 1).padStart(2, "0")}`;
    // a date the deploy build writes no file for: the v3 function answers it on the deployed service, counted
    const outsideWindow = (i: number) => `/v3/days/1950-03-${String(i + 1).padStart(2, "0")}`;
    const datasetRequests = [
      ...Array.from({ length: 30 }, () => "/v3/holidays?year=2031"),
      ...Array.from({ length: 15 }, (_, i) => `/v3/bridge-days?year=${1930 + i * 500}`),
      ...Array.from({ length: 12 }, (_, i) => inWindow(i)),
      "/v3/observances",
      "/v3/flag-days/catalogue",
      "/v3/due-dates?year=2026&schedule=salary-25",
      "/v3/long-weekends?year=2040",
      "/v3/openapi.json",
    ];

    it.each([
      ["no dataset built (every answer computed)", () => emptyDir, "function"],
      ["the dataset built", () => PUBLIC_DIR, "file"],
    ] as const)(
      "%s: what the deploy build writes is never counted; what a function answers is, 10 a minute",
      async (_, dir, source) => {
        const base = await start(dir());
        const seen = await statuses(base, datasetRequests);
        expect(seen.map((s) => s.status)).toEqual(Array(datasetRequests.length).fill(200));
        // answered as this server can: a computed answer without a dataset, the file with one (a repeat may be cached)
        expect(seen.filter((s) => s.source === source).length).toBeGreaterThan(0);
        // the same address's function requests still get exactly 10 a minute
        const counted = await statuses(
          base,
          Array.from({ length: 11 }, (_, i) => outsideWindow(i)),
        );
        expect(counted.map((s) => s.status)).toEqual([...Array(10).fill(200), 429]);
        // and once over, files are still served: they are never counted
        expect((await statuses(base, ["/v3/holidays?year=2031", inWindow(0)])).map((s) => s.status)).toEqual([
          200, 200,
        ]);
      },
    );

    it("a request the rules send to a function (a repeated parameter, a period) is counted even on a dataset row", async () => {
      const base = await start(emptyDir);
      const paths = [
        ...Array.from({ length: 5 }, (_, i) => `/v3/holidays?year=${2020 + i}&year=2030`),
        ...Array.from({ length: 5 }, (_, i) => `/v3/period?from=2024-01-0${i + 1}&to=2024-12-31`),
        "/v3/period?from=2025-01-01&to=2025-12-31",
      ];
      expect((await statuses(base, paths)).map((s) => s.status)).toEqual([
        ...Array(5).fill(400),
        ...Array(5).fill(200),
        429,
      ]);
    });

    it("a file the deploy build never writes (a schedule before its since, an unknown schedule or code, flag days before 1983) is the function's: counted", async () => {
      const base = await start(emptyDir);
      // the same routes' files are not counted: before and after, they are served
      const files = [
        "/v3/due-dates?year=2015&schedule=child-benefit",
        "/v3/flag-days?year=1983",
        "/v3/observances/whitsun?from=1950",
      ];
      expect((await statuses(base, files)).map((s) => s.status)).toEqual([200, 200, 200]);
      const paths = [
        ...Array.from({ length: 4 }, (_, i) => `/v3/due-dates?year=${2010 + i}&schedule=child-benefit`),
        ...Array.from({ length: 2 }, (_, i) => `/v3/due-dates?year=${2026 + i}&schedule=rent`),
        ...Array.from({ length: 2 }, (_, i) => `/v3/observances/nope?from=${2026 + i}`),
        ...Array.from({ length: 2 }, (_, i) => `/v3/flag-days?year=${1950 + i}`),
        "/v3/flag-days?year=1982",
      ];
      expect((await statuses(base, paths)).map((s) => s.status)).toEqual([
        ...Array(4).fill(400),
        400,
        400,
        404,
        404,
        400,
        400,
        429,
      ]);
      expect((await statuses(base, files)).map((s) => s.status)).toEqual([200, 200, 200]);
    });
  },
);
