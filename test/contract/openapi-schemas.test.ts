/** The OpenAPI document's component schemas: built from schemas.ts, compiled in Ajv, and strict against drift. */
import { describe, expect, it } from "vitest";
import { PROBLEM_BASE, SCHEMA_NAMES, SCHEMAS } from "../../contract/bodies.js";
import { loosen } from "../../contract/json-schema.js";
import { PROBLEM_STATUS } from "../../contract/problems.js";
import { makeAjv, schemaValidators } from "./helpers.js";
import { type Json, PUBLIC, SPEC_CODES, STRICT, walk } from "./openapi-document.js";

describe("the OpenAPI document", () => {
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
