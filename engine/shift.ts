import { addMonths, type DayNumber, FIRST_YEAR, isInRange, LAST_YEAR, toIsoDate } from "./dates.js";
import { dayOf } from "./day-object.js";
import { invalidArgument } from "./errors.js";
import { periodSummary } from "./period.js";
import type { AppliedStep, Shift } from "./types.js";
import type { Step } from "./validation.js";
import { addWorkingDays } from "./working-days.js";
import { isWorkingDay } from "./year-template.js";

/** The bodies, declared in the contract. */
export type { AppliedStep, Shift };

/** No valid step moves further than this many units: the whole range is under 3 million days. */
const MAX_MEANINGFUL_AMOUNT = 1e8;

function outOfRange(index: number, step: Step): never {
  throw invalidArgument(
    "add",
    `'add' step ${index + 1} (${step.text ?? step.amount + step.unit}) carries the date outside ${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31`,
  );
}

/** Applies one step; returns the new day and whether month arithmetic clamped it. */
export function applyStep(from: DayNumber, step: Step, index = 0): { day: DayNumber; constrained: boolean } {
  const { unit, amount } = step;
  if (!Number.isFinite(amount) || Math.abs(amount) > MAX_MEANINGFUL_AMOUNT) outOfRange(index, step);
  if (amount === 0) return { day: from, constrained: false };
  let day: DayNumber | undefined;
  let constrained = false;
  switch (unit) {
    case "d":
      day = from + amount;
      break;
    case "w":
      day = from + 7 * amount;
      break;
    case "m":
    case "y": {
      const shifted = addMonths(from, unit === "m" ? amount : 12 * amount);
      if (shifted.year < FIRST_YEAR || shifted.year > LAST_YEAR) outOfRange(index, step);
      day = shifted.day;
      constrained = shifted.constrained;
      break;
    }
    case "b":
      day = addWorkingDays(from, amount);
      break;
  }
  if (day === undefined || !isInRange(day)) outOfRange(index, step);
  return { day, constrained };
}

/**
 * Moves a date by a chain of steps, strictly in order, then (if asked) applies the Sunday rule of
 * Act 1930:173 s. 2 once: a landing day that is not a working day moves to the next working day. The options are
 * shiftDate's (signatures.ts), by name.
 */
export function shift(
  date: DayNumber,
  steps: readonly Step[],
  options: { readonly postpone?: boolean } = {},
  dateText = toIsoDate(date),
): Shift {
  const postpone = options.postpone === true;
  let current = date;
  const applied: AppliedStep[] = steps.map((step, index) => {
    const { day, constrained } = applyStep(current, step, index);
    current = day;
    return { unit: step.unit, amount: step.amount === 0 ? 0 : step.amount, constrained, result: dayOf(day) };
  });
  const landed = current;
  let final = landed;
  if (postpone && !isWorkingDay(landed)) {
    const next = addWorkingDays(landed, 1);
    if (next === undefined)
      throw invalidArgument("postpone", `'postpone': the Sunday rule would carry the date past ${LAST_YEAR}-12-31`);
    final = next;
  }
  return {
    date: dateText,
    postpone,
    steps: applied,
    landed: dayOf(landed),
    postponed: final !== landed,
    result: dayOf(final),
    period: periodSummary(date, final),
  };
}
