/**
 * `paths`: the operations of each route, one per method the route declares (`methods`, the list serve()
 * answers and refuses by, so the document and the service cannot disagree): GET (or POST, the MCP endpoint) with its
 * parameters, request body and responses; HEAD, the GET's answers without a body; OPTIONS, the CORS preflight.
 */
import type { ResponseExamples } from "../examples.js";
import { PARAMETERS } from "../parameters.js";
import { allowHeaderOf, DEFAULT_ALLOWED_HEADERS, NO_STORE, PREFLIGHT_MAX_AGE_SECONDS } from "../policies.js";
import { ROUTES, type Route } from "../routes.js";
import { h } from "./headers.js";
import { componentRef, type Json } from "./json.js";
import { parameterRef } from "./parameters.js";
import { RESPONSES, responsesOf } from "./responses.js";

/** The main operation of a route: `get` for the read-only routes, `post` for a route that answers POST (the MCP endpoint). */
function operationMethod(route: Route): "get" | "post" {
  return route.methods.includes("GET") ? "get" : "post";
}

function op(
  tag: string,
  operationId: string,
  summary: string,
  description: string,
  parameters: Json[],
  responses: Json,
  extra: Json = {},
): Json {
  return {
    tags: [tag],
    operationId,
    summary,
    description,
    ...(parameters.length ? { parameters } : {}),
    responses,
    ...extra,
  };
}

/** The request body of a route that takes one (the MCP endpoint's JSON-RPC message). */
function requestBodyOf(route: Route): Json {
  if (!route.requestBody) return {};
  const { schema, description } = route.requestBody;
  return {
    requestBody: {
      required: true,
      description,
      content: { "application/json": { schema: componentRef("schemas", schema) } },
    },
  };
}

/** A response as HEAD answers it: the GET's status and headers, no body (a shared response read from `components`). */
function withoutBody(response: Json): Json {
  const ref = typeof response.$ref === "string" ? response.$ref.replace("#/components/responses/", "") : undefined;
  const { description, headers } = (ref ? (RESPONSES[ref] as Json) : response) as {
    description: string;
    headers?: Json;
  };
  return { description: `As GET, without a body. ${description}`, ...(headers ? { headers } : {}) };
}

/** The preflight's answer (http/method-gate.ts preflight), and what the server answers before any route. */
function preflightResponses(route: Route): Json {
  const allow = allowHeaderOf(route.methods);
  const header = (description: string, schema: Json) => ({ description, schema });
  return {
    "204": {
      description: "The CORS preflight: which methods and request headers a browser may use here, for how long.",
      headers: {
        "Access-Control-Allow-Methods": header("The methods this path answers.", { type: "string", const: allow }),
        "Access-Control-Allow-Headers": header(
          `The headers the preflight asked for (\`Access-Control-Request-Headers\`), else \`${DEFAULT_ALLOWED_HEADERS}\`.`,
          { type: "string" },
        ),
        "Access-Control-Max-Age": header("Seconds a browser may keep this answer.", {
          type: "integer",
          const: PREFLIGHT_MAX_AGE_SECONDS,
        }),
        "Access-Control-Allow-Origin": h("Access-Control-Allow-Origin"),
        "Cache-Control": header("Never cached by a shared cache.", { type: "string", const: NO_STORE }),
      },
    },
    "408": componentRef("responses", "RequestTimeout"),
    "414": componentRef("responses", "UriTooLong"),
    "417": componentRef("responses", "ExpectationFailed"),
    "431": componentRef("responses", "HeaderFieldsTooLarge"),
    "500": componentRef("responses", "InternalError"),
  };
}

/** The operations of a route, one per method it declares. */
function operations(route: Route, examples: ResponseExamples | undefined): Json {
  const { tag, operationId, summary, description, deprecated } = route.doc;
  const parameters = route.parameters.map(parameterRef);
  const marks = deprecated ? { deprecated: true } : {};
  const main = op(tag, operationId, summary, description, parameters, responsesOf(route, examples), {
    ...requestBodyOf(route),
    ...marks,
  });
  const out: Json = { [operationMethod(route)]: main };
  if (route.methods.includes("HEAD")) {
    const responses = Object.fromEntries(
      Object.entries(main.responses as Json).map(([status, response]) => [status, withoutBody(response as Json)]),
    );
    out.head = op(
      tag,
      `${operationId}Head`,
      `${summary} (headers only)`,
      "The GET's status and headers, without a body.",
      parameters,
      responses,
      marks,
    );
  }
  if (route.methods.includes("OPTIONS")) {
    const pathParameters = route.parameters.filter((key) => PARAMETERS[key].in === "path").map(parameterRef);
    out.options = op(
      tag,
      `${operationId}Preflight`,
      "CORS preflight",
      "Answered before the rate limit is applied: a preflight is never refused with 429.",
      pathParameters,
      preflightResponses(route),
      marks,
    );
  }
  return out;
}

/** Every route, with an operation per method. */
export function paths(examples: ResponseExamples | undefined): Json {
  return Object.fromEntries(ROUTES.map((route) => [route.path, operations(route, examples)]));
}
