import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { PROBLEM_BASE } from "../../contract/bodies.js";
import { openApiDocument } from "../../contract/openapi.js";
import { FEED_CACHE_CONTROL, RATE_LIMITS } from "../../contract/policies.js";
import { PROBLEM_STATUS, type ProblemSlug } from "../../contract/problems.js";
import { CACHE_LONG } from "../../http/cache.js";
import { API_VERSION as HEALTH_API_VERSION } from "../../http/health.js";
import { PROBLEM_BASE as HTTP_PROBLEM_BASE } from "../../http/problem.js";
import { resolve } from "./helpers.js";
import {
  ALL_PATHS,
  FEED_PATHS,
  type Json,
  MCP_PATH,
  operations,
  PUBLIC,
  SPEC_CODES,
  STRICT,
  V2_PATHS,
  walk,
} from "./openapi-document.js";

describe("the OpenAPI document", () => {
  it("passes @seriousme/openapi-schema-validator (public and strict forms)", async () => {
    for (const doc of [PUBLIC, STRICT]) {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(doc));
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(validator.version).toBe("3.1");
    }
  });

  it("the validator does reject a broken document (control)", async () => {
    const broken = structuredClone(PUBLIC);
    delete broken.paths["/v3/holidays"].get.responses;
    broken.paths["/v3/period"].get.parameters.push({ name: "x", in: "nowhere" });
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it("is OpenAPI 3.1.0, version 3.0.0, with the relative server /", () => {
    expect(PUBLIC.openapi).toBe("3.1.0");
    expect(PUBLIC.info.version).toBe("3.0.0");
    expect(PUBLIC.servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("lists every path and only those", () => {
    expect(Object.keys(PUBLIC.paths).sort()).toEqual([...ALL_PATHS, MCP_PATH].sort());
    for (const path of ALL_PATHS) expect(PUBLIC.paths[path].get, path).toBeDefined();
    expect(Object.keys(PUBLIC.paths[MCP_PATH])).toEqual(["post", "options"]);
    // HEAD and OPTIONS, where the route answers them: HEAD the GET's statuses without a body, OPTIONS the preflight
    for (const path of ALL_PATHS) {
      const { get, head, options } = PUBLIC.paths[path];
      expect(Object.keys(head.responses), path).toEqual(Object.keys(get.responses));
      for (const response of Object.values(head.responses) as Json[]) expect(response.content, path).toBeUndefined();
      expect(options.responses["204"].headers["Access-Control-Allow-Methods"].schema.const, path).toBe(
        "GET, HEAD, OPTIONS",
      );
    }
  });

  it("marks the v2 endpoints deprecated, and only them", () => {
    for (const { path, op } of operations(PUBLIC)) expect(op.deprecated === true, path).toBe(V2_PATHS.includes(path));
  });

  it("needs no credentials (an empty root `security`), and names its licence (the engine's) and who answers for it", () => {
    expect(PUBLIC.security).toEqual([]);
    const engine = JSON.parse(readFileSync(new URL("../../engine/package.json", import.meta.url), "utf8")) as {
      license: string;
    };
    expect(PUBLIC.info.license.identifier).toBe(engine.license);
    expect(PUBLIC.info.contact.name).toMatch(/issue tracker/);
  });

  it("is deterministic and JSON-serialisable", () => {
    expect(JSON.stringify(openApiDocument())).toBe(JSON.stringify(PUBLIC));
    expect(JSON.parse(JSON.stringify(PUBLIC))).toEqual(PUBLIC);
    expect(JSON.stringify(openApiDocument({ strict: true }))).toBe(JSON.stringify(STRICT));
  });

  it("has unique operationIds", () => {
    const ids = operations(PUBLIC).map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("resolves every $ref inside the document", () => {
    walk(PUBLIC, (node, at) => {
      if (typeof node.$ref === "string") expect(() => resolve(PUBLIC, { $ref: node.$ref }), at).not.toThrow();
    });
  });

  it("declares every path template variable as a required path parameter", () => {
    for (const { path, op } of operations(PUBLIC)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = (op.parameters ?? []).map((p: Json) => resolve(PUBLIC, p));
      for (const name of names) {
        expect(
          params.find((p: Json) => p.in === "path" && p.name === name && p.required === true),
          `${path} ${name}`,
        ).toBeDefined();
      }
    }
  });

  it("documents every parameter of the specification, with patterns, enums and defaults", () => {
    const params = (path: string) =>
      Object.fromEntries(
        (PUBLIC.paths[path].get.parameters ?? []).map((p: Json) => resolve(PUBLIC, p)).map((p: Json) => [p.name, p]),
      );
    expect(Object.keys(params("/v3/holidays")).sort()).toEqual(["saturdays", "sundays", "year"]);
    // the year is an integer in range, as a client serialises it (`2024`; the four digits are the reader's and the prose's)
    expect(params("/v3/holidays").year.schema).toEqual({ type: "integer", minimum: 1930, maximum: 9999 });
    expect(params("/v3/flag-days").year.schema).toEqual({ type: "integer", minimum: 1983, maximum: 9999 });
    expect(params("/v3/leave-plan").days.schema).toEqual({ type: "integer", minimum: 1, maximum: 60 });
    expect(params("/v3/due-dates").day.schema).toEqual({
      anyOf: [
        { type: "integer", minimum: 1, maximum: 31 },
        { type: "string", enum: ["last"] },
      ],
    });
    expect(params("/v3/holidays").sundays.schema).toEqual({ type: "boolean", default: false });
    expect(Object.keys(params("/v3/bridge-days"))).toEqual(["year"]);
    expect(Object.keys(params("/v3/half-days"))).toEqual(["year"]);
    // a calendar date (format) of the covered years (pattern): what the parser accepts
    expect(params("/v3/days/{date}").date.schema).toEqual({
      type: "string",
      format: "date",
      pattern: "^(19[3-9][0-9]|[2-9][0-9]{3})-[0-9]{2}-[0-9]{2}$",
    });
    expect(Object.keys(params("/v3/period")).sort()).toEqual(["bounds", "from", "to"]);
    expect(params("/v3/period").bounds.schema).toEqual({
      type: "string",
      enum: ["inclusive", "exclusive", "from", "to"],
      default: "inclusive",
    });
    expect(params("/v3/period").from.required).toBe(true);
    expect(Object.keys(params("/v3/shift")).sort()).toEqual(["add", "date", "postpone"]);
    // one value holds at most MAX_STEPS steps (the total over several values is the reader's: no schema can say it)
    expect(params("/v3/shift").add.schema.items.pattern).toBe("^-?[0-9]+[dbwmy](,-?[0-9]+[dbwmy]){0,19}$");
    expect(params("/v3/shift").add).toMatchObject({ required: true, style: "form", explode: true });
    expect(params("/v3/shift").postpone.schema).toEqual({ type: "boolean", default: false });
    expect(params("/v3/observances/{code}").code.schema.enum).toEqual(SPEC_CODES);
    expect(Object.keys(params("/v3/observances/{code}")).sort()).toEqual(["code", "from", "to"]);
    expect(PUBLIC.paths["/v3/observances"].get.parameters).toBeUndefined();
    expect(Object.keys(params("/holidays")).sort()).toEqual(["weekends", "year"]);
    for (const feed of FEED_PATHS) {
      const fp = params(feed);
      expect(Object.keys(fp).sort()).toEqual([
        "bridge",
        "busy",
        "defacto",
        "due",
        "flags",
        "half",
        "saturdays",
        "sundays",
      ]);
      expect(fp.flags.schema.default).toBe("false");
      expect(fp.defacto.schema.default).toBe("true");
      expect(fp.bridge.allowEmptyValue).toBe(true);
      const loose = new RegExp(fp.busy.schema.pattern);
      for (const ok of ["", "true", "TRUE", "1", "on", "Yes", "false", "0", "OFF", "no"])
        expect(loose.test(ok), ok).toBe(true);
      for (const bad of ["2", "truee", "y", "nope"]) expect(loose.test(bad), bad).toBe(false);
    }
  });

  it("states the same constants as the HTTP layer (cache, rate limits, versions)", () => {
    const headers = PUBLIC.components.headers;
    expect(headers["Cache-Control"].example).toBe(CACHE_LONG);
    expect(headers["Cache-Control"].description).toContain(FEED_CACHE_CONTROL);
    expect(headers["RateLimit-Policy"].example).toBe(`${RATE_LIMITS.v3.limit};w=${RATE_LIMITS.v3.windowSeconds}`);
    for (const rateLimit of [RATE_LIMITS.feed, RATE_LIMITS["feed-query"]]) {
      expect(headers["RateLimit-Policy"].description).toContain(`${rateLimit.limit};w=${rateLimit.windowSeconds}`);
    }
    expect(HEALTH_API_VERSION).toBe(PUBLIC.info.version);
  });

  it("uses example problem types from the slug table", () => {
    const problemExamples: Json[] = [];
    walk(PUBLIC.components.responses, (node) => {
      if (node.value && typeof node.value.type === "string" && node.value.type.startsWith(PROBLEM_BASE))
        problemExamples.push(node.value);
    });
    const slugs = new Set(problemExamples.map((e) => e.type.slice(PROBLEM_BASE.length + 1)));
    expect([...slugs].sort()).toEqual(Object.keys(PROBLEM_STATUS).sort());
    for (const e of problemExamples)
      expect(e.status).toBe(PROBLEM_STATUS[e.type.slice(PROBLEM_BASE.length + 1) as ProblemSlug]);
    const v2 = resolve(PUBLIC, PUBLIC.paths["/holidays"].get.responses["400"]);
    expect(Object.keys(v2.content["application/problem+json"].examples)).toEqual(["invalid-year"]);
  });

  it("states the problem base, the slug table and the readings of docs/decisions.md in its descriptions", () => {
    const text = JSON.stringify(PUBLIC);
    const description: string = PUBLIC.info.description;
    expect(PROBLEM_BASE).toBe(HTTP_PROBLEM_BASE);
    expect(description).toContain(PROBLEM_BASE);
    for (const slug of Object.keys(PROBLEM_STATUS))
      expect(description).toContain(`| \`${slug}\` | ${PROBLEM_STATUS[slug as ProblemSlug]} |`);
    for (const reading of [
      "previous and next days are both non-working", // bridge day
      "next day carries a public observance", // half day
      "the day after the last counted day", // duration
      "strictly after the start", // b step from any start
      "once, after the last step", // Sunday rule
      "`from` is `result` and `to` is `date`", // period ordering
      "plus 200 calendar years", // 200-year limit
      "02-29 + 1y", // y clamps (in the form 2024-02-29 + 1y)
      "invalid-date",
      "method-not-allowed",
      "CDN-direct", // static dataset
    ]) {
      expect(text, reading).toContain(reading);
    }
    expect(PUBLIC["x-static-dataset"]).toBeDefined();
  });

  it("writes Markdown tables whose every row has the header's cells (no `|` inside a cell, even in code)", () => {
    const texts: [string, string][] = [["info.description", PUBLIC.info.description as string]];
    for (const [path, item] of Object.entries(
      PUBLIC.paths as Record<string, Record<string, { description?: string }>>,
    )) {
      for (const [method, op] of Object.entries(item))
        if (typeof op?.description === "string") texts.push([`${method} ${path}`, op.description]);
    }
    /** A Markdown row's cells: split at every `|` not escaped with a backslash (GFM splits inside code spans too). */
    const cells = (line: string) =>
      line
        .trim()
        .replace(/^\|/, "")
        .replace(/\|$/, "")
        .split(/(?<!\\)\|/).length;
    let tables = 0;
    for (const [where, text] of texts) {
      const lines = text.split("\n");
      for (let i = 0; i < lines.length; i++) {
        if (!lines[i]!.startsWith("|") || !/^\|[-| ]+\|$/.test(lines[i + 1] ?? "")) continue;
        tables++;
        const width = cells(lines[i]!);
        for (let j = i + 1; j < lines.length && lines[j]!.startsWith("|"); j++)
          expect(cells(lines[j]!), `${where}: ${lines[j]}`).toBe(width);
      }
    }
    expect(tables).toBeGreaterThanOrEqual(2); // the slug table and the static dataset's
    expect(PUBLIC.info.description).toContain(
      "| `/v3/data/{year}/holidays.json` | `GET /v3/holidays?year={year}&sundays=false&saturdays=false` or ",
    );
  });
});
