/**
 * How the standalone server counts the MCP endpoint's tool calls (docs/mcp.md "Limits"): each call as the v3 requests
 * it stands for would be counted. The tools never build a URL to answer (http/mcp-tools.ts); counting does,
 * so that the rewrite rules can say whether the deployed service would answer it with dataset files.
 */
import { PARAMETERS } from "../contract/parameters.js";
import { problemOf } from "../contract/problems.js";
import { ROUTE_BY_ID } from "../contract/routes.js";
import { rawValues, TOOL_BY_NAME, type ToolDeclaration } from "../http/mcp-tools.js";

type Json = Record<string, unknown>;

/**
 * The v3 requests a tool call stands for, as the URLs a client would write for them (path and query from the call's
 * arguments, as sent), so that the call is counted as those requests are (the standalone server: a call the deployed
 * service would answer with dataset files is not counted); undefined for an unknown tool; "refused" when an argument
 * is over the argument limits (the call is answered as a refused v3 request, and counted as one is).
 */
export function v3RequestsOf(name: unknown, args: unknown): URL[] | "refused" | undefined {
  const tool = typeof name === "string" ? TOOL_BY_NAME.get(name) : undefined;
  if (!tool) return undefined;
  const given: Json = typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Json) : {};
  try {
    return urlsOf(tool, given);
  } catch (error) {
    if (problemOf(error)) return "refused";
    throw error;
  }
}

function urlsOf(tool: ToolDeclaration, given: Json): URL[] {
  return tool.requests.map((request) => {
    const route = ROUTE_BY_ID[request.route];
    const pathValues: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const key of route.parameters) {
      const argument = tool.arguments.find((a) => a.parameter === key);
      const raw = argument && rawValues(argument, given);
      if (!raw) continue;
      const parameter = PARAMETERS[key];
      if (parameter.in === "path") pathValues[parameter.name] = raw[0];
      else for (const value of raw) query.append(parameter.name, value);
    }
    const url = new URL(
      route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? "")),
      "http://localhost",
    );
    url.search = query.toString();
    return url;
  });
}
