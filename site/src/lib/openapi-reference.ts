/**
 * The API reference as the page renders it at build time (components/ApiReference.astro): the served OpenAPI document
 * (http/openapi.ts, the very document /v3/openapi.json answers, examples included) read into operations
 * grouped by tag, each with its parameters and responses, `$ref`s resolved, Markdown turned into HTML. The document
 * is the service's own (no outside input), so its Markdown is trusted as HTML.
 */
import { marked } from "marked";
import { publicOpenApiDocument } from "../../../http/openapi.ts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface RefParameter {
  name: string;
  in: string;
  required: boolean;
  /** the schema in a few words: "string (date)", "integer, 1 to 366", "one of: a, b" */
  type: string;
  enum?: string[];
  default?: string;
  example?: string;
  html: string;
}
export interface RefExample {
  title: string;
  /** the example's own description (Markdown as HTML), e.g. its request */
  html: string;
  /** the value, pretty-printed JSON (or the text itself for a text body) */
  text: string;
}
export interface RefContent {
  type: string;
  schema?: string;
  examples: RefExample[];
}
export interface RefResponse {
  status: string;
  html: string;
  contents: RefContent[];
  /** the shared response of components.responses it refers to, rendered once on the page */
  shared?: string;
}
export interface RefOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  html: string;
  deprecated: boolean;
  parameters: RefParameter[];
  body?: { required: boolean; html: string; contents: RefContent[] };
  responses: RefResponse[];
  /** HEAD and OPTIONS of the same path, which the document declares as operations of their own */
  alsoAnswers: string[];
}
export interface RefGroup {
  tag: string;
  /** an id for the tag's heading */
  anchor: string;
  html: string;
  operations: RefOperation[];
}
export interface Reference {
  title: string;
  version: string;
  html: string;
  groups: RefGroup[];
  /** components.responses, each rendered once and linked from the operations that use it */
  shared: { name: string; anchor: string; response: RefResponse }[];
}

const md = (text: unknown): string =>
  typeof text === "string" && text ? (marked.parse(text, { async: false, gfm: true }) as string) : "";
export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
export const sharedAnchor = (name: string): string => `response-${slug(name)}`;

function resolver(doc: Obj) {
  return function resolve(value: unknown): Obj {
    let v = value;
    for (let i = 0; isObj(v) && typeof v.$ref === "string" && i < 10; i++) {
      v = (v.$ref as string)
        .slice(2)
        .split("/")
        .reduce<unknown>((at, key) => (isObj(at) ? at[key] : undefined), doc);
    }
    return isObj(v) ? v : {};
  };
}

const refName = (v: unknown): string | undefined =>
  isObj(v) && typeof v.$ref === "string" ? v.$ref.split("/").pop() : undefined;
const literal = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** A schema in a few words: its type and format, its bounds and pattern, or the schema it names. */
function schemaWords(
  schema: unknown,
  resolve: (v: unknown) => Obj,
): { type: string; enum?: string[]; default?: string } {
  const named = refName(schema);
  const s = resolve(schema);
  const words: string[] = [];
  const type = Array.isArray(s.type)
    ? s.type.join(" or ")
    : typeof s.type === "string"
      ? s.type
      : (named ?? (s.oneOf || s.anyOf ? "one of several shapes" : "any"));
  words.push(s.format ? `${type} (${s.format as string})` : type);
  if (s.type === "array" && isObj(s.items)) words.push(`of ${schemaWords(s.items, resolve).type}`);
  const has = (k: string) => s[k] !== undefined;
  if (has("minimum") && has("maximum")) words.push(`${s.minimum as number} to ${s.maximum as number}`);
  else if (has("minimum")) words.push(`at least ${s.minimum as number}`);
  else if (has("maximum")) words.push(`at most ${s.maximum as number}`);
  if (has("minLength") || has("maxLength"))
    words.push(`length ${(s.minLength as number) ?? 0} to ${(s.maxLength as number) ?? "any"}`);
  if (has("minItems") || has("maxItems"))
    words.push(`${(s.minItems as number) ?? 0} to ${(s.maxItems as number) ?? "any"} items`);
  if (typeof s.pattern === "string") words.push(`pattern ${s.pattern}`);
  if (named && named !== type) words.push(`(${named})`);
  const values = Array.isArray(s.enum)
    ? s.enum
    : isObj(s.items) && Array.isArray(resolve(s.items).enum)
      ? (resolve(s.items).enum as unknown[])
      : undefined;
  return {
    type: words.join(", "),
    enum: values?.map(literal),
    default: has("default") ? literal(s.default) : undefined,
  };
}

function contents(content: unknown, resolve: (v: unknown) => Obj): RefContent[] {
  if (!isObj(content)) return [];
  return Object.entries(content).map(([type, media]) => {
    const m = resolve(media);
    const examples: RefExample[] = [];
    const text = (value: unknown) => (typeof value === "string" && !type.includes("json") ? value : compactJson(value));
    if (isObj(m.examples)) {
      for (const [name, ex] of Object.entries(m.examples)) {
        const e = resolve(ex);
        examples.push({ title: (e.summary as string) || name, html: md(e.description), text: text(e.value) });
      }
    } else if (m.example !== undefined) examples.push({ title: "Example", html: "", text: text(m.example) });
    return {
      type,
      schema: refName(m.schema) ?? (m.schema ? schemaWords(m.schema, resolve).type : undefined),
      examples,
    };
  });
}

/** The first sentence of a text (a shared response's description beside an operation; the whole is rendered once). */
const firstSentence = (text: unknown): string =>
  typeof text === "string" ? text.split(/(?<=[.:])\s/)[0]!.replace(/:$/, ".") : "";

function response(status: string, value: unknown, resolve: (v: unknown) => Obj, whole = false): RefResponse {
  const r = resolve(value);
  const shared = whole ? undefined : refName(value);
  const all = contents(r.content, resolve);
  return {
    status,
    html: md(shared ? firstSentence(r.description) : r.description),
    // a shared response's examples are shown once, with it
    contents: shared ? all.map((c) => ({ ...c, examples: [] })) : all,
    shared,
  };
}

/**
 * JSON as people lay it out: an array or object that fits on a line stays on it, longer ones get a line per
 * member (a year's list of days is a line per day, not a dozen).
 */
export function compactJson(value: unknown, indent = "", width = 100): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return "null";
  if (typeof value !== "object" || value === null || flat.length + indent.length <= width) return flat;
  const inner = indent + "  ";
  if (Array.isArray(value))
    return `[\n${value.map((v) => inner + compactJson(v, inner, width)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value as Obj).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner, width)}`).join(",\n")}\n${indent}}`;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/**
 * Methods shown on their path's main operation instead of as entries of their own: HEAD (GET's headers, no body) and
 * OPTIONS (the CORS preflight) repeat what the main operation says.
 */
const FOLDED = new Set(["head", "options"]);

/** The reference of an OpenAPI 3.x document (by default the one the service serves). */
export function readReference(doc: Obj = publicOpenApiDocument() as Obj): Reference {
  const resolve = resolver(doc);
  const info = resolve(doc.info);
  const tags = Array.isArray(doc.tags) ? (doc.tags as Obj[]) : [];
  const groups = new Map<string, RefGroup>(
    tags.map((t) => [
      t.name as string,
      { tag: t.name as string, anchor: `tag-${slug(t.name as string)}`, html: md(t.description), operations: [] },
    ]),
  );
  for (const [path, item] of Object.entries(resolve(doc.paths))) {
    const pathItem = resolve(item);
    const folded = METHODS.filter((m) => FOLDED.has(m) && isObj(pathItem[m]));
    const main = METHODS.filter((m) => !FOLDED.has(m) && isObj(pathItem[m]));
    for (const method of main.length > 0 ? main : folded) {
      const op = pathItem[method] as Obj;
      const params = [
        ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ].map(resolve);
      const body = op.requestBody ? resolve(op.requestBody) : undefined;
      const operation: RefOperation = {
        id: (op.operationId as string) ?? slug(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: (op.summary as string) ?? "",
        html: md(op.description),
        deprecated: op.deprecated === true,
        parameters: params.map((p) => {
          const schema = schemaWords(p.schema, resolve);
          return {
            name: p.name as string,
            in: p.in as string,
            required: p.required === true,
            ...schema,
            example: p.example !== undefined ? literal(p.example) : undefined,
            html: md(p.description),
          };
        }),
        body: body && {
          required: body.required === true,
          html: md(body.description),
          contents: contents(body.content, resolve),
        },
        responses: Object.entries(resolve(op.responses)).map(([status, r]) => response(status, r, resolve)),
        alsoAnswers: main.length > 0 ? folded.map((m) => m.toUpperCase()) : [],
      };
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === "string" ? op.tags[0] : "Other";
      if (!groups.has(tag)) groups.set(tag, { tag, anchor: `tag-${slug(tag)}`, html: "", operations: [] });
      groups.get(tag)!.operations.push(operation);
    }
  }
  const components = resolve(doc.components);
  return {
    title: (info.title as string) ?? "API",
    version: (info.version as string) ?? "",
    // the description's own headings (##) sit under the page's h3 "overview"
    html: md(info.description).replace(
      /<(\/?)h([1-6])/g,
      (_, close: string, level: string) => `<${close}h${Math.min(6, +level + 2)}`,
    ),
    groups: [...groups.values()].filter((g) => g.operations.length > 0),
    shared: Object.entries(resolve(components.responses)).map(([name, r]) => ({
      name,
      anchor: sharedAnchor(name),
      response: response("", r, resolve, true),
    })),
  };
}
