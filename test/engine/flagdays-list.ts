import { flagDaysOfYear } from "swedish-calendar/core";

/** `date code` for a flag day that is no holiday, `date code=holiday` for one that is. */
export const listOf = (year: number) =>
  flagDaysOfYear(year).map((f) => `${f.date} ${f.code}${f.holiday ? "=" + f.holiday : ""}`);
