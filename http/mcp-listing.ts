/**
 * The MCP tools as `tools/list` gives them (docs/mcp.md): each tool's name, prose and the JSON Schema of its
 * arguments. The schemas come from the same declarations as the HTTP parameters: each tool argument names the
 * parameter of contract/parameters.ts it is read with, and its JSON Schema is that parameter's schema of a tool
 * argument (a JSON value, read as its text), derived from the same rule as its reader and its OpenAPI schema.
 *
 * A module of data only: the deploy bundles evaluate it at build time (build/bundle.ts PRECOMPUTED), so the MCP
 * function ships the list as JSON.
 */
import { SCHEMA_BASE, SCHEMAS, type SchemaName } from "../contract/bodies.js";
import { loosen } from "../contract/json-schema.js";
import { PARAMETERS } from "../contract/parameters.js";
import { ROUTE_BY_ID } from "../contract/routes.js";
import { TOOLS, type ToolArgument, type ToolDeclaration } from "./mcp-tool-list.js";

type Json = Record<string, unknown>;

/** A body schema of contract/bodies.ts (the public, additive-friendly form) for `$defs`: its references point there too. */
function definition(name: SchemaName, uses: Set<SchemaName>): Json {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== "object") return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith(SCHEMA_BASE + "/")) {
        const used = v.slice(SCHEMA_BASE.length + 1) as SchemaName;
        uses.add(used);
        out.$ref = `#/$defs/${used}`;
      } else out[k] = rewrite(v);
    }
    return out;
  };
  const { $schema: _dialect, $id: _id, ...rest } = loosen(SCHEMAS[name]) as Json;
  return rewrite(rest) as Json;
}

/**
 * A tool's output schema: its route's body (the v3 body of GET on that route; a tool of several routes, an object of
 * their bodies by key), or the problem document a refused call carries with `isError` (the same one the route answers).
 * The schemas are the body declarations' (contract/bodies.ts), each one it uses under `$defs`.
 */
function outputSchema(tool: ToolDeclaration): Json {
  const schemaOf = (route: ToolDeclaration["requests"][number]["route"]): SchemaName => {
    const ok = ROUTE_BY_ID[route].ok;
    if (ok.contentType !== "json" || ok.array) throw new Error(`mcp-listing.ts: ${route} answers no JSON object`);
    return ok.schema as SchemaName;
  };
  const ref = (route: ToolDeclaration["requests"][number]["route"]) => ({ $ref: `#/$defs/${schemaOf(route)}` });
  const keyed = tool.requests.filter((r) => r.key);
  const body: Json = keyed.length
    ? {
        type: "object",
        required: keyed.map((r) => r.key!),
        properties: Object.fromEntries(keyed.map((r) => [r.key!, ref(r.route)])),
      }
    : ref(tool.requests[0].route);
  const $defs: Json = {};
  const pending = new Set<SchemaName>(["Problem" as SchemaName]);
  for (const request of tool.requests) pending.add(schemaOf(request.route));
  for (const name of pending) if (!Object.hasOwn($defs, name)) $defs[name] = definition(name, pending);
  return { type: "object", anyOf: [body, { $ref: "#/$defs/Problem" }], $defs };
}

/** The JSON Schema of a tool argument: its parameter's schema of a tool argument, with the tool's prose and the parameter's example. */
function argumentSchema(argument: ToolArgument): Json {
  const parameter = PARAMETERS[argument.parameter];
  const example = "argumentExample" in parameter ? { examples: [parameter.argumentExample] } : {};
  return { ...parameter.argumentSchema, description: argument.description, ...example };
}

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, Json>; required: string[] };
  outputSchema: Json & { type: "object" };
  annotations: {
    title: string;
    readOnlyHint: true;
    destructiveHint: false;
    idempotentHint: true;
    openWorldHint: false;
  };
}

function listed(tool: ToolDeclaration): ListedTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(tool.arguments.map((a) => [a.name, argumentSchema(a)])),
      required: tool.arguments.filter((a) => PARAMETERS[a.parameter].required).map((a) => a.name),
    },
    outputSchema: outputSchema(tool) as Json & { type: "object" },
    // answers are a pure function of the arguments (and, for an omitted year, of today's date in Sweden)
    annotations: {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
  };
}

let listOnce: ListedTool[] | undefined;

/** The `tools/list` result's tools, built once. */
export function listedTools(): ListedTool[] {
  return (listOnce ??= TOOLS.map(listed));
}
