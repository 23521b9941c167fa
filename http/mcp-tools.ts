/**
 * The MCP tools (docs/mcp.md) at work: each is a v3 question asked in process. A call's arguments are read by the one
 * argument reader (contract/arguments.ts), as the v3 router reads a request's, and the engine answers through the
 * same body builder as the v3 endpoint (./v3-bodies.ts), returned as `structuredContent`. So a tool's answer is the v3
 * endpoint's body for the same question, and an argument the endpoint would refuse is a tool error with the same
 * problem slug and detail. No URL is built.
 *
 * The tools themselves (names, prose, arguments, summaries) are declared in ./mcp-tool-list.ts; each argument names
 * the parameter of contract/parameters.ts it is read with, whose JSON Schema of a tool argument is what `tools/list`
 * shows (./mcp-listing.ts). Nothing here validates against the schemas: they tell a model what to send, the readers
 * judge what it sent.
 */

import type { ArgsOf } from "../contract/arguments.js";
import { argumentValues, readArguments, toolValues } from "../contract/arguments.js";
import { PARAMETERS, type ParameterKey } from "../contract/parameters.js";
import { problemOf } from "../contract/problems.js";
import { TOOLS, type ToolArgument, type ToolDeclaration, type ToolRequest } from "./mcp-tool-list.js";
import { detailNamingParameter, type ProblemDocument, problemDocument } from "./problem.js";
import type { ServiceContext } from "./request-context.js";
import { bodyOf, type V3BodyRoute } from "./v3-bodies.js";

export { MCP_INSTRUCTIONS } from "./mcp-instructions.js";
export { TOOLS, type ToolArgument, type ToolDeclaration, type ToolRequest } from "./mcp-tool-list.js";

type Json = Record<string, unknown>;

export const TOOL_BY_NAME: ReadonlyMap<string, ToolDeclaration> = new Map(TOOLS.map((t) => [t.name, t]));

/**
 * The raw values of an argument (absent: undefined; `null` counts as absent, as many clients send it for an unset option).
 * Throws the ProblemError of a value over the argument limits (contract/arguments.ts ARGUMENT_LIMITS).
 */
export function rawValues(argument: ToolArgument, args: Json): string[] | undefined {
  const parameter = PARAMETERS[argument.parameter];
  return argumentValues(args, argument.name, parameter.repeat === "all", parameter.name);
}

/** The tool argument that stands for each parameter of a route the tool asks (every one has one: a tool of the table). */
function argumentNames(tool: ToolDeclaration, route: V3BodyRoute): (key: ParameterKey) => string {
  return (key) => {
    const argument = tool.arguments.find((a) => a.parameter === key);
    if (!argument) throw new Error(`tool ${tool.name}: no argument for ${route}'s parameter ${key}`);
    return argument.name;
  };
}

/**
 * A tool call's arguments for one of its routes, read as the v3 router reads a request's parameters (contract/arguments.ts:
 * path values first, a missing one answered as every absent required parameter is; then each query value). Throws
 * ProblemError or CalendarError.
 */
export function argumentsOf<R extends V3BodyRoute>(
  tool: ToolDeclaration,
  request: ToolRequest & { route: R },
  args: Json,
): ArgsOf<R> {
  return readArguments(request.route, toolValues(args, argumentNames(tool, request.route)));
}

export type ToolOutcome = { ok: true; body: Json } | { ok: false; problem: ProblemDocument };

/**
 * Runs a tool: the body the v3 endpoint answers for the same question (V3_BODIES: the engine's answer in its
 * envelope), or the problem it would answer. Never throws.
 */
export async function runTool(tool: ToolDeclaration, args: Json, ctx: ServiceContext): Promise<ToolOutcome> {
  return runToolNow(tool, args, ctx.clock());
}

/** runTool at a given moment (an omitted year is the current year in Sweden then). Never throws. */
export function runToolNow(tool: ToolDeclaration, args: Json, now: Date): ToolOutcome {
  try {
    const bodies: Json = {};
    let single: unknown;
    for (const request of tool.requests) {
      const body = bodyOf(request.route, argumentsOf(tool, request, args), now);
      if (request.key) bodies[request.key] = body;
      else single = body;
    }
    return { ok: true, body: (single ?? bodies) as Json };
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { ok: false, problem: problemDocument(problem.slug, detailNamingParameter(problem)) };
    console.error(error);
    return {
      ok: false,
      problem: problemDocument("internal-error", "the server failed to answer this request; please try again later"),
    };
  }
}

/** The MCP `tools/call` result of an outcome: the body as structuredContent, a summary and the JSON as text. */
export function callResult(tool: ToolDeclaration, outcome: ToolOutcome): Json {
  if (!outcome.ok) {
    const { problem } = outcome;
    const slug = problem.type.slice(problem.type.lastIndexOf("/") + 1);
    return {
      content: [
        { type: "text", text: `${slug} (${problem.status}): ${problem.detail}` },
        { type: "text", text: JSON.stringify(problem) },
      ],
      structuredContent: problem,
      isError: true,
    };
  }
  let summary: string;
  try {
    summary = tool.summary(outcome.body);
  } catch {
    summary = `${tool.title}.`; // a body shape this summary does not know (an additive change): the JSON below still says it all
  }
  return {
    content: [
      { type: "text", text: summary },
      { type: "text", text: JSON.stringify(outcome.body) },
    ],
    structuredContent: outcome.body,
  };
}
