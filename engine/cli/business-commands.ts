/** The command-line tool's commands over business days, due dates, working time and the iCalendar feed. */

import { parseDueDay, parseDueScheduleList } from "../duedates.js";
import { DEFAULT_FEED_OPTIONS, FEED_OPTION_NAMES } from "../feed-options.js";
import {
  DEFAULT_WEEKLY_HOURS,
  LAST_DAY_OF_MONTH,
  MAX_DUE_DAY,
  MIN_DUE_DAY,
  VALUE_WORDS,
  WEEKLY_HOURS_WORDS,
} from "../grammar.js";
import { icsFeed } from "../ics.js";
import {
  type Adjustment,
  adjust,
  type DayOfMonth,
  type DueDateScheduleCode,
  type DueDates,
  describeDay,
  dueDateSchedules,
  dueDates,
  FIRST_YEAR,
  type WorkingTime,
  type WorkingTimeProfileCode,
  workingTime,
} from "../index.js";
import { FEED_SIGNATURES } from "../signatures.js";
import { CONVENTIONS, checkYearRange, MAX_SPAN_YEARS } from "../validation.js";
import { findWorkingTimeProfile, parseWeeklyHours, WORKING_TIME_PROFILE_CODES } from "../working-time.js";
import { booleanOptions, type Command } from "./command.js";
import { ARGUMENT_NAMES, conventionOf, dateArg, orderOrSpan, refusing, yearArg } from "./messages.js";
import { dayShort, fields, hoursText, MONTHS, minutesText, SCHEDULE_CODES, table, WORDS } from "./words.js";

/** The feed's boolean options as flags: `--bridge` turns one on, `--no-defacto` turns off one that is on by default. */
const FEED_FLAG_OF = Object.fromEntries(
  FEED_OPTION_NAMES.map((name) => [name, DEFAULT_FEED_OPTIONS[name] ? `no-${name}` : name]),
);
const FEED_FLAGS = [
  ...FEED_OPTION_NAMES.filter((name) => !DEFAULT_FEED_OPTIONS[name]),
  ...FEED_OPTION_NAMES.filter((name) => DEFAULT_FEED_OPTIONS[name]),
].map((name) => FEED_FLAG_OF[name]);
if (!booleanOptions(FEED_SIGNATURES.icsFeed).every((name) => Object.hasOwn(FEED_FLAG_OF, name))) {
  throw new Error("business-commands.ts: a boolean option of the feed has no flag");
}

/** The commands over business days, due dates, working time and the feed. */
export const BUSINESS_COMMANDS: Record<string, Command> = {
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
      `your own as day:convention (day ${MIN_DUE_DAY}-${MAX_DUE_DAY} or ${LAST_DAY_OF_MONTH}), e.g. 25:preceding.\n` +
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
        () => inv.say.mustBe(dayText, inv.say.inRule(ARGUMENT_NAMES.day[inv.lang], text), VALUE_WORDS.dueDay),
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
      `--weekly <hours> the hours of a full week, ${WEEKLY_HOURS_WORDS.en} (default ${DEFAULT_WEEKLY_HOURS}); a working day is a fifth of it.\n` +
      `--profile ${WORKING_TIME_PROFILE_CODES.join("|")}: standard shortens no day (default); state gives the shortened days of state\n` +
      `employees with office hours (Arbetsgivarverket's Villkorsavtal, from ${findWorkingTimeProfile("state").since}).\n` +
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
              () => inv.say.mustBe(weekly, "--weekly", VALUE_WORDS.weeklyHours),
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
