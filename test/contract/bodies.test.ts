/**
 * One declaration per body shape (contract/bodies.ts): the TypeScript types the engine builds and the strict JSON
 * Schemas ajv validates agree on real engine output; the plain-JSON table SCHEMAS is the declarations themselves;
 * and every RegExp of the input grammar (engine/grammar.ts) is built from the source string the documents state.
 */

import * as core from "swedish-calendar/core";
import {
  BOUNDS,
  type Bounds,
  dataVersion,
  dayOf,
  FIRST_DAY,
  fromIsoDate,
  LAST_DAY,
  OBSERVANCE_CODES,
  parseSteps,
  period,
  type StepUnit,
  shift,
} from "swedish-calendar/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type AppliedStep,
  BODIES,
  type DatasetStatus,
  type Day,
  type Health,
  type ObservanceInfo,
  type Period,
  type Problem,
  SCHEMA_NAMES,
  SCHEMAS,
  type SchemaName,
  schemaId,
} from "../../contract/bodies.js";
import { API_VERSION } from "../../contract/policies.js";
import * as query from "../../contract/query.js";

/** The input grammar: the engine's and the one only URLs need (contract/query.ts). */
const grammar = { ...core, ...query };

import { PROBLEM_STATUS, type ProblemError, type ProblemSlug } from "../../contract/problems.js";
import { parseLooseBoolean } from "../../contract/query.js";
import {
  bridgeDaysResource,
  catalogueResource,
  halfDaysResource,
  holidaysResource,
  occurrenceSeries,
} from "../../contract/resources.js";
import { v2BridgeDays, v2HalfDays, v2Holidays } from "../../contract/v2.js";
import { datasetStatus, healthBody } from "../../http/health.js";
import { problemDocument } from "../../http/problem.js";
import { describeErrors, schemaValidators } from "./helpers.js";

const validatorOf = schemaValidators();

function expectValid(name: SchemaName, value: unknown, label: string = name): void {
  const v = validatorOf(name);
  expect(v(value), `${label}: ${describeErrors(v.errors)}`).toBe(true);
}

const d = (iso: string) => fromIsoDate(iso);
const YEARS = [1930, 1952, 1953, 2004, 2005, 2008, 2024, 2049, 2076, 9999];

describe("the declarations are the schemas", () => {
  it("SCHEMAS is the TypeBox declarations as plain JSON (same keywords; key order and symbols aside)", () => {
    expect(SCHEMA_NAMES).toEqual(Object.keys(BODIES));
    for (const name of SCHEMA_NAMES) {
      expect(SCHEMAS[name], name).toEqual(JSON.parse(JSON.stringify(BODIES[name])));
      expect(SCHEMAS[name].$id, name).toBe(schemaId(name));
      expect(SCHEMAS[name].title, name).toBe(name);
      expect(Object.getOwnPropertySymbols(SCHEMAS[name]), name).toEqual([]);
      expect(Object.isFrozen(SCHEMAS[name]), name).toBe(true);
    }
  });

  it("the Static types are the shapes the contract states (checked by tsc)", () => {
    expectTypeOf<Day["holidayType"]>().toEqualTypeOf<"public" | "defacto" | null>();
    expectTypeOf<Day["observances"][number]["feast"]["name"]>().toEqualTypeOf<{ sv: string; en: string }>();
    expectTypeOf<AppliedStep["unit"]>().toEqualTypeOf<StepUnit>();
    expectTypeOf<Period["bounds"]>().toEqualTypeOf<Bounds>();
    expectTypeOf<Period["counted"]>().toEqualTypeOf<{ first: string; last: string } | null>();
    expectTypeOf<Health["dataset"]>().toEqualTypeOf<DatasetStatus | null>();
    expectTypeOf<ObservanceInfo["since"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Problem["detail"]>().toEqualTypeOf<string | undefined>();
  });
});

describe("engine output validates against the strict schemas", () => {
  it("Day: single lookups across the range, weekends, double observances", () => {
    for (const iso of [
      "1930-01-01",
      "1952-03-25",
      "2008-05-01",
      "2024-03-30",
      "2024-03-31",
      "2024-06-21",
      "2024-06-24",
      "2049-06-06",
      "2076-06-06",
      "9999-12-31",
    ]) {
      expectValid("Day", dayOf(d(iso)), iso);
    }
    expectValid("Day", dayOf(FIRST_DAY));
    expectValid("Day", dayOf(LAST_DAY));
  });

  it("year lists: holidays (every flag variant), bridge days, half days", () => {
    for (const year of YEARS) {
      for (const sundays of [false, true]) {
        for (const saturdays of [false, true])
          expectValid(
            "HolidaysResponse",
            holidaysResource(year, { sundays, saturdays }),
            `${year} ${sundays} ${saturdays}`,
          );
      }
      expectValid("BridgeDaysResponse", bridgeDaysResource(year), `bridge ${year}`);
      expectValid("HalfDaysResponse", halfDaysResource(year), `half ${year}`);
    }
    expect(holidaysResource(2024).count).toBeGreaterThan(0);
  });

  it("period: every bounds reading, an empty count, the 200-year span", () => {
    for (const bounds of BOUNDS) {
      expectValid("Period", period(d("2024-01-01"), d("2024-12-31"), bounds), bounds);
      expectValid("Period", period(d("2024-06-21"), d("2024-06-21"), bounds), `same day ${bounds}`);
    }
    const empty = period(d("2024-06-21"), d("2024-06-22"), "exclusive");
    expect(empty.counted).toBeNull();
    expectValid("Period", empty);
    expectValid("Period", period(d("1930-01-01"), d("2130-01-01"), "inclusive"), "200 years");
  });

  it("shift: steps of every unit, the Sunday rule, a null period summary", () => {
    expectValid("Shift", shift(d("2024-01-31"), parseSteps(["1m", "-2b", "1w", "3d", "1y"]), { postpone: true }));
    expectValid("Shift", shift(d("2024-12-24"), parseSteps(["0b"]), { postpone: false }));
    expectValid("Shift", shift(d("2024-06-21"), parseSteps(["1d"]), { postpone: true }));
    const far = shift(d("1930-01-01"), parseSteps(["250y"]), { postpone: false });
    expect(far.period).toBeNull();
    expectValid("Shift", far, "past 200 years");
    expectValid(
      "Shift",
      shift(d("2024-01-01"), parseSteps(Array.from({ length: grammar.MAX_STEPS }, () => "-1b")), { postpone: false }),
      "MAX_STEPS",
    );
  });

  it("catalogue and occurrence series", () => {
    const list = catalogueResource();
    expectValid("ObservanceList", list);
    for (const info of list.observances) expectValid("ObservanceInfo", info, info.code);
    for (const code of OBSERVANCE_CODES) expectValid("OccurrenceList", occurrenceSeries(code, 1930, 2130), code);
    const none = occurrenceSeries("nationalDay", 1990, 2000);
    expect(none.count).toBe(0);
    expectValid("OccurrenceList", none, "no occurrence");
  });

  it("v2 lists", () => {
    for (const year of YEARS) {
      for (const weekends of [false, true])
        for (const entry of v2Holidays(year, weekends)) expectValid("V2Holiday", entry, `${year} ${entry.date}`);
      for (const entry of [...v2BridgeDays(year), ...v2HalfDays(year)])
        expectValid("V2Date", entry, `${year} ${entry.date}`);
    }
  });

  it("health, with and without a dataset", () => {
    expectValid("Health", healthBody({ manifestPath: "/nonexistent/manifest.json" }), "no dataset");
    const manifest = {
      dataset: "swedish-calendar-service",
      apiVersion: API_VERSION,
      dataVersion: dataVersion(),
      contentHash: "abc",
      files: 3,
      years: { from: 2020, to: 2030 },
      kinds: { year: { files: 2 }, day: { files: 1 } },
    };
    for (const days of [null, { from: "2024-01-01", to: "2024-12-31" }]) {
      const dataset = datasetStatus({ ...manifest, days });
      expect(dataset).not.toBeNull();
      expectValid(
        "Health",
        { ...healthBody({ manifestPath: "/nonexistent/manifest.json" }), dataset },
        `dataset days ${JSON.stringify(days)}`,
      );
    }
  });

  it("problem documents of every slug", () => {
    for (const slug of Object.keys(PROBLEM_STATUS) as ProblemSlug[])
      expectValid("Problem", problemDocument(slug, "detail"), slug);
  });
});

describe("the input grammar: one source string per pattern", () => {
  const exported = grammar as unknown as Record<string, unknown>;
  const patterns = Object.entries(exported).filter((e): e is [string, RegExp] => e[1] instanceof RegExp);

  it("every RegExp is built from its exported source string, and the source is valid for JSON Schema (unicode) too", () => {
    expect(patterns.map(([name]) => name).sort()).toEqual([
      "DATE_PARAMETER_PATTERN",
      "DUE_DAY_PATTERN",
      "LEAVE_DAYS_PATTERN",
      "LOOSE_BOOLEAN_PATTERN",
      "STEP_CHAIN_PATTERN",
      "YEAR_PATTERN",
    ]);
    for (const [name, pattern] of patterns) {
      const source = exported[name.replace(/_PATTERN$/, "_SOURCE")];
      expect(typeof source, name).toBe("string");
      expect(pattern.source, name).toBe(new RegExp(source as string).source);
      expect(pattern.flags, name).toBe("");
      expect(() => new RegExp(source as string, "u"), name).not.toThrow();
    }
    expect(() => new RegExp(grammar.ISO_DATE_SOURCE, "u")).not.toThrow();
  });

  it("the day of a due-date rule: 1 to 31 in plain digits, or last", () => {
    for (const ok of ["1", "9", "10", "25", "29", "30", "31", "last"])
      expect(grammar.DUE_DAY_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["0", "32", "05", "+5", "-1", "5.0", "", "Last", " 5", "１"])
      expect(grammar.DUE_DAY_PATTERN.test(bad), bad).toBe(false);
  });

  it("dates and years", () => {
    for (const ok of ["2024-01-01", "0000-00-00", "2023-02-29"])
      expect(grammar.DATE_PARAMETER_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["2024-1-01", "20240101", "2024-01-01T00", " 2024-01-01", "２０２４-01-01", ""])
      expect(grammar.DATE_PARAMETER_PATTERN.test(bad), bad).toBe(false);
    const iso = new RegExp(grammar.ISO_DATE_SOURCE);
    for (const ok of ["1930-01-01", "2024-02-29", "9999-12-31"]) expect(iso.test(ok), ok).toBe(true);
    for (const bad of ["1929-12-31", "2024-13-01", "2024-00-10", "2024-01-32"]) expect(iso.test(bad), bad).toBe(false);
    for (const ok of ["2024", "0000", "9999"]) expect(grammar.YEAR_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["", "02024", "+2024", "2024.0", "202", " 2024"])
      expect(grammar.YEAR_PATTERN.test(bad), bad).toBe(false);
  });

  it("step chains, their units and the units of the body agree", () => {
    for (const ok of ["1d", "-2b", "0w", "12m,1y", "3d,-1b,2w"])
      expect(grammar.STEP_CHAIN_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["+1d", "1", "d", "1x", "1D", "1d,", ",1d", "1.5d", "1d 2b", ""])
      expect(grammar.STEP_CHAIN_PATTERN.test(bad), bad).toBe(false);
    for (const unit of grammar.STEP_UNITS) expect(grammar.STEP_CHAIN_PATTERN.test(`7${unit}`), unit).toBe(true);
    const unitSchema = (SCHEMAS.AppliedStep as any).properties.unit;
    expect(unitSchema.enum).toEqual([...grammar.STEP_UNITS]);
    expect((SCHEMAS.Shift as any).properties.steps.maxItems).toBe(grammar.MAX_STEPS);
    expect((SCHEMAS.Period as any).properties.bounds.enum).toEqual([...grammar.BOUNDS]);
    expect((SCHEMAS.Duration as any).properties.years.maximum).toBe(grammar.MAX_SPAN_YEARS);
  });

  it("the loose-boolean pattern accepts exactly what parseLooseBoolean reads, in any letter case", () => {
    const words = [...grammar.LOOSE_TRUE, ...grammar.LOOSE_FALSE];
    const variants = (w: string) => [
      w,
      w.toUpperCase(),
      w.charAt(0).toUpperCase() + w.slice(1),
      [...w].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(""),
    ];
    const reads = (v: string) => {
      try {
        return parseLooseBoolean(v, "busy");
      } catch (e) {
        expect((e as ProblemError).slug).toBe("invalid-parameter");
        return undefined;
      }
    };
    for (const w of words) {
      for (const v of variants(w)) {
        expect(grammar.LOOSE_BOOLEAN_PATTERN.test(v), v).toBe(true);
        expect(reads(v), v).toBe((grammar.LOOSE_TRUE as readonly string[]).includes(w));
      }
    }
    for (const bad of ["2", "truee", "y", "nope", " true", "tru", "of", "yes no"]) {
      expect(grammar.LOOSE_BOOLEAN_PATTERN.test(bad), bad).toBe(false);
      expect(reads(bad), bad).toBeUndefined();
    }
  });

  it("strict booleans are the two lowercase words", () => {
    expect(Object.values(grammar.STRICT_BOOLEAN)).toEqual(["true", "false"]);
  });
});
