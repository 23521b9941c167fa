/**
 * How the package test's sample (./sample.ts) is checked: the service in process (the v3 handler and the feed), the
 * shape of a call and its outcome, and the checks that compare the library's JSON text with the service's answer.
 */

import { expect } from "vitest";
import { PATHS, pathOf } from "../../contract/paths.js";
import { handleFeed } from "../../http/feed.js";
import { handleV3 } from "../../http/v3.js";

/** 2026-06-15 12:00 in Stockholm: the feed's window is 2024-2028. */
const NOW = new Date("2026-06-15T10:00:00Z");
export const FEED_FROM = 2024;
export const FEED_TO = 2028;
const ORIGIN = "http://localhost";

export async function v3(path: string): Promise<Response> {
  return handleV3(new Request(ORIGIN + path), { clock: () => NOW, rateLimitsEnabled: false });
}

/** The body of a 200 answer of the v3 handler. */
export async function ok(path: string): Promise<string> {
  const res = await v3(path);
  const body = await res.text();
  expect(res.status, `${path}: ${body}`).toBe(200);
  return body;
}

/** The feed the service serves for these options (its window is FEED_FROM-FEED_TO at NOW). */
export async function feed(options: Record<string, boolean | string[]>): Promise<string> {
  const query = new URLSearchParams(Object.entries(options).map(([k, v]) => [k, String(v)]));
  const res = await handleFeed(new Request(`${ORIGIN}${pathOf("feed")}?${query}`), {
    clock: () => NOW,
    rateLimitsEnabled: false,
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return body;
}

export const q = (params: Record<string, string | number | boolean | (string | number)[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
  return `?${search}`;
};

export type Subpath = "." | "./ics" | "./core";
export type Call = [subpath: Subpath, fn: string, ...args: unknown[]];
export type Outcome =
  | { value: string }
  | { error: { isCalendarError: boolean; name: string; code?: string; argument?: string; message: string } };

export interface Case {
  call: Call;
  /** checks the library's JSON text against the service */
  value?: (text: string) => Promise<void>;
  /** the v3 request that must fail the same way, or, for checks with no request, the code and argument expected */
  problem?: string | { code: string; argument: string };
}

/** The library's result is the API body, byte for byte. */
export const bodyIs = (path: string) => async (text: string) => expect(text).toBe(await ok(path));
/** The API body is the library's result in its envelope, byte for byte. */
export const envelopeOf = (path: string, wrap: (value: any) => unknown) => async (text: string) =>
  expect(await ok(path)).toBe(JSON.stringify(wrap(JSON.parse(text))));
/** The library's result is what the API body says. */
export const pickedFrom = (path: string, pick: (body: any) => unknown) => async (text: string) =>
  expect(text).toBe(JSON.stringify(pick(JSON.parse(await ok(path)))));

/** A route's path looked up by name at run time (for the routes of the business-day functions). */
export const route = (id: string): string =>
  (PATHS as Record<string, string>)[id] ?? expect.fail(`no route '${id}' in contract/paths.ts`);

export const yearList = (year: number) => (days: unknown[]) => ({ year, count: days.length, days });

/** A call of the package's main entry, and one of its "./ics" entry. */
export const lib = (fn: string, ...args: unknown[]): Call => [".", fn, ...args];
export const ics = (fn: string, ...args: unknown[]): Call => ["./ics", fn, ...args];

/** The logical lines of iCalendar text (continuations joined) with their folded text. */
export function contentLines(ics: string): { line: string; folded: string }[] {
  return ics
    .split(/\r\n(?![ \t])/)
    .filter((l) => l)
    .map((folded) => ({ folded, line: folded.replace(/\r\n[ \t]/g, "") }));
}
