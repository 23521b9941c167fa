/**
 * The parameters of the package's public functions, each function's once: in order, by the name its messages use
 * (the API's parameter names: a shift's steps are `add`), with the type each must have (validation.ts, ArgumentKind).
 * Each function checks its call against its table before it reads an argument (checkArguments), and the tests
 * enumerate the tables, so a parameter declared here is one that is checked. A name ending in `?` may be left out.
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
