/**
 * Easter Sunday for every year 1930-9999 against two independently written algorithms
 * (neither shares code or formula with engine/easter.ts, which uses Meeus/Jones/Butcher):
 *  - Knuth's Algorithm E (TAOCP vol. 1, 1.3.2 ex. 14): the Lilius/Clavius epact method;
 *  - Gauss's Easter formula with its two exception rules.
 * Dates are compared as [month, day] pairs, not through the engine's date arithmetic.
 */

import { civilFromDay, easterSunday } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { occurrenceSeries } from "../../contract/resources.js";
import { easterByGauss } from "../support/easter-gauss.js";

type MonthDay = [month: number, day: number];

function easterByEpact(year: number): MonthDay {
  const golden = (year % 19) + 1;
  const century = Math.floor(year / 100) + 1;
  const leapCorrection = Math.floor((3 * century) / 4) - 12; // dropped leap years
  const moonCorrection = Math.floor((8 * century + 5) / 25) - 5; // Metonic cycle drift
  const sunday = Math.floor((5 * year) / 4) - leapCorrection - 10; // D with -D mod 7 a March Sunday
  let epact = (11 * golden + 20 + moonCorrection - leapCorrection) % 30;
  if ((epact === 25 && golden > 11) || epact === 24) epact++;
  let fullMoon = 44 - epact;
  if (fullMoon < 21) fullMoon += 30;
  const n = fullMoon + 7 - ((sunday + fullMoon) % 7);
  return n > 31 ? [4, n - 31] : [3, n];
}

function engineEaster(year: number): MonthDay {
  const { year: y, month, day } = civilFromDay(easterSunday(year));
  if (y !== year) throw new Error(`Easter of ${year} fell in ${y}`);
  return [month, day];
}

describe("Easter Sunday 1930-9999", () => {
  it("the reference algorithms agree with each other and with hand-checked years", () => {
    const known: [number, MonthDay][] = [
      [1954, [4, 18]],
      [1981, [4, 19]],
      [2049, [4, 18]],
      [2076, [4, 19]],
      [2008, [3, 23]],
      [2024, [3, 31]],
      [2025, [4, 20]],
      [2038, [4, 25]],
      [2285, [3, 22]],
      [1943, [4, 25]],
      [1930, [4, 20]],
    ];
    for (const [year, md] of known) {
      expect(easterByEpact(year), String(year)).toEqual(md);
      expect(easterByGauss(year), String(year)).toEqual(md);
    }
  });
  it("equals Knuth's epact algorithm and Gauss's formula (with exceptions) in every year", () => {
    const mismatches: string[] = [];
    for (let year = 1930; year <= 9999; year++) {
      const engine = engineEaster(year);
      const epact = easterByEpact(year);
      const gauss = easterByGauss(year);
      if (engine[0] !== epact[0] || engine[1] !== epact[1] || engine[0] !== gauss[0] || engine[1] !== gauss[1]) {
        mismatches.push(`${year}: engine ${engine} epact ${epact} gauss ${gauss}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
  it("always falls on a Sunday between 22 March and 25 April", () => {
    for (let year = 1930; year <= 9999; year++) {
      const n = easterSunday(year);
      if ((((n + 3) % 7) + 7) % 7 !== 6) throw new Error(`${year} not a Sunday`);
      const [m, d] = engineEaster(year);
      if ((m === 3 && d < 22) || (m === 4 && d > 25) || m < 3 || m > 4) throw new Error(`${year} out of bounds`);
    }
  });
  it("1954, 1981, 2049, 2076 are exactly the years of 1930-2100 where Gauss's short formula needs its exceptions", () => {
    const corrected: number[] = [];
    for (let year = 1930; year <= 2100; year++) {
      const bare = easterByGauss(year, false);
      const full = easterByGauss(year, true);
      if (bare[0] !== full[0] || bare[1] !== full[1]) corrected.push(year);
    }
    expect(corrected).toEqual([1954, 1981, 2049, 2076]);
  });
  it("the engine's easterSunday observance series matches for a 200-year window", () => {
    const list = occurrenceSeries("easterSunday", 1930, 2130).occurrences;
    expect(list.map((o) => o.day.date)).toEqual(
      list.map((o) => {
        const [m, d] = easterByEpact(o.year);
        return `${o.year}-0${m}-${String(d).padStart(2, "0")}`;
      }),
    );
  });
});
