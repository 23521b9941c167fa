import { type DayNumber, dayFromCivil } from "./dates.js";

/**
 * Easter Sunday of a Gregorian year (the Meeus/Jones/Butcher computus).
 * Needs no exception rules, so 1954, 1981, 2049 and 2076 come out right
 * (where Gauss's short formula needs its corrections).
 */
export function easterSunday(year: number): DayNumber {
  // a year's rules ask for the same Easter eight times in a row (rules.ts easterPlus): remember the last one
  if (year === lastYear) return lastEaster;
  lastEaster = computus(year);
  lastYear = year;
  return lastEaster;
}

let lastYear = NaN;
let lastEaster = NaN;

function computus(year: number): DayNumber {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayFromCivil(year, month, day);
}
