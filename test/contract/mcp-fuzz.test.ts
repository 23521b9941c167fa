/** A fuzz of malformed JSON-RPC bodies to the MCP endpoint in process (over HTTP: test/e2e/mcp.test.ts). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { post } from "./mcp-http-helpers.js";
import { TOOL_NAMES } from "./mcp-samples.js";

/** Bodies a confused or hostile client might send. */
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const id = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 20 }),
  fc.constant(null),
  fc.constant(1e308),
  fc.constant(-0),
  fc.bigInt().map(String),
  jsonValue,
);
const method = fc.oneof(
  fc.constantFrom(
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "notifications/initialized",
    "notifications/cancelled",
    "resources/list",
    "prompts/get",
    "logging/setLevel",
    "",
    "__proto__",
    "constructor",
  ),
  fc.string({ maxLength: 30 }),
  jsonValue,
);
const toolArguments = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "date",
      "year",
      "from",
      "to",
      "steps",
      "days",
      "code",
      "bounds",
      "postpone",
      "sundays",
      "objective",
      "__proto__",
    ),
    jsonValue,
    { maxKeys: 5 },
  ),
  jsonValue,
);
const toolCall = fc.record(
  { name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string({ maxLength: 20 }), jsonValue), arguments: toolArguments },
  { requiredKeys: [] },
);
const message = fc.record(
  { jsonrpc: fc.oneof(fc.constant("2.0"), jsonValue), id, method, params: fc.oneof(toolCall, jsonValue) },
  { requiredKeys: [] },
);
/** Well-formed requests with hostile params: they reach the tools (and their parsers). */
const wellFormed = fc.record({
  jsonrpc: fc.constant("2.0"),
  id: fc.integer({ min: 0, max: 1e6 }),
  method: fc.constantFrom("tools/call", "tools/call", "tools/call", "tools/list", "ping"),
  params: toolCall,
});
const body = fc.oneof(
  wellFormed.map((m) => JSON.stringify(m)),
  fc.array(wellFormed, { minLength: 1, maxLength: 4 }).map((m) => JSON.stringify(m)),
  message.map((m) => JSON.stringify(m)),
  fc.array(message, { maxLength: 5 }).map((m) => JSON.stringify(m)),
  jsonValue.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "",
    "{",
    "[",
    "[]",
    "null",
    "[[]]",
    '{"jsonrpc":"2.0"}',
    "\u0000",
    "\ufeff{}",
    '{"jsonrpc":"2.0","id":1,"method":"ping"}garbage',
  ),
);

describe("fuzz: malformed JSON-RPC bodies in process", () => {
  it("never a 5xx; every 4xx a no-store problem document or a JSON-RPC error", async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await post(text);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const answer = await res.text();
        expect(res.status, text).toBeLessThan(500);
        expect(res.headers.get("Cache-Control")).toBe("no-store");
        if (res.status >= 400) {
          const parsed = JSON.parse(answer);
          if (res.headers.get("Content-Type") === "application/problem+json")
            expect(parsed.type).toMatch(/\/problems\//);
          else expect(parsed.error?.code, `${text} -> ${answer}`).toEqual(expect.any(Number));
        }
        if (res.status === 200) expect(() => JSON.parse(answer)).not.toThrow();
      }),
      { numRuns: 1500, seed: 20260613 },
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(200);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  }, 120_000);
});
