import { openApiDocument } from "../../contract/openapi.js";
import { serializeJson } from "../../contract/serialize.js";

/** The served OpenAPI document (the public form), serialised once per module, on first use. */
let body: string | undefined;

export function openApiBody(): string {
  return (body ??= serializeJson(openApiDocument()));
}
