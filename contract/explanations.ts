/**
 * The explanations of docs/decisions.md, in words: the prose the body schemas (bodies.ts) and the OpenAPI document share, so a
 * rule is explained the same way wherever it is stated. The explanations of the values of `convention` and `schedule` are their
 * parameters' (contract/value-explanations.ts).
 */
import {
  CUSTOM_SCHEDULE_CODE,
  CUSTOM_SCHEDULE_NAME,
  EUROPEAN_PARLIAMENT_ELECTIONS,
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
  missingArgument,
} from "swedish-calendar/core";
import { PROBLEM_STATUS } from "./problems.js";

export const EXPLANATIONS = {
  holidayType:
    "What the day is, regardless of how it was requested: `public` (a public holiday under the Public Holidays Act (1989:253); " +
    "every Sunday is `public` in its own right), `defacto` (not named in that Act but a day off in practice: every Saturday and the " +
    "five eves holySaturday, whitsunEve, midsummerEve, christmasEve, newYearsEve), or `null` on an ordinary working day. When two " +
    "holidays share a date the stronger classification decides (public over defacto). Derived from the date only, never from request flags.",
  workingDay: "Neither a weekend nor a holiday: true exactly when `holidayType` is `null`.",
  observances:
    "The named holidays on the date, in the fixed catalogue order (the order of /v3/observances). Always an array, never absent or " +
    "`null`; empty when there is none. Saturdays and Sundays are never observances: an empty list on a non-working day means the day " +
    "is off because of its weekday. A date can carry two observances (e.g. 2008-05-01 mayDay + ascensionDay, 2049-06-06 whitsun + " +
    "nationalDay, 2076-06-06 whitsunEve + nationalDay, which is then `public`).",
  bridgeDay:
    "Bridge day (klämdag): a working day whose previous and next days are both non-working days (weekend or holiday). One entry per " +
    "date. A bridge day is an ordinary working day: `holidayType: null`, `workingDay: true`, `observances: []`.",
  halfDay:
    "Half day (halvdag): a working day whose next day carries a public observance (Trettondagsafton, Skärtorsdagen, " +
    "Valborgsmässoafton, the day before Ascension Day, the day before National Day, the day before All Saints' Day, and until 1952 " +
    "the day before Annunciation Day). The days before the de facto eves are not half days. A convention, not an entitlement. One " +
    "entry per date; a day can be both a bridge day and a half day. A half day is an ordinary working day: `holidayType: null`, " +
    "`workingDay: true`, `observances: []`.",
  duration:
    "The calendar length of the counted days, read the way a statutory deadline is counted (Act on the Calculation of Statutory " +
    "Time (1930:173) s. 1), from the first counted day to the day after the last counted day: the largest whole number of months " +
    "first (adding months clamps to the end of a shorter month, as in /v3/shift), shown as `years` = months ÷ 12 and `months` = the " +
    "rest, then the remaining `days`. Examples: 2024-01-01..2024-12-31 inclusive is 1 year 0 months 0 days; 2024-01-31..2024-02-28 " +
    "inclusive is 0/1/0 (one month from 01-31 lands on 02-29, the day after the last counted day); 2024-01-31..2024-02-27 is 0/0/28. " +
    "When nothing is counted (`counted: null`) it is 0/0/0. It is not derivable from the day count.",
  daysOff:
    "Days that are not working days, split two ways. `publicHolidays` counts Sundays too and `defactoHolidays` counts Saturdays too " +
    "(`publicHolidays + defactoHolidays = total`). `namedDays` are days off carrying at least one named observance and `weekendDays` " +
    "days off solely because of the weekday (`namedDays + weekendDays = total`). A Sunday that is also Easter Sunday is one day, counted once.",
  bStep:
    "A working-day (`b`) step counts from any start, working or not: `+n b` is the n-th working day strictly after the start, `-n b` " +
    "the n-th working day strictly before it. `0b` (like every zero step) leaves the date as it is, even on a holiday.",
  yStep: "A year (`y`) step clamps like a month step: 2024-02-29 + 1y is 2025-02-28 with `constrained: true`.",
  sundayRule:
    "`postpone=true` applies the Sunday rule of the Act on the Calculation of Statutory Time (1930:173) s. 2 once, after the last " +
    "step and never per step: when the landing day is not a working day, the result is the next working day. `landed` is the day " +
    "before the rule, `result` the final day, `postponed` whether the rule moved the date. With `postpone=false`, `result` equals " +
    "`landed` and `postponed` is false.",
  shiftPeriod:
    "The span between `date` and `result`, both endpoints counted. It is always chronological: when `result` is earlier than " +
    "`date`, `from` is `result` and `to` is `date`. `null` when the later date is past the earlier plus " +
    `${MAX_SPAN_YEARS} calendar years; ` +
    "this never makes the request an error.",
  spanLimit:
    `The ${MAX_SPAN_YEARS}-year limit compares endpoints: a period is too long when \`to\` is later than \`from\` plus ${MAX_SPAN_YEARS} ` +
    `calendar years (400 invalid-parameter); an observance year range is too long when \`to - from > ${MAX_SPAN_YEARS}\` (400 ` +
    `invalid-parameter); a shift's \`period\` is \`null\` when the later date is past the earlier plus ${MAX_SPAN_YEARS} years.`,
  range:
    `Every date a request names or reaches lies in ${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31. A shift step, a working-day search or ` +
    "the Sunday rule that would leave that range is a 400 invalid-parameter.",
  year:
    `Exactly four digits, ${FIRST_YEAR} to ${LAST_YEAR}. \`year=\` (empty), \`year=02024\`, \`year=+2024\`, \`year=2024.0\` are 400 ` +
    "invalid-parameter. Omitted, it defaults to the current year in Sweden (Europe/Stockholm wall-clock time).",
  duplicates:
    "A known parameter given twice is 400 invalid-parameter, except the repeatable `add`. Unknown parameters are ignored.",
  strictBoolean:
    "Lowercase `true` or `false` and nothing else: `1`, `True`, `yes` or an empty value are 400 invalid-parameter.",
  looseBoolean:
    "Calendar-feed boolean, case-insensitive: `true`, `1`, `on`, `yes` or a bare parameter with no value read as true; `false`, " +
    "`0`, `off`, `no` as false; anything else is 400 invalid-parameter.",
  impossibleDate:
    "A well-formed but impossible date (2023-02-29, 2024-13-01, 2024-04-31) is 400 invalid-date, never 404; a malformed value, or a " +
    `real date outside ${FIRST_YEAR}-${LAST_YEAR}, is 400 invalid-parameter.`,
  isoWeek:
    "The ISO 8601 week of the date: weeks start on Monday and belong to the year that holds their Thursday, so week 1 is the week " +
    "that holds 4 January and `year` is the ISO week-numbering year, which differs from the calendar year for a few days around " +
    "New Year (2024-12-30 is week 1 of 2025; 2026-12-31 and 2027-01-01 are week 53 of 2026). Sweden has numbered weeks this way " +
    "since 1973 (the Nordic change of 1 January 1973, which also made Monday the first day of the week; SS-ISO 8601 since 1991). " +
    "Earlier dates carry the proleptic ISO week, as if the rule had always applied.",
  longWeekend:
    "Long weekend (långhelg): a free run (a maximal run of consecutive non-working days) of at least 3 days that holds a named " +
    "observance, with `leaveDays: []`; or the run made by taking one bridge day off (a working day whose previous and next days " +
    "are non-working, as /v3/bridge-days lists them), joining the free runs on either side, when it holds a named observance, " +
    "with `leaveDays: [that day]`. A run is listed under the year in which it starts, whatever year it ends or its leave day " +
    "falls in: 2025-12-31..2026-01-04 with leave on 2026-01-02 is a long weekend of 2025. Ascending by `start`, then by the " +
    "number of leave days, so a free run comes before the longer run its bridge day makes. `observances` are the codes of the " +
    "named days in the run, in date order and, on one date, in catalogue order. Runs are read inside " +
    `${FIRST_YEAR}-01-01..${LAST_YEAR}-12-31 only (days outside it are not classified): a run is cut at either edge.`,
  leavePlan:
    `The best use of \`days\` leave days (semesterdagar, ${MIN_LEAVE_DAYS} to ${MAX_LEAVE_DAYS}) in the span \`from\`..\`to\`, both ends ` +
    `included (\`to - from + 1\` at most ${MAX_PLAN_DAYS} days; \`from\` later than \`to\` is 400). A plan is a set L of at ` +
    "most `days` working days in the span. A break is a maximal run of consecutive days inside the span each of which is a " +
    "non-working day or in L; only breaks holding a day of L count, and days off outside the span never do. `objective=most` " +
    "maximises the total number of days in the counted breaks; `objective=longest` the length of the longest counted break. " +
    "Ties: fewer leave days, then the earliest leave dates (the ascending lists of leave dates compared date by date). Exact: " +
    "a dynamic programme over the days, never a heuristic. With `most` every leave day adds at least itself, so the plan uses " +
    "the whole budget or every working day of the span; with `longest` it takes only the working days of its one break. A " +
    "span without a working day answers `used: 0`, `daysOff: 0`, `breaks: []`.",
  flagDays:
    `Official flag days (allmänna flaggdagar) under Förordning (1982:270) om allmänna flaggdagar, in force 1 January ` +
    `${FLAG_DAYS_FROM}: earlier years have no official flag days (the year list answers 400, a Day's \`flagDay\` is empty). ` +
    "The list as worded by SFS 2017:441 (veterandagen, 29 May, from 2018), the day of the election to the European " +
    "Parliament from 1 April 2023, and the one-off flag days of 17 December 2018 and 15 September 2023. Royal days name " +
    "offices, not people: every future year carries the current ordinance's dates (the King's name day 28 January and " +
    "birthday 30 April, the Crown Princess's 12 March and 14 July, the Queen's 8 August and 23 December), which change " +
    "with the royal house (the Riksdag's guidelines, prop. 2021/22:232, keep only the monarch's and the heir's birthdays " +
    "after the next succession). Riksdag election days are the ordinary elections: as held 1985-2022 (every three years " +
    "until 1994, then every four; the third Sunday of September until 2010, the second from 2014) and from 2026 the " +
    "second Sunday of September every four years (regeringsformen 3 kap. 3 §, vallagen 1 kap. 3 §); an extraordinary " +
    "election cannot be known in advance and is not listed. European Parliament election days are listed only once the " +
    `date is decided (${EUROPEAN_PARLIAMENT_ELECTIONS.join(", ")}); later ones appear when the Council of the EU has fixed ` +
    "them. Sources per rule: /v3/flag-days/catalogue and docs/flag-days.md.",
  flagDayField:
    "The codes of the official flag days on the date, in catalogue order (of /v3/flag-days/catalogue). Always an array, " +
    `never absent or \`null\`; empty on every other date and on every date before ${FLAG_DAYS_FROM}. It says nothing of ` +
    "`holidayType`: most flag days are working days.",
  flagDayHoliday:
    "The code of the observance this flag day is, when the ordinance names a holiday and that holiday falls on this date " +
    "this year (`easterSunday`, `mayDay`, `nationalDay` from 2005); otherwise `null`, also when another holiday happens to " +
    "share the date (veterandagen on Ascension Day, 2025-05-29). A date's own observances are on /v3/days/{date}.",
  businessDay:
    "A business day (Swedish banking day, bankdag) is a working day: Monday to Friday, not a public holiday, not Midsummer Eve, " +
    "Christmas Eve or New Year's Eve (the Riksbank lists exactly these, and Saturdays, as days banks do not settle); `workingDay` " +
    "of a Day says it.",
  required: (name: string) =>
    `Required: without it the answer is ${PROBLEM_STATUS["invalid-parameter"]} invalid-parameter, \`${missingArgument(name).message}\`.`,
  unknownCode:
    `A code in the path names the resource asked for: an unknown one is ${PROBLEM_STATUS["not-found"]} not-found ` +
    "(`/v3/observances/{code}`: no such resource, RFC 9110 s. 15.5.5). A code in the query is an option of a resource that " +
    "exists, chosen from a short fixed list like `convention` or `bounds`: an unknown one is " +
    `${PROBLEM_STATUS["invalid-parameter"]} invalid-parameter naming the parameter and listing the codes (\`schedule\` of ` +
    "/v3/due-dates, the feed's `due`).",
  dueDateForms:
    "Give exactly one form: `schedule` (a code of the catalogue; an unknown code is " +
    `${PROBLEM_STATUS["invalid-parameter"]} invalid-parameter), or \`day\` (${MIN_DUE_DAY} to ${MAX_DUE_DAY}, past ` +
    `the month's end the month's last day, or \`${LAST_DAY_OF_MONTH}\`) and \`convention\` together. ` +
    "Both forms, neither, or `day` or `convention` " +
    `alone is 400 invalid-parameter naming the parameter. A rule of your own answers \`schedule.code: "${CUSTOM_SCHEDULE_CODE}"\`, ` +
    `\`name: {sv: "${CUSTOM_SCHEDULE_NAME.sv}", en: "${CUSTOM_SCHEDULE_NAME.en}"}\` and \`source: null\`, for every year ` +
    `${FIRST_YEAR}-${LAST_YEAR}.`,
} as const;
