/**
 * The served OpenAPI document linted as an integrator's tools lint it: Redocly's `recommended` rules (redocly.yaml)
 * and Spectral's `spectral:oas` (.spectral.json), each run on the generated document: no errors. And the per-route
 * bound the document states is the service's: /v3/flag-days's year from 1983, by the schema (ajv) and the answer alike.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { FIRST_YEAR, FLAG_DAYS_FROM } from "swedish-calendar/core";
import { afterAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { publicOpenApiDocument } from "../../http/openapi.js";
import { handleV3 } from "../../http/v3.js";
import { resolve, TEST_CONTEXT } from "./helpers.js";

type Json = Record<string, any>;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "node_modules", ".bin");
const document = publicOpenApiDocument() as Json;
const dir = mkdtempSync(join(tmpdir(), "openapi-lint-"));
const file = join(dir, "openapi.json");
writeFileSync(file, JSON.stringify(document));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a linter offline (no telemetry, no update notice): its exit code and output. */
function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  const env = {
    ...process.env,
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
    NO_COLOR: "1",
    FORCE_COLOR: "0",
  };
  return new Promise((done) => {
    execFile(
      join(BIN, command),
      args,
      { cwd: ROOT, env, timeout: 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe("the served OpenAPI document passes the integrators' linters", () => {
  it("Redocly recommended (redocly.yaml): no errors", async () => {
    const { code, output } = await run("redocly", [
      "lint",
      file,
      "--config",
      join(ROOT, "redocly.yaml"),
      "--format",
      "json",
    ]);
    const report = JSON.parse(output.slice(output.indexOf("{"), output.lastIndexOf("}") + 1)) as {
      totals: { errors: number };
      problems: Json[];
    };
    const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(code).toBe(0);
  }, 300_000);

  it("Spectral spectral:oas (.spectral.json): no errors", async () => {
    const { output } = await run("spectral", [
      "lint",
      file,
      "--ruleset",
      join(ROOT, ".spectral.json"),
      "--format",
      "json",
      "--fail-severity",
      "error",
    ]);
    const results = JSON.parse(output.slice(output.indexOf("["), output.lastIndexOf("]") + 1)) as Json[];
    expect(
      results.filter((r) => r.severity === 0).map((r) => `${r.code}: ${r.message} at ${r.path.join(".")}`),
    ).toEqual([]);
  }, 300_000);

  it("a control: an array without items is an error to Spectral", async () => {
    const broken = structuredClone(document);
    broken.components.schemas.Day.allOf[0].then.properties.observances = { type: "array", maxItems: 0 };
    const brokenFile = join(dir, "broken.json");
    writeFileSync(brokenFile, JSON.stringify(broken));
    const { code, output } = await run("spectral", [
      "lint",
      brokenFile,
      "--ruleset",
      join(ROOT, ".spectral.json"),
      "--format",
      "json",
    ]);
    expect(output).toContain("array-items");
    expect(code).not.toBe(0);
  }, 300_000);
});

describe("a per-route bound is the service's: /v3/flag-days's year", () => {
  const parameter = resolve(document, document.paths[PATHS.flagDays].get.parameters[0]) as Json;
  const valid = new Ajv2020({ strict: false }).compile(parameter.schema);

  it.each([
    [FIRST_YEAR, 400],
    [FLAG_DAYS_FROM - 1, 400],
    [FLAG_DAYS_FROM, 200],
    [2024, 200],
  ])("year=%s: the schema and the service agree (%s)", async (year, status) => {
    expect(valid(year)).toBe(status === 200);
    const response = await handleV3(new Request(`http://localhost${PATHS.flagDays}?year=${year}`), TEST_CONTEXT);
    expect(response.status).toBe(status);
    if (status === 400) expect(((await response.json()) as Json).detail).toContain(`from ${FLAG_DAYS_FROM}`);
  });
});
