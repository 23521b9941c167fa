/**
 * Easter Sunday by Gauss's formula, written apart from the engine's computus: the Easter tests check the engine
 * against it, and the data-diff test's fixture undoes the Easter correction with its bare short form.
 */
export type MonthDay = [month: number, day: number];

/** Gauss's formula; `withExceptions = false` gives the bare short formula. */
export function easterByGauss(year: number, withExceptions = true): MonthDay {
  const a = year % 19;
  const b = year % 4;
  const c = year % 7;
  const k = Math.floor(year / 100);
  const p = Math.floor((13 + 8 * k) / 25);
  const q = Math.floor(k / 4);
  const M = (15 - p + k - q) % 30;
  const N = (4 + k - q) % 7;
  const d = (19 * a + M) % 30;
  const e = (2 * b + 4 * c + 6 * d + N) % 7;
  const marchDay = 22 + d + e;
  let result: MonthDay = marchDay <= 31 ? [3, marchDay] : [4, d + e - 9];
  if (withExceptions) {
    if (d === 29 && e === 6)
      result = [4, 19]; // would be 26 April
    else if (d === 28 && e === 6 && (11 * M + 11) % 30 < 19) result = [4, 18]; // would be 25 April
  }
  return result;
}
