/**
 * The request grammar only URLs need: the v3 and feed booleans as query strings spell them, a known parameter given
 * once, the frozen v2 year. The engine reads real booleans and numbers; these read query text and throw the
 * problem the API answers.
 */
import { FIRST_YEAR, LAST_YEAR, YEAR_PATTERN } from "swedish-calendar/core";
import { invalidParameter, ProblemError } from "./problems.js";

// ---------------------------------------------------------------------------------------------
// Booleans
// ---------------------------------------------------------------------------------------------

/** v3 booleans: exactly these two lowercase words. */
export const STRICT_BOOLEAN = { true: "true", false: "false" } as const;

/** Calendar-feed booleans, compared in lower case: a bare parameter (empty value) reads as true. */
export const LOOSE_TRUE = ["", "true", "1", "on", "yes"] as const;
export const LOOSE_FALSE = ["false", "0", "off", "no"] as const;

/** `[Tt][Rr][Uu][Ee]` for `true`: one word in any letter case, as a JSON Schema pattern (which has no `i` flag). */
function anyCase(word: string): string {
  return [...word]
    .map((c) =>
      c.toLowerCase() !== c.toUpperCase()
        ? `[${c.toUpperCase()}${c.toLowerCase()}]`
        : c.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&"),
    )
    .join("");
}

/** The loose booleans as one pattern, generated from LOOSE_TRUE and LOOSE_FALSE. */
export const LOOSE_BOOLEAN_SOURCE = `^(${[...LOOSE_TRUE, ...LOOSE_FALSE].map(anyCase).join("|")})$`;
export const LOOSE_BOOLEAN_PATTERN = new RegExp(LOOSE_BOOLEAN_SOURCE);

/** v2 year: same shape, but every failure is `invalid-year`. */
export function parseV2Year(value: string): number {
  if (!YEAR_PATTERN.test(value) || +value < FIRST_YEAR || +value > LAST_YEAR) {
    throw new ProblemError(
      "invalid-year",
      `'year' must be a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}`,
      "year",
    );
  }
  return +value;
}

/**
 * `weekends`: `true` in any letter case is true; anything else (absent, empty, `yes`, `1`, ...) reads as false.
 * v2 never rejected this parameter and, being frozen, still does not.
 */
export function parseV2Weekends(value: string | null | undefined): boolean {
  return typeof value === "string" && value.toLowerCase() === "true";
}

/** v3 booleans: lowercase `true` or `false`, nothing else. */
export function parseStrictBoolean(value: string, parameter: string): boolean {
  if (value === STRICT_BOOLEAN.true) return true;
  if (value === STRICT_BOOLEAN.false) return false;
  throw invalidParameter(parameter, `'${parameter}' must be true or false (lowercase)`);
}

const TRUTHY: ReadonlySet<string> = new Set(LOOSE_TRUE);
const FALSY: ReadonlySet<string> = new Set(LOOSE_FALSE);
/** "true, 1, on, yes (or bare) / false, 0, off, no", from the grammar's lists */
const LOOSE_SPELLINGS = `${LOOSE_TRUE.filter((v) => v !== "").join(", ")}${LOOSE_TRUE.includes("") ? " (or bare)" : ""} / ${LOOSE_FALSE.join(", ")}`;

/** Calendar-feed booleans: true/1/on/yes/bare, false/0/off/no, any letter case. */
export function parseLooseBoolean(value: string, parameter: string): boolean {
  const v = value.toLowerCase();
  if (TRUTHY.has(v)) return true;
  if (FALSY.has(v)) return false;
  throw invalidParameter(parameter, `'${parameter}' must be a boolean: ${LOOSE_SPELLINGS}`);
}

/**
 * The single value of a known query parameter. A known parameter given twice is an error
 * (only the repeatable `add` is read with getAll).
 */
export function singleParam(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) throw invalidParameter(name, `'${name}' was given ${all.length} times; give it once`);
  return all.length === 1 ? all[0] : undefined;
}
