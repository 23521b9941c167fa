/** Plausible and hostile values per parameter for the handler fuzz test (fuzz.test.ts). */
import fc from "fast-check";
import { CONVENTIONS } from "swedish-calendar/core";
import { HOSTILE } from "./fuzz-hostile.js";

export const yearText = fc.oneof(
  fc.integer({ min: 1900, max: 10_100 }).map(String),
  fc.integer({ min: 1930, max: 9999 }).map(String),
  fc.constantFrom(...HOSTILE),
);

export const dateText = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1925, max: 10_001 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
  fc
    .date({ min: new Date("1930-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(...HOSTILE),
);

const stepText = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("", "-", "+", "--"),
      fc.oneof(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
      ),
      fc.constantFrom("d", "b", "w", "m", "y", "x", "D", ""),
    )
    .map(([sign, amount, unit]) => `${sign}${amount}${unit}`),
  fc.constantFrom(...HOSTILE),
);

export const chainText = fc.oneof(
  stepText,
  fc.array(stepText, { minLength: 1, maxLength: 25 }).map((steps) => steps.join(",")),
);

/** A leave budget: usually digits around the 1-60 range, sometimes signed, padded, fractional or huge. */
export const leaveDaysText = fc.oneof(
  fc.integer({ min: -5, max: 70 }).map(String),
  fc.integer({ min: 1, max: 60 }).map(String),
  fc.constantFrom("0", "00", "01", "060", "+5", "5.0", "5e0", " 5", "5 ", "", "1".repeat(30), "٥", "５"),
  fc.constantFrom(...HOSTILE),
);

export const objectiveText = fc.oneof(
  fc.constantFrom("most", "longest", "", "Most", "LONGEST", "max", "most,longest"),
  fc.constantFrom(...HOSTILE),
);

export const conventionText = fc.oneof(
  fc.constantFrom(...CONVENTIONS, "", "Following", "modified_following", "next"),
  fc.constantFrom(...HOSTILE),
);
export const weeklyHoursText = fc.oneof(
  fc.integer({ min: -4, max: 250 }).map((quarters) => String(quarters / 4)),
  fc.constantFrom(
    "40",
    "38.25",
    "37.5",
    "0",
    "61",
    "37.3",
    "abc",
    "40.0",
    "05",
    "1e1",
    "0x28",
    "",
    " 40",
    "+40",
    "-1",
    "60.25",
    "NaN",
    "Infinity",
  ),
  fc.constantFrom(...HOSTILE),
);
export const profileText = fc.oneof(
  fc.constantFrom("standard", "state", "State", "", "nope", "standard,state"),
  fc.constantFrom(...HOSTILE),
);
export const scheduleText = fc.oneof(
  fc.constantFrom("salary-25", "child-benefit", "tax-account", "", "custom", "SALARY-25", "salary"),
  fc.constantFrom(...HOSTILE),
);
export const dueDayText = fc.oneof(
  fc.constantFrom("1", "12", "25", "29", "30", "31", "last", "0", "32", "05", "-1", "Last", "", "1.5"),
  fc.constantFrom(...HOSTILE),
);

export const boolText = fc.oneof(
  fc.constantFrom("true", "false", "TRUE", "1", "0", "yes", "no", "on", "off", ""),
  fc.constantFrom(...HOSTILE),
);

const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: yearText },
  { weight: 1, arbitrary: dateText },
  { weight: 1, arbitrary: chainText },
);

/** A value for a named parameter: usually of a plausible shape, sometimes anything. */
export function valueFor(name: string): fc.Arbitrary<string> {
  const specific: Record<string, fc.Arbitrary<string>> = {
    year: yearText,
    from: fc.oneof(yearText, dateText),
    to: fc.oneof(yearText, dateText),
    date: dateText,
    add: chainText,
    sundays: boolText,
    saturdays: boolText,
    postpone: boolText,
    weekends: boolText,
    defacto: boolText,
    bridge: boolText,
    half: boolText,
    busy: boolText,
    flags: boolText,
    bounds: fc.constantFrom("inclusive", "exclusive", "from", "to", "", "Inclusive", "both"),
    days: fc.oneof(leaveDaysText, dueDayText),
    objective: objectiveText,
    convention: conventionText,
    schedule: scheduleText,
  };
  return Object.hasOwn(specific, name)
    ? fc.oneof({ weight: 4, arbitrary: specific[name] }, { weight: 1, arbitrary: anyValue })
    : anyValue;
}
