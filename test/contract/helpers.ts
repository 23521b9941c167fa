/**
 * Contract-test helpers: validators built from the OpenAPI document itself (its strict form), so a response is
 * checked against exactly what the document says for its path, method and status.
 */

import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import { PROBLEM_BASE, SCHEMAS, type SchemaName, schemaId } from "../../contract/bodies.js";
import { openApiDocument } from "../../contract/openapi.js";
import { PROBLEM_STATUS, type ProblemSlug } from "../../contract/problems.js";

// CJS default-export interop under NodeNext: the classes sit on `.default` of the module namespace
type Ajv2020Class = typeof Ajv2020Module.default;
type AddFormats = typeof addFormatsModule.default;
const Ajv2020: Ajv2020Class =
  (Ajv2020Module as unknown as { default?: Ajv2020Class }).default ?? (Ajv2020Module as unknown as Ajv2020Class);
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

type Json = Record<string, any>;

export function makeAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

/** A validator with every schema of schemas.ts added (by `$id`). */
export function schemaValidators() {
  const ajv = makeAjv();
  ajv.addSchema(Object.values(SCHEMAS) as object[]);
  const cache = new Map<SchemaName, ValidateFunction>();
  return (name: SchemaName): ValidateFunction => {
    let v = cache.get(name);
    if (!v) {
      v = ajv.getSchema(schemaId(name));
      if (!v) throw new Error(`no schema ${name}`);
      cache.set(name, v);
    }
    return v;
  };
}

export const CONTRACT_DOCUMENT: Json = openApiDocument({ strict: true });

const ROOT_ID = "urn:swedish-calendar:contract:components";

/** Rewrites `#/components/schemas/X` to an absolute ref into the validator's components root. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value && typeof value === "object") {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/")) {
        out.$ref = `${ROOT_ID}#/$defs/${v.slice("#/components/schemas/".length)}`;
      } else out[k] = rebase(v);
    }
    return out;
  }
  return value;
}

/** Follows a `$ref` to `#/components/...` inside the document. */
export function resolve(doc: Json, value: Json): Json {
  let current = value;
  for (let guard = 0; current && typeof current.$ref === "string" && guard < 10; guard++) {
    const ref: string = current.$ref;
    if (!ref.startsWith("#/")) throw new Error(`external ref ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .reduce((node: any, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    if (current === undefined) throw new Error(`unresolvable ref ${ref}`);
  }
  return current;
}

/** Path templates of the document, as matchers. */
function templateMatchers(doc: Json): { template: string; regex: RegExp }[] {
  return Object.keys(doc.paths).map((template) => ({
    template,
    regex: new RegExp("^" + template.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+") + "$"),
  }));
}

export interface DocumentValidator {
  doc: Json;
  /** The path template of the document a pathname matches, if any. */
  templateOf(pathname: string): string | undefined;
  /** The response object (resolved) the document declares for path + method + status, if any. */
  responseOf(template: string, status: number, method?: string): Json | undefined;
  /** Validates a body against the schema declared for path + status + media type; returns ajv errors or null. */
  validateBody(
    template: string,
    status: number,
    mediaType: string,
    body: unknown,
    method?: string,
  ): ErrorObject[] | null;
  /** Validates a body against a component response (e.g. `NotFound`) of the document. */
  validateComponentResponse(name: string, mediaType: string, body: unknown): ErrorObject[] | null;
}

export function documentValidator(doc: Json = CONTRACT_DOCUMENT): DocumentValidator {
  const ajv = makeAjv();
  ajv.addSchema({ $id: ROOT_ID, $defs: rebase(doc.components.schemas) as object });
  const matchers = templateMatchers(doc);
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(key: string, response: Json, mediaType: string): ValidateFunction {
    const cached = compiled.get(key);
    if (cached) return cached;
    const content = response.content?.[mediaType];
    if (!content?.schema) throw new Error(`no schema for ${key}`);
    const v = ajv.compile(rebase(content.schema) as object);
    compiled.set(key, v);
    return v;
  }

  const responseOf = (template: string, status: number, method = "get") => {
    const operation = doc.paths[template]?.[method];
    const response = operation?.responses?.[String(status)];
    return response ? resolve(doc, response) : undefined;
  };

  return {
    doc,
    templateOf(pathname) {
      // exact templates first (e.g. /v3/observances before /v3/observances/{code})
      return (
        matchers.find((m) => m.template === pathname)?.template ??
        matchers.find((m) => m.regex.test(pathname))?.template
      );
    },
    responseOf,
    validateBody(template, status, mediaType, body, method = "get") {
      const response = responseOf(template, status, method);
      if (!response) throw new Error(`the document declares no ${status} for ${method.toUpperCase()} ${template}`);
      const v = validatorFor(`${method} ${template} ${status} ${mediaType}`, response, mediaType);
      return v(body) ? null : (v.errors ?? []);
    },
    validateComponentResponse(name, mediaType, body) {
      const response = resolve(doc, { $ref: `#/components/responses/${name}` });
      const v = validatorFor(`component ${name} ${mediaType}`, response, mediaType);
      return v(body) ? null : (v.errors ?? []);
    },
  };
}

export const FIXED_NOW = new Date("2025-03-15T12:00:00Z");

/** A context for in-process handler calls: fixed clock, no rate limits, no store. */
export const TEST_CONTEXT = {
  clock: () => FIXED_NOW,
  rateLimitsEnabled: false,
  store: null,
  clientAddress: "192.0.2.1",
};

export const ORIGIN = "https://swedish-calendar.example";

export function request(pathAndQuery: string, init?: RequestInit): Request {
  return new Request(ORIGIN + pathAndQuery, init);
}

export function mediaTypeOf(response: Response): string {
  return (response.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

/** Asserts a problem response: media type, schema, status and `type` = PROBLEM_BASE/slug. */
export async function expectProblem(
  validator: DocumentValidator,
  response: Response,
  slug: ProblemSlug,
  label = "",
): Promise<Json> {
  const text = await response.text();
  expect(response.status, `${label} status (body ${text})`).toBe(PROBLEM_STATUS[slug]);
  expect(mediaTypeOf(response), label).toBe("application/problem+json");
  const body = JSON.parse(text);
  expect(validator.validateComponentResponse("BadRequest", "application/problem+json", body), label).toBeNull();
  expect(body.type, label).toBe(`${PROBLEM_BASE}/${slug}`);
  expect(body.status, label).toBe(response.status);
  expect(response.headers.get("Cache-Control"), label).toBe("no-store");
  return body;
}

/** Pretty form of ajv errors for assertion messages. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`).join("; ");
}
