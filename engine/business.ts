import { civilFromDay, type DayNumber, FIRST_YEAR, LAST_YEAR, toIsoDate } from "./dates.js";
import { dayOf } from "./day-object.js";
import { invalidArgument, missingArgument } from "./errors.js";
import { CONVENTIONS, type Convention } from "./grammar.js";
import type { Adjustment } from "./types.js";
import { expectKind } from "./validation.js";
import { addWorkingDays } from "./working-days.js";
import { isWorkingDay } from "./year-template.js";

/** The body, declared in the contract. */
export type { Adjustment, Convention };

/**
 * Business-day conventions (docs/decisions.md#business-days). A Swedish business (banking) day is a working
 * day: Monday to Friday, not a public holiday, not Midsummer Eve, Christmas Eve or New Year's Eve; the Riksbank lists
 * exactly these, and Saturdays, as days on which banks do not settle. The conventions are QuantLib's
 * (ql/time/businessdayconvention.hpp and Calendar::adjust), which ISDA's definitions use too.
 */

/** `convention`: one of CONVENTIONS, or 400 invalid-parameter naming `argument`. */
export function parseConvention(value: string | undefined, argument = "convention"): Convention {
  if ((CONVENTIONS as readonly string[]).includes(value as string)) return value as Convention;
  if (value === undefined) throw missingArgument(argument);
  expectKind(value, "string", argument);
  throw invalidArgument(argument, `'${argument}' must be one of ${CONVENTIONS.join(", ")}`);
}

/** The first business day on or after a day (undefined past 9999-12-31). */
function onOrAfter(n: DayNumber): DayNumber | undefined {
  return isWorkingDay(n) ? n : addWorkingDays(n, 1);
}

/** The last business day on or before a day (undefined before 1930-01-01). */
function onOrBefore(n: DayNumber): DayNumber | undefined {
  return isWorkingDay(n) ? n : addWorkingDays(n, -1);
}

const monthOf = (n: DayNumber) => civilFromDay(n).month;

/**
 * A day moved by a convention, or undefined when the business day the convention needs lies outside 1930-9999.
 * `modified-*` never needs one: a business day past 9999-12-31 (before 1930-01-01) would be in another month, so the
 * convention turns to the other side, which lies in the same month. `nearest` needs both sides.
 */
export function adjustDay(n: DayNumber, convention: Convention): DayNumber | undefined {
  switch (convention) {
    case "unadjusted":
      return n;
    case "following":
      return onOrAfter(n);
    case "preceding":
      return onOrBefore(n);
    case "modified-following": {
      const next = onOrAfter(n);
      return next !== undefined && monthOf(next) === monthOf(n) ? next : onOrBefore(n);
    }
    case "modified-preceding": {
      const previous = onOrBefore(n);
      return previous !== undefined && monthOf(previous) === monthOf(n) ? previous : onOrAfter(n);
    }
    case "nearest": {
      if (isWorkingDay(n)) return n;
      const next = onOrAfter(n);
      const previous = onOrBefore(n);
      if (next === undefined || previous === undefined) return undefined;
      return next - n <= n - previous ? next : previous;
    }
  }
}

/** adjustDay, or 400 invalid-parameter naming `argument` when the convention would leave 1930-9999. */
export function adjustDayInRange(n: DayNumber, convention: Convention, argument = "convention"): DayNumber {
  const day = adjustDay(n, convention);
  if (day === undefined) {
    throw invalidArgument(
      argument,
      `'${argument}': ${convention} from ${toIsoDate(n)} needs a business day outside ${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31`,
    );
  }
  return day;
}

/** GET /v3/adjust: a date moved to a business day by a convention. `date` is the date's text as given. */
export function adjustment(n: DayNumber, convention: Convention, date = toIsoDate(n)): Adjustment {
  const day = adjustDayInRange(n, convention);
  return { date, convention, result: dayOf(day), moved: day !== n };
}
