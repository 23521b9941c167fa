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
import {
  adjust, dueDates, dueDateSchedules, FIRST_YEAR, LAST_YEAR, type Adjustment, type DayOfMonth, type DueDates, type DueDateScheduleCode,
  bridgeDays, CalendarError, countPeriod, describeDay, flagDayRules, flagDays, halfDays, holidays, isBridgeDay, isHalfDay,
  longWeekends, observanceInfo, planLeave, shiftDate, type Day, type Duration, type HolidayType, type Names,
} from "./index.js";
import { icsFeed } from "./ics.js";
import { parseConvention } from "./business.js";
import { parseDueDay, parseDueScheduleList } from "./duedates.js";
import { FLAG_DAYS_FROM } from "./flagdays.js";
import {
  BOUNDS, CONVENTIONS, DATE_PARAMETER_PATTERN, MAX_LEAVE_DAYS, MAX_PLAN_DAYS, MAX_SPAN_YEARS, MAX_STEPS, YEAR_PATTERN,
  checkYearRange, parseBounds, parseIsoDate, parseLeaveDays, parseSteps, parseYear, type Bounds, type Convention,
} from "./validation.js";

const BIN = "swedish-calendar";
/** The due-date schedules of the catalogue, as the help lists them. */
const SCHEDULE_CODES = dueDateSchedules().map((s) => s.code);

type Lang = "sv" | "en";

/** Bad input or a usage error, already said in the output's language: exit 2 with the message. */
class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

const WEEKDAYS: Record<Lang, readonly string[]> = {
  sv: ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"],
  en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
};

const WORDS = {
  sv: {
    date: "Datum", weekday: "Veckodag", week: "Vecka", type: "Typ", name: "Namn", holiday: "Helgdag", flagDay: "Flaggdag",
    public: "allmän helgdag", defacto: "de facto-helgdag", working: "arbetsdag",
    workingDay: "Arbetsdag", bridgeDay: "Klämdag", halfDay: "Halvdag", observances: "Helgdagar", flagDays: "Flaggdagar",
    yes: "ja", no: "nej", none: "–", before: "Före",
    days: (n: number) => `${n} ${n === 1 ? "dag" : "dagar"}`,
    from: "Från", to: "Till", bounds: "Gränser", counted: "Räknade dagar", calendarDays: "Kalenderdagar", duration: "Längd",
    workingDays: "Arbetsdagar", daysOff: "Lediga dagar", bridgeDays: "Klämdagar", halfDays: "Halvdagar",
    daysOffParts: (d: { publicHolidays: number; defactoHolidays: number; namedDays: number; weekendDays: number }) =>
      `allmänna helgdagar ${d.publicHolidays}, de facto-helgdagar ${d.defactoHolidays}; namngivna dagar ${d.namedDays}, helgdagar enbart av veckodagen ${d.weekendDays}`,
    boundsNames: { inclusive: "båda datumen räknas", exclusive: "inget av datumen räknas", from: "startdatumet räknas", to: "slutdatumet räknas" },
    nothingCounted: "inga (tomt intervall)",
    durationText: (d: Duration) => `${d.years} år, ${d.months} ${d.months === 1 ? "månad" : "månader"}, ${d.days} ${d.days === 1 ? "dag" : "dagar"}`,
    start: "Start", end: "Slut", leaveDays: "Ledigt att ta", leave: "Semesterdagar",
    step: "Steg", landed: "Landade på", postponed: "Flyttad (söndagsregeln)", result: "Resultat",
    constrained: "till månadens sista dag",
    period: "Period",
    plan: (used: number, budget: number, daysOff: number, longest: boolean) =>
      `${used} av ${budget} semesterdagar ger ${daysOff} lediga dagar${longest ? " (längsta ledigheten)" : " (flest lediga dagar totalt)"}`,
    daysHead: "Dagar",
    count: (n: number, what: string) => `${n} ${what}`,
    nBridge: "klämdagar", nHalf: "halvdagar", nWeekends: "långhelger", nFlags: "flaggdagar",
  },
  en: {
    date: "Date", weekday: "Weekday", week: "Week", type: "Type", name: "Name", holiday: "Holiday", flagDay: "Flag day",
    public: "public holiday", defacto: "de facto holiday", working: "working day",
    workingDay: "Working day", bridgeDay: "Bridge day", halfDay: "Half day", observances: "Holidays", flagDays: "Flag days",
    yes: "yes", no: "no", none: "–", before: "Before",
    days: (n: number) => `${n} ${n === 1 ? "day" : "days"}`,
    from: "From", to: "To", bounds: "Bounds", counted: "Days counted", calendarDays: "Calendar days", duration: "Duration",
    workingDays: "Working days", daysOff: "Days off", bridgeDays: "Bridge days", halfDays: "Half days",
    daysOffParts: (d: { publicHolidays: number; defactoHolidays: number; namedDays: number; weekendDays: number }) =>
      `public holidays ${d.publicHolidays}, de facto holidays ${d.defactoHolidays}; named days ${d.namedDays}, off by weekday only ${d.weekendDays}`,
    boundsNames: { inclusive: "both dates counted", exclusive: "neither date counted", from: "start date counted", to: "end date counted" },
    nothingCounted: "none (empty interval)",
    durationText: (d: Duration) => `${d.years} ${d.years === 1 ? "year" : "years"}, ${d.months} ${d.months === 1 ? "month" : "months"}, ${d.days} ${d.days === 1 ? "day" : "days"}`,
    start: "Start", end: "End", leaveDays: "Leave to take", leave: "Leave days",
    step: "Step", landed: "Landed on", postponed: "Postponed (Sunday rule)", result: "Result",
    constrained: "clamped to the end of the month",
    period: "Period",
    plan: (used: number, budget: number, daysOff: number, longest: boolean) =>
      `${used} of ${budget} leave days give ${daysOff} days off${longest ? " (the longest break)" : " (the most days off in total)"}`,
    daysHead: "Days",
    count: (n: number, what: string) => `${n} ${what}`,
    nBridge: "bridge days", nHalf: "half days", nWeekends: "long weekends", nFlags: "flag days",
  },
} as const;

type Words = (typeof WORDS)[Lang];

// ---------------------------------------------------------------------------------------------
// Errors, in the output's language
// ---------------------------------------------------------------------------------------------

/** What each positional argument is, in words (by its name in --help). */
const ARGUMENT_NAMES: Record<string, Record<Lang, string>> = {
  date: { sv: "datumet", en: "the date" },
  year: { sv: "året", en: "the year" },
  from: { sv: "första datumet", en: "the first date" },
  to: { sv: "andra datumet", en: "the second date" },
  step: { sv: "steget", en: "the step" },
  days: { sv: "antalet semesterdagar", en: "the number of leave days" },
  convention: { sv: "konventionen", en: "the convention" },
  schedule: { sv: "schemat", en: "the schedule" },
  "from-year": { sv: "första året", en: "the first year" },
  "to-year": { sv: "andra året", en: "the second year" },
};

const RANGE = { sv: `${FIRST_YEAR}-01-01–${LAST_YEAR}-12-31`, en: `${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31` };
const YEARS = { sv: `${FIRST_YEAR}–${LAST_YEAR}`, en: `${FIRST_YEAR}..${LAST_YEAR}` };

/** `a, b eller c` / `a, b or c` */
const anyOf = (items: readonly string[], or: string) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${or} ${items.at(-1)}`);

/** The messages of exit status 2. `what` is an argument in words (ARGUMENT_NAMES) or an option's flag. */
const MESSAGES = {
  sv: {
    missingCommand: `inget kommando angivet (se ${BIN} --help)`,
    unknownCommand: (name: string) => `okänt kommando '${name}' (se ${BIN} --help)`,
    unknownOption: (arg: string, command?: string) =>
      command ? `okänd flagga '${arg}' för '${command}' (se ${BIN} ${command} --help)` : `okänd flagga '${arg}' (se ${BIN} --help)`,
    takesNoValue: (option: string) => `flaggan '--${option}' tar inget värde`,
    needsValue: (option: string) => `flaggan '--${option}' behöver ett värde`,
    lang: "'--lang' ska vara sv eller en",
    missingArgument: (name: string, command: string, usage: string) => `argumentet <${name}> saknas för '${command}' (användning: ${usage})`,
    extraArgument: (arg: string, command: string, usage: string) => `oväntat argument '${arg}' för '${command}' (användning: ${usage})`,
    notADate: (value: string, what: string) => `'${value}' (${what}) är inget datum på formen ÅÅÅÅ-MM-DD`,
    noSuchDate: (value: string, what: string) => `${value} (${what}) finns inte i kalendern`,
    notAYear: (value: string, what: string) => `'${value}' (${what}) är inget årtal med fyra siffror`,
    outside: (value: string, what: string, range: string) => `${value} (${what}) ligger utanför ${range}`,
    notAStep: (value: string) =>
      `'${value}' (steget) är inget steg: ett heltal (negativt för att gå bakåt) följt av en enhet, d (dagar), ` +
      "b (arbetsdagar), w (veckor), m (månader) eller y (år), till exempel 10b eller -3d",
    tooManySteps: `för många steg: högst ${MAX_STEPS} sammanlagt`,
    notLeaveDays: (value: string) => `'${value}' (antalet semesterdagar) ska vara ett heltal från 1 till ${MAX_LEAVE_DAYS}, skrivet med siffror`,
    notOneOf: (value: string, what: string, choices: readonly string[]) => `'${value}' (${what}) finns inte; välj ${anyOf(choices, "eller")}`,
    notASchedule: (value: string, codes: readonly string[]) =>
      `'${value}' (schemat) finns inte; välj ${anyOf(codes, "eller")}, eller en egen regel dag:konvention, till exempel 25:preceding`,
    notADueDay: (day: string, rule: string) => `'${day}' (dagen i ${rule}) ska vara en dag i månaden från 1 till 31, eller last`,
    notADueList: (value: string, codes: readonly string[]) => `'${value}' (--due) ska vara ett eller flera av ${anyOf(codes, "och")}, med kommatecken emellan`,
    before: (value: string, what: string, first: string, firstWhat: string) => `${value} (${what}) är före ${first} (${firstWhat})`,
    yearsAfter: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) ligger mer än ${MAX_SPAN_YEARS} år efter ${first} (${firstWhat})`,
    planTooLong: (from: string, to: string) => `perioden ${from}–${to} är längre än ${MAX_PLAN_DAYS} dagar`,
    stepsOutside: `stegen för datumet utanför ${RANGE.sv}`,
    postponeOutside: `söndagsregeln (--postpone) skulle flytta datumet förbi ${LAST_YEAR}-12-31`,
    conventionOutside: (convention: string) => `${convention} (konventionen) behöver en bankdag utanför ${RANGE.sv}`,
    noFlagDays: (year: number) => `${year} (året) är för tidigt: allmänna flaggdagar finns från ${FLAG_DAYS_FROM}`,
    scheduleSince: (year: number, code: string, since: number) => `${year} (året) är för tidigt: schemat ${code} gäller från ${since}`,
    inRule: (what: string, rule: string) => `${what} i ${rule}`,
    refused: "indata godtas inte",
    unexpected: (message: string) => `oväntat fel: ${message}`,
    cannotWrite: (message: string) => `kan inte skriva utdata: ${message}`,
  },
  en: {
    missingCommand: `missing command (see ${BIN} --help)`,
    unknownCommand: (name: string) => `unknown command '${name}' (see ${BIN} --help)`,
    unknownOption: (arg: string, command?: string) =>
      command ? `unknown option '${arg}' for '${command}' (see ${BIN} ${command} --help)` : `unknown option '${arg}' (see ${BIN} --help)`,
    takesNoValue: (option: string) => `option '--${option}' takes no value`,
    needsValue: (option: string) => `option '--${option}' needs a value`,
    lang: "'--lang' must be sv or en",
    missingArgument: (name: string, command: string, usage: string) => `missing argument <${name}> for '${command}' (usage: ${usage})`,
    extraArgument: (arg: string, command: string, usage: string) => `unexpected argument '${arg}' for '${command}' (usage: ${usage})`,
    notADate: (value: string, what: string) => `'${value}' (${what}) is not a date of the form YYYY-MM-DD`,
    noSuchDate: (value: string, what: string) => `${value} (${what}) does not exist in the calendar`,
    notAYear: (value: string, what: string) => `'${value}' (${what}) is not a year of four digits`,
    outside: (value: string, what: string, range: string) => `${value} (${what}) is outside ${range}`,
    notAStep: (value: string) =>
      `'${value}' (the step) is not a step: a whole number (negative to go back) followed by a unit, d (days), ` +
      "b (working days), w (weeks), m (months) or y (years), e.g. 10b or -3d",
    tooManySteps: `too many steps: at most ${MAX_STEPS} in all`,
    notLeaveDays: (value: string) => `'${value}' (the number of leave days) must be a whole number from 1 to ${MAX_LEAVE_DAYS}, written in digits`,
    notOneOf: (value: string, what: string, choices: readonly string[]) => `'${value}' (${what}) is not one of ${anyOf(choices, "or")}`,
    notASchedule: (value: string, codes: readonly string[]) =>
      `'${value}' (the schedule) is not one of ${anyOf(codes, "or")}, nor a rule of your own day:convention such as 25:preceding`,
    notADueDay: (day: string, rule: string) => `'${day}' (the day in ${rule}) must be a day of the month from 1 to 31, or last`,
    notADueList: (value: string, codes: readonly string[]) => `'${value}' (--due) must be one or more of ${anyOf(codes, "and")}, separated by commas`,
    before: (value: string, what: string, first: string, firstWhat: string) => `${value} (${what}) is before ${first} (${firstWhat})`,
    yearsAfter: (value: string, what: string, first: string, firstWhat: string) =>
      `${value} (${what}) is more than ${MAX_SPAN_YEARS} years after ${first} (${firstWhat})`,
    planTooLong: (from: string, to: string) => `the period ${from}..${to} is longer than ${MAX_PLAN_DAYS} days`,
    stepsOutside: `the steps take the date outside ${RANGE.en}`,
    postponeOutside: `the Sunday rule (--postpone) would move the date past ${LAST_YEAR}-12-31`,
    conventionOutside: (convention: string) => `${convention} (the convention) needs a business day outside ${RANGE.en}`,
    noFlagDays: (year: number) => `${year} (the year) is too early: official flag days exist from ${FLAG_DAYS_FROM}`,
    scheduleSince: (year: number, code: string, since: number) => `${year} (the year) is too early: the schedule ${code} starts in ${since}`,
    inRule: (what: string, rule: string) => `${what} in ${rule}`,
    refused: "the input is not accepted",
    unexpected: (message: string) => `unexpected error: ${message}`,
    cannotWrite: (message: string) => `cannot write the output: ${message}`,
  },
} satisfies Record<Lang, unknown>;

type Messages = (typeof MESSAGES)[Lang];

/**
 * Runs a library call; input it refuses becomes a UsageError with `message(error)` in the output's language. The
 * library decides what is wrong, the message only says it; the `refused` catch-all is for a refusal no message here
 * knows (none is expected).
 */
function refusing<T>(call: () => T, message: (error: CalendarError) => string | undefined, say: Messages): T {
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
function dateArg(inv: Invocation, index: number, name: string): string {
  const value = inv.args[index];
  const what = ARGUMENT_NAMES[name][inv.lang];
  refusing(
    () => parseIsoDate(value, name),
    (e) =>
      !DATE_PARAMETER_PATTERN.test(value) ? inv.say.notADate(value, what)
      : e.code === "invalid-date" ? inv.say.noSuchDate(value, what)
      : inv.say.outside(value, what, RANGE[inv.lang]),
    inv.say,
  );
  return value;
}

/** The positional argument `name`: a year from 1930 to 9999 (refused: not four digits, or outside the range). */
function yearArg(inv: Invocation, index: number, name = "year"): number {
  const value = inv.args[index];
  const what = ARGUMENT_NAMES[name][inv.lang];
  return refusing(
    () => parseYear(value, name),
    () => (YEAR_PATTERN.test(value) ? inv.say.outside(value, what, YEARS[inv.lang]) : inv.say.notAYear(value, what)),
    inv.say,
  );
}

/** A convention (an argument in words, or the part of a due-date rule). */
function conventionOf(value: string, what: string, say: Messages): Convention {
  return refusing(() => parseConvention(value), () => say.notOneOf(value, what, CONVENTIONS), say);
}

/** The second of two dates or years is before the first, or too far after it: said with both values as typed. */
function orderOrSpan(inv: Invocation, first: string, second: string, names: [string, string], tooFar: string): string {
  const [firstWhat, secondWhat] = names.map((n) => ARGUMENT_NAMES[n][inv.lang]);
  // the library refused the pair: either the second is earlier (ISO dates and four-digit years sort as text) or too far
  return second < first ? inv.say.before(second, secondWhat, first, firstWhat) : tooFar;
}

const weekdayName = (lang: Lang, weekday: number) => WEEKDAYS[lang][weekday - 1];
const typeName = (w: Words, type: HolidayType | null) => (type === null ? w.working : w[type]);

/** The names of a day's observances, or the weekday's name (capitalised) for a day off with none. */
function dayName(lang: Lang, day: Day): string {
  if (day.observances.length > 0) return day.observances.map((o) => o.name[lang]).join(", ");
  if (day.holidayType === null) return "";
  const weekday = weekdayName(lang, day.weekday);
  return weekday[0].toUpperCase() + weekday.slice(1);
}

let flagDayNames: Map<string, Names> | undefined;
function flagDayName(lang: Lang, code: string): string {
  flagDayNames ??= new Map(flagDayRules().map((r) => [r.code, r.name]));
  return flagDayNames.get(code)?.[lang] ?? code;
}

function observanceName(lang: Lang, code: string): string {
  try {
    return observanceInfo(code).name[lang];
  } catch {
    return code;
  }
}

/** Columns padded to their widest cell (the last column is not padded). */
function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Label: value lines, labels padded. */
function fields(pairs: [string, string][]): string {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${(label + ":").padEnd(width + 1)}  ${value}`).join("\n");
}

const dayShort = (lang: Lang, day: Day) => `${day.date} ${weekdayName(lang, day.weekday)}`;

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** What a command gets: its positional arguments, its flags and value options, and the common options. */
interface Invocation {
  args: string[];
  flags: Set<string>;
  values: Map<string, string>;
  lang: Lang;
  /** the error messages in `lang` */
  say: Messages;
}

interface Command {
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
  render(result: any, inv: Invocation): string;
  /** the text is printed as it is (no newline added): the iCalendar feed */
  raw?: boolean;
}

function dayListRender(days: Day[], { lang }: Invocation): string {
  const w = WORDS[lang];
  const rows = days.map((d) => [d.date, weekdayName(lang, d.weekday), String(d.isoWeek.week), typeName(w, d.holidayType), dayName(lang, d)]);
  return `${table([w.date, w.weekday, w.week, w.type, w.name], rows)}\n\n${w.days(days.length)}`;
}

const COMMANDS: Record<string, Command> = {
  day: {
    args: ["date"],
    flags: [],
    values: [],
    summary: "what a date is (YYYY-MM-DD)",
    help: "Weekday, ISO week, holiday type, whether it is a working, bridge or half day, its holidays and flag days.\nExample: swedish-calendar day 2026-06-19",
    compute: (inv) => describeDay(dateArg(inv, 0, "date")),
    render: (day: Day, { lang }) => {
      const w = WORDS[lang];
      const yesNo = (b: boolean) => (b ? w.yes : w.no);
      return fields([
        [w.date, `${day.date} ${weekdayName(lang, day.weekday)}`],
        [w.week, `${day.isoWeek.week} (${day.isoWeek.year})`],
        [w.type, typeName(w, day.holidayType)],
        [w.workingDay, yesNo(day.workingDay)],
        [w.bridgeDay, yesNo(isBridgeDay(day.date))],
        [w.halfDay, yesNo(isHalfDay(day.date))],
        [w.observances, day.observances.map((o) => o.name[lang]).join(", ") || w.none],
        [w.flagDays, day.flagDay.map((code) => flagDayName(lang, code)).join(", ") || w.none],
      ]);
    },
  },
  holidays: {
    args: ["year"],
    flags: ["sundays", "saturdays"],
    values: [],
    summary: "the public and de facto holidays of a year",
    help: "One row per day off with a name (and the five eves). --sundays adds the other Sundays, --saturdays every Saturday.\nExample: swedish-calendar holidays 2026 --sundays",
    compute: (inv) => holidays(yearArg(inv, 0), { sundays: inv.flags.has("sundays"), saturdays: inv.flags.has("saturdays") }),
    render: dayListRender,
  },
  "bridge-days": {
    args: ["year"],
    flags: [],
    values: [],
    summary: "the bridge days (klämdagar) of a year",
    help: "Working days whose previous and next days are both days off.\nExample: swedish-calendar bridge-days 2026",
    compute: (inv) => bridgeDays(yearArg(inv, 0)),
    render: (days: Day[], { lang }) => {
      const w = WORDS[lang];
      return `${table([w.date, w.weekday, w.week], days.map((d) => [d.date, weekdayName(lang, d.weekday), String(d.isoWeek.week)]))}\n\n${w.count(days.length, w.nBridge)}`;
    },
  },
  "half-days": {
    args: ["year"],
    flags: [],
    values: [],
    summary: "the half days (halvdagar) of a year",
    help: "Working days whose next day carries a public observance.\nExample: swedish-calendar half-days 2026",
    compute: (inv) => halfDays(yearArg(inv, 0)),
    render: (days: Day[], { lang }) => {
      const w = WORDS[lang];
      const before = (d: Day) => shiftDate(d.date, "1d").result.observances.map((o) => o.name[lang]).join(", ");
      return `${table([w.date, w.weekday, w.week, w.before], days.map((d) => [d.date, weekdayName(lang, d.weekday), String(d.isoWeek.week), before(d)]))}\n\n${w.count(days.length, w.nHalf)}`;
    },
  },
  period: {
    args: ["from", "to"],
    flags: [],
    values: ["bounds"],
    summary: "working days, days off, bridge and half days of a period",
    help: "--bounds inclusive (default: both dates counted), exclusive (neither), from (the start only) or to (the end only). At most 200 years.\nExample: swedish-calendar period 2026-01-01 2026-12-31 --bounds exclusive",
    compute: (inv) => {
      const [from, to] = [dateArg(inv, 0, "from"), dateArg(inv, 1, "to")];
      const given = inv.values.get("bounds");
      const bounds: Bounds = given === undefined ? "inclusive" : refusing(() => parseBounds(given), () => inv.say.notOneOf(given, "--bounds", BOUNDS), inv.say);
      const tooFar = inv.say.yearsAfter(to, ARGUMENT_NAMES.to[inv.lang], from, ARGUMENT_NAMES.from[inv.lang]);
      return refusing(() => countPeriod(from, to, bounds), (e) => (e.argument === "to" ? orderOrSpan(inv, from, to, ["from", "to"], tooFar) : undefined), inv.say);
    },
    render: (p: ReturnType<typeof countPeriod>, { lang }) => {
      const w = WORDS[lang];
      return fields([
        [w.period, `${p.from} – ${p.to}`],
        [w.bounds, `${p.bounds} (${w.boundsNames[p.bounds]})`],
        [w.counted, p.counted ? `${p.counted.first} – ${p.counted.last}` : w.nothingCounted],
        [w.calendarDays, String(p.calendarDays)],
        [w.duration, w.durationText(p.duration)],
        [w.workingDays, String(p.workingDays)],
        [w.daysOff, `${p.daysOff.total} (${w.daysOffParts(p.daysOff)})`],
        [w.bridgeDays, String(p.bridgeDays)],
        [w.halfDays, String(p.halfDays)],
      ]);
    },
  },
  shift: {
    args: ["date", "step..."],
    flags: ["postpone"],
    values: [],
    summary: "moves a date by steps: d days, b working days, w weeks, m months, y years",
    help: `Steps are applied in order (1m 10b, or 1m,10b; -3b goes back). --postpone applies the Sunday rule of Lag (1930:173):\na result on a Sunday, public holiday or eve moves to the next working day. At most ${MAX_STEPS} steps.\nExample: swedish-calendar shift 2026-01-31 1m 10b --postpone`,
    compute: (inv) => {
      const date = dateArg(inv, 0, "date");
      const steps = inv.args.slice(1);
      for (const step of steps) refusing(() => parseSteps([step]), () => inv.say.notAStep(step), inv.say);
      refusing(() => parseSteps(steps), () => inv.say.tooManySteps, inv.say);
      return refusing(
        () => shiftDate(date, steps, { postpone: inv.flags.has("postpone") }),
        (e) => (e.argument === "add" ? inv.say.stepsOutside : e.argument === "postpone" ? inv.say.postponeOutside : undefined),
        inv.say,
      );
    },
    render: (s: ReturnType<typeof shiftDate>, { lang }) => {
      const w = WORDS[lang];
      const signed = (amount: number) => (amount < 0 ? String(amount) : `+${amount}`);
      const start = describeDay(s.date);
      const pairs: [string, string][] = [[w.from, dayShort(lang, start)]];
      s.steps.forEach((step, i) => {
        pairs.push([i === 0 ? w.step : "", `${signed(step.amount)}${step.unit} → ${dayShort(lang, step.result)}${step.constrained ? ` (${w.constrained})` : ""}`]);
      });
      pairs.push([w.landed, `${dayShort(lang, s.landed)} (${typeName(w, s.landed.holidayType)})`]);
      if (s.postpone) pairs.push([w.postponed, s.postponed ? w.yes : w.no]);
      pairs.push([w.result, `${dayShort(lang, s.result)} (${typeName(w, s.result.holidayType)})`]);
      if (s.period) {
        pairs.push([w.period, `${s.period.from} – ${s.period.to}: ${w.days(s.period.calendarDays)}, ${w.workingDays.toLowerCase()} ${s.period.workingDays}`]);
      }
      const width = Math.max(...pairs.map(([label]) => label.length));
      return pairs.map(([label, value]) => `${(label ? label + ":" : "").padEnd(width + 1)}  ${value}`).join("\n");
    },
  },
  "long-weekends": {
    args: ["year"],
    flags: [],
    values: [],
    summary: "the long weekends that start in a year, with the bridge day to take off",
    help: "Runs of three or more days off around a named day; 'leave to take' is the bridge day that joins two runs.\nExample: swedish-calendar long-weekends 2026",
    compute: (inv) => longWeekends(yearArg(inv, 0)),
    render: (list: ReturnType<typeof longWeekends>, { lang }) => {
      const w = WORDS[lang];
      const rows = list.map((l) => [l.start, l.end, String(l.days), l.leaveDays.join(", ") || w.none, l.observances.map((c) => observanceName(lang, c)).join(", ")]);
      return `${table([w.start, w.end, w.daysHead, w.leaveDays, w.observances], rows)}\n\n${w.count(list.length, w.nWeekends)}`;
    },
  },
  leave: {
    args: ["from", "to", "days"],
    flags: ["longest"],
    values: [],
    summary: `the best use of 1 to ${MAX_LEAVE_DAYS} leave days between two dates (at most ${MAX_PLAN_DAYS} days)`,
    help: "The most days off in total by default; --longest for the longest single break. Exact.\nExample: swedish-calendar leave 2026-01-01 2026-12-31 5",
    compute: (inv) => {
      const [from, to] = [dateArg(inv, 0, "from"), dateArg(inv, 1, "to")];
      const days = refusing(() => parseLeaveDays(inv.args[2], "days"), () => inv.say.notLeaveDays(inv.args[2]), inv.say);
      return refusing(
        () => planLeave(from, to, days, inv.flags.has("longest") ? "longest" : "most"),
        (e) => (e.argument === "to" ? orderOrSpan(inv, from, to, ["from", "to"], inv.say.planTooLong(from, to)) : undefined),
        inv.say,
      );
    },
    render: (p: ReturnType<typeof planLeave>, { lang }) => {
      const w = WORDS[lang];
      const head = `${p.from} – ${p.to}: ${w.plan(p.used, p.budget, p.daysOff, p.objective === "longest")}`;
      const rows = p.breaks.map((b) => [b.start, b.end, String(b.days), b.leaveDays.join(", ") || w.none]);
      return `${head}\n\n${table([w.start, w.end, w.daysHead, w.leave], rows)}`;
    },
  },
  "flag-days": {
    args: ["year"],
    flags: [],
    values: [],
    summary: `the official flag days of a year (from ${FLAG_DAYS_FROM})`,
    help: "Allmänna flaggdagar under Förordning (1982:270), with election days.\nExample: swedish-calendar flag-days 2026",
    compute: (inv) => {
      const year = yearArg(inv, 0);
      return refusing(() => flagDays(year), () => inv.say.noFlagDays(year), inv.say);
    },
    render: (list: ReturnType<typeof flagDays>, { lang }) => {
      const w = WORDS[lang];
      const rows = list.map((f) => {
        const weekday = describeDay(f.date).weekday;
        return [f.date, weekdayName(lang, weekday), f.name[lang], f.holiday ? observanceName(lang, f.holiday) : ""];
      });
      return `${table([w.date, w.weekday, w.flagDay, w.holiday], rows)}\n\n${w.count(list.length, w.nFlags)}`;
    },
  },
  adjust: {
    args: ["date", "convention"],
    flags: [],
    values: [],
    summary: "moves a date to a business day by a convention",
    help:
      `Conventions (QuantLib's): ${CONVENTIONS.join(", ")}.\n` +
      "A business day (bankdag) is a working day: not a weekend, public holiday, Midsummer, Christmas or New Year's Eve.\n" +
      "Example: swedish-calendar adjust 2026-06-19 modified-following",
    compute: (inv) => {
      const date = dateArg(inv, 0, "date");
      const convention = conventionOf(inv.args[1], ARGUMENT_NAMES.convention[inv.lang], inv.say);
      return refusing(() => adjust(date, convention), () => inv.say.conventionOutside(convention), inv.say);
    },
    render: (a: Adjustment, { lang }) =>
      fields([
        [WORDS[lang].date, dayShort(lang, describeDay(a.date))],
        [lang === "sv" ? "Konvention" : "Convention", a.convention],
        [WORDS[lang].result, `${dayShort(lang, a.result)}${a.moved ? "" : lang === "sv" ? " (oflyttad)" : " (not moved)"}`],
      ]),
  },
  "due-dates": {
    args: ["year", "schedule"],
    flags: [],
    values: [],
    summary: `the due dates of a year: ${SCHEDULE_CODES.join(", ")}, or <day>:<convention>`,
    help:
      "One row per month: the nominal date and the business day it is due. A schedule of the catalogue, or a rule of\n" +
      "your own as day:convention (day 1-31 or last), e.g. 25:preceding.\n" +
      "Example: swedish-calendar due-dates 2026 child-benefit",
    compute: (inv) => {
      const year = yearArg(inv, 0);
      const text = inv.args[1];
      const schedules = dueDateSchedules();
      const colon = text.indexOf(":");
      if (colon < 0) {
        const since = schedules.find((s) => s.code === text)?.since ?? FIRST_YEAR;
        return refusing(
          // any text: the library refuses a code outside its catalogue, and the message below says so
          () => dueDates(year, text as DueDateScheduleCode),
          (e) => (e.argument === "schedule" ? inv.say.notASchedule(text, schedules.map((s) => s.code)) : inv.say.scheduleSince(year, text, since)),
          inv.say,
        );
      }
      const dayText = text.slice(0, colon);
      const day: DayOfMonth = refusing(() => parseDueDay(dayText), () => inv.say.notADueDay(dayText, text), inv.say);
      const convention = conventionOf(text.slice(colon + 1), inv.say.inRule(ARGUMENT_NAMES.convention[inv.lang], text), inv.say);
      return refusing(() => dueDates(year, { day, convention }), () => inv.say.conventionOutside(convention), inv.say);
    },
    render: (r: DueDates, { lang }) => {
      const rows = r.dates.map((x) => [x.nominal, dayShort(lang, x.due), x.moved ? (lang === "sv" ? "flyttad" : "moved") : ""]);
      const head = lang === "sv" ? ["Nominellt", "Förfaller", ""] : ["Nominal", "Due", ""];
      return `${r.year}: ${r.schedule.name[lang]} (${r.schedule.code}, ${r.schedule.convention})\n\n${table(head, rows)}`;
    },
  },
  ics: {
    args: ["from-year", "to-year?"],
    flags: ["bridge", "half", "saturdays", "sundays", "flags", "busy", "no-defacto"],
    values: ["due"],
    summary: `the iCalendar feed of the years (at most ${MAX_SPAN_YEARS}), to stdout`,
    help: `The feed the service serves for the same years and options. --bridge bridge days, --half half days, --saturdays,\n--sundays every Saturday/Sunday, --flags official flag days, --busy events block time, --no-defacto leaves out the\nfive eves, --due <codes> adds the due dates of schedules (a comma list: ${SCHEDULE_CODES.join(", ")}).\nto-year defaults to from-year.\nExample: swedish-calendar ics 2026 2027 --bridge --due salary-25 > helgdagar.ics`,
    compute: (inv) => {
      const { args, flags, values } = inv;
      const from = yearArg(inv, 0, "from-year");
      const to = args[1] === undefined ? from : yearArg(inv, 1, "to-year");
      const names: [string, string] = ["from-year", "to-year"];
      const tooFar = inv.say.yearsAfter(String(to), ARGUMENT_NAMES["to-year"][inv.lang], String(from), ARGUMENT_NAMES["from-year"][inv.lang]);
      // the feed's own checks of the years and `due` name them as the API does; the tool asks the same parsers first
      refusing(() => checkYearRange(from, to), () => orderOrSpan(inv, String(from), String(to), names, tooFar), inv.say);
      const due = values.get("due");
      const codes = dueDateSchedules().map((s) => s.code);
      if (due !== undefined) refusing(() => parseDueScheduleList(due), () => inv.say.notADueList(due, codes), inv.say);
      return icsFeed(from, to, {
        defacto: !flags.has("no-defacto"),
        bridge: flags.has("bridge"),
        half: flags.has("half"),
        saturdays: flags.has("saturdays"),
        sundays: flags.has("sundays"),
        flags: flags.has("flags"),
        busy: flags.has("busy"),
        ...(values.has("due") ? { due: values.get("due")!.split(",") } : {}),
      });
    },
    render: (text: string) => text,
    raw: true,
  },
};

const COMMON = "Options of every command:\n  --json        print the library's result as JSON (JSON.stringify of what the function returns)\n  --lang sv|en  the language of the table (default sv)\n  -h, --help    this help";

function usageOf(name: string, command: Command): string {
  const args = command.args.map((a) => (a.endsWith("?") ? `[${a.slice(0, -1)}]` : a.endsWith("...") ? `<${a.slice(0, -3)}>...` : `<${a}>`));
  const options = [...command.flags.map((f) => `[--${f}]`), ...command.values.map((v) => `[--${v} <${v}>]`)];
  return [BIN, name, ...args, ...options].join(" ");
}

function commandHelp(name: string, command: Command): string {
  return `Usage: ${usageOf(name, command)} [--json] [--lang sv|en]\n\n${command.summary[0].toUpperCase()}${command.summary.slice(1)}.\n${command.help}\n\n${COMMON}\n`;
}

function topHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Usage: ${BIN} <command> [arguments] [options]\n\nWhat every date from ${FIRST_YEAR} to ${LAST_YEAR} is in Sweden: holidays, bridge and half days, periods, date shifting,\nlong weekends, leave plans, flag days, an iCalendar feed. Dates are YYYY-MM-DD, years four digits.\n\nCommands:\n${lines.join("\n")}\n\n${COMMON}\n\n${BIN} <command> --help shows a command's arguments and options.\nExit status: 0 success, 2 bad input or usage (one line on stderr), 1 anything else.\n`;
}

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
    const value = argv[i] === "--lang" ? argv[i + 1] : argv[i].startsWith("--lang=") ? argv[i].slice("--lang=".length) : undefined;
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
    const known = option === undefined || option === "help" ? undefined : Object.hasOwn(options, option) ? options[option] : undefined;
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
      if (!Object.hasOwn(COMMANDS, topic)) throw new UsageError(say.unknownCommand(topic));
      process.stdout.write(commandHelp(topic, COMMANDS[topic]));
    } else {
      process.stdout.write(topHelp());
    }
    return 0;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    throw new UsageError(name.startsWith("-") ? say.unknownOption(name) : say.unknownCommand(name));
  }
  const command = COMMANDS[name];
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
