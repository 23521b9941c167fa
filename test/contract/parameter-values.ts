/**
 * The raw values the parameter tests compare readers over (./parameters.test.ts, ./parameters-cli.test.ts): near-misses
 * of the values that matter, random texts and JSON values, and whether a declaration's reader accepts a value.
 */
import fc from "fast-check";
import {
  BOUNDS,
  CONVENTIONS,
  DUE_DATE_SCHEDULE_CODES,
  FIRST_YEAR,
  FLAG_DAYS_FROM,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  LEAVE_OBJECTIVES,
  MAX_LEAVE_DAYS,
  MAX_STEPS,
  OBSERVANCE_CODES,
} from "swedish-calendar/core";
import { PARAMETERS, type ParameterDeclaration } from "../../contract/parameters.js";
import { problemOf } from "../../contract/problems.js";
import { LOOSE_FALSE, LOOSE_TRUE } from "../../contract/query.js";

export const RUNS = 1500;

/** Whether the reader accepts raw values: it returns, or throws the API's error (never anything else). */
export function reads(parameter: ParameterDeclaration, values: readonly string[]): boolean {
  if (values.length === 0) return false; // absent: a required parameter's `'<name>' is required`
  try {
    parameter.read(parameter.repeat === "all" ? values : values.slice(0, 1));
    return true;
  } catch (error) {
    if (!problemOf(error)) throw error;
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Raw values
// ---------------------------------------------------------------------------------------------------------------

export const pad = (n: number, width: number) =>
  n < 0 ? "-" + String(-n).padStart(width, "0") : String(n).padStart(width, "0");

/** The values that matter to some parameter: bounds, enum values, examples, dates, steps, the feed's words. */
export const SEEDS: string[] = [
  ...[
    FIRST_YEAR - 1,
    FIRST_YEAR,
    FIRST_YEAR + 1,
    FLAG_DAYS_FROM - 1,
    FLAG_DAYS_FROM,
    2024,
    LAST_YEAR - 1,
    LAST_YEAR,
    LAST_YEAR + 1,
    0,
    1,
    9,
    10,
    25,
    31,
    32,
    MAX_LEAVE_DAYS,
    MAX_LEAVE_DAYS + 1,
    100,
    999,
    1000,
  ].map(String),
  ...BOUNDS,
  ...LEAVE_OBJECTIVES,
  ...CONVENTIONS,
  ...DUE_DATE_SCHEDULE_CODES,
  ...OBSERVANCE_CODES,
  LAST_DAY_OF_MONTH,
  DUE_DATE_SCHEDULE_CODES.join(","),
  `${DUE_DATE_SCHEDULE_CODES[0]},${DUE_DATE_SCHEDULE_CODES[0]}`,
  ...LOOSE_TRUE,
  ...LOOSE_FALSE,
  "True",
  "FALSE",
  "yEs",
  "2024-02-29",
  "2023-02-29",
  "2000-02-29",
  "2100-02-29",
  "1932-02-29",
  `${FIRST_YEAR}-01-01`,
  `${FIRST_YEAR - 1}-12-31`,
  `${LAST_YEAR}-12-31`,
  "2024-04-31",
  "2024-13-01",
  "2024-00-10",
  "2024-06-00",
  "2024-6-1",
  // weeklyHours: quarter hours, their neighbours, non-canonical forms
  "38.25",
  "37.5",
  "37.3",
  "40.0",
  "05",
  "0.75",
  "1.25",
  "59.75",
  "60.25",
  "38.50",
  "0.25",
  "1.5",
  "60.0",
  "7.125",
  "1d",
  "-2b",
  "0w",
  "1m,10b",
  "12y",
  "+1d",
  "1D",
  "1x",
  "1.5d",
  "1d,",
  ",1d",
  Array(MAX_STEPS).fill("1d").join(","),
  Array(MAX_STEPS + 1)
    .fill("1d")
    .join(","),
  ...Object.values(PARAMETERS).flatMap((p) => ("example" in p ? [p.example].flat().map(String) : [])),
];

/** Characters the grammars care about, and some they do not. */
export const NOISE = fc.string({ unit: fc.constantFrom(..."0123456789-+., :eETtLlaAsSdbwmy_xİK\u00a0"), maxLength: 6 });

/** A seed and its near misses. */
export const nearMiss = fc.constantFrom(...SEEDS).chain((seed) =>
  fc.oneof(
    fc.constant(seed),
    fc.constantFrom(
      `0${seed}`,
      `00${seed}`,
      `+${seed}`,
      `-${seed}`,
      ` ${seed}`,
      `${seed} `,
      `${seed}.0`,
      `${seed}.`,
      `${seed},`,
      `,${seed}`,
      `${seed}\n`,
    ),
    fc.constantFrom(
      seed.toUpperCase(),
      seed.toLowerCase(),
      seed.slice(0, 1).toUpperCase() + seed.slice(1),
      seed.slice(1),
      seed.slice(0, -1),
      seed + seed.slice(-1),
    ),
    fc.tuple(fc.nat(seed.length), NOISE).map(([i, noise]) => seed.slice(0, i) + noise + seed.slice(i)),
    fc.nat(Math.max(0, seed.length - 1)).map((i) => seed.slice(0, i) + seed.slice(i + 1)),
  ),
);

export const dates = fc
  .tuple(
    fc.integer({ min: FIRST_YEAR - 40, max: LAST_YEAR + 2 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

export const stepChains = fc
  .array(
    fc.tuple(
      fc.constantFrom("", "", "-", "+"),
      fc.integer({ min: 0, max: 999 }),
      fc.constantFrom("d", "b", "w", "m", "y", "D", "x"),
    ),
    { minLength: 0, maxLength: MAX_STEPS + 2 },
  )
  .map((steps) => steps.map(([sign, n, unit]) => `${sign}${n}${unit}`).join(","));

export const scheduleLists = fc
  .array(fc.constantFrom(...DUE_DATE_SCHEDULE_CODES, "", "rent", DUE_DATE_SCHEDULE_CODES[0].toUpperCase()), {
    maxLength: 4,
  })
  .map((codes) => codes.join(","));

/** Raw texts: near misses, random numbers as text, dates, step chains, schedule lists, random strings. */
export const rawText = fc.oneof(
  { weight: 5, arbitrary: nearMiss },
  { weight: 2, arbitrary: fc.integer({ min: -50, max: 20000 }).map(String) },
  { weight: 2, arbitrary: dates },
  { weight: 2, arbitrary: stepChains },
  { weight: 1, arbitrary: scheduleLists },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** JSON values a tool may be given: texts, numbers (whole and not), booleans, arrays, objects. */
export const jsonValue = fc.oneof(
  { weight: 5, arbitrary: rawText },
  { weight: 2, arbitrary: fc.integer({ min: -50, max: 20000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      FIRST_YEAR,
      LAST_YEAR,
      FIRST_YEAR - 1,
      LAST_YEAR + 1,
      2024.5,
      2024.0,
      -0,
      1e3,
      1e21,
      0.5,
      31,
      32,
      MAX_LEAVE_DAYS + 1,
      38.25,
      37.3,
      60.25,
      59.75,
      0.75,
      60,
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: -4, max: 250 }).map((quarters) => quarters / 4) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.array(rawText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({}, { year: 2024 }, [2024], [true]) },
);

/** The steps a chain of values holds, when every value is a chain (else undefined). */
export function totalSteps(values: readonly string[]): number | undefined {
  let total = 0;
  for (const value of values) {
    if (!/^-?[0-9]+[dbwmy](,-?[0-9]+[dbwmy])*$/.test(value)) return undefined;
    total += value.split(",").length;
  }
  return total;
}
