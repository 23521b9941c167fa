#!/usr/bin/env node
/**
 * `swedish-calendar`, the command-line tool of the package: the library's answers as a readable table (Swedish by
 * default, `--lang en` for English) or, with `--json`, exactly `JSON.stringify` of the library's result.
 *
 * Exit codes: 0 on success; 2 with one line on stderr for bad input or a usage error (unknown command or option,
 * missing or extra argument, or input the library refuses); 1 with one line on stderr for anything else. Never a
 * stack trace. Errors are in the output's language and name what the user typed as the user typed it: an argument by
 * its place and what it is ("andra datumet", "the second year") with its value, an option by its flag. The library's
 * own messages are the API's problem details, in English and in the API's parameter names, so the tool reads each
 * argument with the library's parser for it (the rules stay the library's) and says in its own words what failed.
 *
 * It uses only the library (./index.js, ./ics.js), the library's own parsers (./validation.js, ./business.js,
 * ./duedates.js), Node's `util.parseArgs` and the `process` global; nothing in the package imports it (it is an entry
 * point of its own, package.json `bin`), so the library's modules stay free of Node.
 */
import { parseArgs } from "node:util";
import type { Command } from "./cli/command.js";
import { commandHelp, commandNamed, topHelp, usageOf } from "./cli/commands.js";
import { type Invocation, MESSAGES, UsageError } from "./cli/messages.js";
import { BIN, type Lang } from "./cli/words.js";
import { CalendarError } from "./index.js";

// ---------------------------------------------------------------------------------------------
// Argument parsing
// ---------------------------------------------------------------------------------------------

/** A negative number or step (`-3b`, `-1`) is an argument, not an option. */
const isNegative = (arg: string) => /^-[0-9]/.test(arg);

/**
 * The output's language, read before anything else so that an error anywhere on the line is said in it: the last
 * `--lang` before a `--`, if it is sv or en; else Swedish (a bad value is then refused in Swedish). A forgiving scan,
 * not a parse: it must find the language on a line the parse below will refuse.
 */
function langOf(argv: readonly string[]): Lang {
  let lang: Lang = "sv";
  for (let i = 0; i < argv.length && argv[i] !== "--"; i++) {
    const value =
      argv[i] === "--lang" ? argv[i + 1] : argv[i].startsWith("--lang=") ? argv[i].slice("--lang=".length) : undefined;
    if (value === "sv" || value === "en") lang = value;
  }
  return lang;
}

/**
 * A command's line read by Node's `util.parseArgs` (its tokens: `--`, `--name=value`, a value in the next argument,
 * short options), then checked here so that every refusal is said in the output's language and names the argument as
 * typed. parseArgs runs without `strict`: its own errors are English and name no command; the checks below are the
 * strict part. A negative number or step (`-3b`) reads as short options to parseArgs and is taken back as an argument.
 */
function parse(name: string, command: Command, argv: string[], lang: Lang): Invocation | "help" {
  const say = MESSAGES[lang];
  const options: Record<string, { type: "boolean" | "string"; short?: string }> = {
    help: { type: "boolean", short: "h" },
    json: { type: "boolean" },
    lang: { type: "string" },
  };
  for (const flag of command.flags) options[flag] = { type: "boolean" };
  for (const value of command.values) options[value] = { type: "string" };
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  const args: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  let json = false;
  let help = false;
  let taken = -1; // the argument last taken back as a negative number (its short "options" share its index)
  for (const token of tokens) {
    if (token.kind === "positional") {
      args.push(token.value);
      continue;
    }
    if (token.kind === "option-terminator") continue;
    const typed = argv[token.index];
    if (isNegative(typed)) {
      if (token.index !== taken) args.push(typed);
      taken = token.index;
      continue;
    }
    // `-h` and `--help` exactly; any other short option, or a grouped `-h…`, is unknown as typed
    if (typed === "-h" || typed === "--help") {
      help = true;
      continue;
    }
    const option = token.rawName.startsWith("--") ? token.name : undefined;
    const known =
      option === undefined || option === "help"
        ? undefined
        : Object.hasOwn(options, option)
          ? options[option]
          : undefined;
    if (option === undefined || known === undefined) throw new UsageError(say.unknownOption(typed, name));
    if (known.type === "boolean") {
      if (token.inlineValue) throw new UsageError(say.takesNoValue(option));
      if (option === "json") json = true;
      else flags.add(option);
      continue;
    }
    const value = token.value;
    if (value === undefined) throw new UsageError(say.needsValue(option));
    if (option === "lang") {
      if (value !== "sv" && value !== "en") throw new UsageError(say.lang);
    } else {
      values.set(option, value);
    }
  }
  if (help) return "help";
  const required = command.args.filter((a) => !a.endsWith("?")).length;
  const variadic = command.args.some((a) => a.endsWith("..."));
  if (args.length < required) {
    const missing = command.args[args.length].replace(/\.\.\.$|\?$/, "");
    throw new UsageError(say.missingArgument(missing, name, usageOf(name, command)));
  }
  if (!variadic && args.length > command.args.length) {
    throw new UsageError(say.extraArgument(args[command.args.length], name, usageOf(name, command)));
  }
  if (json) flags.add("json");
  return { args, flags, values, lang, say };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/** Runs the command line `argv` (without node and the script) with its messages in `lang`; returns the exit code. */
function main(argv: string[], lang: Lang): number {
  const say = MESSAGES[lang];
  const [name, ...rest] = argv;
  if (name === undefined) throw new UsageError(say.missingCommand);
  if (name === "-h" || name === "--help" || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    if (topic !== undefined) {
      const named = commandNamed(topic);
      if (named === undefined) throw new UsageError(say.unknownCommand(topic));
      process.stdout.write(commandHelp(topic, named[1]));
    } else {
      process.stdout.write(topHelp());
    }
    return 0;
  }
  const named = commandNamed(name);
  if (named === undefined) {
    throw new UsageError(name.startsWith("-") ? say.unknownOption(name) : say.unknownCommand(name));
  }
  const command = named[1];
  const invocation = parse(name, command, rest, lang);
  if (invocation === "help") {
    process.stdout.write(commandHelp(name, command));
    return 0;
  }
  const result = command.compute(invocation);
  if (invocation.flags.has("json")) {
    process.stdout.write(JSON.stringify(result) + "\n");
  } else {
    const text = command.render(result, invocation);
    process.stdout.write(command.raw || text.endsWith("\n") ? text : text + "\n");
  }
  return 0;
}

/** One line: the message's first line, without control characters. */
function oneLine(message: string): string {
  return message.split(/\r?\n/)[0].replace(/[\x00-\x1f\x7f]/g, " ");
}

const argv = process.argv.slice(2);
const say = MESSAGES[langOf(argv)];

// A closed pipe (`swedish-calendar ics 2026 | head`) ends the output quietly.
process.stdout.on("error", (error: { code?: string }) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  process.stderr.write(`${BIN}: ${say.cannotWrite(oneLine(String((error as Error).message ?? error)))}\n`);
  process.exit(1);
});

try {
  process.exitCode = main(argv, langOf(argv));
} catch (error) {
  // A CalendarError that reached here was refused by no message of the tool (refusing() words every one it expects):
  // still bad input, said in general words rather than in the API's English.
  if (error instanceof UsageError || error instanceof CalendarError) {
    process.stderr.write(`${BIN}: ${oneLine(error instanceof UsageError ? error.message : say.refused)}\n`);
    process.exitCode = 2;
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${BIN}: ${say.unexpected(oneLine(message))}\n`);
    process.exitCode = 1;
  }
}
