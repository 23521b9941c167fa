/** Engine outputs validate directly against the schemas of contract/bodies.ts, without a handler between. */

import {
  bridgeDaysOfYear,
  dayFromCivil,
  FIRST_YEAR,
  fromIsoDate,
  halfDaysOfYear,
  holidaysOfYear,
  LAST_YEAR,
  leavePlan,
  OBSERVANCE_RULES,
  period,
  shift,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { catalogueResource, longWeekendsResource, occurrenceSeries } from "../../contract/resources.js";
import { v2BridgeDays, v2HalfDays, v2Holidays } from "../../contract/v2.js";
import { describeErrors, schemaValidators } from "./helpers.js";
import { YEARS } from "./response-checks.js";

const schema = schemaValidators();

describe("engine outputs validate directly against the schemas", () => {
  it("every year's holiday lists (all flag variants), bridge days and half days", () => {
    const holidays = schema("HolidaysResponse");
    const bridge = schema("BridgeDaysResponse");
    const half = schema("HalfDaysResponse");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += year < 2100 ? 1 : 7) {
      for (const options of [{}, { sundays: true, saturdays: true }]) {
        const days = holidaysOfYear(year, options);
        expect(holidays({ year, count: days.length, days }), `${year}: ${describeErrors(holidays.errors)}`).toBe(true);
      }
      const b = bridgeDaysOfYear(year);
      expect(bridge({ year, count: b.length, days: b }), `${year}`).toBe(true);
      const h = halfDaysOfYear(year);
      expect(half({ year, count: h.length, days: h }), `${year}`).toBe(true);
    }
  });

  it("long weekends of every year, leave plans of every 37th year (whole years, both objectives, several budgets)", () => {
    const lw = schema("LongWeekendsResponse");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
      const r = longWeekendsResource(year);
      if (!lw(r)) expect.fail(`${year}: ${describeErrors(lw.errors)}`);
    }
    const lp = schema("LeavePlan");
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 37) {
      for (const objective of ["most", "longest"] as const) {
        for (const days of [1, 5, 25, 60]) {
          const p = leavePlan(dayFromCivil(year, 1, 1), dayFromCivil(year, 12, 31), days, objective);
          expect(lp(p), `${year} ${objective} ${days}: ${describeErrors(lp.errors)}`).toBe(true);
        }
      }
    }
  });

  it("catalogue, occurrences, periods, shifts, v2 shapes", () => {
    expect(schema("ObservanceList")(catalogueResource())).toBe(true);
    const occ = schema("OccurrenceList");
    for (const rule of OBSERVANCE_RULES) {
      const o = occurrenceSeries(rule.code, 1930, 2130);
      expect(occ(o), `${rule.code}: ${describeErrors(occ.errors)}`).toBe(true);
    }
    const p = schema("Period");
    for (const bounds of ["inclusive", "exclusive", "from", "to"] as const) {
      for (const [a, b] of [
        ["2024-01-01", "2024-12-31"],
        ["2024-03-03", "2024-03-03"],
        ["1930-01-01", "2130-01-01"],
      ]) {
        expect(p(period(fromIsoDate(a), fromIsoDate(b), bounds)), describeErrors(p.errors)).toBe(true);
      }
    }
    const s = schema("Shift");
    const result = shift(
      fromIsoDate("2024-01-31"),
      [
        { unit: "m", amount: 1 },
        { unit: "b", amount: -3 },
        { unit: "y", amount: 201 },
      ],
      { postpone: true },
    );
    expect(s(result), describeErrors(s.errors)).toBe(true);
    expect(result.period).toBeNull();
    const v2h = schema("V2Holiday");
    const v2d = schema("V2Date");
    for (const year of YEARS) {
      for (const e of v2Holidays(year, true)) expect(v2h(e), JSON.stringify(e)).toBe(true);
      for (const e of [...v2HalfDays(year), ...v2BridgeDays(year)]) expect(v2d(e)).toBe(true);
    }
  });
});
