/**
 * Hostile structure, on an in-process server whose log is captured: an argument of any depth or size is a 400-class
 * refusal, never internal-error, and leaves one log line, no stack.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { PARAMETERS } from "../../contract/parameters.js";
import { PATHS } from "../../contract/paths.js";
import { MCP_MAX_BODY_BYTES, PROBLEM_BASE } from "../../contract/policies.js";
import { runToolNow, TOOLS } from "../../http/mcp-tools.js";
import { ADMITTED } from "../../http/ratelimit.js";
import { createLogger } from "../../server/log.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";
import { VALID } from "../contract/mcp-samples.js";
import { expectProblem } from "./hostile-checks.js";
import { rawRequest, requestText } from "./raw-http.js";

describe("hostile structure: refused as invalid, one log line, no stack (in-process server, log captured)", () => {
  const publicDir = mkdtempSync(join(tmpdir(), "hostile-structure-"));
  const lines: string[] = [];
  const logger = createLogger(
    { format: "json", level: "info", queries: true },
    { destination: { write: (line: string) => void lines.push(line) } },
  );
  let service: StandaloneServer;
  let base: string;
  let consoleError: MockInstance;
  beforeAll(async () => {
    // every call counted (the counting reads the arguments too), none refused for the rate limit
    service = createServer({ publicDir, rateLimits: true, store: { hit: () => ADMITTED }, logger, log: logger.log });
    base = (await service.listen(0, "127.0.0.1")).url.replace("localhost", "127.0.0.1");
    consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(async () => {
    consoleError.mockRestore();
    await service?.close(0);
    rmSync(publicDir, { recursive: true, force: true });
  });

  /** What the server wrote while `send` ran: exactly one access line, no other line, no stack, nothing on console.error. */
  async function oneLine<T>(label: string, send: () => Promise<T>): Promise<T> {
    const from = lines.length;
    consoleError.mockClear();
    const result = await send();
    for (let waited = 0; lines.length === from && waited < 2000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 20));
    const written = lines.slice(from);
    expect(
      written.map((l) => l.slice(0, 300)),
      label,
    ).toHaveLength(1);
    expect(JSON.parse(written[0]).method, label).toBeDefined();
    expect(written[0], label).not.toMatch(/\n\s+at |stack|RangeError/);
    expect(consoleError.mock.calls, label).toEqual([]);
    return result;
  }

  const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  /** A tools/call body with `json` (JSON text, which JSON.stringify could not write) as the value of `argument`. */
  const callBody = (tool: string, args: Record<string, unknown>, argument: string, json: string) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(tool)},"arguments":${JSON.stringify({ ...args, [argument]: "\u0000HOSTILE" }).replace(JSON.stringify("\u0000HOSTILE"), json)}}}`;
  const post = async (body: string) => {
    const res = await fetch(base + PATHS.mcp, { method: "POST", headers: HEADERS, body });
    return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
  };
  /** The other arguments of a call: a valid call of the tool (the samples), so the hostile value is the one at fault. */
  const validArguments = (tool: string) => VALID.find((s) => s.tool === tool)?.arguments ?? {};

  const DEEP = "[".repeat(20_000) + "]".repeat(20_000);
  /** within the endpoint's body limit: these reach the tools */
  const WITHIN: [string, string, RegExp][] = [
    ["a list nested 20,000 deep", DEEP, /nests lists or objects more than/],
    [
      "objects nested 10,000 deep",
      '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000),
      /nests lists or objects more than/,
    ],
    ["a list of 20,000 items", `[${"1,".repeat(19_999)}1]`, /holds more than/],
    ["a 60,000-character string", JSON.stringify("x".repeat(60_000)), /is longer than/],
  ];

  it("every argument of every tool, over HTTP: a tool result with the 400 problem naming it, never internal-error", async () => {
    let calls = 0;
    for (const tool of TOOLS) {
      for (const argument of tool.arguments) {
        const name = PARAMETERS[argument.parameter].name;
        for (const [label, json, refusal] of WITHIN) {
          const body = callBody(tool.name, validArguments(tool.name), argument.name, json);
          expect(body.length).toBeLessThan(MCP_MAX_BODY_BYTES);
          const what = `${tool.name} ${argument.name}: ${label}`;
          const res = await oneLine(what, () => post(body));
          expect(res.status, what).toBe(200);
          expect(res.body.result?.isError, what).toBe(true);
          const problem = res.body.result.structuredContent;
          expect(problem, what).toMatchObject({ type: `${PROBLEM_BASE}/invalid-parameter`, status: 400 });
          expect(problem.detail, what).toContain(`'${name}'`);
          expect(problem.detail, what).toMatch(refusal);
          calls++;
        }
      }
    }
    expect(calls).toBeGreaterThan(80);
  }, 120_000);

  it("every argument of every tool, in process: 20,000 deep, 1,000,000 items, a 1 MB string are each a 400 naming it", () => {
    let deep: unknown = "2026-06-19";
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const values: [string, unknown][] = [
      ["20,000 deep", deep],
      ["1,000,000 items", Array.from({ length: 1_000_000 }, () => "1d")],
      ["a 1 MB string", "x".repeat(1_000_000)],
    ];
    consoleError.mockClear();
    for (const tool of TOOLS) {
      for (const argument of tool.arguments) {
        for (const [label, value] of values) {
          const outcome = runToolNow(tool, { ...validArguments(tool.name), [argument.name]: value }, new Date());
          const what = `${tool.name} ${argument.name}: ${label}`;
          expect(outcome.ok, what).toBe(false);
          if (outcome.ok) continue;
          expect(outcome.problem, what).toMatchObject({ type: `${PROBLEM_BASE}/invalid-parameter`, status: 400 });
          expect(outcome.problem.detail, what).toContain(`'${PARAMETERS[argument.parameter].name}'`);
        }
      }
    }
    expect(consoleError.mock.calls).toEqual([]);
  });

  it("over the body limit (a 1 MB string, 1,000,000 items): 413 content-too-large, one log line", async () => {
    for (const json of [JSON.stringify("x".repeat(1_000_000)), `[${"1,".repeat(999_999)}1]`]) {
      const res = await oneLine("413", () => post(callBody("describe_day", {}, "date", json)));
      expect(res.status).toBe(413);
      expect(res.type).toBe("application/problem+json");
      expect(res.body).toMatchObject({ type: `${PROBLEM_BASE}/content-too-large`, status: 413 });
    }
  });

  it("a whole JSON-RPC body 20,000 deep: a 400 JSON-RPC parse error, one log line", async () => {
    for (const body of [DEEP, `[${DEEP}]`, '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000)]) {
      const res = await oneLine("deep body", () => post(body));
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe(-32700);
    }
  });

  it("HTTP: a query value of 1 MB is a 431 on the socket; a 1 MB value read in process is a 400 naming it", async () => {
    const raw = await oneLine("1 MB query", () =>
      rawRequest(base, requestText("GET", `${PATHS.holidays}?year=${"9".repeat(1_000_000)}`)),
    );
    expectProblem(raw, 431, "request-header-fields-too-large");
    const answer = await service.fetch(new Request(`http://localhost${PATHS.holidays}?year=${"9".repeat(1_000_000)}`));
    expect(answer.status).toBe(400);
    expect((await answer.json()).detail).toMatch(/'year' is longer than/);
  });

  it("HTTP: a parameter given 1,000 times is a 400 naming it, one log line", async () => {
    const target = `${PATHS.shift}?date=2026-06-19&${"add=1d&".repeat(1000)}`;
    const res = await oneLine("repeated", () => rawRequest(base, requestText("GET", target)));
    expectProblem(res, 400, "invalid-parameter");
    expect(JSON.parse(res.body).detail).toMatch(/'add' holds more than/);
  });
});
