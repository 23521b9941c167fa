/** The API shapes the site reads (SPEC.md "Resources and their fields"). The site is a plain API client. */

export interface Names {
  sv: string;
  en: string;
}

export interface Observance {
  code: string;
  holidayType: "public" | "defacto";
  name: Names;
  feast: { code: string; name: Names };
}

export interface Day {
  date: string;
  weekday: number;
  holidayType: "public" | "defacto" | null;
  workingDay: boolean;
  observances: Observance[];
}

export interface DayList {
  year: number;
  count: number;
  days: Day[];
}

export interface Duration {
  years: number;
  months: number;
  days: number;
}

export interface DaysOff {
  total: number;
  publicHolidays: number;
  defactoHolidays: number;
  namedDays: number;
  weekendDays: number;
}

export interface SpanCounts {
  calendarDays: number;
  duration: Duration;
  workingDays: number;
  daysOff: DaysOff;
  bridgeDays: number;
  halfDays: number;
}

export interface Period extends SpanCounts {
  from: string;
  to: string;
  bounds: "inclusive" | "exclusive" | "from" | "to";
  counted: { first: string; last: string } | null;
}

export interface PeriodSummary extends SpanCounts {
  from: string;
  to: string;
}

export interface AppliedStep {
  unit: "d" | "b" | "w" | "m" | "y";
  amount: number;
  constrained: boolean;
  result: Day;
}

export interface Shift {
  date: string;
  postpone: boolean;
  steps: AppliedStep[];
  landed: Day;
  postponed: boolean;
  result: Day;
  period: PeriodSummary | null;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
}

/** Everything the home page shows for one year. `workingDays` is null when /v3/period could not be read. */
export interface YearData {
  year: number;
  holidays: Day[];
  bridgeDays: Day[];
  halfDays: Day[];
  workingDays: number | null;
  workingDaysError?: string;
}
