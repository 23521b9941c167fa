import { DateTime } from "luxon";
import { CalendarError, type DayNumber, fromIsoDate, toIsoDate } from "swedish-calendar/core";
import { expect } from "vitest";
import { type ProblemError, type ProblemSlug, problemOf } from "../../contract/problems.js";

/** Day number of an ISO date written in a test (trusted input). */
export const d = (iso: string): DayNumber => fromIsoDate(iso);
export const iso = (n: DayNumber): string => toIsoDate(n);

/** ISO weekday computed with the platform's Date, independently of the engine's arithmetic. */
export function weekdayByDate(isoDate: string): number {
  const w = new Date(isoDate + "T00:00:00Z").getUTCDay();
  return w === 0 ? 7 : w;
}

/** ISO 8601 week computed with luxon (`weekYear`, `weekNumber`), independently of the engine's arithmetic. */
export function isoWeekByLuxon(isoDate: string): { year: number; week: number } {
  const t = DateTime.fromISO(isoDate, { zone: "utc" });
  return { year: t.weekYear, week: t.weekNumber };
}

/**
 * Asserts that `fn` throws the engine's CalendarError (or the HTTP layer's ProblemError) answered with the given
 * slug (contract/problems.ts maps engine codes to slugs) and, optionally, naming the parameter.
 */
export function expectCalendarError(fn: () => unknown, slug: ProblemSlug, parameter?: string): ProblemError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  const err = problemOf(caught)!;
  expect(err, `expected a CalendarError or ProblemError, got ${caught}`).toBeDefined();
  if (caught instanceof CalendarError) expect(caught.argument).toBe(err.parameter);
  expect(err.slug).toBe(slug);
  expect(err.status).toBe(slug === "not-found" ? 404 : 400);
  if (parameter !== undefined) expect(err.parameter).toBe(parameter);
  return err;
}
