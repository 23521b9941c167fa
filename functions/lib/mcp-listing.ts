/**
 * The MCP tools as `tools/list` gives them (docs/mcp.md): each tool's name, prose and the JSON Schema of its
 * arguments. The schemas come from the same declarations as the HTTP parameters: each tool argument names the
 * parameter of contract/parameters.ts it is read with, and its JSON Schema is that parameter's schema of a tool
 * argument (a JSON value, read as its text), derived from the same rule as its reader and its OpenAPI schema.
 *
 * A module of data only: the deploy bundles evaluate it at build time (build/bundle.ts PRECOMPUTED), so the MCP
 * function ships the list as JSON.
 */
import { PARAMETERS } from "../../contract/parameters.js";
import { TOOLS, type ToolArgument, type ToolDeclaration } from "./mcp-tool-list.js";

type Json = Record<string, unknown>;

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
