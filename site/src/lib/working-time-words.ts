import { count, type Lang } from "./i18n.ts";

/** The words of the working-time section ("Arbetstid" / "Working time": ./working-time.ts and ../scripts/home/working-time.ts). */
export interface WorkingTimeWords {
  heading: string;
  /** the number of hours as the page writes it, with its unit: "160 h", "153,75 h" */
  hours: (text: string) => string;
  /** the time a shortened day loses: "4 h", "1 h 55 min", "55 min" */
  duration: (hours: number, minutes: number) => string;
  chartTitle: (year: number) => string;
  chartDesc: (months: string) => string;
  chartCut: string;
  caption: (year: number, weekly: string, profile: string) => string;
  columns: { month: string; workingDays: string; hours: string; shortened: string };
  quarter: (quarter: number) => string;
  total: (year: number) => string;
  none: string;
  loading: (year: number) => string;
  shown: (year: number, days: number, hours: string) => string;
  csv: (year: number) => string;
  beforeSince: (name: string, since: number) => string;
}

export const WORKING_TIME_WORDS: Record<Lang, WorkingTimeWords> = {
  en: {
    heading: "Working time",
    hours: (text) => `${text} h`,
    duration: (hours, minutes) =>
      [hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean).join(" "),
    chartTitle: (year) => `Working hours per month, ${year}`,
    chartDesc: (months) =>
      `A bar for each month, as long as its working hours: ${months}. The table below has the same numbers.`,
    chartCut: "Hatched: the time the shortened days take off",
    caption: (year, weekly, profile) =>
      `Working days and hours per month in ${year} (${weekly} hours a week, ${profile})`,
    columns: { month: "Month", workingDays: "Working days", hours: "Hours", shortened: "Shortened days" },
    quarter: (quarter) => `Quarter ${quarter}`,
    total: (year) => `The year ${year}`,
    none: "–",
    loading: (year) => `Counting the working time of ${year}…`,
    shown: (year, days, hours) => `Working time of ${year}: ${count(days, "workingDay", "en")}, ${hours}.`,
    csv: (year) => `Download ${year} as CSV`,
    beforeSince: (name, since) =>
      `${name}: the shortened days are given from ${since} on. They rest on the tables the employers publish under Arbetsgivarverket's ` +
      `agreement, and the earliest found is for ${since}; no source the service cites settles the years before. Choose the standard profile for ${since - 1} and earlier.`,
  },
  sv: {
    heading: "Arbetstid",
    hours: (text) => `${text} h`,
    duration: (hours, minutes) =>
      [hours ? `${hours} h` : "", minutes ? `${minutes} min` : ""].filter(Boolean).join(" "),
    chartTitle: (year) => `Arbetstimmar per månad ${year}`,
    chartDesc: (months) =>
      `En stapel per månad, lika lång som månadens arbetstimmar: ${months}. Tabellen nedan har samma siffror.`,
    chartCut: "Streckat: tiden som de förkortade dagarna tar bort",
    caption: (year, weekly, profile) =>
      `Arbetsdagar och arbetstimmar per månad ${year} (${weekly} timmar i veckan, ${profile})`,
    columns: { month: "Månad", workingDays: "Arbetsdagar", hours: "Timmar", shortened: "Förkortade dagar" },
    quarter: (quarter) => `Kvartal ${quarter}`,
    total: (year) => `Hela ${year}`,
    none: "–",
    loading: (year) => `Räknar arbetstiden ${year}…`,
    shown: (year, days, hours) => `Arbetstid ${year}: ${count(days, "workingDay", "sv")}, ${hours}.`,
    csv: (year) => `Ladda ned ${year} som CSV`,
    beforeSince: (name, since) =>
      `${name}: de förkortade dagarna anges från ${since}. De bygger på de tabeller som arbetsgivarna publicerar enligt Arbetsgivarverkets ` +
      `avtal, och den tidigaste som hittats gäller ${since}; tidigare år fastställs inte av någon källa som tjänsten hänvisar till. Välj standardprofilen för ${since - 1} och tidigare.`,
  },
};
