import { serializeJson } from "../../data-gen/serialize.js";

/**
 * PLACEHOLDER until data-gen/openapi.ts (the schemas helper's) exists: then this file imports
 * `openApiDocument()` from it. The serialised document is computed once per module.
 */
function openApiDocument(): object {
  return { openapi: "3.1.0", info: { title: "Swedish Calendar Service", version: "3.0.0" }, paths: {} };
}

let body: string | undefined;

export function openApiBody(): string {
  return (body ??= serializeJson(openApiDocument()));
}
