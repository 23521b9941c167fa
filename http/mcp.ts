/**
 * The Model Context Protocol endpoint (docs/mcp.md): stateless Streamable HTTP with JSON answers, built with the
 * official SDK. Each POST gets a fresh SDK `Server` and `WebStandardStreamableHTTPServerTransport`
 * (`sessionIdGenerator: undefined`, `enableJsonResponse: true`), as the SDK's stateless examples do: a stateless
 * transport must not be reused, and a server costs a few objects (the tool list is built once, and the server is
 * given a validator that needs no Ajv instance, as it asks the client nothing).
 *
 * Why the SDK's low-level `Server` rather than `McpServer`: McpServer wants zod shapes, validates arguments with them
 * (its messages, not the API's problem slugs) and answers an unknown tool with a tool result; here the input schemas
 * are the HTTP parameters' own JSON Schemas (./mcp-tools.ts), only the route table's parsers judge the arguments,
 * and an unknown tool is a JSON-RPC error (-32602), as the protocol asks.
 *
 * Layers: serve() (CORS preflight, 405 with `Allow: POST, OPTIONS` for GET/DELETE/anything else, the `mcp` rate-limit group's
 * limit, problem documents, common headers); here the HTTP-level checks the transport would otherwise answer with
 * JSON-RPC bodies (415 content type, 406 Accept, 413 size), answered as problem documents; then the transport, which
 * answers the protocol: JSON-RPC results and errors (a body that is not JSON or not JSON-RPC is a -32700 error, 400).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  type CallToolRequest,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/index.js";
import * as z from "zod/v4";
import { PATHS } from "../contract/paths.js";
import { API_VERSION, MCP_MAX_BODY_BYTES, NO_STORE } from "../contract/policies.js";
import { ProblemError } from "../contract/problems.js";
import type { Answer } from "./http.js";
import { listedTools } from "./mcp-listing.js";
import { callResult, MCP_INSTRUCTIONS, runTool, TOOL_BY_NAME } from "./mcp-tools.js";
import { respond, serve } from "./pipeline.js";
import { notFound } from "./problem.js";
import { type ServiceContext, tableRateLimitGroup } from "./request-context.js";

export const MCP_SERVER_INFO = {
  name: "swedish-calendar",
  title: "Swedish Calendar Service",
  version: API_VERSION,
} as const;

/**
 * How long a POST may take before the endpoint gives up on the transport's answer: a net under a fault of ours (every
 * tool answers in milliseconds, and the one known way to make the SDK never answer, a batch that cancels its own
 * request, is taken apart first: withoutSelfCancelled). Well below the platform's function timeout.
 */
export const MCP_ANSWER_DEADLINE_MS = 5_000;

/**
 * The SDK server validates elicitation answers with Ajv, built per server by default. This server never elicits, so
 * nothing is ever validated: a validator that accepts nothing, without an Ajv instance per request.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: "this server asks the client nothing (no elicitation)",
  }),
};

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * `tools/call` as the handler is registered: any params. The SDK's Server then validates them with its own
 * CallToolRequestSchema and answers a malformed call (`arguments` an array, no `name`) with -32602 invalid params;
 * registered with that schema itself, the parse would fail a step earlier and answer -32603 internal error.
 */
const ANY_TOOLS_CALL = z.object({ method: z.literal("tools/call"), params: z.unknown() });

/**
 * A JSON-RPC error thrown from a handler: the SDK's Protocol sends `code` and `message` as they are. Not an McpError:
 * its message already reads "MCP error <code>: …", and the client's McpError adds that prefix again, so an McpError
 * thrown here reached the model as "MCP error -32602: MCP error -32602: …".
 */
export function protocolError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/** A fresh SDK server with the tools; `ctx` gives the calls their clock (Stockholm's "today"). */
export function mcpServer(ctx: ServiceContext): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: MCP_INSTRUCTIONS,
    jsonSchemaValidator: NO_ELICITATION,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listedTools() }));
  server.setRequestHandler(ANY_TOOLS_CALL, async (loose): Promise<CallToolResult> => {
    const request = loose as CallToolRequest; // validated by the Server's wrapper before this runs
    const tool = TOOL_BY_NAME.get(request.params.name);
    if (!tool) {
      throw protocolError(
        ErrorCode.InvalidParams,
        `Unknown tool: '${shown(request.params.name)}'; tools/list names the tools (${[...TOOL_BY_NAME.keys()].join(", ")})`,
      );
    }
    return callResult(tool, await runTool(tool, request.params.arguments ?? {}, ctx)) as CallToolResult;
  });
  return server;
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP-level checks: problem documents, before the transport sees the request
// ---------------------------------------------------------------------------------------------------------------

/** `Accept` as the transport reads it (a substring test of both types), so that the transport never answers 406 itself. */
const acceptsBoth = (accept: string | null) =>
  !!accept && accept.includes("application/json") && accept.includes("text/event-stream");

const tooLarge = () =>
  new ProblemError(
    "content-too-large",
    `the request body is larger than ${MCP_MAX_BODY_BYTES} bytes (${MCP_MAX_BODY_BYTES / 1024} KiB)`,
  );

/** The body as text, refusing a declared or actual size over the limit without reading further. */
async function readBody(request: Request, max: number): Promise<string> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > max) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

type Message = { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
const isMessage = (m: unknown): m is Message => typeof m === "object" && m !== null && !Array.isArray(m);

/**
 * A batch may cancel one of its own requests (`notifications/cancelled` naming the id of a request in the same batch).
 * The SDK then aborts the request and never answers it, and the HTTP answer would wait for it forever. The client
 * asked for no answer to it: such requests are dropped before the transport sees the batch (the rest is answered as
 * usual; a batch left with no request is 202 Accepted). Anything else passes as it came, for the transport to judge.
 */
export function withoutSelfCancelled(body: string): string {
  if (!/^\s*\[/.test(body)) return body;
  let batch: unknown;
  try {
    batch = JSON.parse(body);
  } catch {
    return body;
  }
  if (!Array.isArray(batch)) return body;
  const cancelled = batch
    .filter((m) => isMessage(m) && m.method === "notifications/cancelled" && m.id === undefined)
    .map((m: Message) => m.params?.requestId);
  if (cancelled.length === 0) return body;
  const isCancelledRequest = (m: unknown) =>
    isMessage(m) && m.id !== undefined && typeof m.method === "string" && cancelled.includes(m.id);
  return JSON.stringify(batch.filter((m) => !isCancelledRequest(m)));
}

/** The HTTP-level refusals of a POST, as problem documents (thrown, serve() answers them). */
function checkHeaders(request: Request): void {
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw new ProblemError(
      "unsupported-media-type",
      "the 'Content-Type' header must be application/json: the body is a JSON-RPC message",
    );
  }
  if (!acceptsBoth(request.headers.get("Accept"))) {
    throw new ProblemError(
      "not-acceptable",
      "the 'Accept' header must list both application/json and text/event-stream (MCP Streamable HTTP); this server answers application/json",
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The endpoint
// ---------------------------------------------------------------------------------------------------------------

const SDK_PREFIX = /^MCP error -?\d+: /;

/** A JSON-RPC error's message without the SDK's "MCP error <code>: " prefix (the client adds it). */
function unprefixed(message: unknown): unknown {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return message;
  const error = (message as { error?: { message?: unknown } }).error;
  if (!error || typeof error.message !== "string" || !SDK_PREFIX.test(error.message)) return message;
  return { ...message, error: { ...error, message: error.message.replace(SDK_PREFIX, "") } };
}

/**
 * The SDK's Server throws McpErrors of its own (a malformed `tools/call`: "Invalid tools/call request: …"), whose
 * messages already read "MCP error -32602: …"; its Protocol sends them as they are and the client's McpError adds the
 * prefix again. Such messages leave without it, so the client shows one prefix (ours are sent without: protocolError).
 * The transport's Response becomes the pipeline's Answer here (its JSON body is complete: `enableJsonResponse`), with
 * header names written as the contract writes them and `Cache-Control: no-store`.
 */
export async function answerOfTransport(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase())] = value;
  });
  headers["Cache-Control"] = NO_STORE;
  if (!response.body) return { status: response.status, headers, body: null };
  const text = await response.text();
  if (!/^application\/json/.test(response.headers.get("Content-Type") ?? "") || !text.includes('"MCP error '))
    return { status: response.status, headers, body: text };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { status: response.status, headers, body: text };
  }
  const fixed = JSON.stringify(Array.isArray(answer) ? answer.map(unprefixed) : unprefixed(answer));
  return { status: response.status, headers, body: fixed };
}

/** A `tools/call` request a POST carries, as sent (its name and arguments unchecked). */
export interface CalledTool {
  name: unknown;
  arguments: unknown;
}

/** The `tools/call` requests of a body (one message or a batch); none when it is not JSON. */
export function toolCallsOf(body: string): CalledTool[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  return messages
    .filter(
      (m): m is Message & { params?: Record<string, unknown> } =>
        isMessage(m) && m.method === "tools/call" && m.id !== undefined,
    )
    .map((m) => ({ name: m.params?.name, arguments: m.params?.arguments }));
}

/**
 * Counts a POST's tool calls (the standalone server): the 429 answer when one is over the limit, else undefined.
 * Protocol messages (initialize, notifications, tools/list, ping) are never counted.
 */
export type ToolCallCounter = (
  calls: CalledTool[],
  ctx: ServiceContext,
) => Answer | undefined | Promise<Answer | undefined>;

/** A POST to the MCP endpoint (serve() has answered every other method); `countCalls` counts its tool calls. */
export async function answerMcp(request: Request, ctx: ServiceContext, countCalls?: ToolCallCounter): Promise<Answer> {
  const url = new URL(request.url);
  if (url.pathname !== PATHS.mcp) throw notFound(url.pathname);
  checkHeaders(request);
  const body = await readBody(request, MCP_MAX_BODY_BYTES);
  if (countCalls) {
    const over = await countCalls(toolCallsOf(body), ctx);
    if (over) return over;
  }

  const server = mcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await server.connect(transport);
    // the body read above, handed over as the transport reads it (it parses and validates the JSON-RPC itself)
    const forwarded = new Request(url, { method: "POST", headers: request.headers, body: withoutSelfCancelled(body) });
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`MCP: the transport gave no answer within ${MCP_ANSWER_DEADLINE_MS} ms`)),
        MCP_ANSWER_DEADLINE_MS,
      );
    });
    return await answerOfTransport(await Promise.race([transport.handleRequest(forwarded), deadline]));
  } finally {
    clearTimeout(timer);
    await server.close().catch(() => undefined);
  }
}

/** The `mcp` rate-limit group: its rate limit (RATE_LIMITS.mcp) in every answer's headers. */
export const MCP_RATE_LIMIT_GROUP = tableRateLimitGroup("mcp");

/**
 * Every request to /mcp, with the shared HTTP rules of serve(). With `countCalls` (the standalone server) the POST
 * itself is not counted, its tool calls are, on the `mcp` group's rate limit; without (a Netlify Function) nothing is
 * counted here: the platform counts the function's POSTs (contract/policies.ts MCP_PLATFORM_POSTS).
 */
export function mcpHandler(countCalls?: ToolCallCounter): ReturnType<typeof respond> {
  const rateLimitGroup = countCalls ? { ...MCP_RATE_LIMIT_GROUP, counted: false } : MCP_RATE_LIMIT_GROUP;
  // respond() is handed Fetch Requests only, whose body the transport reads
  return respond(serve(rateLimitGroup, (ctx) => answerMcp(ctx.request as Request, ctx, countCalls)));
}

export const handleMcp = mcpHandler();
