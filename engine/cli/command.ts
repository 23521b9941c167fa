/** One command of the command-line tool, and what several commands share (./commands.ts holds the table). */

import type { Day } from "../index.js";
import type { Invocation } from "./messages.js";
import { dayName, table, typeName, WORDS, weekdayName } from "./words.js";

export interface Command {
  /** the positional arguments, `?` for optional, `...` for one or more */
  args: string[];
  /** boolean options of the command */
  flags: string[];
  /** options taking a value */
  values: string[];
  summary: string;
  help: string;
  /** the library's result (what --json prints) */
  compute(inv: Invocation): unknown;
  /** the human-readable text of the result */
  render(result: unknown, inv: Invocation): string;
  /** the text is printed as it is (no newline added): the iCalendar feed */
  raw?: boolean;
  /** another name the command answers to (the Swedish one) */
  alias?: string;
}

/**
 * The flags of a function's boolean options, by the names its signature declares (../signatures.ts): a command takes
 * each as `--name`.
 */
export function booleanOptions(signature: { readonly "options?": Readonly<Record<string, string>> }): string[] {
  return Object.entries(signature["options?"])
    .filter(([, kind]) => kind === "boolean")
    .map(([name]) => name.replace(/\?$/, ""));
}

/** Each given flag as its option: `{ sundays: true, saturdays: false }`. */
export const optionsOf = (flags: readonly string[], inv: Invocation) =>
  Object.fromEntries(flags.map((flag) => [flag, inv.flags.has(flag)]));

export function dayListRender(days: Day[], { lang }: Invocation): string {
  const w = WORDS[lang];
  const rows = days.map((d) => [
    d.date,
    weekdayName(lang, d.weekday),
    String(d.isoWeek.week),
    typeName(w, d.holidayType),
    dayName(lang, d),
  ]);
  return `${table([w.date, w.weekday, w.week, w.type, w.name], rows)}\n\n${w.days(days.length)}`;
}
