/**
 * The prose of parameter values the engine lists (business-day conventions, due-date schedules, working-time profiles),
 * built from the engine's tables so that the OpenAPI document, the body schemas and the MCP tools say the same.
 */
import type { DueDateScheduleCode } from "swedish-calendar";
import {
  CONVENTION_WORDS,
  CONVENTIONS,
  DEFAULT_WEEKLY_HOURS,
  DUE_DATE_RULES,
  FIRST_YEAR,
  LAST_YEAR,
  STEP_UNIT_WORDS,
  STEP_UNITS,
  type StepUnit,
  WEEKDAY_NAMES,
  WEEKLY_HOURS_WORDS,
  WORKING_TIME_PROFILES,
} from "swedish-calendar/core";

/** The step units, each quoted with what it counts (the engine's STEP_UNIT_WORDS in English), a gloss after any. */
export const stepUnitsInWords = (gloss: Readonly<Partial<Record<StepUnit, string>>> = {}) =>
  STEP_UNITS.map((unit) => `\`${unit}\` ${STEP_UNIT_WORDS[unit].en}${gloss[unit] ? ` (${gloss[unit]})` : ""}`).join(
    ", ",
  );

/** "`code` (name, from since)": a value of one of the engine's tables, with the year it applies from if it has one. */
export const valueInWords = (code: string, name: string, since?: number) =>
  `\`${code}\` (${name}${since !== undefined ? `, from ${since}` : ""})`;

/** What the catalogue does not say of a schedule: what it rests on when that is not law. */
const SCHEDULE_STATUS: Readonly<Partial<Record<DueDateScheduleCode, { reading: string; short: string }>>> = {
  "salary-25": {
    reading: "a common term of employment contracts and collective agreements, not law: an employer's own terms decide",
    short: "a common contract term (the 25th, the banking day before), not law: an employer's own terms decide",
  },
};
const statusWords = (form: "reading" | "short") =>
  Object.entries(SCHEDULE_STATUS).map(([code, words]) => `\`${code}\` is ${words![form]}`);

/** `salary-25` (every year), `child-benefit` (from 2015), ...: the schedules and their years, from the table. */
const SCHEDULES_IN_WORDS = DUE_DATE_RULES.map((r) => valueInWords(r.code, r.name.en, r.since)).join(", ");

/**
 * The explanations of the values of `convention` (each in the engine's words, CONVENTION_WORDS `reading`) and `schedule`
 * (beside contract/explanations.ts, which states the others).
 */
export const VALUE_EXPLANATIONS = {
  conventions:
    "Conventions, with QuantLib's definitions (Calendar::adjust, as ISDA uses them): " +
    CONVENTIONS.map((c) => `\`${c}\` ${CONVENTION_WORDS[c].reading}`).join("; ") +
    ". A business day is never moved.",
  conventionRange:
    `A convention that needs a business day outside ${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31 is 400 invalid-parameter naming ` +
    `\`convention\` (\`following\` from ${LAST_YEAR}-12-31; \`nearest\` needs both neighbours); \`modified-*\` never does.`,
  dueDates:
    `Due dates: a nominal day of each month, moved to a business day by a convention. Named schedules: ${SCHEDULES_IN_WORDS}; ` +
    "each rule with its source in /v3/due-dates/catalogue and docs/due-dates.md. A year before a schedule's `since` is 400 " +
    `invalid-parameter saying why (no source this service cites settles it). ${statusWords("reading").join(". ")}. What no primary ` +
    "source settles (the tax dates of businesses with a VAT base over 40 million kronor, the pension payment days) is left out.",
  /** the `result` of an adjustment */
  adjustedDay: "The business day the convention gives: the date itself when it is one, or for `unadjusted`",
  /** a schedule whose nominal day depends on the month */
  dueDayByMonth: "A nominal day that differs in some months (`tax-account`: the 12th, the 17th in January and August).",
} as const;

/** The conventions in short (the engine's CONVENTION_WORDS `short`), for a model: "`following` (first business day on or after), …, `unadjusted`". */
export const CONVENTIONS_IN_SHORT = CONVENTIONS.map((c) => {
  const short = CONVENTION_WORDS[c].short;
  return short ? `\`${c}\` (${short})` : `\`${c}\``;
}).join(", ");

/** What the catalogue does not say of the schedules, in short, for a model. */
export const SCHEDULE_STATUS_IN_SHORT = statusWords("short").join("; ");

/** `standard` (Standard (no shortened days)), `state` (State employees with office hours, from 2017): the profiles and their years, from the table. */
const PROFILES_IN_WORDS = WORKING_TIME_PROFILES.map((p) => valueInWords(p.code, p.name.en, p.since)).join(", ");

/** What a share of a day a reduction of a profile's rule takes, in words. */
const REDUCTION_WORDS = { half: "half a day", twoHours: "a quarter of a day (2 of 8 hours)" } as const;

/** `Walpurgis Night: a quarter of a day (2 of 8 hours) on Monday to Thursday, half a day on Friday`: a rule of the table in words. */
function shorteningInWords(rule: (typeof WORKING_TIME_PROFILES)[number]["rules"][number]): string {
  const days = Object.entries(rule.byWeekday) as [string, keyof typeof REDUCTION_WORDS][];
  const byReduction = new Map<keyof typeof REDUCTION_WORDS, number[]>();
  for (const [day, reduction] of days) byReduction.set(reduction, [...(byReduction.get(reduction) ?? []), Number(day)]);
  const parts = [...byReduction].map(([reduction, weekdays]) => {
    if (weekdays.length === 5) return REDUCTION_WORDS[reduction];
    const first = weekdays[0];
    const last = weekdays.at(-1)!;
    const name = (isoWeekday: number) => WEEKDAY_NAMES.en[isoWeekday - 1];
    const when = first === last ? name(first) : `${name(first)} to ${name(last)}`;
    return `${REDUCTION_WORDS[reduction]} on ${when}`;
  });
  return `${rule.name.en}: ${parts.join(", ")}`;
}

/** The explanations of the working-time answer's parameters and profiles (docs/working-time.md), from the engine's table. */
export const WORKING_TIME_EXPLANATIONS = {
  profiles:
    `Profiles: ${PROFILES_IN_WORDS}. ` +
    WORKING_TIME_PROFILES.filter((p) => p.rules.length > 0)
      .map(
        (p) =>
          `\`${p.code}\` shortens these working days (a part-time week in proportion): ${p.rules.map(shorteningInWords).join("; ")}`,
      )
      .join(". ") +
    ". A day a rule names that is not a working day is not shortened; each answer names the profile's source. A year before a " +
    "profile's `since` is 400 invalid-parameter naming `year` and saying why (no source this service cites settles it).",
  week:
    `A working day is a fifth of \`weeklyHours\` (${WEEKLY_HOURS_WORDS.en}, default ${DEFAULT_WEEKLY_HOURS}, the full-time week ` +
    "of Arbetstidslagen (1982:673) 5 §), a whole number of minutes; a month's time is its working days times that, less what " +
    "the profile takes off its shortened days. Quarters and the year are sums of months. Everything is counted in whole minutes; `hours` is each sum's minutes / 60 rounded to two decimals (never summed).",
} as const;
