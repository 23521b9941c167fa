/** What every piece of the OpenAPI document shares: the JSON type and references into `components`. */
import type { SchemaName } from "../bodies.js";

export type Json = Record<string, unknown>;

export const componentRef = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const schemaRef = (name: SchemaName | "OpenApiDocument") => componentRef("schemas", name);
