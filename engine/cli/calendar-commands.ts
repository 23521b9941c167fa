/** The command-line tool's commands over the calendar's days (./commands.ts joins the table). */

import { FLAG_DAYS_FROM } from "../flagdays.js";
import { VALUE_WORDS } from "../grammar.js";
import {
  bridgeDays,
  countPeriod,
  type Day,
  describeDay,
  flagDays,
  halfDays,
  holidays,
  isBridgeDay,
  isHalfDay,
  longWeekends,
  planLeave,
  shiftDate,
} from "../index.js";
import { LIBRARY_SIGNATURES } from "../signatures.js";
import {
  BOUNDS,
  type Bounds,
  LEAVE_OBJECTIVES,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  MIN_LEAVE_DAYS,
  parseBounds,
  parseLeaveDays,
  parseSteps,
  STEP_UNIT_WORDS,
  STEP_UNITS,
} from "../validation.js";
import { booleanOptions, type Command, dayListRender, optionsOf } from "./command.js";
import { ARGUMENT_NAMES, dateArg, orderOrSpan, refusing, yearArg } from "./messages.js";
import { dayShort, fields, flagDayName, observanceName, table, typeName, WORDS, weekdayName } from "./words.js";

const HOLIDAY_FLAGS = booleanOptions(LIBRARY_SIGNATURES.holidays);
const SHIFT_FLAGS = booleanOptions(LIBRARY_SIGNATURES.shiftDate);

/** The commands over the calendar's days: a date, a year's lists, a period, a shift, time off, flag days. */
export const CALENDAR_COMMANDS: Record<string, Command> = {
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
          ? BOUNDS[0]
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
    summary: `moves a date by steps: ${STEP_UNITS.map((unit) => `${unit} ${STEP_UNIT_WORDS[unit].en}`).join(", ")}`,
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
    summary: `the best use of ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS} leave days between two dates (at most ${MAX_PLAN_DAYS} days)`,
    help: "The most days off in total by default; --longest for the longest single break. Exact.\nExample: swedish-calendar leave 2026-01-01 2026-12-31 5",
    compute: (inv) => {
      const [from, to] = [dateArg(inv, 0, "from"), dateArg(inv, 1, "to")];
      const days = refusing(
        () => parseLeaveDays(inv.args[2], "days"),
        () => inv.say.mustBe(inv.args[2], ARGUMENT_NAMES.days[inv.lang], VALUE_WORDS.leaveDays),
        inv.say,
      );
      return refusing(
        () => planLeave(from, to, days, inv.flags.has("longest") ? "longest" : LEAVE_OBJECTIVES[0]),
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
};
