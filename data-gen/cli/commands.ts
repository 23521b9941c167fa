/**
 * The command-line tool's commands, a table: each one's arguments, options, help, library call and rendering (../cli.ts).
 */

import { parseDueDay, parseDueScheduleList } from "../duedates.js";
import { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES } from "../feed-options.js";
import { FLAG_DAYS_FROM } from "../flagdays.js";
import { DEFAULT_WEEKLY_HOURS, MAX_WEEKLY_HOURS, MIN_WEEKLY_HOURS, WEEKLY_HOURS_STEP } from "../grammar.js";
import { icsFeed } from "../ics.js";
import {
  type Adjustment,
  adjust,
  bridgeDays,
  countPeriod,
  type Day,
  type DayOfMonth,
  type DueDateScheduleCode,
  type DueDates,
  describeDay,
  dueDateSchedules,
  dueDates,
  FIRST_YEAR,
  flagDays,
  halfDays,
  holidays,
  isBridgeDay,
  isHalfDay,
  LAST_YEAR,
  longWeekends,
  planLeave,
  shiftDate,
  type WorkingTime,
  type WorkingTimeProfileCode,
  workingTime,
} from "../index.js";
import { FEED_SIGNATURES, LIBRARY_SIGNATURES } from "../signatures.js";
import {
  BOUNDS,
  type Bounds,
  CONVENTIONS,
  checkYearRange,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  parseBounds,
  parseLeaveDays,
  parseSteps,
} from "../validation.js";
import { findWorkingTimeProfile, parseWeeklyHours, WORKING_TIME_PROFILE_CODES } from "../working-time.js";

import { ARGUMENT_NAMES, conventionOf, dateArg, type Invocation, orderOrSpan, refusing, yearArg } from "./messages.js";
import {
  BIN,
  dayName,
  dayShort,
  fields,
  flagDayName,
  hoursText,
  MONTHS,
  minutesText,
  observanceName,
  SCHEDULE_CODES,
  table,
  typeName,
  WORDS,
  weekdayName,
} from "./words.js";

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

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
function booleanOptions(signature: { readonly "options?": Readonly<Record<string, string>> }): string[] {
  return Object.entries(signature["options?"])
    .filter(([, kind]) => kind === "boolean")
    .map(([name]) => name.replace(/\?$/, ""));
}

/** Each given flag as its option: `{ sundays: true, saturdays: false }`. */
const optionsOf = (flags: readonly string[], inv: Invocation) =>
  Object.fromEntries(flags.map((flag) => [flag, inv.flags.has(flag)]));

const HOLIDAY_FLAGS = booleanOptions(LIBRARY_SIGNATURES.holidays);
const SHIFT_FLAGS = booleanOptions(LIBRARY_SIGNATURES.shiftDate);
/** The feed's boolean options as flags: `--bridge` turns one on, `--no-defacto` turns off one that is on by default. */
const FEED_FLAG_OF = Object.fromEntries(
  FEED_OPTION_NAMES.map((name) => [name, DEFAULT_FEED_OPTIONS[name] ? `no-${name}` : name]),
);
const FEED_FLAGS = [
  ...FEED_OPTION_NAMES.filter((name) => !DEFAULT_FEED_OPTIONS[name]),
  ...FEED_OPTION_NAMES.filter((name) => DEFAULT_FEED_OPTIONS[name]),
].map((name) => FEED_FLAG_OF[name]);
if (!booleanOptions(FEED_SIGNATURES.icsFeed).every((name) => Object.hasOwn(FEED_FLAG_OF, name))) {
  throw new Error("commands.ts: a boolean option of the feed has no flag");
}

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

export const COMMANDS: Record<string, Command> = {
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
    flags: HOLIDAY_FLAGS,
    values: [],
    summary: "the public and de facto holidays of a year",
    help: "One row per day off with a name (and the five eves). --sundays adds the other Sundays, --saturdays every Saturday.\nExample: swedish-calendar holidays 2026 --sundays",
    compute: (inv) => holidays(yearArg(inv, 0), optionsOf(HOLIDAY_FLAGS, inv)),
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
      return `${table(
        [w.date, w.weekday, w.week],
        days.map((d) => [d.date, weekdayName(lang, d.weekday), String(d.isoWeek.week)]),
      )}\n\n${w.count(days.length, w.nBridge)}`;
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
      const before = (d: Day) =>
        shiftDate(d.date, "1d")
          .result.observances.map((o) => o.name[lang])
          .join(", ");
      return `${table(
        [w.date, w.weekday, w.week, w.before],
        days.map((d) => [d.date, weekdayName(lang, d.weekday), String(d.isoWeek.week), before(d)]),
      )}\n\n${w.count(days.length, w.nHalf)}`;
    },
  },
  period: {
    args: ["from", "to"],
    flags: [],
    values: ["bounds"],
    summary: "working days, days off, bridge and half days of a period",
    help: `--bounds inclusive (default: both dates counted), exclusive (neither), from (the start only) or to (the end only). At most ${MAX_SPAN_YEARS} years.\nExample: swedish-calendar period 2026-01-01 2026-12-31 --bounds exclusive`,
    compute: (inv) => {
      const [from, to] = [dateArg(inv, 0, "from"), dateArg(inv, 1, "to")];
      const given = inv.values.get("bounds");
      const bounds: Bounds =
        given === undefined
          ? "inclusive"
          : refusing(
              () => parseBounds(given),
              () => inv.say.notOneOf(given, "--bounds", BOUNDS),
              inv.say,
            );
      const tooFar = inv.say.yearsAfter(to, ARGUMENT_NAMES.to[inv.lang], from, ARGUMENT_NAMES.from[inv.lang]);
      return refusing(
        () => countPeriod(from, to, bounds),
        (e) => (e.argument === "to" ? orderOrSpan(inv, from, to, ["from", "to"], tooFar) : undefined),
        inv.say,
      );
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
    flags: SHIFT_FLAGS,
    values: [],
    summary: "moves a date by steps: d days, b working days, w weeks, m months, y years",
    help: `Steps are applied in order (1m 10b, or 1m,10b; -3b goes back). --postpone applies the Sunday rule of Lag (1930:173):\na result on a Sunday, public holiday or eve moves to the next working day. At most ${MAX_STEPS} steps.\nExample: swedish-calendar shift 2026-01-31 1m 10b --postpone`,
    compute: (inv) => {
      const date = dateArg(inv, 0, "date");
      const steps = inv.args.slice(1);
      for (const step of steps)
        refusing(
          () => parseSteps([step]),
          () => inv.say.notAStep(step),
          inv.say,
        );
      refusing(
        () => parseSteps(steps),
        () => inv.say.tooManySteps,
        inv.say,
      );
      return refusing(
        () => shiftDate(date, steps, optionsOf(SHIFT_FLAGS, inv)),
        (e) =>
          e.argument === "add" ? inv.say.stepsOutside : e.argument === "postpone" ? inv.say.postponeOutside : undefined,
        inv.say,
      );
    },
    render: (s: ReturnType<typeof shiftDate>, { lang }) => {
      const w = WORDS[lang];
      const signed = (amount: number) => (amount < 0 ? String(amount) : `+${amount}`);
      const start = describeDay(s.date);
      const pairs: [string, string][] = [[w.from, dayShort(lang, start)]];
      s.steps.forEach((step, i) => {
        pairs.push([
          i === 0 ? w.step : "",
          `${signed(step.amount)}${step.unit} → ${dayShort(lang, step.result)}${step.constrained ? ` (${w.constrained})` : ""}`,
        ]);
      });
      pairs.push([w.landed, `${dayShort(lang, s.landed)} (${typeName(w, s.landed.holidayType)})`]);
      if (s.postpone) pairs.push([w.postponed, s.postponed ? w.yes : w.no]);
      pairs.push([w.result, `${dayShort(lang, s.result)} (${typeName(w, s.result.holidayType)})`]);
      if (s.period) {
        pairs.push([
          w.period,
          `${s.period.from} – ${s.period.to}: ${w.days(s.period.calendarDays)}, ${w.workingDays.toLowerCase()} ${s.period.workingDays}`,
        ]);
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
      const rows = list.map((l) => [
        l.start,
        l.end,
        String(l.days),
        l.leaveDays.join(", ") || w.none,
        l.observances.map((c) => observanceName(lang, c)).join(", "),
      ]);
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
      const days = refusing(
        () => parseLeaveDays(inv.args[2], "days"),
        () => inv.say.notLeaveDays(inv.args[2]),
        inv.say,
      );
      return refusing(
        () => planLeave(from, to, days, inv.flags.has("longest") ? "longest" : "most"),
        (e) =>
          e.argument === "to" ? orderOrSpan(inv, from, to, ["from", "to"], inv.say.planTooLong(from, to)) : undefined,
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
      return refusing(
        () => flagDays(year),
        () => inv.say.noFlagDays(year),
        inv.say,
      );
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
      return refusing(
        () => adjust(date, convention),
        () => inv.say.conventionOutside(convention),
        inv.say,
      );
    },
    render: (a: Adjustment, { lang }) =>
      fields([
        [WORDS[lang].date, dayShort(lang, describeDay(a.date))],
        [lang === "sv" ? "Konvention" : "Convention", a.convention],
        [
          WORDS[lang].result,
          `${dayShort(lang, a.result)}${a.moved ? "" : lang === "sv" ? " (oflyttad)" : " (not moved)"}`,
        ],
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
          (e) =>
            e.argument === "schedule"
              ? inv.say.notASchedule(
                  text,
                  schedules.map((s) => s.code),
                )
              : inv.say.scheduleSince(year, text, since),
          inv.say,
        );
      }
      const dayText = text.slice(0, colon);
      const day: DayOfMonth = refusing(
        () => parseDueDay(dayText),
        () => inv.say.notADueDay(dayText, text),
        inv.say,
      );
      const convention = conventionOf(
        text.slice(colon + 1),
        inv.say.inRule(ARGUMENT_NAMES.convention[inv.lang], text),
        inv.say,
      );
      return refusing(
        () => dueDates(year, { day, convention }),
        () => inv.say.conventionOutside(convention),
        inv.say,
      );
    },
    render: (r: DueDates, { lang }) => {
      const rows = r.dates.map((x) => [
        x.nominal,
        dayShort(lang, x.due),
        x.moved ? (lang === "sv" ? "flyttad" : "moved") : "",
      ]);
      const head = lang === "sv" ? ["Nominellt", "Förfaller", ""] : ["Nominal", "Due", ""];
      return `${r.year}: ${r.schedule.name[lang]} (${r.schedule.code}, ${r.schedule.convention})\n\n${table(head, rows)}`;
    },
  },
  "working-time": {
    alias: "arbetstid",
    args: ["year"],
    flags: [],
    values: ["weekly", "profile"],
    summary: "the working days and working time of a year, by month and quarter (alias: arbetstid)",
    help:
      `--weekly <hours> the hours of a full week, ${MIN_WEEKLY_HOURS} to ${MAX_WEEKLY_HOURS} in steps of ${WEEKLY_HOURS_STEP} (default ${DEFAULT_WEEKLY_HOURS}); a working day is a fifth of it.\n` +
      `--profile ${WORKING_TIME_PROFILE_CODES.join("|")}: standard shortens no day (default); state gives the shortened days of state\n` +
      "employees with office hours (Arbetsgivarverket's Villkorsavtal, from 2017).\n" +
      "Example: swedish-calendar arbetstid 2027 --weekly 38.25 --profile state",
    compute: (inv) => {
      const year = yearArg(inv, 0);
      const weekly = inv.values.get("weekly");
      const profileText = inv.values.get("profile");
      const weeklyHours =
        weekly === undefined
          ? DEFAULT_WEEKLY_HOURS
          : refusing(
              () => parseWeeklyHours(weekly),
              () => inv.say.notWeeklyHours(weekly),
              inv.say,
            );
      const profile =
        profileText === undefined
          ? undefined
          : refusing(
              () => findWorkingTimeProfile(profileText).code as WorkingTimeProfileCode,
              () => inv.say.notOneOf(profileText, "--profile", WORKING_TIME_PROFILE_CODES),
              inv.say,
            );
      const since = profile === undefined ? undefined : findWorkingTimeProfile(profile).since;
      return refusing(
        () => workingTime(year, { weeklyHours, ...(profile ? { profile } : {}) }),
        () => inv.say.profileSince(year, profile ?? "", since ?? FIRST_YEAR),
        inv.say,
      );
    },
    render: (r: WorkingTime, { lang }) => {
      const w = WORDS[lang];
      const head = `${w.workingTimeHead(r.year, hoursText(lang, r.weeklyHours * 60), minutesText(lang, r.dailyMinutes))}, ${w.profile}: ${r.profile.name[lang]}`;
      const shortened = (d: WorkingTime["months"][number]["shortenedDays"][number]) =>
        `${d.date.slice(5)} ${d.name[lang]} −${minutesText(lang, d.reductionMinutes)}`;
      const rows = r.months.map((m) => [
        MONTHS[lang][m.month - 1],
        String(m.workingDays),
        hoursText(lang, m.minutes),
        m.shortenedDays.map(shortened).join(", "),
      ]);
      const quarters = r.quarters.map((q) => [
        `${w.quarter}${q.quarter}`,
        String(q.workingDays),
        hoursText(lang, q.minutes),
        "",
      ]);
      const total = [w.total, String(r.total.workingDays), hoursText(lang, r.total.minutes), ""];
      return `${head}\n\n${table([w.month, w.workingDays, w.hours, w.shortened], [...rows, ...quarters, total])}`;
    },
  },
  ics: {
    args: ["from-year", "to-year?"],
    flags: FEED_FLAGS,
    values: ["due"],
    summary: `the iCalendar feed of the years (at most ${MAX_SPAN_YEARS}), to stdout`,
    help: `The feed the service serves for the same years and options. --bridge bridge days, --half half days, --saturdays,\n--sundays every Saturday/Sunday, --flags official flag days, --busy events block time, --no-defacto leaves out the\nfive eves, --due <codes> adds the due dates of schedules (a comma list: ${SCHEDULE_CODES.join(", ")}).\nto-year defaults to from-year.\nExample: swedish-calendar ics 2026 2027 --bridge --due salary-25 > helgdagar.ics`,
    compute: (inv) => {
      const { args, flags, values } = inv;
      const from = yearArg(inv, 0, "from-year");
      const to = args[1] === undefined ? from : yearArg(inv, 1, "to-year");
      const names: [string, string] = ["from-year", "to-year"];
      const tooFar = inv.say.yearsAfter(
        String(to),
        ARGUMENT_NAMES["to-year"][inv.lang],
        String(from),
        ARGUMENT_NAMES["from-year"][inv.lang],
      );
      // the feed's own checks of the years and `due` name them as the API does; the tool asks the same parsers first
      refusing(
        () => checkYearRange(from, to),
        () => orderOrSpan(inv, String(from), String(to), names, tooFar),
        inv.say,
      );
      const due = values.get("due");
      const codes = dueDateSchedules().map((s) => s.code);
      if (due !== undefined)
        refusing(
          () => parseDueScheduleList(due),
          () => inv.say.notADueList(due, codes),
          inv.say,
        );
      const options = Object.fromEntries(
        FEED_OPTION_NAMES.map((name) => [name, flags.has(FEED_FLAG_OF[name]) !== DEFAULT_FEED_OPTIONS[name]]),
      );
      return icsFeed(from, to, { ...options, ...(values.has("due") ? { due: values.get("due")!.split(",") } : {}) });
    },
    render: (text: string) => text,
    raw: true,
  },
};

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
