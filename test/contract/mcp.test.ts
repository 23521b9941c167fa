/**
 * The MCP endpoint in process: the SDK's own client over a fetch that calls the handler, the tools' answers against
 * the v3 handler's bodies and problems, and the input schemas against the route table's declarations. The HTTP-level
 * answers: ./mcp-http.test.ts, the fuzz: ./mcp-fuzz.test.ts; what the tools derive from the contract:
 * ./mcp-derived.test.ts. Over real HTTP: test/e2e/mcp.test.ts.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { FLAG_DAY_CODES, FLAG_DAYS_FROM, OBSERVANCE_CODES } from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARAMETER_COMPONENTS } from "../../contract/openapi.js";
import { PARAMETERS } from "../../contract/parameters.js";
import { PATHS } from "../../contract/paths.js";
import { decimalRangeSource } from "../../contract/patterns.js";
import { PROBLEM_BASE as PROBLEM_BASE_FOR_TESTS } from "../../contract/policies.js";
import { ROUTE_BY_ID } from "../../contract/routes.js";
import { handleMcp } from "../../http/mcp.js";
import { listedTools } from "../../http/mcp-listing.js";
import { MCP_INSTRUCTIONS, TOOLS } from "../../http/mcp-tools.js";
import { handleV3 } from "../../http/v3.js";
import { FIXED_NOW, TEST_CONTEXT } from "./helpers.js";
import { REFUSED } from "./mcp-refused.js";
import { TOOL_NAMES, VALID } from "./mcp-samples.js";
import { SUMMARIES } from "./mcp-summaries.js";

type Json = Record<string, any>;

const URL_MCP = `http://localhost${PATHS.mcp}`;

/** The v3 handler's answer for a path and query, as the endpoint gives it (same clock). */
async function v3(pathAndQuery: string): Promise<{ status: number; body: Json }> {
  const res = await handleV3(new Request(`http://localhost${pathAndQuery}`), TEST_CONTEXT);
  return { status: res.status, body: await res.json() };
}

// ---------------------------------------------------------------------------------------------------------------
// The SDK's client, in process
// ---------------------------------------------------------------------------------------------------------------

describe("the SDK's client against the handler (in process)", () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: "mcp.test", version: "1" });
    const fetch = async (url: string | URL, init?: RequestInit) => handleMcp(new Request(url, init), TEST_CONTEXT);
    await client.connect(new StreamableHTTPClientTransport(new URL(URL_MCP), { fetch }));
  });
  afterAll(async () => {
    await client.close();
  });

  it("initializes: server info, tools capability, the instructions", () => {
    expect(client.getServerVersion()).toMatchObject({ name: "swedish-calendar", version: "3.0.0" });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toBe(MCP_INSTRUCTIONS);
  });

  it("every tool declares an output schema (an object: its route's body, or the problem of a refused call), and one call of each validates against it", async () => {
    // a client of its own, so that the output schemas it validates with are the listed ones from its first call on
    const checking = new Client({ name: "mcp.test output", version: "1" });
    const fetch = async (url: string | URL, init?: RequestInit) => handleMcp(new Request(url, init), TEST_CONTEXT);
    await checking.connect(new StreamableHTTPClientTransport(new URL(URL_MCP), { fetch }));
    try {
      const { tools } = await checking.listTools();
      for (const tool of tools) {
        expect(tool.outputSchema?.type, tool.name).toBe("object");
        expect(JSON.stringify(tool.outputSchema), tool.name).toContain('"$ref":"#/$defs/Problem"');
      }
      const ajv = new Ajv2020({ strict: false });
      const called = new Set<string>();
      for (const { tool, arguments: args } of SUMMARIES) {
        if (called.has(tool)) continue;
        called.add(tool);
        // the SDK client validates structuredContent against the tool's outputSchema and throws when it does not match
        const result = await checking.callTool({ name: tool, arguments: args });
        expect(result.isError ?? false, tool).toBe(false);
        const schema = tools.find((t) => t.name === tool)!.outputSchema!;
        expect(ajv.validate(schema, result.structuredContent), tool).toBe(true);
        // a control: the body without one of its required fields is refused by the same schema
        const body = result.structuredContent as Json;
        const [first] = Object.keys(body);
        const { [first]: _dropped, ...partial } = body;
        expect(ajv.validate(schema, partial), `${tool} without ${first}`).toBe(false);
      }
      expect([...called].sort()).toEqual([...TOOL_NAMES].sort());
      // a refused call carries the problem document, which the schema allows as the SDK validates it too
      const refused = await checking.callTool({ name: "flag_days", arguments: { year: 1930 } });
      expect(refused.isError).toBe(true);
    } finally {
      await checking.close();
    }
  });

  it("lists the twelve tools, read-only", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const tool of tools)
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
  });

  it.each(VALID.map((s) => [`${s.tool} ${JSON.stringify(s.arguments)}`, s] as const))(
    "%s: structuredContent is the v3 body",
    async (_label, sample) => {
      const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
      expect(result.isError ?? false).toBe(false);
      const expected =
        typeof sample.equivalent === "string"
          ? (await v3(sample.equivalent)).body
          : Object.fromEntries(
              await Promise.all(Object.entries(sample.equivalent).map(async ([k, path]) => [k, (await v3(path)).body])),
            );
      expect(result.structuredContent).toEqual(expected);
      const content = result.content as { type: string; text: string }[];
      expect(content.map((c) => c.type)).toEqual(["text", "text"]);
      expect(content[0].text.length).toBeGreaterThan(10);
      expect(content[0].text).toContain("/"); // Swedish / English
      expect(JSON.parse(content[1].text)).toEqual(expected);
    },
  );

  it.each(REFUSED.map((s) => [`${s.tool} ${JSON.stringify(s.arguments)}`, s] as const))(
    "%s: a tool error with the v3 slug and detail",
    async (_label, sample) => {
      const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
      expect(result.isError).toBe(true);
      const problem = result.structuredContent as Json;
      expect(problem.type).toBe(`${PROBLEM_BASE_FOR_TESTS}/${sample.slug}`);
      if (sample.equivalent) {
        const answer = await v3(sample.equivalent);
        expect(answer.status).toBe(problem.status);
        expect(problem).toEqual(answer.body);
      } else expect(problem.detail).toBe(sample.detail);
      const [first] = result.content as { text: string }[];
      expect(first.text).toContain(sample.slug);
      expect(first.text).toContain(problem.detail);
      // a model reaches the service through tools only: an error points at none of the API's paths (it lists the codes)
      expect(first.text).not.toMatch(/\/v3\b|\/ical\b/);
    },
  );

  // every required argument of every tool (its route table parameter is required), left out of a call that names
  // them all: the answer a v3 request without the parameter gets, named as the v3 API names it (`steps` is 'add')
  const REQUIRED = SUMMARIES.flatMap(({ tool, arguments: args }) =>
    TOOLS.find((t) => t.name === tool)!
      .arguments.filter((a) => PARAMETERS[a.parameter].required)
      .map((a) => [tool, a.name, PARAMETERS[a.parameter].name, args] as const),
  );
  it("every tool argument the table requires is in the table-driven check below", () => {
    expect(REQUIRED.map(([tool, name]) => `${tool}.${name}`)).toEqual([
      "describe_day.date",
      "count_period.from",
      "count_period.to",
      "shift_date.date",
      "shift_date.steps",
      "plan_leave.from",
      "plan_leave.to",
      "plan_leave.days",
      "observance.code",
      "adjust_date.date",
      "adjust_date.convention",
    ]);
  });
  it.each(REQUIRED)("%s without %s: invalid-parameter, '%s' is required", async (tool, name, parameter, args) => {
    expect(Object.hasOwn(args, name)).toBe(true);
    const result = await client.callTool({
      name: tool,
      arguments: Object.fromEntries(Object.entries(args).filter(([k]) => k !== name)),
    });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toBe(`invalid-parameter (400): '${parameter}' is required`);
  });

  it("an unknown tool is a protocol error (-32602), not a tool result", async () => {
    const error = await client.callTool({ name: "no_such_tool", arguments: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain("no_such_tool");
  });

  it.each(SUMMARIES.map((s) => [s.tool, s] as const))("%s: the summary's exact text", async (_tool, sample) => {
    const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
    expect(result.isError ?? false).toBe(false);
    expect((result.content as { text: string }[])[0].text).toBe(sample.text);
  });

  it("every tool has an exact summary; no summary shows an observance or flag-day code", async () => {
    expect(SUMMARIES.map((s) => s.tool)).toEqual(TOOL_NAMES);
    const codes = new RegExp(`\\b(${[...OBSERVANCE_CODES, ...FLAG_DAY_CODES].join("|")})\\b`);
    for (const sample of [...VALID, ...SUMMARIES]) {
      const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
      const summary = (result.content as { text: string }[])[0].text;
      expect(summary, `${sample.tool} ${JSON.stringify(sample.arguments)}`).not.toMatch(codes);
      expect(summary).not.toMatch(/helgfri|veckoslut|oflyttad|\(\+0 /);
    }
  });

  it("an unknown tool: one 'MCP error -32602' prefix, the tools named", async () => {
    const error = await client.callTool({ name: "holidays_of_mars", arguments: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toBe(
      `MCP error -32602: Unknown tool: 'holidays_of_mars'; tools/list names the tools (${TOOL_NAMES.join(", ")})`,
    );
  });

  it("an omitted year is the current year in Sweden (the injected clock)", async () => {
    const result = await client.callTool({ name: "list_holidays", arguments: {} });
    expect((result.structuredContent as Json).year).toBe(FIXED_NOW.getUTCFullYear());
    expect(result.structuredContent).toEqual((await v3(PATHS.holidays)).body);
  });

  it("ping", async () => {
    await expect(client.ping()).resolves.toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Schemas and tools from the table's declarations
// ---------------------------------------------------------------------------------------------------------------

describe("the tools are the route table's", () => {
  it("the /mcp row's description names exactly the tools there are (the table cannot import them: checked here)", () => {
    const described = /Its tools \(([^)]*)\)/
      .exec(ROUTE_BY_ID.mcp.doc.description)?.[1]
      .split(",")
      .map((name) => name.trim());
    expect(described).toEqual(TOOLS.map((tool) => tool.name));
  });

  it("reach the library through the v3 bodies, never through a URL or the HTTP router", () => {
    const source = readFileSync(new URL("../../http/mcp-tools.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/new (Request|URL|URLSearchParams)\b|routeV3|handleV3|tableRouter|pathOf\(/);
    expect(source).toContain("bodyOf(request.route, argumentsOf(tool, request, args), now)");
  });

  it("each argument is read with a parameter of every route the tool asks, and covers them all", () => {
    for (const tool of TOOLS) {
      for (const request of tool.requests) {
        const route = ROUTE_BY_ID[request.route];
        expect(route.fn, tool.name).toBe("v3");
        expect(tool.arguments.map((a) => a.parameter).sort(), tool.name).toEqual([...route.parameters].sort());
      }
    }
  });

  it("input schemas are the parameters' schemas of a tool argument (the OpenAPI component's rule for a JSON value); required as the table declares", () => {
    for (const listed of listedTools()) {
      const tool = TOOLS.find((t) => t.name === listed.name)!;
      for (const argument of tool.arguments) {
        const parameter = PARAMETERS[argument.parameter];
        const component = (PARAMETER_COMPONENTS as Json)[parameter.component];
        const property = listed.inputSchema.properties[argument.name] as Json;
        const { description: _d, examples: _e, ...schema } = property;
        expect(schema).toEqual(parameter.argumentSchema);
        // the same rule as the query's: each form of the query schema (an integer with its bounds, a text, a word) is
        // one of the argument's forms, or a word its text form matches (`last`), or the whole of it
        if (parameter.repeat === "all") expect(schema.anyOf).toEqual([component.schema, component.schema.items]);
        else if (schema.anyOf) {
          const { default: _default, ...query } = component.schema;
          for (const form of (query.anyOf as Json[] | undefined) ?? [query]) {
            if (form.enum) {
              const text = (schema.anyOf as Json[]).find((f) => f.type === "string")!;
              for (const word of form.enum as string[])
                expect(new RegExp(text.pattern as string).test(word), word).toBe(true);
            } else expect(schema.anyOf, `${tool.name}.${argument.name}`).toContainEqual(form);
          }
        } else expect(schema).toEqual(component.schema);
        expect(listed.inputSchema.required.includes(argument.name), `${tool.name}.${argument.name}`).toBe(
          parameter.required,
        );
      }
    }
    const date = listedTools()[0].inputSchema.properties.date as Json;
    expect(date).toMatchObject({
      type: "string",
      format: "date",
      pattern: "^(19[3-9][0-9]|[2-9][0-9]{3})-[0-9]{2}-[0-9]{2}$",
    });
    const year = listedTools().find((t) => t.name === "list_holidays")!.inputSchema.properties.year as Json;
    expect(year.anyOf).toEqual([
      { type: "integer", minimum: 1930, maximum: 9999 },
      { type: "string", pattern: "^(19[3-9][0-9]|[2-9][0-9]{3})$" },
    ]);
    expect(year.examples).toEqual([2024]);
    // /v3/flag-days's year starts where official flag days do
    const flagYear = listedTools().find((t) => t.name === "flag_days")!.inputSchema.properties.year as Json;
    expect(flagYear.anyOf).toEqual([
      { type: "integer", minimum: FLAG_DAYS_FROM, maximum: 9999 },
      { type: "string", pattern: `^(${decimalRangeSource(FLAG_DAYS_FROM, 9999)})$` },
    ]);
    const code = listedTools().find((t) => t.name === "observance")!.inputSchema.properties.code as Json;
    expect(code.enum).toHaveLength(20);
  });

  it("a default an argument's description states is the one its parameter declares", () => {
    const checked: string[] = [];
    for (const tool of TOOLS) {
      for (const argument of tool.arguments) {
        // the default as its schemas state it (a profile's code, not the rule it is read into)
        const declared =
          (PARAMETERS[argument.parameter] as { defaultValue?: unknown }).defaultValue === undefined
            ? undefined
            : PARAMETERS[argument.parameter].schema.default;
        if (declared === undefined) continue;
        const said = [...argument.description.matchAll(/`([^`]+)` \(default\b|\(default ([^)\s,:]+)\)/g)].map(
          (m) => m[1] ?? m[2],
        );
        if (said.length === 0) continue;
        expect([`${tool.name}.${argument.name}`, said]).toEqual([`${tool.name}.${argument.name}`, [String(declared)]]);
        checked.push(`${tool.name}.${argument.name}`);
      }
    }
    expect(checked.length, checked.join(", ")).toBeGreaterThanOrEqual(3);
  });

  it("descriptions tell a model what it does not know", () => {
    const all = JSON.stringify(listedTools()) + MCP_INSTRUCTIONS;
    for (const fact of [
      "1989:253",
      "de facto",
      "klämdag",
      "halvdag",
      "1930:173",
      "1953",
      "1930-01-01",
      "9999-12-31",
      "Europe/Stockholm",
      "Midsummer Eve",
    ]) {
      expect(all, fact).toContain(fact);
    }
    for (const tool of listedTools()) expect(tool.description.length, tool.name).toBeGreaterThan(150);
  });
});
