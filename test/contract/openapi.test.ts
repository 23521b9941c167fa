import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { PROBLEM_BASE, SCHEMA_NAMES, SCHEMAS } from "../../contract/bodies.js";
import { loosen } from "../../contract/json-schema.js";
import { openApiDocument } from "../../contract/openapi.js";
import { FEED_CACHE_CONTROL, RATE_LIMITS } from "../../contract/policies.js";
import { PROBLEM_STATUS, type ProblemSlug } from "../../contract/problems.js";
import { CACHE_LONG } from "../../functions/lib/cache.js";
import { API_VERSION as HEALTH_API_VERSION } from "../../functions/lib/health.js";
import { PROBLEM_BASE as HTTP_PROBLEM_BASE } from "../../functions/lib/problem.js";
import { CONTRACT_DOCUMENT, makeAjv, resolve, schemaValidators } from "./helpers.js";

type Json = Record<string, any>;

const PUBLIC = openApiDocument() as Json;
const STRICT = CONTRACT_DOCUMENT;

const V3_PATHS = [
  "/v3/holidays",
  "/v3/bridge-days",
  "/v3/half-days",
  "/v3/long-weekends",
  "/v3/days/{date}",
  "/v3/period",
  "/v3/shift",
  "/v3/leave-plan",
  "/v3/observances",
  "/v3/observances/{code}",
  "/v3/flag-days",
  "/v3/flag-days/catalogue",
  "/v3/adjust",
  "/v3/due-dates",
  "/v3/due-dates/catalogue",
  "/v3/working-time",
  "/v3/openapi.json",
];
const V2_PATHS = ["/holidays", "/half-days", "/bridge-days"];
const FEED_PATHS = ["/ical/svenska-helgdagar.ics", "/ical/holidays"];
const ALL_PATHS = [...V3_PATHS, "/health", ...FEED_PATHS, ...V2_PATHS];
/** The one POST operation: the MCP endpoint (test/contract/mcp.test.ts checks it). */
const MCP_PATH = "/mcp";

const SPEC_CODES = [
  "newYearsDay",
  "epiphany",
  "annunciation",
  "goodFriday",
  "easterSunday",
  "easterMonday",
  "ascensionDay",
  "mayDay",
  "whitsun",
  "whitMonday",
  "nationalDay",
  "midsummerDay",
  "allSaintsDay",
  "christmasDay",
  "boxingDay",
  "holySaturday",
  "whitsunEve",
  "midsummerEve",
  "christmasEve",
  "newYearsEve",
];

function walk(value: unknown, visit: (node: Json, path: string) => void, path = "#"): void {
  if (Array.isArray(value))
    value.forEach((v, i) => {
      walk(v, visit, `${path}/${i}`);
    });
  else if (value && typeof value === "object") {
    visit(value as Json, path);
    for (const [k, v] of Object.entries(value)) walk(v, visit, `${path}/${k}`);
  }
}

function operations(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => ["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(m))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

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
    // HEAD and OPTIONS, where the row answers them: HEAD the GET's statuses without a body, OPTIONS the preflight
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
    const engine = JSON.parse(readFileSync(new URL("../../data-gen/package.json", import.meta.url), "utf8")) as {
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

  it("declares for every v3 operation 200 (JSON), 304, 405, 429 and 500; 400/404 as problem documents", () => {
    for (const path of V3_PATHS) {
      const responses = PUBLIC.paths[path].get.responses;
      for (const status of ["200", "304", "405", "429", "500"])
        expect(responses[status], `${path} ${status}`).toBeDefined();
      expect(resolve(PUBLIC, responses["200"]).content["application/json"].schema, path).toBeDefined();
      for (const status of ["400", "404", "405", "429", "500"]) {
        if (!responses[status]) continue;
        const r = resolve(PUBLIC, responses[status]);
        expect(r.content["application/problem+json"].schema, `${path} ${status}`).toEqual({
          $ref: "#/components/schemas/Problem",
        });
      }
    }
    const withParams = V3_PATHS.filter(
      (p) => !["/v3/observances", "/v3/flag-days/catalogue", "/v3/due-dates/catalogue", "/v3/openapi.json"].includes(p),
    );
    for (const path of withParams) expect(PUBLIC.paths[path].get.responses["400"], path).toBeDefined();
    for (const path of ["/v3/days/{date}", "/v3/observances/{code}"])
      expect(PUBLIC.paths[path].get.responses["404"], path).toBeDefined();
    // an unknown code in the query (a due-date schedule) is 400: only a path names a resource that may not exist
    expect(PUBLIC.paths["/v3/due-dates"].get.responses["404"]).toBeUndefined();
  });

  it("names the 200 schema of every path as the specification does", () => {
    const schema200 = (path: string) => resolve(PUBLIC, PUBLIC.paths[path].get.responses["200"]).content;
    const expected: Record<string, string> = {
      "/v3/holidays": "HolidaysResponse",
      "/v3/bridge-days": "BridgeDaysResponse",
      "/v3/half-days": "HalfDaysResponse",
      "/v3/days/{date}": "Day",
      "/v3/period": "Period",
      "/v3/shift": "Shift",
      "/v3/observances": "ObservanceList",
      "/v3/observances/{code}": "OccurrenceList",
      "/health": "Health",
      "/v3/adjust": "Adjustment",
      "/v3/due-dates": "DueDatesResponse",
      "/v3/due-dates/catalogue": "DueDateScheduleList",
    };
    for (const [path, name] of Object.entries(expected)) {
      expect(schema200(path)["application/json"].schema, path).toEqual({ $ref: `#/components/schemas/${name}` });
    }
    expect(schema200("/holidays")["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/V2Holiday" },
    });
    expect(schema200("/half-days")["application/json"].schema.type).toBe("array");
    for (const feed of FEED_PATHS) expect(schema200(feed)["text/calendar"]).toBeDefined();
  });

  it("declares the response headers", () => {
    const headersOf = (path: string, status: string) =>
      Object.keys(resolve(PUBLIC, PUBLIC.paths[path].get.responses[status]).headers ?? {});
    for (const path of V3_PATHS) {
      expect(headersOf(path, "200")).toEqual(
        expect.arrayContaining([
          "Cache-Control",
          "ETag",
          "RateLimit-Limit",
          "RateLimit-Policy",
          "Access-Control-Allow-Origin",
        ]),
      );
      expect(headersOf(path, "429")).toEqual(
        expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Policy", "Cache-Control"]),
      );
      expect(headersOf(path, "405")).toContain("Allow");
    }
    for (const path of V2_PATHS) {
      for (const status of ["200", "400", "410", "429"]) {
        expect(headersOf(path, status), `${path} ${status}`).toEqual(
          expect.arrayContaining(["Link", "Deprecation", "Sunset"]),
        );
      }
      expect(PUBLIC.paths[path].get.responses["410"]).toBeDefined();
    }
    expect(resolve(PUBLIC, PUBLIC.components.headers["Cache-Control-No-Store"]).schema.const).toBe("no-store");
  });

  it("states the same constants as the HTTP layer (cache, rate limits, versions)", () => {
    const headers = PUBLIC.components.headers;
    expect(headers["Cache-Control"].example).toBe(CACHE_LONG);
    expect(headers["Cache-Control"].description).toContain(FEED_CACHE_CONTROL);
    expect(headers["RateLimit-Policy"].example).toBe(`${RATE_LIMITS.v3.limit};w=${RATE_LIMITS.v3.windowSeconds}`);
    for (const policy of [RATE_LIMITS.feed, RATE_LIMITS["feed-query"]]) {
      expect(headers["RateLimit-Policy"].description).toContain(`${policy.limit};w=${policy.windowSeconds}`);
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

  it("builds components.schemas from schemas.ts: strict in the test form, additive-friendly in the public form", () => {
    for (const name of SCHEMA_NAMES) {
      expect(STRICT.components.schemas[name], name).toBeDefined();
      const { $schema: _s, $id: _i, ...rest } = SCHEMAS[name] as Json;
      const rebased = JSON.parse(
        JSON.stringify(rest).replaceAll('"https://swedish-calendar.example/schemas/', '"#/components/schemas/'),
      );
      expect(STRICT.components.schemas[name], name).toEqual(rebased);
      expect(PUBLIC.components.schemas[name], name).toEqual(loosen(rebased));
    }
    expect(JSON.stringify(PUBLIC.components.schemas)).not.toContain('"additionalProperties":false');
    // every object schema with properties is closed in the strict form
    walk(STRICT.components.schemas, (node, at) => {
      if (
        node.type === "object" &&
        node.properties &&
        !at.includes("/if") &&
        !at.includes("/then") &&
        !at.includes("/else") &&
        !at.endsWith("OpenApiDocument")
      ) {
        expect(node.additionalProperties, at).toBe(false);
      }
    });
  });

  it("enumerates the 20 observance codes, the holiday types, weekday 1..7 and the date pattern", () => {
    const s = STRICT.components.schemas;
    expect(s.ObservanceCode.enum).toEqual(SPEC_CODES);
    expect(s.HolidayType.enum).toEqual(["public", "defacto"]);
    expect(s.Day.properties.holidayType.enum).toEqual(["public", "defacto", null]);
    expect(s.Day.properties.weekday).toMatchObject({ type: "integer", minimum: 1, maximum: 7 });
    expect(s.Day.properties.date.pattern).toBeDefined();
    expect(s.Problem.properties.type.enum).toEqual(
      Object.keys(PROBLEM_STATUS).map((slug) => `${PROBLEM_BASE}/${slug}`),
    );
    expect(s.Health.properties.apiVersion.const).toBe("3.0.0");
  });

  it("compiles every component schema in Ajv 2020 (strict mode, with formats) and each is a valid 2020-12 schema", () => {
    const ajv = makeAjv();
    const root = {
      $id: "urn:test:components",
      $defs: JSON.parse(
        JSON.stringify(STRICT.components.schemas).replaceAll('"#/components/schemas/', '"urn:test:components#/$defs/'),
      ),
    };
    expect(ajv.validateSchema(root), JSON.stringify(ajv.errors)).toBe(true);
    ajv.addSchema(root);
    for (const name of Object.keys(STRICT.components.schemas)) {
      expect(() => ajv.compile({ $ref: `urn:test:components#/$defs/${name}` }), name).not.toThrow();
    }
    // and the schemas of schemas.ts on their own
    const v = schemaValidators();
    for (const name of SCHEMA_NAMES) expect(() => v(name), name).not.toThrow();
    // the public form compiles too
    const ajv2 = makeAjv();
    ajv2.addSchema({
      $id: "urn:test:public",
      $defs: JSON.parse(
        JSON.stringify(PUBLIC.components.schemas).replaceAll('"#/components/schemas/', '"urn:test:public#/$defs/'),
      ),
    });
    for (const name of Object.keys(PUBLIC.components.schemas))
      expect(() => ajv2.compile({ $ref: `urn:test:public#/$defs/${name}` }), name).not.toThrow();
  });

  it("the schemas reject drift: an extra field, a missing field, a wrong code", () => {
    const v = schemaValidators();
    const day = {
      date: "2024-06-21",
      weekday: 5,
      isoWeek: { year: 2024, week: 25 },
      holidayType: "defacto",
      workingDay: false,
      observances: [],
      flagDay: [],
    };
    expect(v("Day")(day)).toBe(true);
    expect(v("Day")({ ...day, flagDay: ["kingsBirthday", "veteransDay"] })).toBe(true);
    expect(v("Day")({ ...day, flagDay: ["saturday"] })).toBe(false); // not a flag-day code
    expect(v("Day")({ ...day, flagDay: null })).toBe(false);
    const { flagDay: _f, ...withoutFlagDay } = day;
    expect(v("Day")(withoutFlagDay)).toBe(false);
    expect(v("Day")({ ...day, isoWeek: { year: 2024, week: 54 } })).toBe(false);
    expect(v("Day")({ ...day, isoWeek: { year: 2024, week: 0 } })).toBe(false);
    expect(v("Day")({ ...day, isoWeek: { year: 2024 } })).toBe(false);
    const { isoWeek: _w, ...withoutWeek } = day;
    expect(v("Day")(withoutWeek)).toBe(false);
    expect(v("Day")({ ...day, extra: 1 })).toBe(false);
    expect(v("Day")({ ...day, workingDay: true })).toBe(false); // workingDay exactly when holidayType is null
    expect(v("Day")({ ...day, weekday: 8 })).toBe(false);
    expect(v("Day")({ ...day, date: "2024-02-30" })).toBe(false);
    expect(v("Day")({ ...day, date: "1929-12-31" })).toBe(false);
    const { observances: _o, ...missing } = day;
    expect(v("Day")(missing)).toBe(false);
    const obs = {
      code: "midsummerEve",
      holidayType: "defacto",
      name: { sv: "Midsommarafton", en: "Midsummer Eve" },
      feast: { code: "midsummer", name: { sv: "Midsommar", en: "Midsummer" } },
    };
    expect(v("Observance")(obs)).toBe(true);
    expect(v("Observance")({ ...obs, code: "saturday" })).toBe(false);
    expect(v("Problem")({ type: `${PROBLEM_BASE}/nope`, title: "x", status: 400 })).toBe(false);
    const health = {
      status: "ok",
      ready: true,
      apiVersion: "3.0.0",
      dataVersion: "abc",
      years: { from: 1930, to: 9999 },
      dataset: null,
    };
    expect(v("Health")(health)).toBe(true);
    expect(v("Health")({ ...health, ready: false })).toBe(true);
    expect(v("Health")({ ...health, apiVersion: "3.0.1" })).toBe(false);
    expect(v("Health")({ ...health, ready: "yes" })).toBe(false);
    const { ready: _r, ...withoutReady } = health;
    expect(v("Health")(withoutReady)).toBe(false); // always sent: what /health?ready would answer
    const { dataset: _d, ...withoutDataset } = health;
    expect(v("Health")(withoutDataset)).toBe(false); // always sent, null when there is no manifest
    const dataset = {
      dataVersion: "abc",
      stale: false,
      years: { from: 2020, to: 2030 },
      days: null,
      files: 3,
      contentHash: "h",
    };
    expect(v("Health")({ ...health, dataset })).toBe(true);
    expect(v("Health")({ ...health, dataset: { ...dataset, days: { from: "2024-01-01", to: "2024-12-31" } } })).toBe(
      true,
    );
    expect(v("Health")({ ...health, dataset: { ...dataset, stale: "no" } })).toBe(false);
    expect(v("Health")({ ...health, dataset: { ...dataset, extra: 1 } })).toBe(false);
  });
});
