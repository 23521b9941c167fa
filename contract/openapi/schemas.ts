/**
 * `components.schemas`: the body schemas of contract/bodies.ts as components, the document's own schema and the
 * JSON-RPC envelopes of the MCP endpoint.
 */
import { SCHEMA_BASE, SCHEMAS } from "../bodies.js";
import { loosen } from "../json-schema.js";
import type { Json } from "./json.js";

/** A schema of schemas.ts as an OpenAPI component: no `$schema`/`$id`; refs point into components. */
function toComponent(schema: Json): Json {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === "object") {
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === "$ref" && typeof v === "string" && v.startsWith(SCHEMA_BASE + "/")) {
          out.$ref = `#/components/schemas/${v.slice(SCHEMA_BASE.length + 1)}`;
        } else out[k] = rewrite(v);
      }
      return out;
    }
    return value;
  };
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rewrite(rest) as Json;
}

export function componentSchemas(strict: boolean): Json {
  const out: Json = {};
  for (const [name, schema] of Object.entries(SCHEMAS)) out[name] = toComponent(strict ? schema : loosen(schema));
  // not a schema of schemas.ts: the body of /v3/openapi.json itself
  out.OpenApiDocument = {
    type: "object",
    description: "This OpenAPI 3.1 document.",
    required: ["openapi", "info", "paths"],
    properties: { openapi: { type: "string", const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
  };
  for (const [name, schema] of Object.entries(JSON_RPC_SCHEMAS)) out[name] = strict ? schema : loosen(schema);
  return out;
}

/**
 * Not schemas of schemas.ts either: the JSON-RPC 2.0 envelopes the MCP endpoint reads and answers (the messages
 * themselves are the Model Context Protocol's, specified at modelcontextprotocol.io and validated by its SDK). Closed
 * envelopes, as JSON-RPC 2.0 and the SDK read them; the public form is loosened like every other schema.
 */
const JSON_RPC_ID = { type: ["string", "integer"], description: "The request's id, echoed in its response." };
const JSON_RPC_MESSAGE: Json = {
  type: "object",
  description:
    "A JSON-RPC 2.0 message of the Model Context Protocol: a request (`id` and `method`: `initialize`, `ping`, `tools/list`, " +
    "`tools/call`), a notification (`method` without `id`, e.g. `notifications/initialized`) or a response.",
  required: ["jsonrpc"],
  properties: {
    jsonrpc: { type: "string", const: "2.0" },
    id: JSON_RPC_ID,
    method: { type: "string", examples: ["tools/call"] },
    params: { type: "object" },
  },
  additionalProperties: false,
};
const JSON_RPC_SCHEMAS: Json = {
  JsonRpcRequest: {
    description: "One message, or a batch (an array) of at most 100.",
    oneOf: [JSON_RPC_MESSAGE, { type: "array", minItems: 1, maxItems: 100, items: JSON_RPC_MESSAGE }],
    examples: [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "describe_day", arguments: { date: "2026-06-19" } },
      },
    ],
  },
  JsonRpcResponse: {
    description:
      "The response to each request: `result`, or `error` with a JSON-RPC code (-32700 unparseable JSON or not a JSON-RPC " +
      "message, -32600 invalid request, -32601 unknown method, -32602 invalid params or an unknown tool). A tool that refuses " +
      "its arguments answers a `result` with `isError: true` and the problem slug and detail the v3 endpoint gives.",
    oneOf: [
      {
        type: "object",
        required: ["jsonrpc", "id"],
        properties: {
          jsonrpc: { type: "string", const: "2.0" },
          id: { ...JSON_RPC_ID, type: ["string", "integer", "null"] },
          result: { type: "object" },
          error: {
            type: "object",
            required: ["code", "message"],
            properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
      { type: "array", items: { type: "object" } },
    ],
  },
};
