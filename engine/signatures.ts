/**
 * The parameters of the package's public functions, each function's once: in order, by the name its messages use
 * (the API's parameter names: a shift's steps are `add`), with the type each must have (validation.ts, ArgumentKind).
 * Each function checks its call against its table before it reads an argument (checkArguments), and the tests
 * enumerate the tables, so a parameter declared here is one that is checked. A name ending in `?` may be left out.
 * The API's parameters of the same questions carry the same names and kinds (test/contract/engine-options.test.ts), and
 * the command-line tool's boolean flags are these options' names (cli/command.ts).
 */
import { FEED_OPTION_NAMES } from "./feed-options.js";
import type { ArgumentKind, FieldKinds, Signature } from "./validation.js";

const YEAR = { year: "year" } as const;
const DATE = { date: "date" } as const;

/** The functions of `swedish-calendar` (index.ts and dataVersion). */
export const LIBRARY_SIGNATURES = {
  describeDay: DATE,
  isWorkingDay: DATE,
  isBridgeDay: DATE,
  isHalfDay: DATE,
  isBusinessDay: DATE,
  holidays: { ...YEAR, "options?": { "sundays?": "boolean", "saturdays?": "boolean" } },
  bridgeDays: YEAR,
  halfDays: YEAR,
  daysOfYear: YEAR,
  countPeriod: { from: "date", to: "date", "bounds?": "string" },
  shiftDate: { date: "date", add: "steps", "options?": { "postpone?": "boolean" } },
  longWeekends: YEAR,
  planLeave: { from: "date", to: "date", days: "number", "objective?": "string" },
  observances: {},
  observanceInfo: { code: "string" },
  occurrences: { code: "string", from: "year", "to?": "year" },
  flagDays: YEAR,
  flagDayRules: {},
  adjust: { date: "date", convention: "string" },
  dueDates: { ...YEAR, schedule: "schedule" },
  dueDateSchedules: {},
  workingTime: { ...YEAR, "options?": { "weeklyHours?": "number", "profile?": "string" } },
  dataVersion: {},
} as const satisfies Record<string, Signature>;

/** The fields of a due-date rule of your own, `dueDates(year, { day, convention })`. */
export const DUE_DATE_RULE_FIELDS = { day: "day-of-month", convention: "string" } as const satisfies FieldKinds;

/** The options of the feed: the booleans by FEED_OPTION_NAMES, and `due`. */
export const FEED_OPTION_KINDS: FieldKinds = {
  ...Object.fromEntries(FEED_OPTION_NAMES.map((name): [string, ArgumentKind] => [`${name}?`, "boolean"])),
  "due?": "strings",
};

const FEED_WINDOW = { fromYear: "year", toYear: "year", "options?": FEED_OPTION_KINDS } as const;

/** The functions of `swedish-calendar/ics` (ics.ts and feed.ts). */
export const FEED_SIGNATURES = {
  icsFeed: FEED_WINDOW,
  buildFeed: FEED_WINDOW,
  feedEvents: FEED_WINDOW,
  feedCalendarName: { "options?": FEED_OPTION_KINDS },
  feedUid: { date: "date", code: "string" },
  flagDayEventCode: { code: "string" },
  dueDateEventCode: { schedule: "string" },
  feedTimestamp: { fromYear: "year" },
} as const satisfies Record<string, Signature>;

/** The value a caller passes for each kind, as validation.ts KINDS accepts it (a function may take a narrower type). */
export interface KindValues {
  boolean: boolean;
  number: number;
  year: number;
  string: string;
  date: string;
  strings: readonly string[];
  steps: string | readonly string[];
  "day-of-month": number | string;
  schedule: string | object;
}

type Bare<K> = K extends `${infer N}?` ? N : K;

/** The options object of a function of LIBRARY_SIGNATURES, typed from its table: `OptionsOf<"holidays">`. */
export type OptionsOf<F extends keyof typeof LIBRARY_SIGNATURES> = (typeof LIBRARY_SIGNATURES)[F] extends {
  "options?": infer O extends FieldKinds;
}
  ? { [K in keyof O as Bare<K>]?: KindValues[O[K]] }
  : never;
