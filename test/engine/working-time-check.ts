/** What every working-time test reads a result with: dates written out, the sums a result must hold, its error. */
import { CalendarError, isWorkingDay, type WorkingTime } from "swedish-calendar";
import { expect } from "vitest";

const pad = (n: number) => String(n).padStart(2, "0");
export const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The sums a result must hold whatever the profile: quarters of months, the year of months, hours of minutes. */
export function expectConsistent(r: WorkingTime): void {
  expect(r.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(r.quarters.map((q) => q.quarter)).toEqual([1, 2, 3, 4]);
  for (const q of r.quarters) {
    const three = r.months.slice((q.quarter - 1) * 3, q.quarter * 3);
    expect(q.workingDays).toBe(three.reduce((n, m) => n + m.workingDays, 0));
    expect(q.minutes).toBe(three.reduce((n, m) => n + m.minutes, 0));
  }
  expect(r.total.workingDays).toBe(r.months.reduce((n, m) => n + m.workingDays, 0));
  expect(r.total.minutes).toBe(r.quarters.reduce((n, q) => n + q.minutes, 0));
  for (const s of [...r.months, ...r.quarters, r.total]) {
    expect(Number.isInteger(s.minutes)).toBe(true);
    // at most two decimals, and the nearest such number to minutes / 60
    expect(Math.round(s.hours * 100)).toBe(Math.round((s.minutes * 100) / 60));
    expect(Math.abs(s.hours - s.minutes / 60)).toBeLessThanOrEqual(0.005 + 1e-9);
  }
  for (const m of r.months) {
    const reduced = m.shortenedDays.reduce((n, d) => n + d.reductionMinutes, 0);
    expect(m.minutes).toBe(m.workingDays * r.dailyMinutes - reduced);
    for (const d of m.shortenedDays) {
      expect(+d.date.slice(5, 7)).toBe(m.month);
      expect(isWorkingDay(d.date)).toBe(true);
      expect(d.minutes + d.reductionMinutes).toBe(r.dailyMinutes);
    }
    expect(m.shortenedDays.map((d) => d.date)).toEqual(m.shortenedDays.map((d) => d.date).sort());
  }
}

export function errorOf(fn: () => unknown): CalendarError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CalendarError) return e;
    throw e;
  }
  throw new Error("no error");
}
