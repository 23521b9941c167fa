import { adjustDayInRange, parseConvention } from "./business.js";
import { type DayNumber, dayFromCivil, daysInMonth, LAST_YEAR, toIsoDate } from "./dates.js";
import { dayOf } from "./day-object.js";
import { invalidArgument } from "./errors.js";
import { type Convention, DUE_DAY_PATTERN, LAST_DAY_OF_MONTH, MAX_DUE_DAY, MIN_DUE_DAY } from "./grammar.js";
import type { DayOfMonth, DueDate, DueDateSchedule, DueDates, DueDayByMonth, Names } from "./types.js";
import { expectKind } from "./validation.js";

/** The bodies, declared in the contract. */
export type { DayOfMonth, DueDate, DueDateSchedule, DueDates, DueDayByMonth };

/**
 * The declarative table of Swedish due-date schedules, beside the holiday (rules.ts) and flag-day (flagdays.ts) tables
 * and in their style: code, names, the nominal day of each month, the convention that moves it to a business day,
 * the first year the schedule answers, and the source beside each rule. Everything else (the year lists, the
 * catalogue, the feed's `due` events, the site's pay-date section) derives from it. docs/due-dates.md gives the
 * sources in full, what they show and what no source settled (so is left out: the large-business tax dates, the
 * pension payment days).
 */

export interface DueDateRule {
  code: string;
  /** the name; the Swedish one is the summary of the feed's events */
  name: Names;
  day: DayOfMonth | DueDayByMonth;
  convention: Convention;
  /** the first year the rule is sourced for; omitted: every year 1930-9999 (a practice, not a record of history) */
  since?: number;
  /** why a year before `since` has no answer: the text of the 400 */
  beforeSince?: string;
  source: string;
}

// `as const`: the codes stay literal types, from which DueDateScheduleCode is derived (the table is their one list)
const RULES_TABLE = [
  {
    // A term of employment contracts and collective agreements, not of law: the employer's own terms decide
    // (docs/due-dates.md). No start year: the service states the rule, not when an employer adopted it.
    code: "salary-25",
    name: { sv: "Lön", en: "Salary" },
    day: 25,
    convention: "preceding",
    source:
      "Common term of Swedish employment contracts and collective agreements: pay on the 25th, on the banking day before when the " +
      "25th is not one. No law sets it; the employer's own terms decide.",
  },
  {
    // Försäkringskassan, "Utbetalningsdagar 2015" (forsakringskassan.se/privatpers/bra_att_veta/handlaggning_utbetalningsdagar):
    // "Barnbidrag och flerbarnstillägg: Betalas ut den 20:e varje månad", deviating days 18 June, 18 September,
    // 18 December 2015 (20 June: Midsummer Day, 19 June: Midsummer Eve; 20 September and 20 December: Sundays), i.e.
    // the preceding banking day. 2015 is the earliest year the authority's own publication of the rule was found.
    code: "child-benefit",
    name: { sv: "Barnbidrag", en: "Child benefit" },
    day: 20,
    convention: "preceding",
    since: 2015,
    beforeSince:
      "the payment day of the child benefit (the 20th, the banking day before when the 20th is not one) is sourced from " +
      "Försäkringskassan's published payment days from 2015; earlier payment days are not settled by a source this service cites",
    source:
      "Försäkringskassan, Utbetalningsdagar 2015: barnbidrag and flerbarnstillägg are paid on the 20th of every month; when the " +
      "20th is not a banking day, on the banking day before (2015: 18 June, 18 September, 18 December)",
  },
  {
    // Skatteförfarandelagen (2011:1244) 62 kap. 4 § andra stycket: debiterad preliminär skatt (F-skatt, SA-skatt) falls
    // due on the 17th in January and August and the 12th in the other months (Skatteverket, Rättslig vägledning
    // 325089, editions 2015.14-2023.9); Lag (1930:173) om beräkning av lagstadgad tid 2 §: a day that is a Saturday,
    // Sunday, other public holiday, Midsummer Eve, Christmas Eve or New Year's Eve moves to the next weekday that is
    // none of them, i.e. the following business day. SFL came into force on 1 January 2012 (SFS 2011:1244).
    code: "tax-account",
    name: { sv: "Skattekontot: förfallodag", en: "Tax account: due date" },
    day: {
      usual: 12,
      except: [
        { month: 1, day: 17 },
        { month: 8, day: 17 },
      ],
    },
    convention: "following",
    since: 2012,
    beforeSince:
      "the due dates of the tax account as stated here are those of skatteförfarandelagen (2011:1244), which came into force on " +
      "1 January 2012; earlier years followed skattebetalningslagen (1997:483) and before 1998 other laws, which this " +
      "schedule does not state",
    source:
      "Skatteförfarandelagen (2011:1244) 62 kap. 4 § andra stycket (debiterad preliminär skatt, F-skatt and SA-skatt: the 17th " +
      "in January and August, the 12th in the other months) with Lag (1930:173) om beräkning av lagstadgad tid 2 § (a " +
      "Saturday, Sunday, public holiday, Midsummer Eve, Christmas Eve or New Year's Eve moves to the next weekday); " +
      "Skatteverket, Rättslig vägledning, Förfallodagar för debiterad preliminär skatt",
  },
] as const satisfies readonly DueDateRule[];

/** A schedule code of the catalogue (`salary-25`, `child-benefit`, `tax-account`): the codes of the table above. */
export type DueDateScheduleCode = (typeof RULES_TABLE)[number]["code"];

export const DUE_DATE_RULES: readonly (DueDateRule & { code: DueDateScheduleCode })[] = RULES_TABLE;

/** The schedule codes, in table order. */
export const DUE_DATE_SCHEDULE_CODES: readonly string[] = DUE_DATE_RULES.map((r) => r.code);

export const DUE_DATE_RULES_BY_CODE: ReadonlyMap<string, DueDateRule> = new Map(DUE_DATE_RULES.map((r) => [r.code, r]));

/** The code and names of a rule given as day and convention. */
export const CUSTOM_SCHEDULE_CODE = "custom";
export const CUSTOM_SCHEDULE_NAME: Names = Object.freeze({ sv: "Egen regel", en: "Custom rule" });

/** "(salary-25, child-benefit, tax-account); unknown: 'rent'": the codes, then the ones given that are none of them. */
function unknownCodes(unknown: readonly string[]): string {
  return `(${DUE_DATE_SCHEDULE_CODES.join(", ")})${unknown.length > 0 ? `; unknown: ${unknown.map((c) => `'${c}'`).join(", ")}` : ""}`;
}

/**
 * A schedule by its code. An unknown code is `invalid-argument` naming `argument`, as in the feed's `due` list
 * (parseDueScheduleList): a schedule code is an option chosen from a short list, like a convention, not the name of
 * something to look up (docs/due-dates.md "An unknown schedule").
 */
export function findDueDateRule(code: string, argument = "schedule"): DueDateRule {
  const rule = DUE_DATE_RULES_BY_CODE.get(code);
  if (rule) return rule;
  expectKind(code, "string", argument);
  throw invalidArgument(
    argument,
    `'${argument}' must be a due-date schedule code ${unknownCodes(code === "" ? [] : [code])}`,
  );
}

/** `day` of a custom rule: MIN_DUE_DAY to MAX_DUE_DAY in plain digits, or LAST_DAY_OF_MONTH. */
export function parseDueDay(value: string | number, argument = "day"): DayOfMonth {
  expectKind(value, "day-of-month", argument);
  const text = typeof value === "number" ? String(value) : value;
  if (!DUE_DAY_PATTERN.test(text)) {
    throw invalidArgument(
      argument,
      `'${argument}' must be a day of the month from ${MIN_DUE_DAY} to ${MAX_DUE_DAY} (written in digits) or '${LAST_DAY_OF_MONTH}'`,
    );
  }
  return text === LAST_DAY_OF_MONTH ? LAST_DAY_OF_MONTH : +text;
}

/** The nominal day of a schedule in a month. */
function dayInMonth(day: DayOfMonth | DueDayByMonth, month: number): DayOfMonth {
  if (typeof day !== "object") return day;
  return day.except.find((e) => e.month === month)?.day ?? day.usual;
}

/** The nominal date of a day of the month: past the month's end (or `last`), the month's last day. */
export function nominalDate(year: number, month: number, day: DayOfMonth): DayNumber {
  const last = daysInMonth(year, month);
  return dayFromCivil(year, month, day === LAST_DAY_OF_MONTH ? last : Math.min(day, last));
}

/** A rule's catalogue entry (`since` only where it applies). */
export function dueDateScheduleInfo(rule: DueDateRule): DueDateSchedule {
  return {
    code: rule.code,
    name: rule.name,
    day: rule.day,
    convention: rule.convention,
    ...(rule.since !== undefined ? { since: rule.since } : {}),
    source: rule.source,
  };
}

/** Every schedule, in table order. */
export function dueDateCatalogue(): DueDateSchedule[] {
  return DUE_DATE_RULES.map(dueDateScheduleInfo);
}

/** The schedule of a custom rule. */
export function customSchedule(day: DayOfMonth, convention: Convention): DueDateSchedule {
  return { code: CUSTOM_SCHEDULE_CODE, name: CUSTOM_SCHEDULE_NAME, day, convention, source: null };
}

/** The due dates of a schedule in a year (valid 1930-9999), in month order. A named schedule before its `since` is 400. */
export function dueDatesOfYear(year: number, schedule: DueDateSchedule, rule?: DueDateRule): DueDates {
  if (rule?.since !== undefined && year < rule.since) {
    throw invalidArgument(
      "year",
      `'year' must be from ${rule.since} to ${LAST_YEAR} for the schedule '${rule.code}': ${rule.beforeSince}`,
    );
  }
  const dates: DueDate[] = [];
  for (let month = 1; month <= 12; month++) {
    const nominal = nominalDate(year, month, dayInMonth(schedule.day, month));
    const due = adjustDayInRange(nominal, schedule.convention);
    dates.push({ month, nominal: toIsoDate(nominal), due: dayOf(due), moved: due !== nominal });
  }
  return { year, schedule, count: dates.length, dates };
}

/** A named schedule's due dates (the code is checked: an unknown one is invalid-argument). */
export function scheduleDueDates(year: number, code: string): DueDates {
  const rule = findDueDateRule(code);
  return dueDatesOfYear(year, dueDateScheduleInfo(rule), rule);
}

/** A custom rule's due dates (day and convention are checked: 400 naming each). */
export function customDueDates(year: number, day: string | number, convention: string): DueDates {
  return dueDatesOfYear(year, customSchedule(parseDueDay(day), parseConvention(convention)));
}

/**
 * A comma list of schedule codes (the feed's `due`): each a code of the catalogue, at least one; repeats are read
 * once; the list comes back in catalogue order. Anything else is invalid-argument naming `argument`, as an unknown
 * code is in findDueDateRule.
 */
export function parseDueScheduleList(value: string, argument = "due"): string[] {
  expectKind(value, "string", argument);
  const codes = value.split(",");
  const unknown = value === "" ? [] : codes.filter((c) => !DUE_DATE_RULES_BY_CODE.has(c));
  if (value === "" || unknown.length > 0) {
    throw invalidArgument(
      argument,
      `'${argument}' must be a comma-separated list of due-date schedule codes ${unknownCodes(unknown)}`,
    );
  }
  return DUE_DATE_SCHEDULE_CODES.filter((c) => codes.includes(c));
}

// fail at load, not in a response, when a rule is malformed
for (const rule of DUE_DATE_RULES) {
  const days = typeof rule.day === "object" ? [rule.day.usual, ...rule.day.except.map((e) => e.day)] : [rule.day];
  for (const d of days) parseDueDay(d);
  parseConvention(rule.convention);
  if (rule.since !== undefined && rule.beforeSince === undefined)
    throw new Error(`duedates.ts: ${rule.code} has since but no beforeSince`);
}
