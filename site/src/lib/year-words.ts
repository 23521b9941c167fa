/** The year overview's words, and why a schedule has no dates before its first year; ./i18n.ts has the rest. */
import type { DueDateScheduleCode } from "swedish-calendar/core";
import { capitalise, type Lang } from "./i18n.ts";

/** The words of the year overview (render.ts), both languages side by side so neither lacks one. */
export interface YearWords {
  atAGlance: (year: number) => string;
  publicHolidays: string;
  publicNote: string;
  defactoHolidays: string;
  defactoNote: string;
  workingDays: string;
  workingNote: string;
  notLoaded: string;
  bridgeDays: string;
  bridgeNote: string;
  halfDays: string;
  halfNote: string;
  onWeekdays: (dates: string, year: number) => string;
  gridCaption: (year: number) => string;
  legend: {
    public: string;
    defacto: string;
    weekend: string;
    bridge: string;
    half: string;
    today: string;
    planBreak: string;
    planLeave: string;
    due: string;
    week: string;
  };
  today: string;
  badge: { public: string; defacto: string; working: string };
  holidaysHeading: string;
  holidaysCaption: (year: number, dates: string) => string;
  columns: {
    date: string;
    weekday: string;
    swedish: string;
    english: string;
    type: string;
    why: string;
    days: string;
    leave: string;
    observances: string;
    dates: string;
  };
  bridgeHeading: string;
  bridgeExplain: string;
  bridgeCaption: (year: number) => string;
  bridgeNone: (year: number) => string;
  between: (a: string, b: string) => string;
  halfHeading: string;
  halfExplain: string;
  halfCaption: (year: number) => string;
  halfNone: (year: number) => string;
  eveOf: (name: string) => string;
  longHeading: string;
  longExplain: string;
  longCaption: (year: number, n: number) => string;
  longNone: (year: number) => string;
  longError: (message: string) => string;
  noLeave: string;
}

export const YEAR_WORDS: Record<Lang, YearWords> = {
  en: {
    atAGlance: (year) => `${year} at a glance`,
    publicHolidays: "Public holidays",
    publicNote: "named in the Public Holidays Act",
    defactoHolidays: "De facto holidays",
    defactoNote: "the eves: days off in practice",
    workingDays: "Working days",
    workingNote: "Mon–Fri that are not holidays",
    notLoaded: "could not be loaded",
    bridgeDays: "Bridge days",
    bridgeNote: "klämdagar",
    halfDays: "Half days",
    halfNote: "halvdagar",
    onWeekdays: (dates, year) => `${dates} of ${year} fall on a weekday (Monday–Friday).`,
    gridCaption: (year) => `Calendar of ${year}; the tables below list the same days.`,
    legend: {
      public: "Public holiday",
      defacto: "De facto holiday",
      weekend: "Weekend",
      bridge: "Bridge day",
      half: "Half day",
      today: "Today",
      planBreak: "Break in your leave plan",
      planLeave: "Leave day in your plan",
      due: "Payment date (pay and payment dates below)",
      week: "wk: ISO week number",
    },
    today: "Today",
    badge: { public: "Public holiday", defacto: "De facto holiday", working: "Working day" },
    holidaysHeading: "Holidays",
    holidaysCaption: (year, dates) => `Public and de facto holidays in ${year} (${dates})`,
    columns: {
      date: "Date",
      weekday: "Weekday",
      swedish: "Swedish name",
      english: "English name",
      type: "Type",
      why: "Why",
      days: "Days",
      leave: "Leave day to take",
      observances: "Holidays",
      dates: "Dates",
    },
    bridgeHeading: "Bridge days",
    bridgeExplain: "A working day squeezed between a holiday and a weekend; many people take it off.",
    bridgeCaption: (year) => `Bridge days in ${year}`,
    bridgeNone: (year) => `There are no bridge days in ${year}.`,
    between: (a, b) => `Between ${a} and ${b}`,
    halfHeading: "Half days",
    halfExplain:
      "The working day before a public holiday, when many workplaces finish early (a custom, not an entitlement).",
    halfCaption: (year) => `Half days in ${year}`,
    halfNone: (year) => `There are no half days in ${year}.`,
    eveOf: (name) => `Eve of ${name}`,
    longHeading: "Long weekends",
    longExplain:
      "Three or more days off in a row that include a named holiday, and the longer ones a bridge day makes: take the leave day shown and the days off on either side join up. Listed under the year they start in.",
    longCaption: (year, n) => `Long weekends starting in ${year} (${n})`,
    longNone: (year) => `No long weekend starts in ${year}.`,
    longError: (message) => `The long weekends could not be loaded: ${message}`,
    noLeave: "none needed",
  },
  sv: {
    atAGlance: (year) => `${year} i överblick`,
    publicHolidays: "Allmänna helgdagar",
    publicNote: "enligt lagen om allmänna helgdagar",
    defactoHolidays: "De facto-helgdagar",
    defactoNote: "aftnarna: lediga i praktiken",
    workingDays: "Arbetsdagar",
    workingNote: "mån–fre som inte är helgdagar",
    notLoaded: "kunde inte hämtas",
    bridgeDays: "Klämdagar",
    bridgeNote: "mellan helgdag och helg",
    halfDays: "Halvdagar",
    halfNote: "dagen före en helgdag",
    onWeekdays: (dates, year) => `${capitalise(dates)} ${year} infaller på en vardag (måndag–fredag).`,
    gridCaption: (year) => `Kalender för ${year}; tabellerna nedan listar samma dagar.`,
    legend: {
      public: "Allmän helgdag",
      defacto: "De facto-helgdag",
      weekend: "Helg",
      bridge: "Klämdag",
      half: "Halvdag",
      today: "I dag",
      planBreak: "Ledighet i din plan",
      planLeave: "Semesterdag i din plan",
      due: "Betalningsdag (löner och utbetalningar nedan)",
      week: "v.: veckonummer (ISO 8601)",
    },
    today: "I dag",
    badge: { public: "Allmän helgdag", defacto: "De facto-helgdag", working: "Arbetsdag" },
    holidaysHeading: "Helgdagar",
    holidaysCaption: (year, dates) => `Allmänna och de facto-helgdagar ${year} (${dates})`,
    columns: {
      date: "Datum",
      weekday: "Veckodag",
      swedish: "Svenskt namn",
      english: "Engelskt namn",
      type: "Typ",
      why: "Varför",
      days: "Dagar",
      leave: "Ledig dag att ta",
      observances: "Helgdagar",
      dates: "Datum",
    },
    bridgeHeading: "Klämdagar",
    bridgeExplain: "En arbetsdag som kläms mellan en helgdag och en helg; många tar ledigt.",
    bridgeCaption: (year) => `Klämdagar ${year}`,
    bridgeNone: (year) => `Det finns inga klämdagar ${year}.`,
    between: (a, b) => `Mellan ${a} och ${b}`,
    halfHeading: "Halvdagar",
    halfExplain:
      "Arbetsdagen före en allmän helgdag, då många arbetsplatser slutar tidigare (en sedvänja, ingen rättighet).",
    halfCaption: (year) => `Halvdagar ${year}`,
    halfNone: (year) => `Det finns inga halvdagar ${year}.`,
    eveOf: (name) => `Dagen före ${name}`,
    longHeading: "Långhelger",
    longExplain:
      "Minst tre lediga dagar i rad med en namngiven helgdag, och de längre som en klämdag ger: ta den lediga dag som anges så hänger ledigheten ihop. Listas under det år de börjar.",
    longCaption: (year, n) => `Långhelger som börjar ${year} (${n})`,
    longNone: (year) => `Ingen långhelg börjar ${year}.`,
    longError: (message) => `Långhelgerna kunde inte hämtas: ${message}`,
    noLeave: "behövs ingen",
  },
};

/**
 * Why the pay section shows no dates of a schedule for a year before its `since` (the catalogue's): a sentence of
 * its own, written here in both languages, and the site never asks for those dates (the API would refuse them with
 * 400, and the dataset has no file for them). A schedule the site has no words for yet gets the general sentence.
 */
const KNOWN_BEFORE_SINCE: Record<Lang, Partial<Record<DueDateScheduleCode, (since: number) => string>>> = {
  en: {
    "child-benefit": (since) =>
      `Child benefit is paid by this rule from ${since}. The rule rests on Försäkringskassan's published payment days from ${since}; ` +
      "no source the service cites settles the payment days before that.",
    "tax-account": (since) =>
      `The tax account's due dates follow this rule from ${since}: it is the Tax Procedure Act's (skatteförfarandelagen, 2011:1244), ` +
      "in force from 1 January 2012. Earlier years followed the Tax Payment Act (skattebetalningslagen, 1997:483), and before 1998 " +
      "other laws, which the schedule does not state.",
  },
  sv: {
    "child-benefit": (since) =>
      `Barnbidrag betalas ut enligt denna regel från ${since}. Regeln bygger på Försäkringskassans publicerade utbetalningsdagar från ${since}; ` +
      "tidigare utbetalningsdagar fastställs inte av någon källa som tjänsten hänvisar till.",
    "tax-account": (since) =>
      `Skattekontots förfallodagar följer denna regel från ${since}: den är skatteförfarandelagens (2011:1244), som trädde i kraft ` +
      "den 1 januari 2012. Tidigare år gällde skattebetalningslagen (1997:483) och före 1998 andra lagar, som schemat inte anger.",
  },
};

export const BEFORE_SINCE: Record<
  Lang,
  { known: (typeof KNOWN_BEFORE_SINCE)[Lang]; other: (name: string, since: number) => string }
> = {
  en: {
    known: KNOWN_BEFORE_SINCE.en,
    other: (name, since) => `${name} follows this rule from ${since}; the service gives no dates for earlier years.`,
  },
  sv: {
    known: KNOWN_BEFORE_SINCE.sv,
    other: (name, since) => `${name} följer denna regel från ${since}; tjänsten anger inga datum för tidigare år.`,
  },
};

/** The sentence for a schedule before its first year (BEFORE_SINCE). */
export function beforeSinceSentence(
  schedule: { code: string; name: Record<Lang, string>; since: number },
  lang: Lang,
): string {
  const words = BEFORE_SINCE[lang];
  return (
    words.known[schedule.code as DueDateScheduleCode]?.(schedule.since) ??
    words.other(schedule.name[lang], schedule.since)
  );
}
