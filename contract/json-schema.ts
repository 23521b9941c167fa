/**
 * Turning the body declarations (contract/bodies.ts, TypeBox) into plain JSON Schema: `jsonSchemaOf` (symbols dropped,
 * keywords in the usual order, so the served document keeps its bytes), `loosen` (the public, additive-friendly form)
 * and `deepFreeze`. Generic over JSON values: nothing here knows a schema by name.
 */

/**
 * The order keywords are written in (the order the hand-written schemas had, so the served document keeps its
 * bytes). TypeBox puts options before the keywords it writes itself; this only makes the JSON read the usual way.
 */
const KEYWORD_ORDER = [
  "$schema",
  "$id",
  "title",
  "type",
  "format",
  "pattern",
  "enum",
  "const",
  "minimum",
  "maximum",
  "minLength",
  "minItems",
  "maxItems",
  "items",
  "$ref",
  "description",
  "required",
  "properties",
  "additionalProperties",
  "oneOf",
  "allOf",
  "if",
  "then",
  "else",
];
const rank = (key: string) => {
  const i = KEYWORD_ORDER.indexOf(key);
  return i < 0 ? KEYWORD_ORDER.length : i;
};

/** A declaration as plain JSON: TypeBox's symbol keys dropped, keywords in KEYWORD_ORDER, property order kept. */
export function jsonSchemaOf(schema: unknown): Record<string, unknown> {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b)); // stable: unranked keys keep their order
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      out[key] =
        key === "properties" && v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([name, s]) => [name, copy(s)]))
          : key === "enum" || key === "const"
            ? structuredClone(v)
            : copy(v);
    }
    return out;
  };
  return copy(schema) as Record<string, unknown>;
}

/** Deep copy of a JSON value with every `additionalProperties: false` removed (the public, additive-friendly form). */
export function loosen<T>(value: T): T {
  if (Array.isArray(value)) return value.map(loosen) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "additionalProperties" && v === false) continue;
      out[k] = loosen(v);
    }
    return out as T;
  }
  return value;
}

/** Freezes a JSON value and everything in it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
