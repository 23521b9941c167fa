/**
 * The one argument reader: the routers, the MCP tools and the OpenAPI samples all read a route's declared parameters
 * with it, so a value is judged the same way whichever interface it came through. Path values first (an unknown observance
 * code is 404 before any query parameter is read), then repeats refused (the repeatable `add` aside; v2 `weekends`
 * reads its first), then each value with its reader: docs/architecture.md#a-parameters-journey.
 */
import { missingArgument } from "swedish-calendar/core";
import {
  PARAMETERS,
  type ParameterDeclaration,
  type ParameterKey,
  type Parameters,
  type ValueOf,
} from "./parameters.js";
import { invalidParameter, ProblemError, type ProblemSlug } from "./problems.js";
import { ROUTE_BY_ID, type RouteId, type RouteParameterKey } from "./routes.js";

/**
 * The typed arguments of a route, by parameter name: `ArgsOf<"shift">` is `{ date: DayNumber; add: Step[]; postpone:
 * boolean }`. An optional parameter with a declared default is its default when not given, so never undefined; one
 * without is undefined (absent).
 */
export type ArgsOf<R extends RouteId> = {
  [K in RouteParameterKey<R> as Parameters[K]["name"]]: Parameters[K]["required"] extends true
    ? ValueOf<K>
    : Parameters[K] extends { defaultValue: unknown }
      ? ValueOf<K>
      : ValueOf<K> | undefined;
};

/** A parameter a route declares, with its key in the table. */
export interface DeclaredParameter {
  key: ParameterKey;
  parameter: ParameterDeclaration;
}

/**
 * The most one argument may hold, whichever interface it came through (HTTP: a parameter's values in the path or the query;
 * MCP: a tool argument's JSON value). No parameter takes more than a list of a few short values (`add`: at most
 * MAX_STEPS steps), so these are far above any valid value and far below what costs anything to look at: a value over
 * one is refused (400, `invalid-parameter`) before anything reads it, turns it into text or walks it recursively.
 *   - depth: lists and objects inside one another (a text, a number or a boolean is 0; a list of them 1);
 *   - values: list items and object entries in all (an HTTP parameter: how many times it was given);
 *   - chars: characters of text in all (strings, and numbers and booleans as written).
 */
export const ARGUMENT_LIMITS = { depth: 4, values: 100, chars: 1024 } as const;

/**
 * Refuses an argument's value that is over ARGUMENT_LIMITS, without recursion and without looking at more than the
 * limits allow (a value 20,000 lists deep, a list of a million items or a megabyte of text cost no more than a valid
 * one). `name`: the parameter, as errors name it; `slug`: the problem of a value the parameter refuses this way.
 */
export function checkArgumentSize(name: string, value: unknown, slug: ProblemSlug = "invalid-parameter"): void {
  const refuse = (what: string) => new ProblemError(slug, `'${name}' ${what}; no valid value comes near that`, name);
  const pending: [unknown, number][] = [[value, 0]];
  let values = 0;
  let chars = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === "string") chars += item.length;
    else if (typeof item === "number" || typeof item === "boolean" || typeof item === "bigint")
      chars += String(item).length;
    if (chars > ARGUMENT_LIMITS.chars) throw refuse(`is longer than ${ARGUMENT_LIMITS.chars} characters`);
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > ARGUMENT_LIMITS.depth)
      throw refuse(`nests lists or objects more than ${ARGUMENT_LIMITS.depth} deep`);
    // a list's length, an object's entries one by one: never more than the limit is looked at
    if (Array.isArray(item)) {
      if (values + item.length > ARGUMENT_LIMITS.values)
        throw refuse(`holds more than ${ARGUMENT_LIMITS.values} values`);
      values += item.length;
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], depth + 1]);
      continue;
    }
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      if (++values > ARGUMENT_LIMITS.values) throw refuse(`holds more than ${ARGUMENT_LIMITS.values} values`);
      chars += key.length;
      pending.push([(item as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

/** The raw values given for a parameter, as text, in order; none when it was not given. */
export type RawValues = (declared: DeclaredParameter) => readonly string[];

/** A route's declared parameters, path ones first as the table lists them, then query ones (worked out once per route). */
const DECLARED = new Map<RouteId, { path: DeclaredParameter[]; query: DeclaredParameter[] }>();

export function declaredParameters(id: RouteId): { path: DeclaredParameter[]; query: DeclaredParameter[] } {
  let declared = DECLARED.get(id);
  if (!declared) {
    const all: DeclaredParameter[] = ROUTE_BY_ID[id].parameters.map((key) => ({ key, parameter: PARAMETERS[key] }));
    DECLARED.set(
      id,
      (declared = {
        path: all.filter((d) => d.parameter.in === "path"),
        query: all.filter((d) => d.parameter.in === "query"),
      }),
    );
  }
  return declared;
}

/** One parameter's value from its raw values: required and absent is the library's answer for an argument not given. */
function readValue({ parameter }: DeclaredParameter, values: readonly string[]): unknown {
  if (values.length === 0) throw missingArgument(parameter.name);
  return parameter.read(parameter.repeat === "all" ? values : values.slice(0, 1));
}

/** Reads a route's declared parameters from raw values (see above). Throws CalendarError or ProblemError. */
export function readArguments<R extends RouteId>(id: R, raw: RawValues): ArgsOf<R> {
  const args: Record<string, unknown> = {};
  const { path, query } = declaredParameters(id);
  for (const declared of path) args[declared.parameter.name] = readValue(declared, raw(declared));
  if (query.length > 0) {
    const values = query.map(raw);
    query.forEach(({ parameter }, i) => {
      const count = values[i].length;
      if (parameter.repeat === "reject" && count > 1) {
        throw new ProblemError(
          parameter.duplicateSlug ?? "invalid-parameter",
          `'${parameter.name}' was given ${count} times; give it once`,
          parameter.name,
        );
      }
    });
    query.forEach((declared, i) => {
      if (values[i].length === 0 && !declared.parameter.required) {
        if (declared.parameter.defaultValue !== undefined)
          args[declared.parameter.name] = declared.parameter.defaultValue;
        return;
      }
      args[declared.parameter.name] = readValue(declared, values[i]);
    });
  }
  // the object holds the declared names, each read by its declaration or its default (absent: an optional one without
  // a default): what ArgsOf<R> says
  return args as ArgsOf<R>;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: a URL's path values and query
// ---------------------------------------------------------------------------------------------------------------

/** Decodes one path segment; invalid percent-encoding is a 400 naming the parameter. */
function decodeSegment(segment: string, name: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidParameter(name, `'${name}' is not valid percent-encoded text`);
  }
}

/**
 * The raw values of a request: its path values (still percent-encoded, as matchRoute (contract/route-match.ts) gives them) and its query, or
 * the URL it is read from (then read only when a query parameter is asked for).
 */
export function requestValues(pathValues: Readonly<Record<string, string>>, query: URLSearchParams | URL): RawValues {
  let params: URLSearchParams | undefined;
  return ({ parameter: { in: location, name, duplicateSlug } }) => {
    let values: string[];
    if (location === "path") values = Object.hasOwn(pathValues, name) ? [decodeSegment(pathValues[name], name)] : [];
    else {
      params ??= query instanceof URL ? query.searchParams : query;
      values = params.getAll(name);
    }
    // how many times and how much text (one value within the length is within every limit); a repeat of a
    // single-valued parameter is refused next, by readArguments
    if (values.length > 1 || (values[0]?.length ?? 0) > ARGUMENT_LIMITS.chars)
      checkArgumentSize(name, values, duplicateSlug);
    return values;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// MCP: a tool call's JSON arguments
// ---------------------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** The text of one argument value, as it would stand in a URL: JSON numbers and booleans as written, others as JSON. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * The raw values of one JSON argument (absent: undefined; `null` counts as absent, as many clients send it for an unset
 * option); an array is every value of a repeatable parameter. A value over ARGUMENT_LIMITS is refused first, named as
 * `shown` (the parameter's own name: errors name `steps` as 'add').
 */
export function argumentValues(args: Json, name: string, repeatable: boolean, shown = name): string[] | undefined {
  if (!Object.hasOwn(args, name)) return undefined;
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  checkArgumentSize(shown, value);
  if (repeatable && Array.isArray(value)) return value.map(textOf);
  return [textOf(value)];
}

/** The raw values of a tool call's arguments; `nameOf` gives the argument that stands for a parameter of the route. */
export function toolValues(args: Json, nameOf: (key: ParameterKey) => string): RawValues {
  return ({ key, parameter }) => argumentValues(args, nameOf(key), parameter.repeat === "all", parameter.name) ?? [];
}
