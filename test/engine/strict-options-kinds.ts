/** What a wrong type is for each kind of argument, how a message says it, and the public functions with their tables. */

import * as library from "swedish-calendar";
import {
  type ArgumentKind,
  CalendarError,
  FEED_SIGNATURES,
  LIBRARY_SIGNATURES,
  type Signature,
} from "swedish-calendar/core";
import * as ics from "swedish-calendar/ics";
import { expect } from "vitest";

// ---------------------------------------------------------------------------------------------------------------
// What each kind must be, what is wrong for it, and how a message says it (written here, not read from the engine)
// ---------------------------------------------------------------------------------------------------------------

/** What the message says a value of each kind must be. */
export const MUST_BE: Record<ArgumentKind, string> = {
  boolean: "a boolean (true or false)",
  number: "a number",
  year: "a number (a year from 1930 to 9999)",
  string: "a string",
  date: "a string (a date in the form YYYY-MM-DD)",
  strings: "an array of strings",
  steps: 'a string or an array of strings (steps such as "1m,10b")',
  "day-of-month": "a number or a string (a day of the month from 1 to 31, or 'last')",
  schedule: "a string (a due-date schedule code) or an object { day, convention }",
};

const SCALARS_BUT_BOOLEAN = ["true", "false", "", 0, 1] as const;
const NOT_SCALARS = [null, {}, []] as const;

/** Values of the wrong type for each kind: strings for booleans and numbers, numbers for strings, objects for scalars. */
export const WRONG: Record<ArgumentKind, readonly unknown[]> = {
  boolean: [...SCALARS_BUT_BOOLEAN, ...NOT_SCALARS],
  number: ["5", "2026", true, ...NOT_SCALARS, [5]],
  year: ["2026", "", false, 2026n, ...NOT_SCALARS, [2026]],
  string: [5, 0, true, ...NOT_SCALARS, ["x"]],
  date: [20260619, true, ...NOT_SCALARS, ["2026-06-19"], new Date(0)],
  strings: ["x", 5, true, null, {}, [5], ["x", null]],
  steps: [5, true, null, {}, [5], ["1d", 1]],
  "day-of-month": [true, null, [1], {}],
  schedule: [5, true, null, [], ["salary-25"]],
};

/** A value as the message says it was given. */
export function given(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string "${value}"`;
  if (typeof value === "object") return "an object";
  return `the ${typeof value} ${String(value)}`;
}

/** The CalendarError `call` throws (or fails the test). */
export function errorOf(call: () => unknown): CalendarError {
  try {
    call();
  } catch (e) {
    if (e instanceof CalendarError) return e;
    throw e;
  }
  return expect.fail("expected a CalendarError, got a result");
}

export function expectWrongType(call: () => unknown, name: string, expected: string, value: unknown): void {
  const e = errorOf(call);
  expect({ code: e.code, argument: e.argument, message: e.message }).toEqual({
    code: "invalid-argument",
    argument: name,
    message: `'${name}' must be ${expected}, not ${given(value)}`,
  });
}

export type AnyFunction = (...args: unknown[]) => unknown;

export interface PublicFunction {
  entry: string;
  name: string;
  fn: AnyFunction;
  signature: Signature;
}

export const PUBLIC: PublicFunction[] = [
  ...Object.entries(LIBRARY_SIGNATURES).map(([name, signature]) => ({
    entry: "swedish-calendar",
    name,
    fn: (library as Record<string, unknown>)[name] as AnyFunction,
    signature,
  })),
  ...Object.entries(FEED_SIGNATURES).map(([name, signature]) => ({
    entry: "swedish-calendar/ics",
    name,
    fn: (ics as Record<string, unknown>)[name] as AnyFunction,
    signature,
  })),
];
