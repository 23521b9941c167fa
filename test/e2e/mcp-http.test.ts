/**
 * The MCP endpoint over real HTTP, against the standalone server (`npm start`, the e2e global setup's): a fuzz of
 * malformed JSON-RPC requests, over fetch and raw sockets: never a 5xx or silence, every HTTP-level refusal a no-store
 * problem document, every protocol error a JSON-RPC error. The SDK's client: mcp.test.ts.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { MCP_MAX_BODY_BYTES, PROBLEM_BASE } from "../../contract/policies.js";
import { TOOL_NAMES } from "../contract/mcp-samples.js";
import { e2eBaseUrl } from "./base-url.js";
import { type RawResponse, rawRequest } from "./raw-http.js";

const BASE = e2eBaseUrl();
const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function post(body: string, headers: Record<string, string> = HEADERS): Promise<Answer> {
  const res = await fetch(BASE + PATHS.mcp, { method: "POST", headers, body });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

/** A `tools/call` request of id 1 with these params. */
const callTool = (params: unknown) => post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params }));

/** Raw bytes to /mcp (for what fetch will not send: no Content-Length, chunked oversize, a lying length, odd methods). */
async function raw(text: string | Buffer): Promise<Answer> {
  const res: RawResponse = await rawRequest(BASE!, text, { timeoutMs: 10_000 });
  return { status: res.status, headers: res.headers, body: res.body };
}

/** The rules every answer of /mcp keeps; returns a label of its kind. */
function check(answer: Answer, label: string): string {
  expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBeGreaterThan(0);
  expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  expect(answer.headers["cache-control"], label).toBe("no-store");
  expect(answer.headers["access-control-allow-origin"], label).toBe("*");
  expect(answer.headers["ratelimit-policy"], label).toBe("10;w=60");
  if (answer.status < 400) return String(answer.status);
  const body = JSON.parse(answer.body);
  if (answer.headers["content-type"] === "application/problem+json") {
    expect(body.type, label).toMatch(new RegExp(`^${PROBLEM_BASE}/`));
    expect(body.status, label).toBe(answer.status);
    return `${answer.status} ${body.type.split("/").pop()}`;
  }
  // a protocol error: a JSON-RPC error (400), never for an HTTP-level refusal
  expect(answer.status, label).toBe(400);
  expect(answer.headers["content-type"], label).toMatch(/^application\/json/);
  expect(body.jsonrpc, label).toBe("2.0");
  expect(body.error.code, label).toEqual(expect.any(Number));
  return `400 json-rpc ${body.error.code}`;
}

const CHUNK = "a".repeat(8192);
const chunked = (count: number) => Array.from({ length: count }, () => `2000\r\n${CHUNK}\r\n`).join("") + "0\r\n\r\n";
const HEAD = `POST ${PATHS.mcp} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n`;
const JSON_HEADERS = "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n";

describe.skipIf(!BASE)("MCP over HTTP: HTTP-level refusals are problems, protocol errors JSON-RPC, never a 5xx", () => {
  it.each([
    ["GET", 405],
    ["DELETE", 405],
    ["HEAD", 405],
    ["PUT", 405],
    ["TRACE", 405],
  ])("%s /mcp: %i with Allow: POST, OPTIONS", async (method, status) => {
    const res = await rawRequest(
      BASE!,
      `${method} ${PATHS.mcp} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n`,
      { head: method === "HEAD" },
    );
    expect(res.status).toBe(status);
    expect(res.headers.allow).toBe("POST, OPTIONS");
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("OPTIONS /mcp: the preflight allows POST and the MCP headers", async () => {
    const res = await fetch(BASE + PATHS.mcp, {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.org",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, accept, mcp-protocol-version",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("content-type, accept, mcp-protocol-version");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("POST elsewhere is still 405 with GET, HEAD, OPTIONS", async () => {
    for (const path of [PATHS.holidays, `${PATHS.mcp}/`, `${PATHS.mcp}/x`, "/v3/mcp"]) {
      const res = await fetch(BASE + path, { method: "POST", headers: HEADERS, body: "{}" });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
      await res.arrayBuffer();
    }
  });

  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  const CASES: [string, () => Promise<Answer>, string][] = [
    ["invalid JSON", () => post('{"jsonrpc":"2.0",'), "400 json-rpc -32700"],
    ["empty body", () => post(""), "400 json-rpc -32700"],
    ["null", () => post("null"), "400 json-rpc -32700"],
    ["a number", () => post("12"), "400 json-rpc -32700"],
    ["missing method", () => post(JSON.stringify({ jsonrpc: "2.0", id: 1 })), "400 json-rpc -32700"],
    [
      "wrong jsonrpc version",
      () => post(JSON.stringify({ jsonrpc: "1.0", id: 1, method: "ping" })),
      "400 json-rpc -32700",
    ],
    ["method a number", () => post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: 7 })), "400 json-rpc -32700"],
    [
      "id an object",
      () => post(JSON.stringify({ jsonrpc: "2.0", id: { a: 1 }, method: "ping" })),
      "400 json-rpc -32700",
    ],
    ["huge id (1e400)", () => post('{"jsonrpc":"2.0","id":1e400,"method":"ping"}'), "400 json-rpc -32700"],
    [
      "huge integer id",
      () => post('{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}'),
      "400 json-rpc -32700",
    ],
    ["long string id", () => post(JSON.stringify({ jsonrpc: "2.0", id: "x".repeat(30_000), method: "ping" })), "200"],
    ["unknown method", () => post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/list" })), "200"],
    ["tools/call with array arguments", () => callTool({ name: "describe_day", arguments: [1] }), "200"],
    ["tools/call with a 20 KiB tool name", () => callTool({ name: "n".repeat(20_000) }), "200"],
    [
      "tools/call with hostile values",
      () => callTool({ name: "shift_date", arguments: { date: "2024-01-01", steps: ["99999999999999999999d"] } }),
      "200",
    ],
    ["empty batch", () => post("[]"), "202"],
    [
      "batch of pings",
      () => post(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" })))),
      "200",
    ],
    [
      "batch over 100",
      () => post(JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" })))),
      "400 json-rpc -32600",
    ],
    [
      "batch with a bad member",
      () => post(JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }, { nope: true }])),
      "400 json-rpc -32700",
    ],
    ["nested batch", () => post("[[" + ping + "]]"), "400 json-rpc -32700"],
    [
      "batch with duplicate ids",
      () =>
        post(
          JSON.stringify([
            { jsonrpc: "2.0", id: 1, method: "ping" },
            { jsonrpc: "2.0", id: 1, method: "tools/list" },
          ]),
        ),
      "200",
    ],
    [
      "self-cancelling batch",
      () =>
        post(
          JSON.stringify([
            { jsonrpc: "2.0", id: 3, method: "ping" },
            { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } },
          ]),
        ),
      "202",
    ],
    [
      "two initializes in a batch",
      () =>
        post(
          JSON.stringify(
            [1, 2].map((id) => ({
              jsonrpc: "2.0",
              id,
              method: "initialize",
              params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
            })),
          ),
        ),
      "400 json-rpc -32600",
    ],
    [
      "unsupported protocol version header",
      () => post(ping, { ...HEADERS, "MCP-Protocol-Version": "1999-01-01" }),
      "400 json-rpc -32000",
    ],
    ["a response posted by the client", () => post(JSON.stringify({ jsonrpc: "2.0", id: 5, result: {} })), "202"],
    ["text/plain", () => post(ping, { ...HEADERS, "Content-Type": "text/plain" }), "415 unsupported-media-type"],
    [
      "no content type",
      () => raw(`${HEAD}Accept: application/json, text/event-stream\r\nContent-Length: ${ping.length}\r\n\r\n${ping}`),
      "415 unsupported-media-type",
    ],
    [
      "form content type",
      () => post(ping, { ...HEADERS, "Content-Type": "application/x-www-form-urlencoded" }),
      "415 unsupported-media-type",
    ],
    [
      "no Accept",
      () => raw(`${HEAD}Content-Type: application/json\r\nContent-Length: ${ping.length}\r\n\r\n${ping}`),
      "406 not-acceptable",
    ],
    [
      "Accept: application/json only",
      () => post(ping, { ...HEADERS, Accept: "application/json" }),
      "406 not-acceptable",
    ],
    [
      "oversized (declared)",
      () =>
        post(
          JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(MCP_MAX_BODY_BYTES) } }),
        ),
      "413 content-too-large",
    ],
    [
      "oversized (chunked, no length)",
      () => raw(`${HEAD}${JSON_HEADERS}Transfer-Encoding: chunked\r\n\r\n${chunked(12)}`),
      "413 content-too-large",
    ],
    [
      "a 10 GB Content-Length",
      () => raw(`${HEAD}${JSON_HEADERS}Content-Length: 10000000000\r\n\r\n{}`),
      "413 content-too-large",
    ],
    [
      "invalid UTF-8",
      () =>
        raw(
          Buffer.concat([
            Buffer.from(`${HEAD}${JSON_HEADERS}Content-Length: 4\r\n\r\n`),
            Buffer.from([0xff, 0xfe]),
            Buffer.from("{}"),
          ]),
        ),
      "400 json-rpc -32700",
    ],
  ];

  it.each(CASES)("%s", async (label, send, expected) => {
    expect(check(await send(), label)).toBe(expected);
  });

  it("a seeded sweep of random JSON-RPC-ish bodies: never a 5xx", async () => {
    const value = fc.jsonValue({ maxDepth: 2 });
    const message = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant("2.0"), value),
        id: fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), value),
        method: fc.oneof(
          fc.constantFrom("ping", "tools/list", "tools/call", "initialize", "notifications/cancelled"),
          fc.string({ maxLength: 12 }),
        ),
        params: fc.oneof(
          fc.record({
            name: fc.constantFrom(...TOOL_NAMES, "x"),
            arguments: fc.dictionary(fc.constantFrom("date", "year", "from", "to", "steps", "days", "code"), value, {
              maxKeys: 4,
            }),
          }),
          value,
        ),
      },
      { requiredKeys: [] },
    );
    const bodies = fc.sample(
      fc.oneof(
        message.map((m) => JSON.stringify(m)),
        fc.array(message, { maxLength: 4 }).map((m) => JSON.stringify(m)),
        fc.string({ maxLength: 80 }),
      ),
      { numRuns: 300, seed: 20261123 },
    );
    const kinds = new Map<string, number>();
    const queue = [...bodies];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
          const kind = check(await post(body), body.slice(0, 120));
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
      }),
    );
    expect(kinds.get("200") ?? 0).toBeGreaterThan(10);
    expect(kinds.get("400 json-rpc -32700") ?? 0).toBeGreaterThan(10);
    expect((await fetch(`${BASE}${PATHS.health}`)).status).toBe(200);
  }, 120_000);
});
