import { checkYearRange, findRule, parseBounds, parseIsoDate, parseYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { parseLooseBoolean, parseStrictBoolean, parseV2Year, singleParam } from "../../contract/query.js";
import { occurrenceSeries } from "../../contract/resources.js";
import { d, expectCalendarError } from "./helpers.js";

describe("parseIsoDate", () => {
  it("reads valid dates in 1930-01-01..9999-12-31", () => {
    expect(parseIsoDate("2024-02-29", "date")).toBe(d("2024-02-29"));
    expect(parseIsoDate("1930-01-01", "date")).toBe(d("1930-01-01"));
    expect(parseIsoDate("9999-12-31", "date")).toBe(d("9999-12-31"));
  });
  it("malformed text is invalid-parameter", () => {
    for (const bad of [
      "2024-1-01",
      "2024-01-1",
      "20240101",
      "2024/01/01",
      "2024-01-01T00:00",
      " 2024-01-01",
      "2024-01-01 ",
      "24-01-01",
      "+2024-01-01",
      "10000-01-01",
      "2024-0a-01",
      "",
      "2024-01-01\n",
      "２０２４-01-01",
    ]) {
      expectCalendarError(() => parseIsoDate(bad, "date"), "invalid-parameter", "date");
    }
    expectCalendarError(() => parseIsoDate(null, "from"), "invalid-parameter", "from");
    expectCalendarError(() => parseIsoDate(undefined, "to"), "invalid-parameter", "to");
  });
  it("well-formed but impossible dates are invalid-date", () => {
    for (const bad of [
      "2023-02-29",
      "2024-13-01",
      "2024-04-31",
      "2024-00-10",
      "2024-01-00",
      "2024-01-32",
      "1900-02-29",
      "2100-02-29",
    ]) {
      expectCalendarError(() => parseIsoDate(bad, "date"), "invalid-date", "date");
    }
    expect(parseIsoDate("2000-02-29", "date")).toBe(d("2000-02-29"));
  });
  it("real dates outside 1930-9999 are invalid-parameter", () => {
    expectCalendarError(() => parseIsoDate("1929-12-31", "date"), "invalid-parameter", "date");
    expectCalendarError(() => parseIsoDate("0000-01-01", "date"), "invalid-parameter", "date");
  });
});

describe("year parameters", () => {
  it("v3 year: exactly four digits, 1930-9999; everything else invalid-parameter", () => {
    expect(parseYear("1930")).toBe(1930);
    expect(parseYear("9999")).toBe(9999);
    expect(parseYear("2024", "from")).toBe(2024);
    for (const bad of [
      "",
      "02024",
      "+2024",
      "2024.0",
      "1929",
      "10000",
      "0999",
      " 2024",
      "2024 ",
      "2e3",
      "0x7e8",
      "-2024",
      "２０２４",
    ]) {
      expectCalendarError(() => parseYear(bad), "invalid-parameter", "year");
    }
  });
  it("v2 year: the same shape, every failure invalid-year", () => {
    expect(parseV2Year("2024")).toBe(2024);
    for (const bad of ["", "02024", "+2024", "2024.0", "1929", "10000", "24", "2024-01-01"])
      expectCalendarError(() => parseV2Year(bad), "invalid-year", "year");
  });
});

describe("booleans, bounds, single parameters", () => {
  it("v3 booleans are lowercase true/false only", () => {
    expect(parseStrictBoolean("true", "sundays")).toBe(true);
    expect(parseStrictBoolean("false", "sundays")).toBe(false);
    for (const bad of ["1", "True", "TRUE", "", "yes", "0", "on"])
      expectCalendarError(() => parseStrictBoolean(bad, "sundays"), "invalid-parameter", "sundays");
  });
  it("feed booleans are loose and case-insensitive", () => {
    for (const t of ["", "true", "1", "on", "yes", "TRUE", "Yes", "ON"])
      expect(parseLooseBoolean(t, "bridge")).toBe(true);
    for (const f of ["false", "0", "off", "no", "FALSE", "No"]) expect(parseLooseBoolean(f, "bridge")).toBe(false);
    for (const bad of ["2", "y", "n", "truee", " true"])
      expectCalendarError(() => parseLooseBoolean(bad, "bridge"), "invalid-parameter", "bridge");
  });
  it("bounds", () => {
    for (const b of ["inclusive", "exclusive", "from", "to"]) expect(parseBounds(b)).toBe(b);
    for (const bad of ["", "Inclusive", "both", "none"])
      expectCalendarError(() => parseBounds(bad), "invalid-parameter", "bounds");
  });
  it("a known parameter given twice is invalid-parameter", () => {
    expect(singleParam(new URLSearchParams("year=2024"), "year")).toBe("2024");
    expect(singleParam(new URLSearchParams(""), "year")).toBeUndefined();
    expect(singleParam(new URLSearchParams("year="), "year")).toBe("");
    expectCalendarError(
      () => singleParam(new URLSearchParams("year=2024&year=2024"), "year"),
      "invalid-parameter",
      "year",
    );
  });
});

describe("observance year ranges and codes", () => {
  it("to before from is invalid-parameter; a span of exactly 200 years is allowed, 201 is not", () => {
    expectCalendarError(() => checkYearRange(2024, 2023), "invalid-parameter", "to");
    expect(() => checkYearRange(1930, 2130)).not.toThrow();
    expectCalendarError(() => checkYearRange(1930, 2131), "invalid-parameter", "to");
    expect(occurrenceSeries("easterSunday", 1930, 2130).count).toBe(201);
  });
  it("unknown codes are not-found; years without the observance are omitted (count can be 0)", () => {
    expectCalendarError(() => findRule("sunday"), "not-found", "code");
    expectCalendarError(() => occurrenceSeries("EasterSunday", 2024), "not-found");
    expect(occurrenceSeries("annunciation", 2000, 2100)).toMatchObject({
      code: "annunciation",
      until: 1952,
      count: 0,
      occurrences: [],
    });
    const wm = occurrenceSeries("whitMonday", 2000, 2010);
    expect(wm.occurrences.map((o) => o.year)).toEqual([2000, 2001, 2002, 2003, 2004]);
    expect(Object.keys(wm)).toEqual(["code", "holidayType", "name", "feast", "until", "count", "occurrences"]);
  });
});
