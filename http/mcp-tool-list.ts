/**
 * The MCP tools (docs/mcp.md), declared: each tool's name, prose, the v3 routes whose bodies it answers (its arguments
 * are their parameters, each read with a parameter of contract/parameters.ts, its prose there too), and the short
 * Swedish/English summary beside them.
 * The prose they share with the server's instructions is ./mcp-instructions.ts; how a call is answered, ./mcp-tools.ts.
 */

import {
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
} from "swedish-calendar/core";
import { PARAMETERS, type ParameterDeclaration, type ParameterKey } from "../contract/parameters.js";
import { PATHS } from "../contract/paths.js";
import { ROUTE_BY_ID } from "../contract/routes.js";
import { stepUnitsInWords, WORKING_TIME_EXPLANATIONS } from "../contract/value-explanations.js";
import {
  BRIDGE,
  BUSINESS_DAY,
  CLASSIFICATION,
  COVERAGE,
  ERRORS,
  FLAG_DAYS,
  HALF,
  SCHEDULES,
  SUNDAY_RULE,
  TODAY,
} from "./mcp-instructions.js";
import {
  dates,
  dayLine,
  HOLIDAY_TYPE,
  movedFrom,
  observanceList,
  some,
  weekdayName,
  weekdayOf,
  weekdayOfDate,
  workingTimeSummary,
} from "./mcp-summaries.js";
import type { V3Body, V3BodyRoute } from "./v3-bodies.js";

// ---------------------------------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------------------------------

/**
 * A tool argument: read with a parameter of the table (contract/parameters.ts: its reader, its JSON Schema of a tool
 * argument, its name and its prose of a tool argument, `toolDescription`: the parameter's own speaks of query strings
 * and HTTP statuses).
 */
export interface ToolArgument {
  name: string;
  parameter: ParameterKey;
  description: string;
}

/** A body the tool returns (several: an object of them, by `key`). */
export interface ToolRequest {
  route: V3BodyRoute;
  key?: string;
}

/** What a tool's summary reads: its route's body (contract/bodies.ts), or an object of its routes' bodies by key. */
export type ToolAnswer<Q extends readonly ToolRequest[]> = Q[number] extends { key: string }
  ? { [E in Q[number] as E["key"] & string]: V3Body<E["route"]> }
  : V3Body<Q[0]["route"]>;

/**
 * A tool as declared: its arguments are its routes' parameters (contract/routes.ts), in the route table's order, each
 * named as its parameter unless `renamed` names it otherwise.
 */
interface Declaration<Q extends readonly ToolRequest[]> {
  name: string;
  title: string;
  description: string;
  requests: Q;
  /** an argument named otherwise than its parameter: the parameter's key and the argument's name */
  renamed?: Partial<Record<ParameterKey, string>>;
  /** the short Swedish/English text beside the body */
  summary: (answer: ToolAnswer<Q>) => string;
}

/** A tool as the server holds it: its arguments, and a summary that reads the body a call of it answered (./mcp-tools.ts runTool). */
export type ToolDeclaration = Omit<Declaration<readonly ToolRequest[]>, "summary" | "renamed"> & {
  arguments: readonly ToolArgument[];
  summary: (answer: unknown) => string;
};

/** A tool argument read with a parameter: its name (or the tool's for it) and its prose of a tool argument. */
const argumentOf = (parameter: ParameterKey, name: string | undefined): ToolArgument => {
  const declared: ParameterDeclaration = PARAMETERS[parameter];
  return { name: name ?? declared.name, parameter, description: declared.toolDescription ?? declared.description };
};

/** A tool, its arguments its routes' parameters, its summary typed by its routes' bodies. */
export function tool<const Q extends readonly ToolRequest[]>(declaration: Declaration<Q>): ToolDeclaration {
  const { renamed = {}, ...rest } = declaration;
  const keys = [...new Set(declaration.requests.flatMap((r) => ROUTE_BY_ID[r.route].parameters))];
  return {
    ...rest,
    arguments: keys.map((key) => argumentOf(key, renamed[key])),
    summary: (answer) => declaration.summary(answer as ToolAnswer<Q>),
  };
}

/**
 * The one argument named otherwise than its parameter: a shift's `add` is `steps` to a model (a public name of the
 * tool; its errors still name `add`, as the API's do).
 */
const STEPS_ARGUMENT = "steps";

// ---------------------------------------------------------------------------------------------------------------
// The tools
// ---------------------------------------------------------------------------------------------------------------

export const TOOLS: readonly ToolDeclaration[] = [
  tool({
    name: "describe_day",
    title: "What a Swedish date is",
    description:
      "What a date is in Sweden: public holiday, de facto holiday or working day, with its named holidays (Swedish and English " +
      "names) and ISO week. Use it rather than guessing whether a date is a red day (röd dag) or a day off. " +
      `${CLASSIFICATION} ${COVERAGE} ${ERRORS}`,
    requests: [{ route: "day" }],
    summary: (day) => `${dayLine(day)}; vecka/week ${day.isoWeek.week}.`,
  }),
  tool({
    name: "list_holidays",
    title: "Swedish holidays of a year",
    description:
      "The public and de facto holidays of a year in Sweden, one entry per date in date order (a date with two holidays, e.g. " +
      "2008-05-01 May Day + Ascension Day, is one entry with two observances). `sundays` and `saturdays` also list every " +
      `remaining Sunday and every Saturday; they decide which days are listed, never what a day is. ${CLASSIFICATION} ` +
      `${COVERAGE} ${TODAY} ${ERRORS}`,
    requests: [{ route: "holidays" }],
    summary: (body) => {
      const named = body.days.filter((d) => d.observances.length > 0);
      return (
        `${body.year}: ${body.count} dagar, varav ${named.length} med namn / ${body.count} days, ${named.length} named.\n` +
        some(named.map(dayLine), 30, "\n")
      );
    },
  }),
  tool({
    name: "bridge_and_half_days",
    title: "Bridge days and half days of a year",
    description:
      `The bridge days (klämdagar) and half days (halvdagar) of a year in Sweden. ${BRIDGE} ${HALF} A day can be both. ` +
      `structuredContent holds both v3 bodies: \`bridgeDays\` (GET ${PATHS.bridgeDays}) and \`halfDays\` (GET ${PATHS.halfDays}). ` +
      `${TODAY} ${ERRORS}`,
    requests: [
      { route: "bridgeDays", key: "bridgeDays" },
      { route: "halfDays", key: "halfDays" },
    ],
    summary: (body) =>
      `${body.bridgeDays.year}: ${body.bridgeDays.count} klämdagar/bridge days (${dates(body.bridgeDays.days)}); ` +
      `${body.halfDays.count} halvdagar/half days (${dates(body.halfDays.days)}).`,
  }),
  tool({
    name: "count_period",
    title: "Working days and days off in a period",
    description:
      "Counts over a period in Sweden: calendar days, working days (neither weekend nor holiday), days off (split into public, " +
      "Sundays included, and de facto, Saturdays included; and into named holidays and plain weekend days), bridge days, half " +
      "days, and the duration in years, months and days as a statutory deadline is counted (Act on the Calculation of Statutory " +
      "Time (1930:173) s. 1). `bounds` says which ends are counted: `inclusive` (default, both), `exclusive` (neither), `from` or " +
      `\`to\` (that end only). \`from\` must not be after \`to\`; at most ${MAX_SPAN_YEARS} years. ${ERRORS}`,
    requests: [{ route: "period" }],
    summary: (p) =>
      `${p.from}..${p.to} (${p.bounds}): ${p.calendarDays} kalenderdagar/calendar days, ${p.workingDays} arbetsdagar/working days, ` +
      `${p.daysOff.total} lediga dagar/days off (${p.daysOff.namedDays} lediga helgdagar/holidays off, ${p.daysOff.weekendDays} ` +
      `vanliga lördagar och söndagar/plain weekend days), ${p.bridgeDays} klämdagar/bridge days, ${p.halfDays} halvdagar/half days; ` +
      `längd/duration ${p.duration.years} år/years ${p.duration.months} mån/months ${p.duration.days} dagar/days.`,
  }),
  tool({
    name: "shift_date",
    title: "Move a date by days, working days, weeks, months or years",
    description:
      `Moves a date by a chain of steps applied strictly in order: ${stepUnitsInWords({ b: "Swedish holidays and weekends skipped" })}, ` +
      'negative backwards (e.g. ["1m", "-2b"], or one string "10b"). Month and ' +
      `year steps clamp to the end of a shorter month (2024-01-31 + 1m = 2024-02-29). ${SUNDAY_RULE} \`postpone: true\` applies ` +
      `it once, after the last step: use it for statutory deadlines. At most ${MAX_STEPS} steps; every date stays in ` +
      `${FIRST_YEAR}-${LAST_YEAR}. \`steps\` are the v3 API's \`add\` values, so errors name them 'add'. ${ERRORS}`,
    renamed: { add: STEPS_ARGUMENT },
    requests: [{ route: "shift" }],
    summary: (s) =>
      `${s.date} ${s.steps.map((x) => `${x.amount < 0 ? "" : "+"}${x.amount}${x.unit}`).join(" ")} → ${dayLine(s.result)}` +
      (s.postponed ? ` (flyttad från/moved from ${s.landed.date} enligt söndagsregeln/by the Sunday rule).` : "."),
  }),
  tool({
    name: "long_weekends",
    title: "Long weekends of a year",
    description:
      "The long weekends (långhelger) that start in a year in Sweden: runs of at least three consecutive days off that hold a " +
      "named holiday (`leaveDays: []`), and the longer runs made by taking one bridge day off (`leaveDays` names it). " +
      `${BRIDGE} ${TODAY} ${ERRORS}`,
    requests: [{ route: "longWeekends" }],
    summary: (body) =>
      `${body.year}: ${body.count} långhelger/long weekends.\n` +
      some(
        body.longWeekends.map(
          (w) =>
            `${w.start}..${w.end}: ${w.days} dagar/days (${observanceList(w.observances)})` +
            (w.leaveDays.length ? `, ta ledigt/take off ${w.leaveDays.join(", ")}` : ""),
        ),
        30,
        "\n",
      ),
  }),
  tool({
    name: "plan_leave",
    title: "Best use of leave days",
    description:
      `The best use of \`days\` leave days (${MIN_LEAVE_DAYS}-${MAX_LEAVE_DAYS}) between \`from\` and \`to\` (both counted, at most ${MAX_PLAN_DAYS} ` +
      "days): which working days to take off so that the breaks holding leave are as long as possible in total (`objective: " +
      "most`, the default) or give the single longest break (`longest`). Swedish public and de facto holidays and weekends are " +
      "free days. Exact (not a heuristic); ties go to fewer leave days, then earlier dates. " +
      ERRORS,
    requests: [{ route: "leavePlan" }],
    summary: (plan) =>
      `${plan.from}..${plan.to} (${plan.objective}): ${plan.used} semesterdagar ger ${plan.daysOff} lediga dagar / ${plan.used} ` +
      `leave days give ${plan.daysOff} days off.\n` +
      some(
        plan.breaks.map(
          (b) => `${b.start}..${b.end}: ${b.days} dagar/days, semesterdagar/leave days ${b.leaveDays.join(", ")}`,
        ),
        30,
        "\n",
      ),
  }),
  tool({
    name: "observance",
    title: "A named holiday and the dates it fell on",
    description:
      "A named Swedish holiday by its code (e.g. midsummerEve, easterSunday, ascensionDay, nationalDay, allSaintsDay) with its " +
      "Swedish and English names, its feast, and the days it fell on in the years `from` to `to` (default: the current year in " +
      `Sweden; \`to\` defaults to \`from\`; at most ${MAX_SPAN_YEARS} years). Years in which it was not a holiday are omitted ` +
      "(annunciation after 1952, mayDay before 1939, whitMonday after 2004, nationalDay before 2005, allSaintsDay before 1953), " +
      `so the list can be empty. ${COVERAGE} An unknown code is \`not-found\`. ${ERRORS}`,
    requests: [{ route: "observance" }],
    summary: (o) =>
      `${o.name.sv} / ${o.name.en} (${HOLIDAY_TYPE[o.holidayType] ?? o.holidayType}): ${o.count} ${o.count === 1 ? "dag/day" : "dagar/days"}` +
      (o.count
        ? ": " +
          some(
            o.occurrences.map((x) => `${x.day.date} (${weekdayOf(x.day)})`),
            20,
            ", ",
          )
        : "") +
      ".",
  }),
  tool({
    name: "adjust_date",
    title: "Move a date to a Swedish business day",
    description:
      `Moves a date to a Swedish business day by a convention, as payment systems roll dates. ${BUSINESS_DAY} A business day is ` +
      `never moved. Use it for "the banking day before/after" questions. ${ERRORS}`,
    requests: [{ route: "adjust" }],
    summary: (a) =>
      `${a.date} (${a.convention}) → ${dayLine(a.result)}` + (a.moved ? "." : " (flyttas inte/not moved)."),
  }),
  tool({
    name: "due_dates",
    title: "Swedish payment and due dates of a year",
    description:
      "The due dates of a year, month by month, each moved to a business day: a named schedule (`schedule`), or a rule of " +
      `your own (\`day\` ${MIN_DUE_DAY}-${MAX_DUE_DAY} or \`${LAST_DAY_OF_MONTH}\`, past the month's end the last day, with ` +
      "`convention`). Give exactly one of the two. " +
      `${SCHEDULES} ${BUSINESS_DAY} ${TODAY} An unknown schedule is \`invalid-parameter\`, as a bad convention is. ${ERRORS}`,
    requests: [{ route: "dueDates" }],
    summary: (body) =>
      `${body.year}, ${body.schedule.name.sv} / ${body.schedule.name.en} (${body.schedule.code}, ${body.schedule.convention}): ` +
      body.dates.map((x) => (x.moved ? `${x.due.date} (${movedFrom(x.nominal)})` : x.due.date)).join("; ") +
      ".",
  }),
  tool({
    name: "flag_days",
    title: "Swedish official flag days of a year",
    description:
      `The official flag days of a year in Sweden, in date order, each with its Swedish and English name and the holiday it is ` +
      `(\`holiday\`, or null). ${FLAG_DAYS} A year before ${FLAG_DAYS_FROM} is refused: there were no official flag days. ` +
      `${TODAY} ${ERRORS}`,
    requests: [{ route: "flagDays" }],
    summary: (body) =>
      `${body.year}: ${body.count} allmänna flaggdagar/official flag days.\n` +
      body.flagDays
        .map((f) => `${f.date} (${weekdayName(weekdayOfDate(f.date))}): ${f.name.sv} / ${f.name.en}`)
        .join("\n"),
  }),
  tool({
    name: "working_time",
    title: "Working days and working time of a year, per month (normtid)",
    description:
      "How many working days and hours a year has to work in Sweden, month by month, by quarter and in total (for payroll, " +
      `time reports and budgets). ${WORKING_TIME_EXPLANATIONS.week} ${WORKING_TIME_EXPLANATIONS.profiles} ${TODAY} ${ERRORS}`,
    requests: [{ route: "workingTime" }],
    summary: workingTimeSummary,
  }),
];
