/**
 * The kinds of parameter the table of contract/parameters.ts declares with: a grammar (the reader that judges a raw
 * value and the JSON Schemas that state the same rule, derived from the engine's patterns, bounds and lists), and
 * `declare`, which makes a declaration of a grammar with its default, example, prose and site words. The table itself,
 * and the prose of the values, are in contract/parameters.ts.
 */
import {
  DATE_PARAMETER_SOURCE,
  type DayNumber,
  type DayOfMonth,
  DEFAULT_FEED_OPTIONS,
  DUE_DATE_SCHEDULE_CODES,
  DUE_DAY_SOURCE,
  type FEED_OPTION_NAMES,
  FIRST_YEAR,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  MAX_DUE_DAY,
  MAX_STEPS,
  MIN_DUE_DAY,
  type ObservanceRule,
  parseDueDay,
  parseDueScheduleList,
  parseIsoDate,
  parseSteps,
  RULES_BY_CODE,
  STEP_CHAIN_SOURCE,
  type Step,
} from "swedish-calendar/core";
import { EXPLANATIONS } from "./explanations.js";
import { PARAMETER_WORDS, type SiteParameterName } from "./parameter-words.js";
import { decimalRangeSource, literalSource } from "./patterns.js";
import { ProblemError, type ProblemSlug } from "./problems.js";
import { LOOSE_BOOLEAN_SOURCE, parseLooseBoolean, parseStrictBoolean, STRICT_BOOLEAN } from "./query.js";

type Json = Record<string, unknown>;

/** How a parameter given more than once is read. */
export type Repeat =
  | "reject" // 400 (the rule for every known parameter, docs/decisions.md#ranges-and-limits)
  | "all" // the repeatable `add`: every value, in order
  | "first"; // v2 `weekends`: frozen, never rejected, the first value decides

/**
 * What a raw value must be: the reader that judges it and the JSON Schemas that say the same. `read` gets one value
 * (every value, for a repeatable parameter) and throws the engine's CalendarError or a ProblemError.
 */
interface Grammar<T> {
  read: (values: readonly string[]) => T;
  /** the schema of the raw text, as an OpenAPI parameter (path or query) states it */
  schema: Json;
  /** the schema of an MCP tool argument's JSON value, which is read as its text (a number or boolean as written) */
  argument: Json;
  /** an example's value as a tool argument, from the parameter's example (default: the same) */
  argumentExample?: (example: unknown) => unknown;
}

export interface ParameterDeclaration<T = unknown> {
  name: string;
  in: "query" | "path";
  required: boolean;
  repeat: Repeat;
  /** the slug a repeated value answers when `repeat` is "reject" (default invalid-parameter) */
  duplicateSlug?: ProblemSlug;
  /** the name of its OpenAPI `components.parameters` entry */
  component: string;
  /** reads the raw value(s) the argument reader hands over: at least one (absence is the reader's, contract/arguments.ts) */
  read: (values: readonly string[]) => T;
  /**
   * the value an absent optional parameter reads as: the declared default (`schema.default`) read by `read`, once, here;
   * the argument reader hands it to the handler, which never restates it
   */
  defaultValue?: T;
  /** the schema of the raw text (OpenAPI), with its default */
  schema: Json;
  /** the schema of a tool argument's JSON value (MCP), with its default */
  argumentSchema: Json;
  example?: unknown;
  /** the example as a tool argument */
  argumentExample?: unknown;
  /** OpenAPI fields beside the schema (`style`, `explode`, `allowEmptyValue`) */
  openapi?: Json;
  /** the English prose (OpenAPI; the route table's absence sentence is added there) */
  description: string;
  /**
   * the prose of a tool argument read with it (MCP, http/mcp-listing.ts), where it must differ from `description`, which
   * speaks of query strings and HTTP statuses; absent, a tool argument reads `description`
   */
  toolDescription?: string;
  /** what a value must be, in the site's words (contract/parameter-words.ts, by name): for a parameter the site shows */
  words?: { sv: string };
}

/** A grammar of one value, read by `read`. */
export const single = <T>(
  read: (value: string) => T,
  schema: Json,
  argument: Json = schema,
  argumentExample?: (example: unknown) => unknown,
): Grammar<T> => ({
  read: (values) => read(values[0]),
  schema,
  argument,
  argumentExample,
});

/**
 * A whole number from `min` to `max`, written in plain digits (no sign, no leading zero): the OpenAPI schema is the
 * integer with its bounds, which a client serialises canonically (`2024`, never `02024`), and a tool argument may be
 * the number itself or its text.
 */
export const wholeNumber = <T>(read: (value: string) => T, min: number, max: number): Grammar<T> => {
  const text = { type: "string", pattern: `^(${decimalRangeSource(min, max)})$` };
  const integer = { type: "integer", minimum: min, maximum: max };
  return single(read, integer, { anyOf: [integer, text] }, (example) => Number(example));
};

/**
 * A number from `min` to `max` (whole numbers) in steps of `step` (a unit fraction: 0.25, 0.5), written as a client
 * writes the number: its shortest decimal text (`38.25`, `37.5`, `40`), as `String(number)` gives it. The OpenAPI schema
 * is the number with its bounds and step (`multipleOf`); a tool argument may be the number itself or that text. `read`
 * (the engine's reader, which also takes `40.0` or `05`, as the command-line tool does) judges the value; a text it
 * reads that is not the number's own (`40.0`, `05`, `38.50`) is then refused here, naming `name`, so that what the API
 * accepts is exactly what its schema states.
 */
export const steppedNumber = (
  name: string,
  read: (value: string) => number,
  min: number,
  max: number,
  step: number,
): Grammar<number> => {
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max <= min || !Number.isInteger(1 / step)) {
    throw new Error(`parameter-kinds.ts: no stepped number ${min}..${max} by ${step}`);
  }
  const number = { type: "number", minimum: min, maximum: max, multipleOf: step };
  // a whole part below max with an optional fraction of steps (`.25`, `.5`, `.75`), or max itself
  const fractions: string[] = [];
  for (let k = 1; k * step < 1; k++) fractions.push(literalSource(String(k * step).slice(1)));
  const fraction = fractions.length > 0 ? `(${fractions.join("|")})?` : "";
  const text = { type: "string", pattern: `^((${decimalRangeSource(min, max - 1)})${fraction}|${max})$` };
  const readCanonical = (value: string): number => {
    const n = read(value);
    if (String(n) !== value) {
      throw new ProblemError(
        "invalid-parameter",
        `'${name}' must be written as the number's plain decimal, ${n} (no leading zero, no trailing zero after the point)`,
        name,
      );
    }
    return n;
  };
  return single(readCanonical, number, { anyOf: [number, text] });
};

/**
 * A year: exactly four digits, `from` (default FIRST_YEAR) to LAST_YEAR (the engine's YEAR_PATTERN and bounds); every
 * integer in the range has four digits, so the integer schema and the four-digit rule agree on a canonical value.
 */
export const year = (read: (value: string) => number, from: number = FIRST_YEAR) => {
  if (from < 1000) throw new Error("parameter-kinds.ts: a year range must hold four-digit years only");
  return wholeNumber(read, from, LAST_YEAR);
};

/** One of a list of words. */
export const oneOf = <T>(read: (value: string) => T, values: readonly string[]): Grammar<T> =>
  single(read, { type: "string", enum: [...values] });

/**
 * A date `YYYY-MM-DD` from FIRST_YEAR-01-01 to LAST_YEAR-12-31 (`format: date`: a calendar date), read into its day
 * number: the text is the canonical form of its date, so the answers echo it with toIsoDate.
 */
const DATE_AFTER_YEAR = DATE_PARAMETER_SOURCE.slice("^[0-9]{4}".length);
if (!DATE_PARAMETER_SOURCE.startsWith("^[0-9]{4}-"))
  throw new Error("parameters.ts: DATE_PARAMETER_SOURCE no longer starts with a four-digit year");
export const date = (name: string): Grammar<DayNumber> => {
  const schema = {
    type: "string",
    format: "date",
    pattern: `^(${decimalRangeSource(FIRST_YEAR, LAST_YEAR)})${DATE_AFTER_YEAR}`,
  };
  return single((value) => parseIsoDate(value, name), schema);
};

/** v3 booleans: `true` or `false` (the OpenAPI boolean, coerced from the query text); a tool argument may be the JSON boolean or the word. */
export const strictBoolean = (name: string): Grammar<boolean> =>
  single(
    (value) => parseStrictBoolean(value, name),
    { type: "boolean" },
    {
      anyOf: [{ type: "boolean" }, { type: "string", enum: [STRICT_BOOLEAN.true, STRICT_BOOLEAN.false] }],
    },
  );

/**
 * The `add` chain: each value a chain of steps (the engine's STEP_CHAIN_SOURCE, bounded to MAX_STEPS steps), at most
 * MAX_STEPS steps over all values. The total over several values is the one rule here no JSON Schema can state.
 */
const STEP_CHAIN = { type: "string", pattern: STEP_CHAIN_SOURCE.replace(/\*\$$/, `{0,${MAX_STEPS - 1}}$`) };
if (STEP_CHAIN.pattern === STEP_CHAIN_SOURCE)
  throw new Error("parameters.ts: STEP_CHAIN_SOURCE no longer ends in a repeated step");
const STEP_LIST = { type: "array", minItems: 1, maxItems: MAX_STEPS, items: STEP_CHAIN };
export const steps: Grammar<Step[]> = {
  read: (values) => parseSteps(values),
  schema: STEP_LIST,
  argument: { anyOf: [STEP_LIST, STEP_CHAIN] },
};

/** Feed booleans (LOOSE_TRUE, LOOSE_FALSE in any letter case; a bare parameter is true). */
export const looseBoolean = (name: string): Grammar<boolean> =>
  single((value) => parseLooseBoolean(value, name), { type: "string", pattern: LOOSE_BOOLEAN_SOURCE });

/** The feed's `due`: a comma list of schedule codes. */
const CODE_CHOICE = `(${DUE_DATE_SCHEDULE_CODES.map(literalSource).join("|")})`;
export const scheduleList: Grammar<string[]> = single((value) => parseDueScheduleList(value, "due"), {
  type: "string",
  pattern: `^${CODE_CHOICE}(,${CODE_CHOICE})*$`,
});

/**
 * The `day` of a rule of your own: MIN_DUE_DAY to MAX_DUE_DAY in plain digits, or LAST_DAY_OF_MONTH (the engine's
 * DUE_DAY_SOURCE, which must say the same): the integer or the word, as OpenAPI states it; a tool argument may also be
 * the digits as text.
 */
const DUE_DAY_TEXT = { type: "string", pattern: DUE_DAY_SOURCE };
const DUE_DAY_NUMBER = { type: "integer", minimum: MIN_DUE_DAY, maximum: MAX_DUE_DAY };
if (DUE_DAY_SOURCE !== `^(${decimalRangeSource(MIN_DUE_DAY, MAX_DUE_DAY)}|${literalSource(LAST_DAY_OF_MONTH)})$`)
  throw new Error("parameter-kinds.ts: DUE_DAY_SOURCE no longer states MIN_DUE_DAY..MAX_DUE_DAY and the last-day word");
export const dueDay: Grammar<DayOfMonth> = single(
  (value) => parseDueDay(value, "day"),
  { anyOf: [DUE_DAY_NUMBER, { type: "string", enum: [LAST_DAY_OF_MONTH] }] },
  { anyOf: [DUE_DAY_NUMBER, DUE_DAY_TEXT] },
);

/**
 * An observance code of the catalogue, read into its rule; any other is 404 (EXPLANATIONS.unknownCode: the code names the
 * resource). The detail lists the codes rather than pointing at the catalogue's path, which an MCP tool, answering the
 * same detail, cannot reach.
 */
export function observanceRule(value: string): ObservanceRule {
  const rule = RULES_BY_CODE.get(value);
  if (!rule)
    throw new ProblemError(
      "not-found",
      `'code': no observance has the code '${value}' (codes: ${[...RULES_BY_CODE.keys()].join(", ")})`,
      "code",
    );
  return rule;
}

interface Options<T> {
  required?: boolean;
  repeat?: Repeat;
  duplicateSlug?: ProblemSlug;
  default?: unknown;
  example?: unknown;
  openapi?: Json;
  description: string;
  /** the prose of a tool argument (ParameterDeclaration.toolDescription); a function reads the default and example */
  toolDescription?: string | ((declared: { default: unknown; example: unknown }) => string);
  /** the site shows this parameter: its words are PARAMETER_WORDS[name] (contract/parameter-words.ts) */
  site?: true;
  grammar: Grammar<T>;
}

/** A default's text, as it would stand in a URL (a JSON boolean or number as written). */
const defaultText = (value: unknown): string => (typeof value === "string" ? value : String(value));

/**
 * The typed declaration `declare` returns: its name, place and requiredness as literals, and a `defaultValue` that is
 * there (of the parameter's type) exactly when a default is declared, so `ArgsOf` types it as never absent.
 */
type Declared<T, N extends string, L extends "query" | "path", R extends boolean, D> = ParameterDeclaration<T> & {
  name: N;
  in: L;
  required: L extends "path" ? true : R;
} & ([D] extends [undefined] ? unknown : { defaultValue: T });

/**
 * A declaration: the grammar's schemas with the default, the example in both forms. The default is written once, in
 * its raw form (what the schemas state); the value the handlers receive is that text read by the parameter's reader.
 */
export function declare<
  T,
  const N extends string,
  const L extends "query" | "path",
  const R extends boolean = false,
  const D = undefined,
>(
  name: N,
  location: L,
  component: string,
  options: Options<T> & { required?: R; default?: D } & (N extends SiteParameterName ? unknown : { site?: never }),
): Declared<T, N, L, R, D> {
  const { grammar, default: defaultValue, example } = options;
  const withDefault = (schema: Json) => (defaultValue === undefined ? schema : { ...schema, default: defaultValue });
  const declaration: ParameterDeclaration<T> = {
    name,
    in: location,
    required: location === "path" || options.required === true,
    repeat: options.repeat ?? "reject",
    ...(options.duplicateSlug ? { duplicateSlug: options.duplicateSlug } : {}),
    component,
    read: grammar.read,
    ...(defaultValue !== undefined ? { defaultValue: grammar.read([defaultText(defaultValue)]) } : {}),
    schema: withDefault(grammar.schema),
    argumentSchema: withDefault(grammar.argument),
    ...(example !== undefined
      ? { example, argumentExample: grammar.argumentExample ? grammar.argumentExample(example) : example }
      : {}),
    ...(options.openapi ? { openapi: options.openapi } : {}),
    description: options.description,
    ...(options.toolDescription !== undefined
      ? {
          toolDescription:
            typeof options.toolDescription === "string"
              ? options.toolDescription
              : options.toolDescription({ default: defaultValue, example }),
        }
      : {}),
    ...(options.site ? { words: PARAMETER_WORDS[name as SiteParameterName] } : {}),
  };
  return declaration as Declared<T, N, L, R, D>;
}

type FeedOptionName = (typeof FEED_OPTION_NAMES)[number];

/** A boolean option of the feed: its default the engine's (DEFAULT_FEED_OPTIONS). */
export const feedOption = (name: FeedOptionName, effect: string) => {
  const defaultValue = DEFAULT_FEED_OPTIONS[name];
  return declare(name, "query", `Feed${name[0].toUpperCase()}${name.slice(1)}`, {
    grammar: looseBoolean(name),
    default: String(defaultValue),
    openapi: { allowEmptyValue: true },
    description: `${effect} Default \`${defaultValue}\`. ${EXPLANATIONS.looseBoolean}`,
  });
};
