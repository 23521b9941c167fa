/**
 * Renders /v3/openapi.json as readable HTML: operations with their parameters and responses, then
 * the schemas. Only local `$ref`s (#/components/...) are followed. Descriptions are escaped text with
 * `code`, **bold** and paragraphs.
 */
import { getJson, ApiError } from "../lib/api.ts";
import { PATHS } from "../../../contract/paths.ts";
import { escapeHtml as e } from "../lib/format.ts";
import { count, documentLang } from "../lib/i18n.ts";

/**
 * The reference itself is the API's own document, in English, so it is rendered in English on both pages (the
 * Swedish page marks it lang="en"); only the status line around it follows the page's language.
 */
const lang = documentLang();
const STATUS = {
  en: { loading: "Loading the OpenAPI description…", failed: "The OpenAPI description could not be loaded:" },
  sv: { loading: "Hämtar OpenAPI-beskrivningen…", failed: "OpenAPI-beskrivningen kunde inte hämtas:" },
}[lang];

type Json = Record<string, unknown>;

const status = document.getElementById("reference-status")!;
const target = document.getElementById("reference-content")!;

const METHODS = ["get", "head", "options", "post", "put", "patch", "delete"];

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
}

function inline(text: string): string {
  return e(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+|\/[^)\s]*)\)/g, '<a href="$2">$1</a>');
}

function prose(text: unknown): string {
  if (typeof text !== "string" || !text.trim()) return "";
  const blocks = text.trim().split(/\n\s*\n/);
  return `<div class="desc">${blocks
    .map((block) => {
      const lines = block.split("\n");
      if (lines.every((l) => /^\s*[-*] /.test(l))) return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*] /, ""))}</li>`).join("")}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join("")}</div>`;
}

function makeResolver(doc: Json): (value: unknown) => Json {
  return function resolve(value: unknown, depth = 0): Json {
    if (!isObject(value)) return {};
    const ref = value.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/") || depth > 20) return value;
    let node: unknown = doc;
    for (const part of ref.slice(2).split("/")) node = isObject(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
    return resolve(node, depth + 1);
  } as (value: unknown) => Json;
}

function refName(value: unknown): string | null {
  if (!isObject(value) || typeof value.$ref !== "string") return null;
  const m = /^#\/components\/schemas\/(.+)$/.exec(value.$ref);
  return m ? m[1]! : null;
}

function schemaText(schema: unknown, depth = 0): string {
  const name = refName(schema);
  if (name) return `<a href="#schema-${e(slug(name))}">${e(name)}</a>`;
  if (!isObject(schema) || depth > 4) return "any";
  for (const key of ["oneOf", "anyOf"]) {
    const list = schema[key];
    if (Array.isArray(list)) return list.map((s) => schemaText(s, depth + 1)).join(" or ");
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s) => schemaText(s, depth + 1)).join(" and ");
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(", ")}`);
  else if (schema.const !== undefined) parts.push(`<code>${e(JSON.stringify(schema.const))}</code>`);
  else {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const described = types.map((t) => (t === "array" ? `array of ${schemaText(schema.items, depth + 1)}` : e(String(t))));
    parts.push(described.length ? described.join(" or ") : "any");
  }
  if (typeof schema.format === "string") parts.push(`(${e(schema.format)})`);
  const notes: string[] = [];
  if (typeof schema.pattern === "string") notes.push(`pattern <code>${e(schema.pattern)}</code>`);
  if (schema.minimum !== undefined) notes.push(`min ${e(String(schema.minimum))}`);
  if (schema.maximum !== undefined) notes.push(`max ${e(String(schema.maximum))}`);
  if (schema.default !== undefined) notes.push(`default <code>${e(JSON.stringify(schema.default))}</code>`);
  return parts.join(" ") + (notes.length ? ` <span class="hint">${notes.join(", ")}</span>` : "");
}

function render(doc: Json): string {
  const resolve = makeResolver(doc);
  const info = isObject(doc.info) ? doc.info : {};
  const paths = isObject(doc.paths) ? doc.paths : {};
  const operations: { method: string; path: string; op: Json; shared: unknown[] }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) if (isObject(item[method])) operations.push({ method, path, op: item[method] as Json, shared });
  }
  const toc = operations
    .map(({ method, path, op }) => `<li><a href="#op-${e(slug(method + " " + path))}"><code>${e(method.toUpperCase())} ${e(path)}</code></a>${typeof op.summary === "string" ? ` – ${inline(op.summary)}` : ""}</li>`)
    .join("");
  const sections = operations.map(({ method, path, op, shared }) => {
    const params = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) => resolve(p));
    const paramRows = params
      .map((p) => {
        const required = p.required === true ? "yes" : "no";
        const repeat = p.explode === true && isObject(p.schema) && p.schema.type === "array" ? " <span class=\"hint\">(repeatable)</span>" : "";
        return `<tr><td><code>${e(String(p.name ?? "?"))}</code>${repeat}</td><td>${e(String(p.in ?? ""))}</td><td>${schemaText(p.schema)}</td><td>${required}</td><td>${prose(p.description)}</td></tr>`;
      })
      .join("");
    const paramTable = params.length
      ? `<h4>Parameters</h4><div class="table-scroll"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${paramRows}</tbody></table></div>`
      : `<p class="hint">No parameters.</p>`;
    const responses = isObject(op.responses) ? op.responses : {};
    const responseRows = Object.entries(responses)
      .map(([code, raw]) => {
        const r = resolve(raw);
        const content = isObject(r.content) ? r.content : {};
        const media = Object.entries(content)
          .map(([type, m]) => `<span class="media"><code>${e(type)}</code>${isObject(m) && m.schema ? `: ${schemaText(m.schema)}` : ""}</span>`)
          .join("<br>");
        return `<tr><td><strong>${e(code)}</strong></td><td>${prose(r.description)}</td><td>${media || "–"}</td></tr>`;
      })
      .join("");
    const responseTable = responseRows
      ? `<h4>Responses</h4><div class="table-scroll"><table><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col">Body</th></tr></thead><tbody>${responseRows}</tbody></table></div>`
      : "";
    const anyRequired = params.some((p) => p.required === true);
    const tryIt = method === "get" && !anyRequired && !path.includes("{") ? `<p><a href="${e(path)}">Try it: <code>GET ${e(path)}</code></a></p>` : "";
    return `<section class="op" id="op-${e(slug(method + " " + path))}" aria-labelledby="op-${e(slug(method + " " + path))}-h">
<h3 id="op-${e(slug(method + " " + path))}-h"><span class="method">${e(method.toUpperCase())}</span>${e(path)}</h3>
${typeof op.summary === "string" ? `<p><strong>${inline(op.summary)}</strong></p>` : ""}${prose(op.description)}${paramTable}${responseTable}${tryIt}
</section>`;
  });
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const schemaSections = Object.entries(schemas).map(([name, raw]) => {
    const schema = isObject(raw) ? raw : {};
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const rows = Object.entries(props)
      .map(([prop, s]) => `<tr><td><code>${e(prop)}</code></td><td>${schemaText(s)}</td><td>${required.has(prop) ? "yes" : "no"}</td><td>${prose(isObject(s) ? s.description : "")}</td></tr>`)
      .join("");
    const body = rows
      ? `<div class="table-scroll"><table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table></div>`
      : `<p>${schemaText(schema)}</p>`;
    return `<section class="op" id="schema-${e(slug(name))}" aria-labelledby="schema-${e(slug(name))}-h"><h3 id="schema-${e(slug(name))}-h">${e(name)}</h3>${prose(schema.description)}${body}</section>`;
  });
  const title = typeof info.title === "string" ? info.title : "API";
  const version = typeof info.version === "string" ? info.version : "";
  return `<p><strong>${e(title)}</strong>${version ? ` – version <span id="api-version">${e(version)}</span>` : ""}</p>
${prose(info.description)}
<h3 id="operations-heading">Operations</h3>
<ul class="toc" id="operations-toc">${toc}</ul>
<div id="operations">${sections.join("")}</div>
${schemaSections.length ? `<h3 id="schemas-heading">Schemas</h3><div id="schemas">${schemaSections.join("")}</div>` : ""}`;
}

async function main(): Promise<void> {
  status.textContent = STATUS.loading;
  try {
    const doc = await getJson<Json>(PATHS.openapi);
    target.innerHTML = render(doc);
    const operations = target.querySelectorAll(".op[id^='op-']").length;
    status.textContent = `${count(operations, "operation", lang)}.`;
    // the fragment (e.g. #op-get-v3-period) points into content that did not exist at load time
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  } catch (error) {
    status.textContent = "";
    target.innerHTML = `<p class="error" role="alert" lang="${lang}">${e(STATUS.failed)} ${e(error instanceof ApiError ? error.describe() : String(error))}</p>`;
  }
}

void main();
