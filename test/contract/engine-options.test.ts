/**
 * The API asks the engine's questions by the engine's words: each v3 route that answers with one function of the
 * library has exactly that function's parameters and options (engine/signatures.ts LIBRARY_SIGNATURES), by the
 * same names, each a parameter whose schema is of the option's kind. The names are also checked when compiling
 * (http/v3-bodies.ts, engine/index.ts); this test adds the kinds and the positional parameters. Requiredness
 * is not compared: the API fills an omitted year from the clock, where the library needs it given. The command-line
 * tool's boolean flags are the same options' names (engine/cli/command.ts reads them from the signatures).
 */

import {
  type ArgumentKind,
  DUE_DATE_RULE_FIELDS,
  FIRST_YEAR,
  LAST_YEAR,
  LIBRARY_SIGNATURES,
  type Signature,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PARAMETERS } from "../../contract/parameters.js";
import { ROUTE_BY_ID } from "../../contract/routes.js";
import { COMMANDS } from "../../engine/cli/commands.js";
import type { V3BodyRoute } from "../../http/v3-bodies.js";

type Json = Record<string, unknown>;
type LibraryFunction = keyof typeof LIBRARY_SIGNATURES;

/** The v3 routes that answer with one function of the library, and that function (as the bodies call it). */
const ENGINE_FUNCTION_OF: Partial<Record<V3BodyRoute, LibraryFunction>> = {
  day: "describeDay",
  holidays: "holidays",
  bridgeDays: "bridgeDays",
  halfDays: "halfDays",
  longWeekends: "longWeekends",
  period: "countPeriod",
  shift: "shiftDate",
  leavePlan: "planLeave",
  observance: "occurrences",
  flagDays: "flagDays",
  adjust: "adjust",
  dueDates: "dueDates",
  workingTime: "workingTime",
};

/** Whether an OpenAPI schema of a parameter states a value of a kind: written here, independently of the engine. */
const STATES: Record<ArgumentKind, (schema: Json) => boolean> = {
  boolean: (s) => s.type === "boolean",
  number: (s) => s.type === "number" || s.type === "integer",
  year: (s) => s.type === "integer" && Number(s.minimum) >= FIRST_YEAR && Number(s.maximum) === LAST_YEAR,
  string: (s) => s.type === "string" && Array.isArray(s.enum),
  date: (s) => s.type === "string" && s.format === "date",
  strings: (s) => s.type === "array",
  steps: (s) => s.type === "array" && (s.items as Json | undefined)?.type === "string",
  "day-of-month": (s) =>
    ["integer", "string"].every((type) => ((s.anyOf as Json[] | undefined) ?? []).some((b) => b.type === type)),
  // a schedule is a code of the catalogue, or a rule of your own: its fields are parameters of their own
  schedule: (s) => s.type === "string" && Array.isArray(s.enum),
};

/** A signature's parameters and options, flat, by name (`?` dropped); a schedule adds a rule of your own's fields. */
function engineParameters(signature: Signature): Map<string, ArgumentKind> {
  const out = new Map<string, ArgumentKind>();
  const add = (name: string, kind: ArgumentKind) => out.set(name.replace(/\?$/, ""), kind);
  for (const [name, kind] of Object.entries(signature)) {
    if (typeof kind === "string") {
      add(name, kind);
      if (kind !== "schedule") continue;
      for (const [field, fieldKind] of Object.entries(DUE_DATE_RULE_FIELDS)) add(field, fieldKind);
    } else for (const [field, fieldKind] of Object.entries(kind)) add(field, fieldKind);
  }
  return out;
}

/** Every disagreement between a route's parameters and its function's signature, in words (none: they agree). */
function disagreements(route: V3BodyRoute, signature: Signature): string[] {
  const engine = engineParameters(signature);
  const api = new Map<string, Json>(
    ROUTE_BY_ID[route].parameters.map((key) => [PARAMETERS[key].name, PARAMETERS[key].schema as Json]),
  );
  const out: string[] = [];
  for (const [name, kind] of engine) {
    const schema = api.get(name);
    if (!schema) out.push(`${route}: no parameter '${name}'`);
    else if (!STATES[kind](schema)) out.push(`${route}: '${name}' is no ${kind}: ${JSON.stringify(schema)}`);
  }
  for (const name of api.keys()) if (!engine.has(name)) out.push(`${route}: '${name}' is no option of the engine`);
  return out;
}

describe("the API's parameters are the engine's options", () => {
  const pairs = Object.entries(ENGINE_FUNCTION_OF) as [V3BodyRoute, LibraryFunction][];
  it.each(pairs)("%s takes %s's parameters, by name and kind", (route, fn) => {
    expect(disagreements(route, LIBRARY_SIGNATURES[fn])).toEqual([]);
  });

  it("the pairs cover every option of the engine the API has a row for", () => {
    // the functions with options: each is asked by a route
    const functions = Object.keys(LIBRARY_SIGNATURES) as LibraryFunction[];
    const withOptions = functions.filter((fn) => "options?" in LIBRARY_SIGNATURES[fn]);
    expect(withOptions.filter((fn) => !Object.values(ENGINE_FUNCTION_OF).includes(fn))).toEqual([]);
    expect(withOptions).toEqual(["holidays", "shiftDate", "workingTime"]);
  });

  it("a renamed option or one of another kind is a disagreement", () => {
    const renamed = { year: "year", "options?": { "weekly?": "number", "profile?": "string" } } as const;
    expect(disagreements("workingTime", renamed)).toEqual([
      "workingTime: no parameter 'weekly'",
      "workingTime: 'weeklyHours' is no option of the engine",
    ]);
    const retyped = { year: "year", "options?": { "sundays?": "string", "saturdays?": "boolean" } } as const;
    expect(disagreements("holidays", retyped)).toEqual([
      `holidays: 'sundays' is no string: {"type":"boolean","default":false}`,
    ]);
  });
});

describe("the command-line tool's flags are the engine's options", () => {
  it("holidays and shift take their functions' boolean options; ics the feed's, `no-` before one on by default", () => {
    expect(COMMANDS.holidays.flags).toEqual(["sundays", "saturdays"]);
    expect(COMMANDS.shift.flags).toEqual(["postpone"]);
    expect(COMMANDS.ics.flags).toEqual(["bridge", "half", "saturdays", "sundays", "flags", "busy", "no-defacto"]);
    const booleans = (fn: LibraryFunction) =>
      Object.entries((LIBRARY_SIGNATURES[fn] as Signature)["options?"] ?? {})
        .filter(([, kind]) => kind === "boolean")
        .map(([name]) => name.slice(0, -1));
    expect([booleans("holidays"), booleans("shiftDate")]).toEqual([COMMANDS.holidays.flags, COMMANDS.shift.flags]);
  });
});
