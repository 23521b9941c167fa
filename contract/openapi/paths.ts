/** `paths`: one operation per row of the route table, its parameters, request body and responses. */
import type { ResponseExamples } from "../examples.js";
import { ROUTES, type Route } from "../routes.js";
import { componentRef, type Json } from "./json.js";
import { parameterRef } from "./parameters.js";
import { responsesOf } from "./responses.js";

/** A row's operation: `get` for the read-only rows, `post` for a row that answers POST (the MCP endpoint). */
function operationMethod(route: Route): "get" | "post" {
  return route.methods.includes("GET") ? "get" : "post";
}

function op(method: "get" | "post", tag: string, operationId: string, summary: string, description: string, parameters: Json[], responses: Json, extra: Json = {}): Json {
  return { [method]: { tags: [tag], operationId, summary, description, ...(parameters.length ? { parameters } : {}), responses, ...extra } };
}

/** The request body of a row that takes one (the MCP endpoint's JSON-RPC message). */
function requestBodyOf(route: Route): Json {
  if (!route.requestBody) return {};
  const { schema, description } = route.requestBody;
  return { requestBody: { required: true, description, content: { "application/json": { schema: componentRef("schemas", schema) } } } };
}

/** One operation per row of the route table: GET for the read-only rows, POST for the MCP endpoint. */
export function paths(examples: ResponseExamples | undefined): Json {
  return Object.fromEntries(
    ROUTES.map((route) => [
      route.path,
      op(
        operationMethod(route),
        route.doc.tag,
        route.doc.operationId,
        route.doc.summary,
        route.doc.description,
        route.parameters.map(parameterRef),
        responsesOf(route, examples),
        { ...requestBodyOf(route), ...(route.doc.deprecated ? { deprecated: true } : {}) },
      ),
    ]),
  );
}
