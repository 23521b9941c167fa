/**
 * The MCP endpoint in process, at the level of HTTP: the HTTP-level refusals as problem documents, protocol errors
 * as JSON-RPC errors. The method checks: ./mcp-methods.test.ts; the fuzz of malformed JSON-RPC bodies:
 * ./mcp-fuzz.test.ts; the tools themselves: ./mcp.test.ts.
 */
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { MCP_MAX_BODY_BYTES, MCP_PLATFORM_POSTS, RATE_LIMITS } from "../../contract/policies.js";
import { matchRoute } from "../../contract/route-match.js";
import { functionConfigs } from "../../contract/static.js";
import { handleMcp, withoutSelfCancelled } from "../../http/mcp.js";
import { memoryRateLimitStore } from "../../http/ratelimit.js";
import { TEST_CONTEXT } from "./helpers.js";
import { expectJsonRpcError, expectProblem, HEADERS, type Json, post, URL_MCP } from "./mcp-http-helpers.js";
import { TOOL_NAMES } from "./mcp-samples.js";

// ---------------------------------------------------------------------------------------------------------------
// HTTP: the route, methods, problems and protocol errors
// ---------------------------------------------------------------------------------------------------------------

describe("POST /mcp over the handler: HTTP-level answers", () => {
  it("the row: POST and OPTIONS, the mcp surface at v3's pace, its own function rewriting to its 429", () => {
    const route = matchRoute(PATHS.mcp)!.route;
    expect(route.methods).toEqual(["POST", "OPTIONS"]);
    expect(route.rateLimitGroup).toBe("mcp");
    expect(RATE_LIMITS.mcp).toEqual(RATE_LIMITS.v3);
    // the platform counts POSTs (it cannot tell a tool call from the handshake): room for a handshake and ten calls, twice
    expect(functionConfigs().mcp).toMatchObject({
      path: [PATHS.mcp],
      rateLimit: { windowLimit: MCP_PLATFORM_POSTS, windowSize: 60, to: "/rate-limited/mcp" },
    });
    expect(MCP_PLATFORM_POSTS).toBe(26);
  });

  it("GET, DELETE, HEAD, PUT: 405 problem with Allow: POST, OPTIONS (no event stream, no sessions)", async () => {
    for (const method of ["GET", "DELETE", "HEAD", "PUT"]) {
      const res = await handleMcp(
        new Request(URL_MCP, { method, headers: { Accept: "text/event-stream" } }),
        TEST_CONTEXT,
      );
      expect(res.headers.get("Allow"), method).toBe("POST, OPTIONS");
      if (method === "HEAD") expect(res.status).toBe(405);
      else expect((await expectProblem(res, 405, "method-not-allowed")).detail).toContain("POST, OPTIONS");
    }
  });

  it("OPTIONS: the preflight allows POST and the requested headers", async () => {
    const res = await handleMcp(
      new Request(URL_MCP, {
        method: "OPTIONS",
        headers: {
          Origin: "https://example.org",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, mcp-protocol-version",
        },
      }),
      TEST_CONTEXT,
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("POST, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("content-type, mcp-protocol-version");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("415 for another content type, 406 without the Accept the transport requires, 413 over the size limit", async () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "", "text/plain; a=application/json"]) {
      await expectProblem(await post(ping, { ...HEADERS, "Content-Type": type }), 415, "unsupported-media-type");
    }
    for (const accept of ["", "application/json", "text/event-stream", "*/*"]) {
      await expectProblem(await post(ping, { ...HEADERS, Accept: accept }), 406, "not-acceptable");
    }
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(MCP_MAX_BODY_BYTES) },
    });
    await expectProblem(await post(big), 413, "content-too-large");
    // a declared length over the limit is refused before the body is read
    await expectProblem(
      await post("{}", { ...HEADERS, "Content-Length": String(MCP_MAX_BODY_BYTES + 1) }),
      413,
      "content-too-large",
    );
    // just under the limit is read (and answered by the protocol)
    const fits = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(MCP_MAX_BODY_BYTES - 100) },
    });
    expect((await post(fits)).status).toBe(200);
  });

  it("protocol errors stay JSON-RPC errors: unparseable JSON, not JSON-RPC, an unknown method, bad tools/call params", async () => {
    await expectJsonRpcError(await post("{not json"), 400, -32700);
    await expectJsonRpcError(await post(""), 400, -32700);
    await expectJsonRpcError(await post({ jsonrpc: "2.0", id: 1 }), 400, -32700);
    await expectJsonRpcError(await post({ jsonrpc: "1.0", id: 1, method: "ping" }), 400, -32700);
    await expectJsonRpcError(await post("42"), 400, -32700);
    await expectJsonRpcError(await post({ jsonrpc: "2.0", id: 1, method: "no/such/method" }), 200, -32601);
    await expectJsonRpcError(
      await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "describe_day", arguments: [] } }),
      200,
      -32602,
    );
    await expectJsonRpcError(await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }), 200, -32602);
    const unknown = await expectJsonRpcError(
      await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope" } }),
      200,
      -32602,
    );
    expect(unknown.error.message).toBe(`Unknown tool: 'nope'; tools/list names the tools (${TOOL_NAMES.join(", ")})`);
    // the SDK's own -32602 for malformed params leaves without its "MCP error -32602: " prefix too (the client adds it)
    const malformed = await expectJsonRpcError(
      await post({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }),
      200,
      -32602,
    );
    expect(malformed.error.message).toMatch(/^Invalid tools\/call request: /);
    const inBatch = (await (
      await post([
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x", arguments: [] } },
        { jsonrpc: "2.0", id: 2, method: "ping" },
      ])
    ).json()) as Json[];
    expect(inBatch[0].error.message).toMatch(/^Invalid tools\/call request: /);
    expect(inBatch[1]).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });

  it("notifications only: 202 with no body; a batch answers every request", async () => {
    const res = await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
    const batch = await post([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      {
        jsonrpc: "2.0",
        id: "two",
        method: "tools/call",
        params: { name: "describe_day", arguments: { date: "2024-12-24" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ]);
    expect(batch.status).toBe(200);
    const answers = (await batch.json()) as Json[];
    expect(answers.map((a) => a.id)).toEqual([1, "two"]);
    expect(answers[1].result.structuredContent.observances[0].code).toBe("christmasEve");
  });

  it("a batch that cancels its own request is answered at once, without that request", async () => {
    const started = Date.now();
    const res = await post([
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "describe_day", arguments: { date: "2026-06-19" } },
      },
      { jsonrpc: "2.0", id: 2, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
    const only = await post([
      { jsonrpc: "2.0", id: 7, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } },
    ]);
    expect(only.status).toBe(202);
    expect(withoutSelfCancelled('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    );
    expect(withoutSelfCancelled("[not json")).toBe("[not json");
  });

  it("every answer carries CORS, HSTS, the mcp surface's RateLimit headers and no-store", async () => {
    const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/^max-age=/);
    expect(res.headers.get("RateLimit-Limit")).toBe("10");
    expect(res.headers.get("RateLimit-Policy")).toBe("10;w=60");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Mcp-Session-Id")).toBeNull();
  });

  it("the Netlify function's handler given a store counts POSTs as the platform does: the 11th a 429; preflights and 405s not", async () => {
    const ctx = {
      ...TEST_CONTEXT,
      rateLimitsEnabled: true,
      store: memoryRateLimitStore(),
      clientAddress: "198.51.100.7",
    };
    for (let i = 0; i < 3; i++) await handleMcp(new Request(URL_MCP, { method: "OPTIONS" }), ctx);
    await handleMcp(new Request(URL_MCP, { method: "GET" }), ctx);
    for (let i = 0; i < 10; i++)
      expect((await post({ jsonrpc: "2.0", id: i, method: "ping" }, HEADERS, ctx)).status).toBe(200);
    const refused = await post({ jsonrpc: "2.0", id: 11, method: "ping" }, HEADERS, ctx);
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    await expectProblem(refused, 429, "rate-limited");
  });

  it("another path given to the handler is not-found", async () => {
    const res = await handleMcp(
      new Request("http://localhost/mcp/x", { method: "POST", headers: HEADERS, body: "{}" }),
      TEST_CONTEXT,
    );
    expect(res.status).toBe(405); // no route: the read-only methods
    const get = await handleMcp(new Request("http://localhost/mcpx"), TEST_CONTEXT);
    await expectProblem(get, 404, "not-found");
  });
});
