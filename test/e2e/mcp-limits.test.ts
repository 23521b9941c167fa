/**
 * MCP limits that fit a conversation (docs/mcp.md "Limits"): on the standalone server, with limits on, protocol
 * messages (initialize, the initialized notification, tools/list, ping) are never counted; a tool call counts as the
 * v3 request it answers would, so a call the deployed service answers with dataset files (a year's holidays, a day in
 * the per-date window) is not counted, and the 11th counted call in a minute is 429 with Retry-After.
 * The SDK's own client over real HTTP.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";

describe.skipIf(process.env.E2E === "off")("MCP limits on the standalone server (limits on)", () => {
  let publicDir: string;
  const servers: StandaloneServer[] = [];

  async function connect(): Promise<{ client: Client; base: string }> {
    const service = createServer({ publicDir, rateLimits: true, log: () => {} });
    servers.push(service);
    const base = (await service.listen(0, "127.0.0.1")).url;
    const client = new Client({ name: "mcp-limits.test", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(PATHS.mcp, base)));
    return { client, base };
  }

  beforeAll(() => {
    publicDir = mkdtempSync(join(tmpdir(), "mcp-limits-"));
  });

  afterAll(async () => {
    for (const s of servers) await s.close(0);
    rmSync(publicDir, { recursive: true, force: true });
  });

  it("handshake, tools/list and pings are free; 10 distinct shift_date calls answer, the 11th is 429 with Retry-After", async () => {
    const { client, base } = await connect();
    expect((await client.listTools()).tools.length).toBe(12);
    for (let i = 0; i < 5; i++) await client.ping();
    for (let n = 1; n <= 10; n++) {
      const result = await client.callTool({ name: "shift_date", arguments: { date: "2024-02-01", steps: [`${n}d`] } });
      expect(result.isError, `call ${n}`).toBeFalsy();
      expect((result.structuredContent as { result: { date: string } }).result.date).toBe(
        `2024-02-${String(1 + n).padStart(2, "0")}`,
      );
    }
    await expect(
      client.callTool({ name: "shift_date", arguments: { date: "2024-02-01", steps: ["11d"] } }),
    ).rejects.toThrow(/429/);
    // the same 11th call as a raw POST: a 429 problem document with Retry-After and the rate-limit group's headers
    const raw = await fetch(new URL(PATHS.mcp, base), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 99,
        method: "tools/call",
        params: { name: "count_period", arguments: { from: "2024-01-01", to: "2024-12-31" } },
      }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(raw.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(raw.headers.get("ratelimit-policy")).toBe("10;w=60");
    // protocol messages still answer once over
    await client.ping();
    expect((await client.listTools()).tools.length).toBe(12);
    await client.close();
  });

  it("calls the deployed service answers with dataset files are not counted: 20 list_holidays and describe_day calls, then 10 counted", async () => {
    const { client } = await connect();
    const year = new Date().getUTCFullYear();
    for (let i = 0; i < 10; i++) {
      expect((await client.callTool({ name: "list_holidays", arguments: { year: 2031 + i } })).isError).toBeFalsy();
      // a day of the current year: inside the deploy build's per-date window (the Stockholm year ± 2)
      expect(
        (
          await client.callTool({
            name: "describe_day",
            arguments: { date: `${year}-03-${String(i + 1).padStart(2, "0")}` },
          })
        ).isError,
      ).toBeFalsy();
    }
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await client.callTool({
            name: "describe_day",
            arguments: { date: `1950-03-${String(i + 1).padStart(2, "0")}` },
          })
        ).isError,
      ).toBeFalsy();
    }
    await expect(client.callTool({ name: "describe_day", arguments: { date: "1950-04-01" } })).rejects.toThrow(/429/);
    // an omitted year is answered by a function on the deployed service: counted (and now refused)
    await expect(client.callTool({ name: "list_holidays", arguments: {} })).rejects.toThrow(/429/);
    // a year's list is still free
    expect((await client.callTool({ name: "list_holidays", arguments: { year: 2050 } })).isError).toBeFalsy();
    await client.close();
  });
});
