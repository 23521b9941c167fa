/**
 * One source: every materialised file is the function's answer to the request it stands for, byte for byte, and
 * the headers the generated `_headers` attach to it are the headers the function sends, and the generated rewrite
 * rules send the request to that very file. Files are produced by the build's own
 * task runner (build/process.ts) into a temporary folder for a sample of years, days and the single files.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workingTime } from "swedish-calendar";
import { dayFromCivil } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AtomicWriter, createStaging, removeStaging } from "../../build/atomic.js";
import {
  bridgeDaysPath,
  CATALOGUE_PATH,
  DUE_DATE_CATALOGUE_PATH,
  dayPath,
  daysCsvPath,
  dueDateSchedulesOfYear,
  dueDatesPath,
  FLAG_DAY_CATALOGUE_PATH,
  FLAG_VARIANTS,
  flagDaysPath,
  halfDaysPath,
  hasFlagDaysFile,
  holidaysPath,
  OBSERVANCE_CODES,
  OPENAPI_PATH,
  occurrencesPath,
  workingTimeCsvPath,
  workingTimePath,
} from "../../build/layout.js";
import { processTask } from "../../build/process.js";
import { resolveRewrite } from "../../contract/cdn.js";
import { daysCsv, workingTimeCsv } from "../../contract/csv.js";
import { etagOf } from "../../contract/serialize.js";
import { headerRules } from "../../contract/static.js";
import { handleV3 } from "../../http/v3.js";

const SAMPLE_YEARS = [1930, 1952, 1953, 1982, 1983, 2004, 2005, 2011, 2012, 2014, 2015, 2024, 9999];
/** the edges of a days window 2024-01-01..2024-12-31 and of the whole range */
const SAMPLE_DAYS = ["1930-01-01", "2024-01-01", "2024-12-31", "9999-12-31"];
const SPEC_HEADERS = [
  "content-type",
  "cache-control",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "ratelimit-limit",
  "ratelimit-policy",
  "strict-transport-security",
];

let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "dataset-"));
  const staging = createStaging(join(out, "public"));
  const ctx = { out: join(out, "public"), writer: new AtomicWriter(staging), previous: new Map<string, string>() };
  for (const y of SAMPLE_YEARS) processTask({ type: "years", from: y, to: y }, ctx);
  for (const d of SAMPLE_DAYS) {
    const n = dayFromCivil(+d.slice(0, 4), +d.slice(5, 7), +d.slice(8, 10));
    processTask({ type: "days", first: n, last: n }, ctx);
  }
  processTask({ type: "singles" }, ctx);
  removeStaging(staging);
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The generated `_headers` rules (build/routing.ts writes them from the route table). */
const rules = headerRules();

/** The headers Netlify attaches to a path: every matching rule (`*` any rest, `:name` a segment), later rules overriding (names lowercased). */
function headersFor(path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const pattern = new RegExp(
      "^" +
        rule.for
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, ".*")
          .replace(/:\w+/g, "[^/]+") +
        "$",
    );
    if (!pattern.test(path)) continue;
    for (const [k, v] of Object.entries(rule.values)) result[k.toLowerCase()] = v;
  }
  return result;
}

interface Case {
  request: string;
  file: string;
  /** false: the rewrite rules send it to the function (which answers the file's bytes) */
  rewritten?: false;
}

function cases(): Case[] {
  const list: Case[] = [];
  const flag = (v: boolean) => (v ? "true" : "false");
  for (const y of SAMPLE_YEARS) {
    for (const f of FLAG_VARIANTS) {
      list.push({
        request: `/v3/holidays?year=${y}&sundays=${flag(f.sundays)}&saturdays=${flag(f.saturdays)}`,
        file: holidaysPath(y, f),
      });
    }
    list.push({ request: `/v3/holidays?year=${y}`, file: holidaysPath(y, FLAG_VARIANTS[0]) });
    list.push({ request: `/v3/holidays?year=${y}&sundays=true`, file: holidaysPath(y, FLAG_VARIANTS[1]) });
    list.push({ request: `/v3/holidays?saturdays=true&year=${y}&x=1`, file: holidaysPath(y, FLAG_VARIANTS[2]) });
    list.push({ request: `/v3/bridge-days?year=${y}`, file: bridgeDaysPath(y) });
    list.push({ request: `/v3/half-days?year=${y}`, file: halfDaysPath(y) });
    if (hasFlagDaysFile(y)) list.push({ request: `/v3/flag-days?year=${y}`, file: flagDaysPath(y) });
    for (const schedule of dueDateSchedulesOfYear(y))
      list.push({ request: `/v3/due-dates?year=${y}&schedule=${schedule}`, file: dueDatesPath(y, schedule) });
    for (const code of OBSERVANCE_CODES)
      list.push({ request: `/v3/observances/${code}?from=${y}`, file: occurrencesPath(y, code) });
    list.push({ request: `/v3/working-time?year=${y}`, file: workingTimePath(y) });
    // the default week or profile named: the function answers, the same bytes as the file
    list.push({
      request: `/v3/working-time?year=${y}&weeklyHours=40&profile=standard`,
      file: workingTimePath(y),
      rewritten: false,
    });
    // a rule cannot compare two values: with `to` named, the function answers (the same bytes as the file)
    list.push({
      request: `/v3/observances/whitMonday?from=${y}&to=${y}`,
      file: occurrencesPath(y, "whitMonday"),
      rewritten: false,
    });
  }
  for (const d of SAMPLE_DAYS) list.push({ request: `/v3/days/${d}`, file: dayPath(d) });
  list.push({ request: "/v3/observances", file: CATALOGUE_PATH });
  list.push({ request: "/v3/flag-days/catalogue", file: FLAG_DAY_CATALOGUE_PATH });
  list.push({ request: "/v3/due-dates/catalogue", file: DUE_DATE_CATALOGUE_PATH });
  list.push({ request: "/v3/openapi.json", file: OPENAPI_PATH });
  return list;
}

describe("static dataset = function answers (one source)", () => {
  const all = cases();

  it("covers every route and variant of the sample", () => {
    const flagDayYears = SAMPLE_YEARS.filter(hasFlagDaysFile).length;
    // salary-25 every year; tax-account from 2012 (2012, 2014, 2015, 2024, 9999); child-benefit from 2015 (2015, 2024, 9999)
    const dueDateFiles = SAMPLE_YEARS.length + 5 + 3;
    expect(SAMPLE_YEARS.reduce((n, y) => n + dueDateSchedulesOfYear(y).length, 0)).toBe(dueDateFiles);
    expect(all.length).toBe(
      SAMPLE_YEARS.length * (4 + 3 + 2 + OBSERVANCE_CODES.length + 1 + 2) +
        flagDayYears +
        dueDateFiles +
        SAMPLE_DAYS.length +
        4,
    );
  });

  it.each(all)("$request", async ({ request, file, rewritten }) => {
    const fn = await handleV3(new Request("http://localhost" + request));
    const body = readFileSync(join(out, "public", file), "utf8");
    expect(fn.status).toBe(200);
    expect(await fn.text()).toBe(body);
    // the generated rewrite rules send this request to this file
    const url = new URL("http://x" + request);
    expect(resolveRewrite(url.pathname, url.searchParams)).toBe(rewritten === false ? undefined : "/" + file);
    // the headers the generated _headers attach to the static answer, by the request path and by the file's path
    for (const path of [new URL("http://x" + request).pathname, "/" + file]) {
      const attached = headersFor(path);
      for (const name of SPEC_HEADERS) expect([name, attached[name]]).toEqual([name, fn.headers.get(name)]);
    }
    // ETag semantics: the function's tag is the content hash of the file's bytes; If-None-Match gives 304 on it
    expect(fn.headers.get("etag")).toBe(etagOf(body));
    const revalidated = await handleV3(
      new Request("http://localhost" + request, { headers: { "If-None-Match": etagOf(body) } }),
    );
    expect(revalidated.status).toBe(304);
  });
});

describe("the working-time file and the CSV files of every sample year", () => {
  it.each(SAMPLE_YEARS)(
    "%i: working-time.json is the library's JSON; the CSV files are contract/csv.ts's, with CSV headers",
    (y) => {
      expect(readFileSync(join(out, "public", workingTimePath(y)), "utf8")).toBe(JSON.stringify(workingTime(y)));
      expect(readFileSync(join(out, "public", workingTimeCsvPath(y)), "utf8")).toBe(workingTimeCsv(workingTime(y)));
      expect(readFileSync(join(out, "public", daysCsvPath(y)), "utf8")).toBe(daysCsv(y));
      for (const file of [daysCsvPath(y), workingTimeCsvPath(y)]) {
        const attached = headersFor("/" + file);
        expect(attached["content-type"]).toBe("text/csv; charset=utf-8");
        // the rest as every dataset file of the v3 rate-limit group: long cache, CORS, the v3 rate limit
        expect(attached["cache-control"]).toBe(headersFor("/" + workingTimePath(y))["cache-control"]);
        expect(attached["ratelimit-policy"]).toBe(headersFor("/" + workingTimePath(y))["ratelimit-policy"]);
        expect(attached["access-control-allow-origin"]).toBe("*");
      }
      expect(headersFor("/" + workingTimePath(y))["content-type"]).toBe("application/json; charset=utf-8");
    },
  );
});

describe("requests no literal rule answers reach the function", () => {
  it.each([
    ["/v3/holidays?year=2024&sundays=1", 400],
    ["/v3/holidays?year=abc", 400],
    ["/v3/holidays?year=1929", 400],
    ["/v3/holidays?year=2024&year=2025", 400],
    ["/v3/days/2023-02-29", 400],
    ["/v3/observances/nope?from=2024", 404],
    // no file before 1983: the rewrite lands on a missing file and the function answers (DECISIONS: the 400 is the function's)
    ["/v3/flag-days?year=1982", 400],
    ["/v3/flag-days?year=1930", 400],
    // no due-date file before a schedule's since, none for an unknown code, none for both forms
    ["/v3/due-dates?year=2011&schedule=tax-account", 400],
    ["/v3/due-dates?year=2014&schedule=child-benefit", 400],
    ["/v3/due-dates?year=2024&schedule=nope", 400],
    ["/v3/due-dates?year=2024&schedule=salary-25&day=25", 400],
    // working time: another week or profile reaches the function, which refuses what is wrong
    ["/v3/working-time?year=2026&weeklyHours=0", 400],
    ["/v3/working-time?year=2026&profile=nope", 400],
    ["/v3/working-time?year=2016&profile=state", 400],
  ])("%s -> %i problem document", async (request, status) => {
    const fn = await handleV3(new Request("http://localhost" + request));
    expect(fn.status).toBe(status);
    expect(fn.headers.get("content-type")).toBe("application/problem+json");
    expect(fn.headers.get("cache-control")).toBe("no-store");
  });
});
