/**
 * The command-line tool's commands, a table: each one's arguments, options, help, library call and rendering (../cli.ts).
 */

import { FIRST_YEAR, LAST_YEAR } from "../index.js";
import { BUSINESS_COMMANDS } from "./business-commands.js";
import { CALENDAR_COMMANDS } from "./calendar-commands.js";
import type { Command } from "./command.js";
import { BIN } from "./words.js";

export const COMMANDS: Record<string, Command> = { ...CALENDAR_COMMANDS, ...BUSINESS_COMMANDS };

export const COMMON =
  "Options of every command:\n  --json        print the library's result as JSON (JSON.stringify of what the function returns)\n  --lang sv|en  the language of the table (default sv)\n  -h, --help    this help";

export function usageOf(name: string, command: Command): string {
  const args = command.args.map((a) =>
    a.endsWith("?") ? `[${a.slice(0, -1)}]` : a.endsWith("...") ? `<${a.slice(0, -3)}>...` : `<${a}>`,
  );
  const options = [...command.flags.map((f) => `[--${f}]`), ...command.values.map((v) => `[--${v} <${v}>]`)];
  return [BIN, name, ...args, ...options].join(" ");
}

export function commandHelp(name: string, command: Command): string {
  return `Usage: ${usageOf(name, command)} [--json] [--lang sv|en]\n\n${command.summary[0].toUpperCase()}${command.summary.slice(1)}.\n${command.help}\n\n${COMMON}\n`;
}

/** A command by its name or its alias, with the name it has in the table. */
export function commandNamed(name: string): [string, Command] | undefined {
  if (Object.hasOwn(COMMANDS, name)) return [name, COMMANDS[name]];
  const entry = Object.entries(COMMANDS).find(([, c]) => c.alias === name);
  return entry;
}

export function topHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Usage: ${BIN} <command> [arguments] [options]\n\nWhat every date from ${FIRST_YEAR} to ${LAST_YEAR} is in Sweden: holidays, bridge and half days, periods, date shifting,\nlong weekends, leave plans, flag days, an iCalendar feed. Dates are YYYY-MM-DD, years four digits.\n\nCommands:\n${lines.join("\n")}\n\n${COMMON}\n\n${BIN} <command> --help shows a command's arguments and options.\nExit status: 0 success, 2 bad input or usage (one line on stderr), 1 anything else.\n`;
}
