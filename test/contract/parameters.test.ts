/**
 * Each parameter's JSON Schemas say exactly what its reader accepts (contract/parameters.ts): for every parameter,
 * fast-check compares the reader with the schema over raw values, random ones and near-misses of the values that
 * matter (the bounds, every enum value, the examples, dates around the range and leap days, step chains) mutated by a
 * leading zero, a sign, a space, another letter case, a decimal point, a character added or dropped.
 *
 *   - The OpenAPI schema against the query text (or decoded path segment), as a validator reads a query parameter:
 *     the raw text for string schemas (patterns, enums, `format: date` with ajv-formats' full check); a `boolean` schema
 *     is validated with Ajv's type coercion (`coerceTypes`), which turns exactly the texts `true` and `false` into
 *     booleans and refuses every other text; the repeatable `add` as the array of its values. A schema with an
 *     `integer` (years, leave days, the day of a rule) is compared over what a client serialises: the canonical
 *     decimal text of an integer (`2024`, as `String(2024)` writes it) is that integer, any other text stays text. So
 *     every integer the schema accepts, serialised, is read, and every text the reader accepts is such an integer (or
 *     a word the schema lists, `last`); `02024` or `2024.0` is no client's serialisation of an integer, and refused.
 *   - The MCP schema of each tool argument against a JSON value, read as the tools read it: a string as it stands, a
 *     number or boolean as written, anything else as its JSON text; `null` is an omitted argument (not compared).
 *
 * The one rule no JSON Schema can state is `add`'s total: at most MAX_STEPS steps over all its values. Each single value
 * is compared exactly (its pattern allows at most MAX_STEPS steps); several values are compared while their steps add
 * up to at most MAX_STEPS, and beyond that the reader refuses what the schema lets through.
 *
 * Then what else reads the declarations: a declared default is the reader's value of the schemas' `default`, handed
 * over by the argument reader for an omitted parameter; the site's words and year field are the declarations'
 * (contract/parameter-words.ts). The command-line tool's readers against the declarations: ./parameters-cli.test.ts.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import {
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  MAX_LEAVE_DAYS,
  MAX_STEPS,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { argumentValues, readArguments } from "../../contract/arguments.js";
import { PARAMETER_WORDS, readYearField, YEAR_FIELD_WORDS } from "../../contract/parameter-words.js";
import { PARAMETERS, type ParameterDeclaration, type ParameterKey } from "../../contract/parameters.js";
import { decimalRangeSource } from "../../contract/patterns.js";
import { ROUTES } from "../../contract/routes.js";
import { TOOLS } from "../../http/mcp-tools.js";
import { jsonValue, RUNS, rawText, reads, totalSteps } from "./parameter-values.js";

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A validator of one value against a schema, the value wrapped so that coercion can replace it. */
function validatorOf(schema: Json, coerce: boolean): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, allErrors: false, coerceTypes: coerce });
  addFormats(ajv);
  const validate = ajv.compile({ type: "object", properties: { v: schema }, required: ["v"] });
  return (value) => validate({ v: value });
}

/** Whether a schema (or one of its `anyOf`) is a number (an integer, or `weeklyHours`): its values travel as their canonical decimal text. */
const hasInteger = (schema: Json): boolean =>
  schema.type === "integer" ||
  schema.type === "number" ||
  ((schema.anyOf as Json[] | undefined) ?? []).some(hasInteger);

/** The value a client serialised as `raw`: a number for its canonical decimal text (`2024`, `38.25`), else the text itself. */
const clientValue = (raw: string): unknown =>
  /^-?[0-9]+(\.[0-9]+)?$/.test(raw) && String(Number(raw)) === raw ? Number(raw) : raw;

// ---------------------------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------------------------

const KEYS = Object.keys(PARAMETERS) as ParameterKey[];

describe("the digit-range patterns (contract/patterns.ts)", () => {
  it("match exactly the plain decimal texts of the range", () => {
    fc.assert(
      fc.property(fc.nat(20000), fc.nat(20000), fc.integer({ min: -10, max: 25000 }), (a, b, n) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const pattern = new RegExp(`^(${decimalRangeSource(min, max)})$`);
        expect(pattern.test(String(n))).toBe(n >= min && n <= max);
        expect(pattern.test(`0${n}`)).toBe(false);
      }),
      { numRuns: 2000 },
    );
    expect(decimalRangeSource(FIRST_YEAR, LAST_YEAR)).toBe("19[3-9][0-9]|[2-9][0-9]{3}");
  });
});

describe("each parameter's OpenAPI schema accepts exactly the raw texts its reader accepts", () => {
  it("covers every parameter", () => {
    expect(KEYS.length).toBeGreaterThan(30);
  });

  it("finds the difference where a validator reads a query text its own way (control: a coercing validator on the integer year)", () => {
    const integerYear = validatorOf({ type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR }, true);
    const run = fc.check(
      fc.property(rawText, (raw) => integerYear(raw) === reads(PARAMETERS.year, [raw])),
      { numRuns: RUNS },
    );
    expect(run.failed).toBe(true);
    // e.g. the query text `02024` or `2024.0`: an integer to a coercing validator, not a year to the reader
    expect(integerYear("02024")).toBe(true);
    expect(reads(PARAMETERS.year, ["02024"])).toBe(false);
  });

  it.each(KEYS)("%s", (key) => {
    const parameter = PARAMETERS[key];
    const schema = parameter.schema;
    const coerce = schema.type === "boolean";
    const validate = validatorOf(schema, coerce);
    const valid = hasInteger(schema)
      ? (raw: unknown) => validate(typeof raw === "string" ? clientValue(raw) : raw)
      : validate;
    if (parameter.repeat === "all") {
      fc.assert(
        fc.property(fc.array(rawText, { minLength: 1, maxLength: 3 }), (values) => {
          const total = totalSteps(values);
          if (values.length > 1 && (total === undefined || total > MAX_STEPS)) {
            // the total over several values: the reader's alone
            if (valid([...values])) expect(reads(parameter, values)).toBe(total === undefined || total <= MAX_STEPS);
            return;
          }
          expect(valid([...values]), JSON.stringify(values)).toBe(reads(parameter, values));
        }),
        { numRuns: RUNS },
      );
      expect(valid([])).toBe(false);
      return;
    }
    fc.assert(
      fc.property(rawText, (raw) => {
        expect(valid(raw), JSON.stringify(raw)).toBe(reads(parameter, [raw]));
      }),
      { numRuns: RUNS },
    );
    // every value the schema enumerates is read
    for (const value of (schema.enum as string[] | undefined) ?? []) expect(reads(parameter, [value])).toBe(true);
    if ("example" in parameter) expect(validate(parameter.example), "the example").toBe(true);
  });

  it("the integers are declared as integers, with their bounds (a generated client sends a number)", () => {
    expect(PARAMETERS.year.schema).toEqual({ type: "integer", minimum: FIRST_YEAR, maximum: LAST_YEAR });
    expect(PARAMETERS.flagDaysYear.schema).toEqual({ type: "integer", minimum: FLAG_DAYS_FROM, maximum: LAST_YEAR });
    for (const key of ["fromYear", "toYear", "v2Year"] as const)
      expect(PARAMETERS[key].schema, key).toEqual(PARAMETERS.year.schema);
    expect(PARAMETERS.leaveDays.schema).toEqual({ type: "integer", minimum: 1, maximum: MAX_LEAVE_DAYS });
    // weeklyHours: the number with its bounds and step (OpenAPI `multipleOf`), its default the engine's
    expect(PARAMETERS.weeklyHours.schema).toEqual({
      type: "number",
      minimum: 1,
      maximum: 60,
      multipleOf: 0.25,
      default: 40,
    });
    expect(PARAMETERS.profile.schema).toEqual({ type: "string", enum: ["standard", "state"], default: "standard" });
    expect(PARAMETERS.dueDay.schema).toEqual({
      anyOf: [
        { type: "integer", minimum: 1, maximum: 31 },
        { type: "string", enum: [LAST_DAY_OF_MONTH] },
      ],
    });
    // a flag-days year the other years allow: refused by the schema and by the reader alike
    const flagYear = validatorOf(PARAMETERS.flagDaysYear.schema, false);
    expect(flagYear(FIRST_YEAR)).toBe(false);
    expect(reads(PARAMETERS.flagDaysYear, [String(FIRST_YEAR)])).toBe(false);
    expect(flagYear(FLAG_DAYS_FROM) && reads(PARAMETERS.flagDaysYear, [String(FLAG_DAYS_FROM)])).toBe(true);
  });
});

/** The parameters the tools read, with a tool argument standing for each. */
const TOOL_PARAMETERS = [...new Set(TOOLS.flatMap((tool) => tool.arguments.map((a) => a.parameter)))];

describe("each tool argument's MCP schema accepts exactly the JSON values the tool reads", () => {
  it("covers every parameter a tool reads", () => {
    expect(TOOL_PARAMETERS.length).toBeGreaterThan(15);
  });

  it.each(TOOL_PARAMETERS)("%s", (key) => {
    const parameter = PARAMETERS[key];
    const valid = validatorOf(parameter.argumentSchema, false);
    fc.assert(
      fc.property(jsonValue, (value) => {
        const values = argumentValues({ v: value }, "v", parameter.repeat === "all");
        if (values === undefined) return; // null: not given
        if (parameter.repeat === "all" && values.length > 1) {
          const total = totalSteps(values);
          if (total === undefined || total > MAX_STEPS) {
            if (valid(value)) expect(reads(parameter, values)).toBe(total === undefined || total <= MAX_STEPS);
            return;
          }
        }
        expect(valid(value), JSON.stringify(value)).toBe(reads(parameter, values));
      }),
      { numRuns: RUNS },
    );
    if ("argumentExample" in parameter) expect(valid(parameter.argumentExample), "the example").toBe(true);
  });
});

describe("a declared default is stated once and read by the parameter's reader (contract/arguments.ts hands it over)", () => {
  it.each(KEYS)("%s", (key) => {
    const parameter = PARAMETERS[key];
    const stated = parameter.schema.default;
    expect(parameter.argumentSchema.default).toEqual(stated);
    if (stated === undefined) {
      expect("defaultValue" in parameter).toBe(false);
      return;
    }
    expect(parameter.required).toBe(false);
    // the value a handler receives is the stated default read as a raw text would be
    expect(parameter.defaultValue).toEqual(parameter.read([String(stated)]));
  });

  it.each(ROUTES.filter((route) => route.parameters.length > 0).map((route) => route.id))(
    "%s: an omitted parameter is its default",
    (id) => {
      const given = (key: ParameterKey) => PARAMETERS[key].required;
      const args: Record<string, unknown> = readArguments(id, ({ key }) =>
        given(key) ? [PARAMETERS[key].example as string | number | string[]].flat().map(String) : [],
      );
      for (const key of ROUTES.find((route) => route.id === id)!.parameters) {
        const parameter: ParameterDeclaration = PARAMETERS[key];
        if (given(key)) continue;
        if (parameter.defaultValue === undefined)
          expect(Object.hasOwn(args, parameter.name), parameter.name).toBe(false);
        else expect(args[parameter.name], parameter.name).toEqual(parameter.defaultValue);
      }
    },
  );
});

describe("the site's words of a parameter and its year field are the declarations' (contract/parameter-words.ts)", () => {
  const declarations: ParameterDeclaration[] = Object.values(PARAMETERS);

  it("every name with words is a parameter the site shows, and each declaration it shows carries its name's words", () => {
    for (const name of Object.keys(PARAMETER_WORDS))
      expect(
        declarations.some((p) => p.name === name && p.words !== undefined),
        name,
      ).toBe(true);
    for (const parameter of declarations.filter((p) => p.words !== undefined)) {
      expect(parameter.words).toBe(PARAMETER_WORDS[parameter.name as keyof typeof PARAMETER_WORDS]);
    }
  });

  it("the year field reads a year as the year parameter does (around spaces ignored), and says why not", () => {
    expect(readYearField(String(FIRST_YEAR - 1), "sv")).toEqual({ error: YEAR_FIELD_WORDS.outside.sv });
    expect(readYearField("24", "en")).toEqual({ error: YEAR_FIELD_WORDS.malformed.en });
    fc.assert(
      fc.property(rawText, (raw) => {
        const field = readYearField(raw, "en");
        expect("year" in field, JSON.stringify(raw)).toBe(reads(PARAMETERS.year, [raw.trim()]));
        if ("year" in field) expect(field.year).toBe(PARAMETERS.year.read([raw.trim()]));
      }),
      { numRuns: RUNS },
    );
  });
});
