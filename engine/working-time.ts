/**
 * The working time of a year: the working days of the classification (year-template.ts) times a fifth of the week,
 * less what a profile takes off some working days, per month, per quarter and for the year. All in whole minutes;
 * hours are derived from the minutes at the end, never summed.
 *
 * The profiles are a declarative table in the style of the due-date schedules (duedates.ts): code, names, the first
 * year sourced, the source, and each rule that shortens a day with its source beside it. docs/working-time.md gives
 * the sources in full, the decisions (rounding, other weekly hours) and what no source settles.
 */
import { type DayNumber, dayFromCivil, isoWeekday, LAST_YEAR, toIsoDate } from "./dates.js";
import { invalidArgument } from "./errors.js";
import {
  MAX_WEEKLY_HOURS,
  MIN_WEEKLY_HOURS,
  WEEKLY_HOURS_PATTERN,
  WEEKLY_HOURS_STEP,
  WEEKLY_HOURS_WORDS,
} from "./grammar.js";
import { observanceDate, RULES_BY_CODE } from "./rules.js";
import type {
  Names,
  ShortenedDay,
  WorkingTime,
  WorkingTimeMonth,
  WorkingTimeProfile,
  WorkingTimeQuarter,
  WorkingTimeSum,
} from "./types.js";
import { expectKind } from "./validation.js";
import { templateOf } from "./year-template.js";
import { WORKING, yearInfo } from "./years.js";

/**
 * How much a rule takes off a day, as a share of a full day: `half` a day, or `twoHours`: two of the eight hours of
 * the 40-hour week, a quarter of a day. The agreement states both for a full-time employee and reduces them in
 * proportion for a shorter week (docs/working-time.md "Other weekly hours"), so both scale with the day.
 */
export type Reduction = "half" | "twoHours";

export const REDUCTION_SHARE: Readonly<Record<Reduction, number>> = { half: 1 / 2, twoHours: 1 / 4 };

/** A rule of a profile: the day before an observance of the catalogue, shortened by weekday (a weekday not listed: not shortened). */
export interface ShorteningRule {
  code: string;
  name: Names;
  /** the observance (a catalogue code) whose previous day the rule shortens */
  before: string;
  /** the reduction by ISO weekday (1 Monday .. 5 Friday) */
  byWeekday: Readonly<Partial<Record<1 | 2 | 3 | 4 | 5, Reduction>>>;
}

export interface WorkingTimeProfileRule {
  code: string;
  name: Names;
  rules: readonly ShorteningRule[];
  /** the first year the profile is sourced for; omitted: every year 1930-9999 */
  since?: number;
  /** why a year before `since` has no answer: the text of the 400 */
  beforeSince?: string;
  source: string | null;
}

const MONDAY_TO_FRIDAY = { 1: "half", 2: "half", 3: "half", 4: "half", 5: "half" } as const;

// `as const`: the codes stay literal types, from which WorkingTimeProfileCode is derived (the table is their one list)
const PROFILES_TABLE = [
  {
    // Every working day has the full day's time: what an employment with no agreement on shortened days gives.
    code: "standard",
    name: { sv: "Standard (inga förkortade dagar)", en: "Standard (no shortened days)" },
    rules: [],
    source: null,
  },
  {
    // Arbetsgivarverket's central agreement for state employees, Villkorsavtal (and Villkorsavtal-T), the chapter on
    // working time: for employees with office hours (kontorsarbetstid) the ordinary working time of a full-time
    // employee is shortened by 4 hours on Trettondagsafton, 2 hours on Skärtorsdagen, 2 hours on 30 April (4 hours
    // when it is a Friday), 4 hours on the day before Alla helgons dag and 4 hours on 23 December when it is a
    // Friday; a part-time employee's in proportion. Read from the table as the employers publish it: Uppsala
    // University, "Årsarbetstidsschema och klämdagar 2017" (mp.uu.se) and "Röda dagar, halvdagar och klämdagar 2018";
    // Lund University, "Reduced working hours and non-working days" (staff.lu.se, 2024); Dalarna University,
    // "Helgdagar och klämdagar" (du.se, the column "Enligt Villkorsavtalet"). 2017 is the earliest year for which
    // such a table was found; the agreement's own text and its earlier years (and those of the agreement it replaced)
    // were not read, so earlier years are not answered.
    code: "state",
    name: { sv: "Statligt anställda med kontorsarbetstid", en: "State employees with office hours" },
    rules: [
      {
        code: "epiphanyEve",
        name: { sv: "Trettondagsafton", en: "Twelfth Night" },
        before: "epiphany",
        byWeekday: MONDAY_TO_FRIDAY,
      },
      {
        code: "maundyThursday",
        name: { sv: "Skärtorsdagen", en: "Maundy Thursday" },
        before: "goodFriday",
        byWeekday: { 4: "twoHours" },
      },
      {
        code: "walpurgisNight",
        name: { sv: "Valborgsmässoafton", en: "Walpurgis Night" },
        before: "mayDay",
        byWeekday: { 1: "twoHours", 2: "twoHours", 3: "twoHours", 4: "twoHours", 5: "half" },
      },
      // Alla helgons dag is the Saturday from 31 October to 6 November: the day before is always a Friday
      {
        code: "allSaintsEve",
        name: { sv: "Allhelgonaafton", en: "All Saints' Eve" },
        before: "allSaintsDay",
        byWeekday: MONDAY_TO_FRIDAY,
      },
      // only a Friday: on Monday to Thursday the next day, Christmas Eve, is a day off itself
      {
        code: "dayBeforeChristmasEve",
        name: { sv: "Dagen före julafton", en: "The day before Christmas Eve" },
        before: "christmasEve",
        byWeekday: { 5: "half" },
      },
    ],
    since: 2017,
    beforeSince:
      "the shortened days of state employees (Arbetsgivarverket's Villkorsavtal) are sourced from the employers' published " +
      "tables from 2017; earlier years are not settled by a source this service cites",
    source:
      "Arbetsgivarverket, Villkorsavtal (central agreement for state employees), working time of employees with office hours: " +
      "a full-time employee's day is shortened by 4 hours on Trettondagsafton, 2 hours on Skärtorsdagen, 2 hours on 30 April " +
      "(4 hours on a Friday), 4 hours on the day before Alla helgons dag and 4 hours on 23 December when it is a Friday; a " +
      "part-time employee's in proportion. As published by Uppsala University (2017, 2018), Lund University (2024) and " +
      "Dalarna University",
  },
] as const satisfies readonly WorkingTimeProfileRule[];

/** A profile code (`standard`, `state`): the codes of the table above. */
export type WorkingTimeProfileCode = (typeof PROFILES_TABLE)[number]["code"];

export const WORKING_TIME_PROFILES: readonly (WorkingTimeProfileRule & { code: WorkingTimeProfileCode })[] =
  PROFILES_TABLE;

/** The profile codes, in table order (the first is the default). */
export const WORKING_TIME_PROFILE_CODES: readonly WorkingTimeProfileCode[] = WORKING_TIME_PROFILES.map((p) => p.code);

/** The default profile: the table's first, as the API's `profile` parameter and the MCP tool take it (WORKING_TIME_PROFILE_CODES[0]). */
export const DEFAULT_WORKING_TIME_PROFILE: WorkingTimeProfileCode = PROFILES_TABLE[0].code;

const PROFILES_BY_CODE: ReadonlyMap<string, WorkingTimeProfileRule> = new Map(
  WORKING_TIME_PROFILES.map((p) => [p.code, p]),
);

/** A profile by its code; another string is invalid-argument naming `argument` and the codes. */
export function findWorkingTimeProfile(code: string, argument = "profile"): WorkingTimeProfileRule {
  const profile = PROFILES_BY_CODE.get(code);
  if (profile) return profile;
  expectKind(code, "string", argument);
  throw invalidArgument(
    argument,
    `'${argument}' must be a working-time profile code (${WORKING_TIME_PROFILE_CODES.join(", ")})`,
  );
}

const WEEKLY_HOURS_TEXT = `a number of hours from ${WEEKLY_HOURS_WORDS.en} (such as 40 or 38.25)`;

/** `weeklyHours` as a number: MIN_WEEKLY_HOURS to MAX_WEEKLY_HOURS, a whole number of WEEKLY_HOURS_STEP. */
export function checkWeeklyHours(value: number, argument = "weeklyHours"): number {
  expectKind(value, "number", argument);
  const steps = value / WEEKLY_HOURS_STEP;
  if (!Number.isInteger(steps) || value < MIN_WEEKLY_HOURS || value > MAX_WEEKLY_HOURS) {
    throw invalidArgument(argument, `'${argument}' must be ${WEEKLY_HOURS_TEXT}`);
  }
  return value;
}

/** `weeklyHours` as text (a query parameter): WEEKLY_HOURS_PATTERN (`40`, `38.25`, `37.5`), then checkWeeklyHours. */
export function parseWeeklyHours(value: string, argument = "weeklyHours"): number {
  expectKind(value, "string", argument);
  if (!WEEKLY_HOURS_PATTERN.test(value))
    throw invalidArgument(argument, `'${argument}' must be ${WEEKLY_HOURS_TEXT}, written in digits`);
  return checkWeeklyHours(+value, argument);
}

/** A profile's entry in an answer (`since` only where it applies). */
export function workingTimeProfileInfo(profile: WorkingTimeProfileRule): WorkingTimeProfile {
  return {
    code: profile.code,
    name: profile.name,
    ...(profile.since !== undefined ? { since: profile.since } : {}),
    source: profile.source,
  };
}

/** Minutes as hours with at most two decimals (from the whole minutes: 100 minutes are 1.67 hours). */
export const hoursOf = (minutes: number) => Math.round((minutes * 100) / 60) / 100;

/** The minutes a reduction takes off a day of `dailyMinutes`: its share, rounded to a whole minute, a half minute up. */
export const reductionMinutes = (dailyMinutes: number, reduction: Reduction) =>
  Math.floor(dailyMinutes * REDUCTION_SHARE[reduction] + 0.5);

/** The days a profile shortens in a year, ascending; each a working day of the classification. */
function shortenedDaysOf(
  year: number,
  profile: WorkingTimeProfileRule,
  dailyMinutes: number,
  start: DayNumber,
  types: Uint8Array,
): { day: DayNumber; value: ShortenedDay }[] {
  const days: { day: DayNumber; value: ShortenedDay }[] = [];
  for (const rule of profile.rules) {
    const observance = observanceDate(RULES_BY_CODE.get(rule.before)!, year);
    if (observance === undefined) continue;
    const day = observance - 1;
    const offset = day - start;
    // the day before 1 January's observance would be in the year before (no rule has one)
    if (offset < 0 || types[offset] !== WORKING) continue;
    const reduction = rule.byWeekday[isoWeekday(day) as 1 | 2 | 3 | 4 | 5];
    if (reduction === undefined) continue;
    const minus = reductionMinutes(dailyMinutes, reduction);
    days.push({
      day,
      value: {
        date: toIsoDate(day),
        rule: rule.code,
        name: rule.name,
        reductionMinutes: minus,
        minutes: dailyMinutes - minus,
      },
    });
  }
  return days.sort((a, b) => a.day - b.day);
}

const sum = (workingDays: number, minutes: number): WorkingTimeSum => ({
  workingDays,
  minutes,
  hours: hoursOf(minutes),
});

/**
 * The working time of a year (1930-9999, checked by the caller) for a weekly time (checkWeeklyHours) and a profile
 * (findWorkingTimeProfile). A profile's year before its `since` is invalid-argument (`year`).
 */
export function workingTimeOfYear(year: number, weeklyHours: number, profile: WorkingTimeProfileRule): WorkingTime {
  if (profile.since !== undefined && year < profile.since) {
    throw invalidArgument(
      "year",
      `'year' must be from ${profile.since} to ${LAST_YEAR} for the profile '${profile.code}': ${profile.beforeSince}`,
    );
  }
  // a fifth of the week: weeklyHours is a whole number of quarter hours, so this is a whole number of minutes
  const dailyMinutes = (weeklyHours * 60) / 5;
  const info = yearInfo(year);
  const { types, prefix } = templateOf(info);
  const shortened = shortenedDaysOf(year, profile, dailyMinutes, info.start, types);
  const months: WorkingTimeMonth[] = [];
  for (let month = 1; month <= 12; month++) {
    const first = dayFromCivil(year, month, 1);
    const end = month === 12 ? info.start + info.length : dayFromCivil(year, month + 1, 1);
    const workingDays = prefix.working[end - info.start] - prefix.working[first - info.start];
    const inMonth = shortened.filter((s) => s.day >= first && s.day < end).map((s) => s.value);
    const minutes = workingDays * dailyMinutes - inMonth.reduce((total, s) => total + s.reductionMinutes, 0);
    months.push({ month, ...sum(workingDays, minutes), shortenedDays: inMonth });
  }
  const quarters: WorkingTimeQuarter[] = [];
  for (let quarter = 1; quarter <= 4; quarter++) {
    const three = months.slice((quarter - 1) * 3, quarter * 3);
    quarters.push({
      quarter,
      ...sum(
        three.reduce((n, m) => n + m.workingDays, 0),
        three.reduce((n, m) => n + m.minutes, 0),
      ),
    });
  }
  const total = sum(
    months.reduce((n, m) => n + m.workingDays, 0),
    months.reduce((n, m) => n + m.minutes, 0),
  );
  return { year, weeklyHours, dailyMinutes, profile: workingTimeProfileInfo(profile), months, quarters, total };
}

// fail at load, not in a response, when a rule is malformed
for (const profile of WORKING_TIME_PROFILES) {
  for (const rule of profile.rules)
    if (!RULES_BY_CODE.has(rule.before))
      throw new Error(`working-time.ts: ${profile.code}.${rule.code}: no observance '${rule.before}'`);
  if (profile.since !== undefined && profile.beforeSince === undefined)
    throw new Error(`working-time.ts: ${profile.code} has since but no beforeSince`);
}
