/**
 * The command-line tool's messages in both languages and its argument readers (../cli.ts): bad input said in the
 * output's language, naming the argument as typed.
 */

import { parseConvention } from "../business.js";
import { FLAG_DAYS_FROM } from "../flagdays.js";
import { STEP_UNIT_WORDS, STEP_UNITS } from "../grammar.js";
import { CalendarError, FIRST_YEAR, LAST_YEAR } from "../index.js";
import {
  CONVENTIONS,
  type Convention,
  DATE_PARAMETER_PATTERN,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  parseIsoDate,
  parseYear,
  YEAR_PATTERN,
} from "../validation.js";
import { BIN, type Lang } from "./words.js";

/** What a command gets: its positional arguments, its flags and value options, and the common options. */
export interface Invocation {
  args: string[];
  flags: Set<string>;
  values: Map<string, string>;
  lang: Lang;
  /** the error messages in `lang` */
  say: Messages;
}

/** Bad input or a usage error, already said in the output's language: exit 2 with the message. */
export class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Errors, in the output's language
// ---------------------------------------------------------------------------------------------

/** What each positional argument is, in words (by its name in --help). */
export const ARGUMENT_NAMES: Record<string, Record<Lang, string>> = {
  date: { sv: "datumet", en: "the date" },
  year: { sv: "året", en: "the year" },
  from: { sv: "första datumet", en: "the first date" },
  to: { sv: "andra datumet", en: "the second date" },
  step: { sv: "steget", en: "the step" },
  days: { sv: "antalet semesterdagar", en: "the number of leave days" },
  day: { sv: "dagen", en: "the day" },
  convention: { sv: "konventionen", en: "the convention" },
  schedule: { sv: "schemat", en: "the schedule" },
  "from-year": { sv: "första året", en: "the first year" },
  "to-year": { sv: "andra året", en: "the second year" },
};

export const RANGE = { sv: `${FIRST_YEAR}-01-01–${LAST_YEAR}-12-31`, en: `${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31` };
export const YEARS = { sv: `${FIRST_YEAR}–${LAST_YEAR}`, en: `${FIRST_YEAR}..${LAST_YEAR}` };

/** `a, b eller c` / `a, b or c` */
export const anyOf = (items: readonly string[], or: string) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${or} ${items.at(-1)}`;

/** Each step unit with what it counts in brackets, in the output's language. */
const unitsInWords = (lang: Lang) => STEP_UNITS.map((unit) => `${unit} (${STEP_UNIT_WORDS[unit][lang]})`);

/** What a value must be, in both languages (the engine's VALUE_WORDS). */
type Words = Readonly<Record<Lang, string>>;

/**
 * The messages of exit status 2. `what` is an argument in words (ARGUMENT_NAMES) or an option's flag. A value outside
 * its bounds is one message, `mustBe`, with the engine's words of what it must be (VALUE_WORDS): an option or argument
 * of that kind needs no message of its own.
 */
export const MESSAGES = {
  sv: {
    missingCommand: `inget kommando angivet (se ${BIN} --help)`,
    unknownCommand: (name: string) => `okänt kommando '${name}' (se ${BIN} --help)`,
    unknownOption: (arg: string, command?: string) =>
      command
        ? `okänd flagga '${arg}' för '${command}' (se ${BIN} ${command} --help)`
        : `okänd flagga '${arg}' (se ${BIN} --help)`,
    takesNoValue: (option: string) => `flaggan '--${option}' tar inget värde`,
    needsValue: (option: string) => `flaggan '--${option}' behöver ett värde`,
    lang: "'--lang' ska vara sv eller en",
    missingArgument: (name: string, command: string, usage: string) =>
      `argumentet <${name}> saknas för '${command}' (användning: ${usage})`,
    extraArgument: (arg: string, command: string, usage: string) =>
      `oväntat argument '${arg}' för '${command}' (användning: ${usage})`,
    notADate: (value: string, what: string) => `'${value}' (${what}) är inget datum på formen ÅÅÅÅ-MM-DD`,
    noSuchDate: (value: string, what: string) => `${value} (${what}) finns inte i kalendern`,
    notAYear: (value: string, what: string) => `'${value}' (${what}) är inget årtal med fyra siffror`,
    outside: (value: string, what: string, range: string) => `${value} (${what}) ligger utanför ${range}`,
    notAStep: (value: string) =>
      `'${value}' (steget) är inget steg: ett heltal (negativt för att gå bakåt) följt av en enhet, ` +
      `${anyOf(unitsInWords("sv"), "eller")}, till exempel 10b eller -3d`,
    tooManySteps: `för många steg: högst ${MAX_STEPS} sammanlagt`,
    mustBe: (value: string, what: string, words: Words) => `'${value}' (${what}) ska vara ${words.sv}`,
    notOneOf: (value: string, what: string, choices: readonly string[]) =>
      `'${value}' (${what}) finns inte; välj ${anyOf(choices, "eller")}`,
    notASchedule: (value: string, codes: readonly string[]) =>
      `'${value}' (schemat) finns inte; välj ${anyOf(codes, "eller")}, eller en egen regel dag:konvention, till exempel 25:preceding`,
    notADueList: (value: string, codes: readonly string[]) =>
      `'${value}' (--due) ska vara ett eller flera av ${anyOf(codes, "och")}, med kommatecken emellan`,
    before: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) är före ${first} (${firstWhat})`,
    yearsAfter: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) ligger mer än ${MAX_SPAN_YEARS} år efter ${first} (${firstWhat})`,
    planTooLong: (from: string, to: string) => `perioden ${from}–${to} är längre än ${MAX_PLAN_DAYS} dagar`,
    stepsOutside: `stegen för datumet utanför ${RANGE.sv}`,
    postponeOutside: `söndagsregeln (--postpone) skulle flytta datumet förbi ${LAST_YEAR}-12-31`,
    conventionOutside: (convention: string) => `${convention} (konventionen) behöver en bankdag utanför ${RANGE.sv}`,
    noFlagDays: (year: number) => `${year} (året) är för tidigt: allmänna flaggdagar finns från ${FLAG_DAYS_FROM}`,
    scheduleSince: (year: number, code: string, since: number) =>
      `${year} (året) är för tidigt: schemat ${code} gäller från ${since}`,
    profileSince: (year: number, code: string, since: number) =>
      `${year} (året) är för tidigt: profilen ${code} gäller från ${since}`,
    inRule: (what: string, rule: string) => `${what} i ${rule}`,
    refused: "indata godtas inte",
    unexpected: (message: string) => `oväntat fel: ${message}`,
    cannotWrite: (message: string) => `kan inte skriva utdata: ${message}`,
  },
  en: {
    missingCommand: `missing command (see ${BIN} --help)`,
    unknownCommand: (name: string) => `unknown command '${name}' (see ${BIN} --help)`,
    unknownOption: (arg: string, command?: string) =>
      command
        ? `unknown option '${arg}' for '${command}' (see ${BIN} ${command} --help)`
        : `unknown option '${arg}' (see ${BIN} --help)`,
    takesNoValue: (option: string) => `option '--${option}' takes no value`,
    needsValue: (option: string) => `option '--${option}' needs a value`,
    lang: "'--lang' must be sv or en",
    missingArgument: (name: string, command: string, usage: string) =>
      `missing argument <${name}> for '${command}' (usage: ${usage})`,
    extraArgument: (arg: string, command: string, usage: string) =>
      `unexpected argument '${arg}' for '${command}' (usage: ${usage})`,
    notADate: (value: string, what: string) => `'${value}' (${what}) is not a date of the form YYYY-MM-DD`,
    noSuchDate: (value: string, what: string) => `${value} (${what}) does not exist in the calendar`,
    notAYear: (value: string, what: string) => `'${value}' (${what}) is not a year of four digits`,
    outside: (value: string, what: string, range: string) => `${value} (${what}) is outside ${range}`,
    notAStep: (value: string) =>
      `'${value}' (the step) is not a step: a whole number (negative to go back) followed by a unit, ` +
      `${anyOf(unitsInWords("en"), "or")}, e.g. 10b or -3d`,
    tooManySteps: `too many steps: at most ${MAX_STEPS} in all`,
    mustBe: (value: string, what: string, words: Words) => `'${value}' (${what}) must be ${words.en}`,
    notOneOf: (value: string, what: string, choices: readonly string[]) =>
      `'${value}' (${what}) is not one of ${anyOf(choices, "or")}`,
    notASchedule: (value: string, codes: readonly string[]) =>
      `'${value}' (the schedule) is not one of ${anyOf(codes, "or")}, nor a rule of your own day:convention such as 25:preceding`,
    notADueList: (value: string, codes: readonly string[]) =>
      `'${value}' (--due) must be one or more of ${anyOf(codes, "and")}, separated by commas`,
    before: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) is before ${first} (${firstWhat})`,
    yearsAfter: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) is more than ${MAX_SPAN_YEARS} years after ${first} (${firstWhat})`,
    planTooLong: (from: string, to: string) => `the period ${from}..${to} is longer than ${MAX_PLAN_DAYS} days`,
    stepsOutside: `the steps take the date outside ${RANGE.en}`,
    postponeOutside: `the Sunday rule (--postpone) would move the date past ${LAST_YEAR}-12-31`,
    conventionOutside: (convention: string) =>
      `${convention} (the convention) needs a business day outside ${RANGE.en}`,
    noFlagDays: (year: number) => `${year} (the year) is too early: official flag days exist from ${FLAG_DAYS_FROM}`,
    scheduleSince: (year: number, code: string, since: number) =>
      `${year} (the year) is too early: the schedule ${code} starts in ${since}`,
    profileSince: (year: number, code: string, since: number) =>
      `${year} (the year) is too early: the profile ${code} starts in ${since}`,
    inRule: (what: string, rule: string) => `${what} in ${rule}`,
    refused: "the input is not accepted",
    unexpected: (message: string) => `unexpected error: ${message}`,
    cannotWrite: (message: string) => `cannot write the output: ${message}`,
  },
} satisfies Record<Lang, unknown>;

export type Messages = (typeof MESSAGES)[Lang];

/**
 * Runs a library call; input it refuses becomes a UsageError with `message(error)` in the output's language. The
 * library decides what is wrong, the message only says it; the `refused` catch-all is for a refusal no message here
 * knows (none is expected).
 */
export function refusing<T>(call: () => T, message: (error: CalendarError) => string | undefined, say: Messages): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof CalendarError) throw new UsageError(message(error) ?? say.refused);
    throw error;
  }
}

/**
 * The positional argument `name` (as --help names it): a date the library accepts, as typed. Refused, it is either
 * not of the form (the grammar's pattern tells), not in the calendar (the library's code tells) or outside the range.
 */
export function dateArg(inv: Invocation, index: number, name: string): string {
  const value = inv.args[index];
  const what = ARGUMENT_NAMES[name][inv.lang];
  refusing(
    () => parseIsoDate(value, name),
    (e) =>
      !DATE_PARAMETER_PATTERN.test(value)
        ? inv.say.notADate(value, what)
        : e.code === "invalid-date"
          ? inv.say.noSuchDate(value, what)
          : inv.say.outside(value, what, RANGE[inv.lang]),
    inv.say,
  );
  return value;
}

/** The positional argument `name`: a year from 1930 to 9999 (refused: not four digits, or outside the range). */
export function yearArg(inv: Invocation, index: number, name = "year"): number {
  const value = inv.args[index];
  const what = ARGUMENT_NAMES[name][inv.lang];
  return refusing(
    () => parseYear(value, name),
    () => (YEAR_PATTERN.test(value) ? inv.say.outside(value, what, YEARS[inv.lang]) : inv.say.notAYear(value, what)),
    inv.say,
  );
}

/** A convention (an argument in words, or the part of a due-date rule). */
export function conventionOf(value: string, what: string, say: Messages): Convention {
  return refusing(
    () => parseConvention(value),
    () => say.notOneOf(value, what, CONVENTIONS),
    say,
  );
}

/** The second of two dates or years is before the first, or too far after it: said with both values as typed. */
export function orderOrSpan(
  inv: Invocation,
  first: string,
  second: string,
  names: [string, string],
  tooFar: string,
): string {
  const [firstWhat, secondWhat] = names.map((n) => ARGUMENT_NAMES[n][inv.lang]);
  // the library refused the pair: either the second is earlier (ISO dates and four-digit years sort as text) or too far
  return second < first ? inv.say.before(second, secondWhat, first, firstWhat) : tooFar;
}
