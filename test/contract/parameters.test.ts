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
 * (contract/parameter-words.ts). And the command-line tool (data-gen/cli/), which as part of the engine cannot import
 * the declarations: each argument reader it has for a parameter of the API (years, dates, conventions, `--bounds`,
 * leave days, schedules and the day of a rule, `--due`, steps) accepts exactly what the declaration's reader accepts,
 * and its help states the bounds and values the declarations' schemas give.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONVENTIONS, DUE_DATE_SCHEDULE_CODES, FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR, MAX_LEAVE_DAYS, MAX_STEPS, OBSERVANCE_CODES, BOUNDS, LEAVE_OBJECTIVES,
  LAST_DAY_OF_MONTH,
} from "swedish-calendar/core";
import { argumentValues, readArguments } from "../../contract/arguments.js";
import { PARAMETER_WORDS, YEAR_FIELD_WORDS, readYearField } from "../../contract/parameter-words.js";
import { PARAMETERS, type ParameterDeclaration, type ParameterKey } from "../../contract/parameters.js";
import { decimalRangeSource } from "../../contract/patterns.js";
import { problemOf } from "../../contract/problems.js";
import { LOOSE_FALSE, LOOSE_TRUE } from "../../contract/query.js";
import { ROUTES } from "../../contract/routes.js";
import { TOOLS } from "../../functions/lib/mcp-tools.js";
import { COMMANDS, commandHelp, topHelp } from "../../data-gen/cli/commands.js";
import { MESSAGES, UsageError, conventionOf, dateArg, yearArg, type Invocation } from "../../data-gen/cli/words.js";

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const RUNS = 1500;

/** A validator of one value against a schema, the value wrapped so that coercion can replace it. */
function validatorOf(schema: Json, coerce: boolean): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, allErrors: false, coerceTypes: coerce });
  addFormats(ajv);
  const validate = ajv.compile({ type: "object", properties: { v: schema }, required: ["v"] });
  return (value) => validate({ v: value });
}

/** Whether a schema (or one of its `anyOf`) is a number (an integer, or `weeklyHours`): its values travel as their canonical decimal text. */
const hasInteger = (schema: Json): boolean =>
  schema.type === "integer" || schema.type === "number" || ((schema.anyOf as Json[] | undefined) ?? []).some(hasInteger);

/** The value a client serialised as `raw`: a number for its canonical decimal text (`2024`, `38.25`), else the text itself. */
const clientValue = (raw: string): unknown => (/^-?[0-9]+(\.[0-9]+)?$/.test(raw) && String(Number(raw)) === raw ? Number(raw) : raw);

/** Whether the reader accepts raw values: it returns, or throws the API's error (never anything else). */
function reads(parameter: ParameterDeclaration, values: readonly string[]): boolean {
  if (values.length === 0) return false; // absent: a required parameter's `'<name>' is required`
  try {
    parameter.read(parameter.repeat === "all" ? values : values.slice(0, 1));
    return true;
  } catch (error) {
    if (!problemOf(error)) throw error;
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Raw values
// ---------------------------------------------------------------------------------------------------------------

const pad = (n: number, width: number) => (n < 0 ? "-" + String(-n).padStart(width, "0") : String(n).padStart(width, "0"));

/** The values that matter to some parameter: bounds, enum values, examples, dates, steps, the feed's words. */
const SEEDS: string[] = [
  ...[FIRST_YEAR - 1, FIRST_YEAR, FIRST_YEAR + 1, FLAG_DAYS_FROM - 1, FLAG_DAYS_FROM, 2024, LAST_YEAR - 1, LAST_YEAR, LAST_YEAR + 1, 0, 1, 9, 10, 25, 31, 32, MAX_LEAVE_DAYS, MAX_LEAVE_DAYS + 1, 100, 999, 1000].map(String),
  ...BOUNDS, ...LEAVE_OBJECTIVES, ...CONVENTIONS, ...DUE_DATE_SCHEDULE_CODES, ...OBSERVANCE_CODES, LAST_DAY_OF_MONTH,
  DUE_DATE_SCHEDULE_CODES.join(","), `${DUE_DATE_SCHEDULE_CODES[0]},${DUE_DATE_SCHEDULE_CODES[0]}`,
  ...LOOSE_TRUE, ...LOOSE_FALSE, "True", "FALSE", "yEs",
  "2024-02-29", "2023-02-29", "2000-02-29", "2100-02-29", "1932-02-29", `${FIRST_YEAR}-01-01`, `${FIRST_YEAR - 1}-12-31`,
  `${LAST_YEAR}-12-31`, "2024-04-31", "2024-13-01", "2024-00-10", "2024-06-00", "2024-6-1",
  // weeklyHours: quarter hours, their neighbours, non-canonical forms
  "38.25", "37.5", "37.3", "40.0", "05", "0.75", "1.25", "59.75", "60.25", "38.50", "0.25", "1.5", "60.0", "7.125",
  "1d", "-2b", "0w", "1m,10b", "12y", "+1d", "1D", "1x", "1.5d", "1d,", ",1d", Array(MAX_STEPS).fill("1d").join(","), Array(MAX_STEPS + 1).fill("1d").join(","),
  ...Object.values(PARAMETERS).flatMap((p) => ("example" in p ? [p.example].flat().map(String) : [])),
];

/** Characters the grammars care about, and some they do not. */
const NOISE = fc.string({ unit: fc.constantFrom(..."0123456789-+., :eETtLlaAsSdbwmy_xİK\u00a0"), maxLength: 6 });

/** A seed and its near misses. */
const nearMiss = fc.constantFrom(...SEEDS).chain((seed) =>
  fc.oneof(
    fc.constant(seed),
    fc.constantFrom(`0${seed}`, `00${seed}`, `+${seed}`, `-${seed}`, ` ${seed}`, `${seed} `, `${seed}.0`, `${seed}.`, `${seed},`, `,${seed}`, `${seed}\n`),
    fc.constantFrom(seed.toUpperCase(), seed.toLowerCase(), seed.slice(0, 1).toUpperCase() + seed.slice(1), seed.slice(1), seed.slice(0, -1), seed + seed.slice(-1)),
    fc.tuple(fc.nat(seed.length), NOISE).map(([i, noise]) => seed.slice(0, i) + noise + seed.slice(i)),
    fc.nat(Math.max(0, seed.length - 1)).map((i) => seed.slice(0, i) + seed.slice(i + 1)),
  ),
);

const dates = fc
  .tuple(fc.integer({ min: FIRST_YEAR - 40, max: LAST_YEAR + 2 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

const stepChains = fc
  .array(fc.tuple(fc.constantFrom("", "", "-", "+"), fc.integer({ min: 0, max: 999 }), fc.constantFrom("d", "b", "w", "m", "y", "D", "x")), { minLength: 0, maxLength: MAX_STEPS + 2 })
  .map((steps) => steps.map(([sign, n, unit]) => `${sign}${n}${unit}`).join(","));

const scheduleLists = fc.array(fc.constantFrom(...DUE_DATE_SCHEDULE_CODES, "", "rent", DUE_DATE_SCHEDULE_CODES[0].toUpperCase()), { maxLength: 4 }).map((codes) => codes.join(","));

/** Raw texts: near misses, random numbers as text, dates, step chains, schedule lists, random strings. */
const rawText = fc.oneof(
  { weight: 5, arbitrary: nearMiss },
  { weight: 2, arbitrary: fc.integer({ min: -50, max: 20000 }).map(String) },
  { weight: 2, arbitrary: dates },
  { weight: 2, arbitrary: stepChains },
  { weight: 1, arbitrary: scheduleLists },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** JSON values a tool may be given: texts, numbers (whole and not), booleans, arrays, objects. */
const jsonValue = fc.oneof(
  { weight: 5, arbitrary: rawText },
  { weight: 2, arbitrary: fc.integer({ min: -50, max: 20000 }) },
  { weight: 1, arbitrary: fc.constantFrom(FIRST_YEAR, LAST_YEAR, FIRST_YEAR - 1, LAST_YEAR + 1, 2024.5, 2024.0, -0, 1e3, 1e21, 0.5, 31, 32, MAX_LEAVE_DAYS + 1, 38.25, 37.3, 60.25, 59.75, 0.75, 60) },
  { weight: 1, arbitrary: fc.integer({ min: -4, max: 250 }).map((quarters) => quarters / 4) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.array(rawText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({}, { year: 2024 }, [2024], [true]) },
);

/** The steps a chain of values holds, when every value is a chain (else undefined). */
function totalSteps(values: readonly string[]): number | undefined {
  let total = 0;
  for (const value of values) {
    if (!/^-?[0-9]+[dbwmy](,-?[0-9]+[dbwmy])*$/.test(value)) return undefined;
    total += value.split(",").length;
  }
  return total;
}

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
    const run = fc.check(fc.property(rawText, (raw) => integerYear(raw) === reads(PARAMETERS.year, [raw])), { numRuns: RUNS });
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
    const valid = hasInteger(schema) ? (raw: unknown) => validate(typeof raw === "string" ? clientValue(raw) : raw) : validate;
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
    for (const key of ["fromYear", "toYear", "v2Year"] as const) expect(PARAMETERS[key].schema, key).toEqual(PARAMETERS.year.schema);
    expect(PARAMETERS.leaveDays.schema).toEqual({ type: "integer", minimum: 1, maximum: MAX_LEAVE_DAYS });
    // weeklyHours: the number with its bounds and step (OpenAPI `multipleOf`), its default the engine's
    expect(PARAMETERS.weeklyHours.schema).toEqual({ type: "number", minimum: 1, maximum: 60, multipleOf: 0.25, default: 40 });
    expect(PARAMETERS.profile.schema).toEqual({ type: "string", enum: ["standard", "state"], default: "standard" });
    expect(PARAMETERS.dueDay.schema).toEqual({ anyOf: [{ type: "integer", minimum: 1, maximum: 31 }, { type: "string", enum: [LAST_DAY_OF_MONTH] }] });
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

  it.each(ROUTES.filter((route) => route.parameters.length > 0).map((route) => route.id))("%s: an omitted parameter is its default", (id) => {
    const given = (key: ParameterKey) => PARAMETERS[key].required;
    const args: Record<string, unknown> = readArguments(id, ({ key }) => (given(key) ? [PARAMETERS[key].example as string | number | string[]].flat().map(String) : []));
    for (const key of ROUTES.find((route) => route.id === id)!.parameters) {
      const parameter: ParameterDeclaration = PARAMETERS[key];
      if (given(key)) continue;
      if (parameter.defaultValue === undefined) expect(Object.hasOwn(args, parameter.name), parameter.name).toBe(false);
      else expect(args[parameter.name], parameter.name).toEqual(parameter.defaultValue);
    }
  });
});

describe("the site's words of a parameter and its year field are the declarations' (contract/parameter-words.ts)", () => {
  const declarations: ParameterDeclaration[] = Object.values(PARAMETERS);

  it("every name with words is a parameter the site shows, and each declaration it shows carries its name's words", () => {
    for (const name of Object.keys(PARAMETER_WORDS)) expect(declarations.some((p) => p.name === name && p.words !== undefined), name).toBe(true);
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

// ---------------------------------------------------------------------------------------------------------------
// The command-line tool (data-gen/cli/): the engine's, which cannot read the declarations, so compared with them here
// ---------------------------------------------------------------------------------------------------------------

/** An invocation of a command as the CLI's parse hands it over (English messages). */
const invocation = (args: string[], values: Record<string, string> = {}): Invocation => ({
  args,
  flags: new Set(),
  values: new Map(Object.entries(values)),
  lang: "en",
  say: MESSAGES.en,
});

/** Whether the CLI accepts: it returns, or refuses with its UsageError (exit 2); `also` names refusals that are not of the value's form. */
function cliAccepts(call: () => unknown, also: readonly string[] = []): boolean {
  try {
    call();
    return true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return also.includes(error.message);
  }
}

const CLI_RUNS = 400;
/** A raw value, and one with no colon (the CLI reads `day:convention` as a rule of your own where a schedule stands). */
const noColon = rawText.filter((raw) => !raw.includes(":"));

describe("the command-line tool accepts exactly the values the declarations' readers accept", () => {
  const DATE_KEYS = ["datePath", "periodFrom", "periodTo", "shiftDate", "planFrom", "planTo", "adjustDate"] as const;
  const YEAR_KEYS = ["year", "fromYear", "toYear", "v2Year"] as const;

  it("finds the difference where the tool reads otherwise (control: a year read as leave days, a date's text trimmed)", () => {
    const asDays = fc.check(fc.property(rawText, (raw) => cliAccepts(() => yearArg(invocation([raw]), 0)) === reads(PARAMETERS.leaveDays, [raw])), { numRuns: RUNS });
    expect(asDays.failed).toBe(true);
    expect(cliAccepts(() => dateArg(invocation([" 2024-01-01"]), 0, "date"))).toBe(false);
    expect(cliAccepts(() => yearArg(invocation(["2024"]), 0))).toBe(true);
  });

  it.each(YEAR_KEYS)("a year argument (yearArg) as %s", (key) => {
    fc.assert(
      fc.property(rawText, (raw) => {
        expect(cliAccepts(() => yearArg(invocation([raw]), 0)), JSON.stringify(raw)).toBe(reads(PARAMETERS[key], [raw]));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(DATE_KEYS)("a date argument (dateArg) as %s", (key) => {
    const name = PARAMETERS[key].name;
    fc.assert(
      fc.property(rawText, (raw) => {
        expect(cliAccepts(() => dateArg(invocation([raw]), 0, name)), JSON.stringify(raw)).toBe(reads(PARAMETERS[key], [raw]));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(["adjustConvention", "dueConvention"] as const)("a convention (conventionOf, `adjust` and a rule day:convention) as %s", (key) => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const accepted = reads(PARAMETERS[key], [raw]);
        expect(cliAccepts(() => conventionOf(raw, "the convention", MESSAGES.en)), JSON.stringify(raw)).toBe(accepted);
        expect(cliAccepts(() => COMMANDS["due-dates"].compute(invocation(["2026", `25:${raw}`]))), JSON.stringify(raw)).toBe(accepted);
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`period --bounds` as bounds", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const period = () => COMMANDS.period.compute(invocation(["2024-01-01", "2024-01-31"], { bounds: raw }));
        expect(cliAccepts(period), JSON.stringify(raw)).toBe(reads(PARAMETERS.bounds, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`leave`'s days as days", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const leave = () => COMMANDS.leave.compute(invocation(["2026-01-01", "2026-01-10", raw]));
        expect(cliAccepts(leave), JSON.stringify(raw)).toBe(reads(PARAMETERS.leaveDays, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`due-dates`'s schedule as schedule (a code without a colon), and the day of a rule day:convention as day", () => {
    fc.assert(
      fc.property(noColon, (raw) => {
        expect(cliAccepts(() => COMMANDS["due-dates"].compute(invocation(["2026", raw]))), JSON.stringify(raw)).toBe(reads(PARAMETERS.schedule, [raw]));
        const rule = () => COMMANDS["due-dates"].compute(invocation(["2026", `${raw}:${CONVENTIONS[0]}`]));
        expect(cliAccepts(rule), JSON.stringify(raw)).toBe(reads(PARAMETERS.dueDay, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`ics --due` as due", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const feed = () => COMMANDS.ics.compute(invocation(["2026"], { due: raw }));
        expect(cliAccepts(feed), JSON.stringify(raw)).toBe(reads(PARAMETERS.feedDue, [raw]));
      }),
      { numRuns: 100 },
    );
  });

  it("`shift`'s steps as add (a refusal for leaving the range is not one of the steps' form)", () => {
    fc.assert(
      fc.property(fc.array(rawText, { minLength: 1, maxLength: 3 }), (values) => {
        const shift = () => COMMANDS.shift.compute(invocation(["2024-01-31", ...values]));
        expect(cliAccepts(shift, [MESSAGES.en.stepsOutside]), JSON.stringify(values)).toBe(reads(PARAMETERS.add, values));
      }),
      { numRuns: CLI_RUNS },
    );
  });
});

describe("the command-line tool's help states the declarations' bounds and values", () => {
  type Range = { minimum: number; maximum: number };
  const integerOf = (schema: Json) => (schema.anyOf as Json[]).find((s) => s.type === "integer") as unknown as Range;
  const enumOf = (key: ParameterKey) => PARAMETERS[key].schema.enum as string[];
  const help = (name: string) => commandHelp(name, COMMANDS[name]);

  it("the years: the year schema's minimum and maximum", () => {
    const { minimum, maximum } = integerOf(PARAMETERS.year.argumentSchema);
    expect(topHelp()).toContain(`from ${minimum} to ${maximum}`);
  });

  it("every convention, in `adjust`", () => {
    for (const key of ["adjustConvention", "dueConvention"] as const) for (const c of enumOf(key)) expect(help("adjust")).toContain(c);
    expect(help("adjust")).toContain(enumOf("adjustConvention").join(", "));
  });

  it("every schedule code, in `due-dates` and `ics --due`", () => {
    for (const code of enumOf("schedule")) {
      expect(help("due-dates")).toContain(code);
      expect(help("ics")).toContain(code);
    }
    // the day of a rule of your own: 1 to 31, or `last`
    const { minimum, maximum } = integerOf(PARAMETERS.dueDay.argumentSchema);
    expect(help("due-dates")).toContain(`day ${minimum}-${maximum} or ${LAST_DAY_OF_MONTH}`);
  });

  it("every `bounds` and its default, in `period`", () => {
    for (const value of enumOf("bounds")) expect(help("period")).toContain(value);
    expect(help("period")).toContain(`--bounds ${PARAMETERS.bounds.schema.default} (default`);
  });

  it("the leave days' range, in `leave`", () => {
    const { minimum, maximum } = integerOf(PARAMETERS.leaveDays.argumentSchema);
    expect(help("leave")).toContain(`${minimum} to ${maximum} leave days`);
  });

  it("the most steps, in `shift`", () => {
    expect(help("shift")).toContain(`At most ${PARAMETERS.add.schema.maxItems} steps`);
  });
});
