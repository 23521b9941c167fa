/**
 * The short Swedish/English texts an MCP tool's answer carries beside its body (./mcp-tool-list.ts): one or a few
 * lines, each read from the body, with the engine's calendar words.
 */

import { describeDay, observances } from "swedish-calendar";
import { MONTH_NAMES, WEEKDAY_NAMES } from "swedish-calendar/core";
import type { Day, WorkingTimeResponse } from "../contract/bodies.js";

export const weekdayName = (weekday: number) => `${WEEKDAY_NAMES.sv[weekday - 1]}/${WEEKDAY_NAMES.en[weekday - 1]}`;
export const weekdayOf = (day: Day) => weekdayName(day.weekday);
/** The ISO weekday (1 Monday .. 7 Sunday) of a YYYY-MM-DD date. */
export const weekdayOfDate = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const namesOf = (day: Day) => day.observances.map((o) => `${o.name.sv} / ${o.name.en}`).join(" + ");
const KIND: Record<string, string> = {
  public: "helgdag, ledig dag / public holiday, day off",
  defacto: "de facto-helgdag, ledig dag / de facto holiday, day off",
  null: "arbetsdag / working day",
};
/** An observance's `holidayType` in words. */
export const HOLIDAY_TYPE: Record<string, string> = {
  public: "helgdag / public holiday",
  defacto: "de facto-helgdag / de facto holiday",
};

let observanceNames: ReadonlyMap<string, { sv: string; en: string }> | undefined;

/** Hours with two decimals: `168.00 h`. */
const hoursText = (hours: number) => `${hours.toFixed(2)} h`;

/** `januari/January 2026: 20 arbetsdagar/working days, 160.00 h` and the shortened days, a line per month. */
export function workingTimeSummary(body: WorkingTimeResponse): string {
  const { total, profile } = body;
  const head =
    `${body.year}, ${body.weeklyHours} h/vecka/week (${body.dailyMinutes} min/dag/day), ${profile.name.sv} / ${profile.name.en}: ` +
    `${total.workingDays} arbetsdagar/working days, ${hoursText(total.hours)}.`;
  const months = body.months.map((m) => {
    const shortened = m.shortenedDays
      .map((d) => `${d.date} ${d.name.sv} / ${d.name.en} −${d.reductionMinutes} min`)
      .join(", ");
    return (
      `${MONTH_NAMES.sv[m.month - 1]}/${MONTH_NAMES.en[m.month - 1]} ${body.year}: ${m.workingDays} arbetsdagar/working days, ${hoursText(m.hours)}` +
      (shortened ? ` (förkortade/shortened: ${shortened})` : "")
    );
  });
  return [head, ...months].join("\n");
}

/** The names of observances given by code (the engine's catalogue), the Swedish then the English: no code is shown. */
export function observanceList(codes: readonly string[]): string {
  observanceNames ??= new Map(observances().map((o) => [o.code, o.name]));
  const names = codes.map((code) => observanceNames!.get(code) ?? { sv: code, en: code });
  return `${names.map((n) => n.sv).join(", ")} / ${names.map((n) => n.en).join(", ")}`;
}

/** `2026-06-19 (fredag/Friday): Midsommarafton / Midsummer Eve, de facto-helgdag ... ` */
export function dayLine(day: Day): string {
  const names = namesOf(day);
  return `${day.date} (${weekdayOf(day)}): ${names ? names + ", " : ""}${KIND[String(day.holidayType)]}`;
}

/** At most `max` items, then how many more. */
export function some(items: string[], max: number, separator = "; "): string {
  if (items.length <= max) return items.join(separator);
  return `${items.slice(0, max).join(separator)}${separator}… (+${items.length - max} till/more)`;
}

/** Where a due date was moved from and why: the nominal date's weekday and the holidays on it. */
export function movedFrom(nominal: string): string {
  const day = describeDay(nominal);
  const names = namesOf(day);
  return `flyttad från/moved from ${nominal}, ${weekdayOf(day)}${names ? `, ${names}` : ""}`;
}

export const dates = (days: { date: string }[]) => (days.length ? days.map((d) => d.date).join(", ") : "inga/none");
