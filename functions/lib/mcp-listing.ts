/**
 * The MCP tools as `tools/list` gives them (docs/mcp.md): each tool's name, prose and the JSON Schema of its
 * arguments. The schemas come from the same declarations as the HTTP parameters: each tool argument names the route
 * table's parameter (`PARAMETERS` key) it is read with, and its JSON Schema is that parameter's OpenAPI component
 * (contract/openapi.ts `PARAMETER_COMPONENTS`, built from data-gen/grammar.ts).
 *
 * A module of data only, apart from the OpenAPI generator it reads: the deploy bundles evaluate it at build time
 * (build/bundle.ts PRECOMPUTED), so the MCP function ships the list as JSON and never loads the OpenAPI generator.
 */
import { PARAMETER_COMPONENTS } from "../../contract/openapi.js";
import { PARAMETERS } from "../../contract/routes.js";
import { TOOLS, type ToolArgument, type ToolDeclaration } from "./mcp-tools.js";

type Json = Record<string, unknown>;

interface ParameterComponent {
  schema: Json;
  example?: unknown;
}

/**
 * The JSON Schema of a tool argument: its parameter's OpenAPI schema (type, pattern, enum, bounds, default, from
 * data-gen/grammar.ts), with the tool's prose; a repeatable parameter (`add`) takes an array or one string.
 */
function argumentSchema(argument: ToolArgument): Json {
  const parameter = PARAMETERS[argument.parameter];
  const component = PARAMETER_COMPONENTS[parameter.component] as ParameterComponent;
  const schema = parameter.repeat === "all" ? { anyOf: [component.schema, (component.schema as { items: Json }).items] } : component.schema;
  return { ...schema, description: argument.description, ...(component.example !== undefined ? { examples: [component.example] } : {}) };
}

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, Json>; required: string[] };
  annotations: { title: string; readOnlyHint: true; destructiveHint: false; idempotentHint: true; openWorldHint: false };
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
    // answers are a pure function of the arguments (and, for an omitted year, of today's date in Sweden)
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

let listOnce: ListedTool[] | undefined;

/** The `tools/list` result's tools, built once. */
export function listedTools(): ListedTool[] {
  return (listOnce ??= TOOLS.map(listed));
}

