/**
 * The MCP endpoint over real HTTP, against the standalone server (`npm start`, the e2e global setup's): the SDK's own
 * client (`Client` + `StreamableHTTPClientTransport`) lists the tools and calls each one; every answer is compared
 * with the body of the equivalent v3 GET fetched from the same server, every refused argument with the v3 problem; an
 * unknown tool is a protocol error. The HTTP-level answers and the fuzz: mcp-http.test.ts. The same checks in
 * process: test/contract/mcp.test.ts.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { PROBLEM_BASE } from "../../contract/policies.js";
import { REFUSED, SUMMARIES, TOOL_NAMES, VALID } from "../contract/mcp-samples.js";
import { e2eBaseUrl } from "./base-url.js";

type Json = Record<string, any>;

const BASE = e2eBaseUrl();

async function get(pathAndQuery: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(BASE + pathAndQuery);
  return { status: res.status, body: await res.json() };
}

describe.skipIf(!BASE)("MCP over HTTP with the SDK's client (standalone server)", () => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: "e2e", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(BASE + PATHS.mcp)));
  });
  afterAll(async () => {
    await client?.close();
  });

  it("initializes and lists the twelve tools with their input schemas", async () => {
    expect(client.getServerVersion()?.name).toBe("swedish-calendar");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description!.length).toBeGreaterThan(150);
    }
  });

  it.each(VALID.map((s) => [`${s.tool} ${JSON.stringify(s.arguments)}`, s] as const))(
    "%s: structuredContent equals the v3 GET's body",
    async (_label, sample) => {
      const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
      expect(result.isError ?? false).toBe(false);
      const expected =
        typeof sample.equivalent === "string"
          ? (await get(sample.equivalent)).body
          : Object.fromEntries(
              await Promise.all(
                Object.entries(sample.equivalent).map(async ([k, path]) => [k, (await get(path)).body]),
              ),
            );
      expect(result.structuredContent).toEqual(expected);
      expect(JSON.parse((result.content as { text: string }[])[1].text)).toEqual(expected);
    },
  );

  it.each(REFUSED.map((s) => [`${s.tool} ${JSON.stringify(s.arguments)}`, s] as const))(
    "%s: a tool error carrying the v3 slug",
    async (_label, sample) => {
      const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
      expect(result.isError).toBe(true);
      const problem = result.structuredContent as Json;
      expect(problem.type).toBe(`${PROBLEM_BASE}/${sample.slug}`);
      expect((result.content as { text: string }[])[0].text).toMatch(new RegExp(`^${sample.slug} \\(\\d{3}\\): `));
      if (sample.equivalent) {
        const answer = await get(sample.equivalent);
        expect(answer.status).toBe(problem.status);
        expect(problem).toEqual(answer.body);
      } else expect(problem.detail).toBe(sample.detail);
    },
  );

  it("an unknown tool is a protocol error", async () => {
    const error = await client.callTool({ name: "holidays_of_mars", arguments: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toBe(
      `MCP error -32602: Unknown tool: 'holidays_of_mars'; tools/list names the tools (${TOOL_NAMES.join(", ")})`,
    );
  });

  it.each(SUMMARIES.map((s) => [s.tool, s] as const))("%s: the summary's exact text", async (_tool, sample) => {
    const result = await client.callTool({ name: sample.tool, arguments: sample.arguments });
    expect((result.content as { text: string }[])[0].text).toBe(sample.text);
  });
});
