/**
 * THE CSV FILES of the dataset (`/v3/data/{year}/days.csv`, `/v3/data/{year}/working-time.csv`): their columns and
 * their text, built from the engine's objects, once. Pure: the build (build/generate.ts) writes these texts and the
 * standalone server computes the same ones for a file no build wrote (through build/generate.ts datasetFileBody).
 *
 * The format: RFC 4180. UTF-8 without a byte order mark, a header row of English machine names (the JSON fields'
 * names where there is one), CRLF after every row (the last too), `,` between fields, a field quoted (`"`, a quote
 * doubled) only when it holds a comma, a quote, CR or LF. Dates are ISO (`YYYY-MM-DD`), booleans `true`/`false`, an
 * absent value an empty field, several values in one field joined by `;`. docs/static-dataset.md documents every
 * column with its Swedish and English name (test/contract/working-time.test.ts checks that the docs list these columns).
 */
import { bridgeDays, type Day, daysOfYear, halfDays, type WorkingTime } from "swedish-calendar";

/** A column: its machine name (the header), its Swedish and English names (the docs), and its value in a row. */
export interface CsvColumn<R> {
  name: string;
  sv: string;
  en: string;
  value: (row: R) => string | number | boolean | null;
}

/** Joins several values in one field. */
export const CSV_LIST_SEPARATOR = ";";
/** Ends every row, the header and the last included (RFC 4180). */
export const CSV_LINE_END = "\r\n";

/** A field as RFC 4180 writes it: quoted only when it must be. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The text of a table: the header row of the columns' names, then a row per item. */
export function csvText<R>(columns: readonly CsvColumn<R>[], rows: Iterable<R>): string {
  let text = columns.map((c) => csvField(c.name)).join(",") + CSV_LINE_END;
  for (const row of rows) text += columns.map((c) => csvField(c.value(row))).join(",") + CSV_LINE_END;
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// days.csv: one row per date
// ---------------------------------------------------------------------------------------------------------------

/** A date of the year with what the year lists add to its Day: whether it is a bridge day or a half day. */
export interface DayRow {
  day: Day;
  bridgeDay: boolean;
  halfDay: boolean;
}

const list = (values: readonly string[]) => values.join(CSV_LIST_SEPARATOR);

export const DAY_COLUMNS: readonly CsvColumn<DayRow>[] = [
  { name: "date", sv: "datum", en: "date", value: (r) => r.day.date },
  {
    name: "weekday",
    sv: "veckodag (1 måndag … 7 söndag)",
    en: "ISO weekday (1 Monday … 7 Sunday)",
    value: (r) => r.day.weekday,
  },
  { name: "isoYear", sv: "veckoår (ISO)", en: "ISO week-numbering year", value: (r) => r.day.isoWeek.year },
  { name: "isoWeek", sv: "veckonummer (ISO)", en: "ISO week number", value: (r) => r.day.isoWeek.week },
  {
    name: "holidayType",
    sv: "helgdagstyp: public (allmän helgdag eller söndag), defacto (lördag eller en av de fem aftnarna), tomt för en arbetsdag",
    en: "holiday type: public (a public holiday or a Sunday), defacto (a Saturday or one of the five eves), empty for a working day",
    value: (r) => r.day.holidayType,
  },
  { name: "workingDay", sv: "arbetsdag", en: "working day", value: (r) => r.day.workingDay },
  { name: "bridgeDay", sv: "klämdag", en: "bridge day", value: (r) => r.bridgeDay },
  { name: "halfDay", sv: "halvdag", en: "half day", value: (r) => r.halfDay },
  {
    name: "observances",
    sv: "helgdagarnas koder",
    en: "the observances' codes",
    value: (r) => list(r.day.observances.map((o) => o.code)),
  },
  {
    name: "observanceNamesSv",
    sv: "helgdagarnas namn på svenska",
    en: "the observances' Swedish names",
    value: (r) => list(r.day.observances.map((o) => o.name.sv)),
  },
  {
    name: "observanceNamesEn",
    sv: "helgdagarnas namn på engelska",
    en: "the observances' English names",
    value: (r) => list(r.day.observances.map((o) => o.name.en)),
  },
  {
    name: "flagDays",
    sv: "allmänna flaggdagar (koder)",
    en: "official flag days (codes)",
    value: (r) => list(r.day.flagDay),
  },
];

/** The rows of a year's days: every Day of the year (daysOfYear) with its bridge-day and half-day flags (the year lists). */
export function dayRowsOfYear(year: number): DayRow[] {
  const bridge = new Set(bridgeDays(year).map((d) => d.date));
  const half = new Set(halfDays(year).map((d) => d.date));
  return daysOfYear(year).map((day) => ({ day, bridgeDay: bridge.has(day.date), halfDay: half.has(day.date) }));
}

/** `/v3/data/{year}/days.csv` */
export function daysCsv(year: number): string {
  return csvText(DAY_COLUMNS, dayRowsOfYear(year));
}

// ---------------------------------------------------------------------------------------------------------------
// working-time.csv: a row per month, per quarter and for the year
// ---------------------------------------------------------------------------------------------------------------

/** A row of the working-time file: a month, a quarter or the year of an answer, with the answer's week and profile. */
export interface WorkingTimeRow {
  kind: "month" | "quarter" | "year";
  period: string;
  year: number;
  quarter: number | null;
  month: number | null;
  workingDays: number;
  minutes: number;
  hours: number;
  shortenedDays: number;
  weeklyHours: number;
  profile: string;
}

const two = (n: number) => String(n).padStart(2, "0");

export const WORKING_TIME_COLUMNS: readonly CsvColumn<WorkingTimeRow>[] = [
  {
    name: "period",
    sv: "period: ÅÅÅÅ-MM (månad), ÅÅÅÅ-Qn (kvartal) eller ÅÅÅÅ (året)",
    en: "period: YYYY-MM (month), YYYY-Qn (quarter) or YYYY (the year)",
    value: (r) => r.period,
  },
  {
    name: "kind",
    sv: "radens slag: month (månad), quarter (kvartal), year (år)",
    en: "what the row sums: month, quarter, year",
    value: (r) => r.kind,
  },
  { name: "year", sv: "år", en: "year", value: (r) => r.year },
  {
    name: "quarter",
    sv: "kvartal (1–4; tomt för året)",
    en: "quarter (1–4; empty for the year)",
    value: (r) => r.quarter,
  },
  {
    name: "month",
    sv: "månad (1–12; tomt för kvartal och år)",
    en: "month (1–12; empty for a quarter and the year)",
    value: (r) => r.month,
  },
  { name: "workingDays", sv: "arbetsdagar", en: "working days", value: (r) => r.workingDays },
  { name: "minutes", sv: "arbetstid i minuter", en: "working time in minutes", value: (r) => r.minutes },
  {
    name: "hours",
    sv: "arbetstid i timmar (minuter / 60, två decimaler med decimalpunkt)",
    en: "working time in hours (minutes / 60, two decimals after a point)",
    value: (r) => r.hours.toFixed(2),
  },
  {
    name: "shortenedDays",
    sv: "förkortade dagar (profilens)",
    en: "shortened days (the profile's)",
    value: (r) => r.shortenedDays,
  },
  { name: "weeklyHours", sv: "veckoarbetstid i timmar", en: "weekly hours", value: (r) => r.weeklyHours },
  { name: "profile", sv: "profilens kod", en: "the profile's code", value: (r) => r.profile },
];

/** The rows of an answer: its twelve months, then its four quarters, then the year. */
export function workingTimeRows(answer: WorkingTime): WorkingTimeRow[] {
  const { year, weeklyHours } = answer;
  const profile = answer.profile.code;
  const months = answer.months.map(
    (m): WorkingTimeRow => ({
      kind: "month",
      period: `${year}-${two(m.month)}`,
      year,
      quarter: Math.ceil(m.month / 3),
      month: m.month,
      workingDays: m.workingDays,
      minutes: m.minutes,
      hours: m.hours,
      shortenedDays: m.shortenedDays.length,
      weeklyHours,
      profile,
    }),
  );
  const quarters = answer.quarters.map(
    (q): WorkingTimeRow => ({
      kind: "quarter",
      period: `${year}-Q${q.quarter}`,
      year,
      quarter: q.quarter,
      month: null,
      workingDays: q.workingDays,
      minutes: q.minutes,
      hours: q.hours,
      shortenedDays: answer.months
        .slice((q.quarter - 1) * 3, q.quarter * 3)
        .reduce((n, m) => n + m.shortenedDays.length, 0),
      weeklyHours,
      profile,
    }),
  );
  const { total } = answer;
  const whole: WorkingTimeRow = {
    kind: "year",
    period: String(year),
    year,
    quarter: null,
    month: null,
    workingDays: total.workingDays,
    minutes: total.minutes,
    hours: total.hours,
    shortenedDays: answer.months.reduce((n, m) => n + m.shortenedDays.length, 0),
    weeklyHours,
    profile,
  };
  return [...months, ...quarters, whole];
}

/** A working-time answer as CSV (`/v3/data/{year}/working-time.csv` is the default answer of the year's). */
export function workingTimeCsv(answer: WorkingTime): string {
  return csvText(WORKING_TIME_COLUMNS, workingTimeRows(answer));
}
