/**
 * GET /v3/working-time and its files, against the engine: for the same year and arguments the API's body, the dataset
 * file (build/generate.ts datasetFileBody, what the build writes and the standalone server computes), the library's
 * `JSON.stringify(workingTime(...))` and the MCP tool's structuredContent are the same bytes; every refused value is a
 * 400 problem document naming its parameter (`year` for a profile's year before its `since`, saying why). The CSV files
 * (contract/csv.ts), read back with a real CSV parser (csv-parse), hold what the JSON answers hold: each month's,
 * quarter's and the year's working days, minutes and hours, and each date's fields as describeDay, isBridgeDay and
 * isHalfDay give them one date at a time; their format is RFC 4180 with CRLF, UTF-8 without BOM; the docs list every
 * column with its Swedish and English name.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describeDay, isBridgeDay, isHalfDay, type WorkingTime, workingTime } from "swedish-calendar";
import { FIRST_YEAR, LAST_YEAR } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { datasetFileBody } from "../../build/generate.js";
import { daysCsvPath, workingTimeCsvPath, workingTimePath } from "../../build/layout.js";
import {
  CSV_LINE_END,
  csvField,
  DAY_COLUMNS,
  daysCsv,
  WORKING_TIME_COLUMNS,
  workingTimeCsv,
} from "../../contract/csv.js";
import { PATHS } from "../../contract/paths.js";
import { PROBLEM_BASE } from "../../contract/policies.js";
import { serializeJson } from "../../contract/serialize.js";
import { handleMcp } from "../../http/mcp.js";
import { handleV3 } from "../../http/v3.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const get = (query: string) => handleV3(new Request(`http://localhost${PATHS.workingTime}?${query}`));

async function toolCall(
  args: Record<string, unknown>,
): Promise<{ structuredContent: unknown; isError?: boolean; content: { text: string }[] }> {
  const response = await handleMcp(
    new Request("http://localhost" + PATHS.mcp, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "working_time", arguments: args },
      }),
    }),
  );
  return ((await response.json()) as { result: never }).result;
}

const YEARS = [FIRST_YEAR, 1952, 1953, 2004, 2005, 2016, 2017, 2022, 2026, 2027, 2285, LAST_YEAR];

describe("one answer: the API, the dataset file, the library and the MCP tool", () => {
  it.each(YEARS)(
    "%i, the defaults: the API's body is the file's and the library's bytes, and the tool's structuredContent",
    async (year) => {
      const library = JSON.stringify(workingTime(year));
      const response = await get(`year=${year}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.text()).toBe(library);
      expect(datasetFileBody(workingTimePath(year))).toBe(library);
      const call = await toolCall({ year });
      expect(call.isError ?? false).toBe(false);
      expect(serializeJson(call.structuredContent)).toBe(library);
    },
  );

  it.each([
    [2026, 38.25, "standard"],
    [2027, 38.25, "state"],
    [2017, 1, "state"],
    [LAST_YEAR, 60, "state"],
    [1930, 37.5, "standard"],
  ] as const)("%i at %f hours, %s", async (year, weeklyHours, profile) => {
    const library = JSON.stringify(workingTime(year, { weeklyHours, profile }));
    expect(await (await get(`year=${year}&weeklyHours=${weeklyHours}&profile=${profile}`)).text()).toBe(library);
    expect(serializeJson((await toolCall({ year, weeklyHours, profile })).structuredContent)).toBe(library);
    // the tool also takes the numbers as text
    expect(
      serializeJson(
        (await toolCall({ year: String(year), weeklyHours: String(weeklyHours), profile })).structuredContent,
      ),
    ).toBe(library);
  });

  it("2026 by hand: 251 working days, 2,008 hours at 40 hours; 1,996 with the state profile (5 January, 2 and 30 April, 30 October)", async () => {
    const standard = (await (await get("year=2026")).json()) as WorkingTime;
    expect(standard.total).toEqual({ workingDays: 251, minutes: 120480, hours: 2008 });
    expect(standard.months.map((m) => m.workingDays)).toEqual([20, 20, 22, 20, 19, 21, 23, 21, 22, 22, 21, 20]);
    const state = (await (await get("year=2026&profile=state")).json()) as WorkingTime;
    expect(state.total.hours).toBe(1996);
    expect(state.months.flatMap((m) => m.shortenedDays.map((d) => `${d.date} -${d.reductionMinutes}`))).toEqual([
      "2026-01-05 -240",
      "2026-04-02 -120",
      "2026-04-30 -120",
      "2026-10-30 -240",
    ]);
  });
});

describe("refused values: a 400 problem document naming the parameter", () => {
  it.each([
    ["weeklyHours=0", "weeklyHours"],
    ["weeklyHours=61", "weeklyHours"],
    ["weeklyHours=37.3", "weeklyHours"],
    ["weeklyHours=abc", "weeklyHours"],
    ["weeklyHours=40.0", "weeklyHours"],
    ["weeklyHours=05", "weeklyHours"],
    ["weeklyHours=", "weeklyHours"],
    ["weeklyHours=40&weeklyHours=40", "weeklyHours"],
    ["profile=nope", "profile"],
    ["profile=State", "profile"],
    ["profile=", "profile"],
  ])("year=2026&%s", async (query, parameter) => {
    const response = await get(`year=2026&${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const problem = (await response.json()) as { type: string; title: string; status: number; detail: string };
    expect(problem).toMatchObject({
      type: `${PROBLEM_BASE}/invalid-parameter`,
      title: "Invalid parameter",
      status: 400,
    });
    expect(problem.detail).toContain(`'${parameter}'`);
    if (parameter === "profile" && query !== "profile=") expect(problem.detail).toContain("standard, state");
    if (parameter === "weeklyHours")
      expect(problem.detail).toMatch(/1 to 60 in steps of 0\.25|plain decimal|was given 2 times/);
  });

  it("the state profile before 2017: 400 naming `year`, saying why; 2017 answers", async () => {
    const response = await get("year=2016&profile=state");
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toMatch(/^'year' must be from 2017 to 9999 for the profile 'state': /);
    expect(problem.detail).toContain("Villkorsavtal");
    expect((await get("year=2017&profile=state")).status).toBe(200);
    // the tool refuses it with the same problem
    const call = await toolCall({ year: 2016, profile: "state" });
    expect(call.isError).toBe(true);
    expect(call.structuredContent).toEqual(JSON.parse(await (await get("year=2016&profile=state")).text()));
  });

  it("an omitted year is the current year in Sweden (a function answer, cached until midnight)", async () => {
    const context = {
      clock: () => new Date("2026-12-31T23:30:00Z"),
      rateLimitsEnabled: false,
      store: null,
      clientAddress: "192.0.2.1",
    };
    const response = await handleV3(new Request(`http://localhost${PATHS.workingTime}`), context);
    // 00:30 on 1 January 2027 in Stockholm, cached until the next midnight there (23.5 hours)
    expect(((await response.json()) as WorkingTime).year).toBe(2027);
    expect(response.headers.get("cache-control")).toMatch(/s-maxage=84600$/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The CSV files
// ---------------------------------------------------------------------------------------------------------------

/** The file parsed by csv-parse, strictly: RFC 4180 quoting, every row as many fields as the header. */
const parsed = (text: string): Record<string, string>[] =>
  parse(text, { columns: true, record_delimiter: "\r\n", relax_quotes: false, skip_empty_lines: false });

describe("working-time.csv: the default answer's months, quarters and year", () => {
  it.each(YEARS)("%i", (year) => {
    const answer = workingTime(year);
    const text = datasetFileBody(workingTimeCsvPath(year))!;
    expect(text).toBe(workingTimeCsv(answer));
    const rows = parsed(text);
    expect(Object.keys(rows[0])).toEqual(WORKING_TIME_COLUMNS.map((c) => c.name));
    expect(rows).toHaveLength(12 + 4 + 1);
    const sameSum = (row: Record<string, string>, sum: { workingDays: number; minutes: number; hours: number }) => {
      expect(Number(row.workingDays)).toBe(sum.workingDays);
      expect(Number(row.minutes)).toBe(sum.minutes);
      expect(Number(row.hours)).toBe(sum.hours);
      expect(row.hours).toMatch(/^[0-9]+\.[0-9]{2}$/);
      expect([row.weeklyHours, row.profile, row.year]).toEqual(["40", "standard", String(year)]);
    };
    answer.months.forEach((m, i) => {
      expect(rows[i]).toMatchObject({
        kind: "month",
        period: `${year}-${String(m.month).padStart(2, "0")}`,
        month: String(m.month),
        quarter: String(Math.ceil(m.month / 3)),
        shortenedDays: "0",
      });
      sameSum(rows[i], m);
    });
    answer.quarters.forEach((q, i) => {
      expect(rows[12 + i]).toMatchObject({
        kind: "quarter",
        period: `${year}-Q${q.quarter}`,
        month: "",
        quarter: String(q.quarter),
      });
      sameSum(rows[12 + i], q);
    });
    expect(rows[16]).toMatchObject({ kind: "year", period: String(year), month: "", quarter: "" });
    sameSum(rows[16], answer.total);
    // the year's working days counted again, date by date, by the library's describeDay
    let working = 0;
    for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) {
      if (describeDay(d.toISOString().slice(0, 10)).workingDay) working++;
    }
    expect(Number(rows[16].workingDays)).toBe(working);
    expect(Number(rows[16].minutes)).toBe(working * 480);
  });

  it("a state answer's shortened days are counted per month (the module serves any answer)", () => {
    const rows = parsed(workingTimeCsv(workingTime(2026, { profile: "state" })));
    expect(rows.filter((r) => r.kind === "month").map((r) => Number(r.shortenedDays))).toEqual([
      1, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0,
    ]);
    expect(rows.at(-1)).toMatchObject({ shortenedDays: "4", hours: "1996.00", profile: "state" });
  });
});

describe("days.csv: every date's fields, as describeDay gives them one date at a time", () => {
  it.each([FIRST_YEAR, 1952, 1953, 2024, 2026, LAST_YEAR])("%i", (year) => {
    const text = datasetFileBody(daysCsvPath(year))!;
    expect(text).toBe(daysCsv(year));
    const rows = parsed(text);
    expect(Object.keys(rows[0])).toEqual(DAY_COLUMNS.map((c) => c.name));
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    expect(rows).toHaveLength(leap ? 366 : 365);
    for (const row of rows) {
      const day = describeDay(row.date);
      expect(row).toEqual({
        date: day.date,
        weekday: String(day.weekday),
        isoYear: String(day.isoWeek.year),
        isoWeek: String(day.isoWeek.week),
        holidayType: day.holidayType ?? "",
        workingDay: String(day.workingDay),
        bridgeDay: String(isBridgeDay(row.date)),
        halfDay: String(isHalfDay(row.date)),
        observances: day.observances.map((o) => o.code).join(";"),
        observanceNamesSv: day.observances.map((o) => o.name.sv).join(";"),
        observanceNamesEn: day.observances.map((o) => o.name.en).join(";"),
        flagDays: day.flagDay.join(";"),
      });
    }
    // ascending, one row per date, starting on 1 January
    expect(rows[0].date).toBe(`${year}-01-01`);
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort());
    expect(new Set(rows.map((r) => r.date)).size).toBe(rows.length);
  });

  it("2026 holds real values: Midsummer Eve, a bridge day, a half day, Swedish letters", () => {
    const rows = parsed(daysCsv(2026));
    const on = (date: string) => rows.find((r) => r.date === date)!;
    expect(on("2026-06-19")).toMatchObject({
      weekday: "5",
      holidayType: "defacto",
      workingDay: "false",
      observances: "midsummerEve",
      observanceNamesSv: "Midsommarafton",
      isoWeek: "25",
    });
    expect(on("2026-05-15")).toMatchObject({
      holidayType: "",
      workingDay: "true",
      bridgeDay: "true",
      halfDay: "false",
    });
    expect(on("2026-04-30")).toMatchObject({ halfDay: "true", flagDays: "kingsBirthday" });
    expect(on("2026-01-06").observanceNamesSv).toBe("Trettondedag jul");
    expect(on("2026-12-31").observanceNamesSv).toBe("Nyårsafton");
  });
});

describe("the CSV format: RFC 4180, CRLF, UTF-8 without BOM", () => {
  it("quotes a field only when it must, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(false)).toBe("false");
    expect(csvField(2008)).toBe("2008");
    // and a parser reads each field back as it was
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("a", "å", ",", '"', "\r", "\n", " ", ";", "1") }), { maxLength: 4 }),
        (fields) => {
          const line = ["x", ...fields].map(csvField).join(",") + CSV_LINE_END;
          expect(parse(line, { record_delimiter: "\r\n" })).toEqual([["x", ...fields]]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([2024, 2026])("%i: every line ends in CRLF (the last too), no lone LF or CR, no BOM", (year) => {
    for (const text of [daysCsv(year), workingTimeCsv(workingTime(year))]) {
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      expect(text.endsWith("\r\n")).toBe(true);
      expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
      expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
    }
  });
});

describe("the docs name every column with its Swedish and English name", () => {
  const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
  const row = (c: { name: string; sv: string; en: string }) => `| \`${c.name}\` | ${c.sv} | ${c.en} |`;
  it.each(DAY_COLUMNS.map((c) => [c.name, c] as const))("days.csv %s: docs/static-dataset.md", (_name, column) => {
    expect(read("docs/static-dataset.md")).toContain(row(column));
  });
  it.each(WORKING_TIME_COLUMNS.map((c) => [c.name, c] as const))(
    "working-time.csv %s: docs/static-dataset.md and docs/working-time.md",
    (_name, column) => {
      for (const file of ["docs/static-dataset.md", "docs/working-time.md"])
        expect(read(file), file).toContain(row(column));
    },
  );
});
