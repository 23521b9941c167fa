/**
 * The served OpenAPI document as bytes (`GET /v3/openapi.json`, and the dataset's copy of it), serialised once per
 * process, on first use. Its own module so the deploy bundles can evaluate it at build time (build/bundle.ts
 * PRECOMPUTED): the v3 function then ships the document as a string and loads neither the OpenAPI generator, the
 * schema library it is built with, nor the handlers its examples are computed by.
 */
import { serializeJson } from "../contract/serialize.js";
import { publicOpenApiDocument } from "./openapi.js";

let body: string | undefined;

export function openApiBody(): string {
  return (body ??= serializeJson(publicOpenApiDocument()));
}
