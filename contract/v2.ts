/**
 * The shapes of the older unversioned endpoints (docs/contract.md#the-v2-endpoints): pure, no clock.
 * Frozen apart from bug fixes; the data corrections of the engine (Easter 1954/1981/2049/2076, de-duplicated
 * bridge and half days, "Whit Sunday") apply because every list comes from the engine.
 */
import {
  bridgeDaysOfYear,
  dayFromCivil,
  halfDaysOfYear,
  holidaysOfYear,
  isoWeekday,
  toIsoDate,
} from "swedish-calendar/core";
import type { V2Date, V2Holiday, V2Names } from "./bodies.js";

/** The bodies (./bodies.ts). V2Names: key order en, sv, the order v2 always served. */
export type { V2Date, V2Holiday, V2Names };

export const V2_WEEKEND_ENTRIES = {
  saturday: { code: "saturday", name: { en: "Saturday", sv: "Lördag" } },
  sunday: { code: "sunday", name: { en: "Sunday", sv: "Söndag" } },
} as const;

/**
 * `/holidays`: one entry per observance (a date with two holidays appears twice), ordered by date, then in
 * catalogue order. With `weekends`, every Saturday and Sunday of the year gets a `saturday`/`sunday` entry,
 * also on dates that carry an observance; on such a date the weekend entry comes after the observances.
 */
export function v2Holidays(year: number, weekends: boolean): V2Holiday[] {
  const observed = new Map<string, V2Holiday[]>();
  for (const day of holidaysOfYear(year, {})) {
    observed.set(
      day.date,
      day.observances.map((o) => ({ date: day.date, code: o.code, name: { en: o.name.en, sv: o.name.sv } })),
    );
  }
  if (!weekends) return [...observed.values()].flat();
  const list: V2Holiday[] = [];
  const last = dayFromCivil(year, 12, 31);
  for (let n = dayFromCivil(year, 1, 1); n <= last; n++) {
    const date = toIsoDate(n);
    const entries = observed.get(date);
    if (entries) list.push(...entries);
    const wd = isoWeekday(n);
    const weekend = wd === 6 ? V2_WEEKEND_ENTRIES.saturday : wd === 7 ? V2_WEEKEND_ENTRIES.sunday : undefined;
    if (weekend) list.push({ date, code: weekend.code, name: { en: weekend.name.en, sv: weekend.name.sv } });
  }
  return list;
}

/** `/half-days`: `[{date}]`, ascending, one entry per date. */
export function v2HalfDays(year: number): V2Date[] {
  return halfDaysOfYear(year).map((d) => ({ date: d.date }));
}

/** `/bridge-days`: `[{date}]`, ascending, one entry per date. */
export function v2BridgeDays(year: number): V2Date[] {
  return bridgeDaysOfYear(year).map((d) => ({ date: d.date }));
}
