/**
 * Request generators for the handler fuzz test (fuzz.test.ts): hostile values, plausible values per parameter, random
 * paths, queries, methods and If-None-Match, and only-valid requests of every v3 endpoint.
 */
import fc from "fast-check";

export const HOSTILE = [
  "",
  " ",
  "%",
  "%%",
  "%2",
  "%zz",
  "%00",
  "%ff",
  "%FF%FE",
  "%c0%af",
  "%e0%80%af",
  "%c0%80",
  "%ed%a0%80",
  "%f4%90%80%80",
  "%u0041",
  "%252F",
  "%2F",
  "%2e%2e",
  "..",
  ".",
  "%0a",
  "%0d%0a",
  "%20",
  "+",
  "%2B",
  "&",
  "=",
  "==",
  "?",
  "#x",
  ";",
  "\\",
  "true",
  "false",
  "True",
  "FALSE",
  "1",
  "0",
  "yes",
  "on",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "2024",
  "02024",
  "+2024",
  "2024.0",
  "2024 ",
  " 2024",
  "1929",
  "1930",
  "9999",
  "10000",
  "0000",
  "-2024",
  "2e3",
  "0x7e8",
  "2024-02-29",
  "2023-02-29",
  "2024-13-01",
  "2024-04-31",
  "2024-00-00",
  "0000-00-00",
  "1930-01-01",
  "9999-12-31",
  "1929-12-31",
  "10000-01-01",
  "2024-1-1",
  "2024-01-01T00:00:00Z",
  "2024/01/01",
  "２０２４-01-01",
  "٢٠٢٤-٠١-٠١",
  "99999999999999999999d",
  "-99999999999999999999d",
  "-1e9b",
  "1e9b",
  "-1000000000b",
  "1000000000b",
  "100000000d",
  "-100000000d",
  "2000000b",
  "-2000000b",
  "99999999m",
  "8069y",
  "-8069y",
  "9999999999999999999999999999999999y",
  "00000000000000000000000001d",
  "-0d",
  "0b",
  "+1d",
  "1D",
  "1.5d",
  "1d,",
  ",1d",
  "1d,,1d",
  "1d 1d",
  "１d",
  "1d%2C2b",
  "inclusive",
  "exclusive",
  "from",
  "to",
  "INCLUSIVE",
  "both",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "prototype",
  "valueOf",
  "\u0000",
  "😀",
  "ä",
  "Å",
  "ö",
  "\u202e",
  "\ufeff",
  "\u00a0",
  "\ud800",
  "\udfff",
  "<script>",
  "' OR 1=1 --",
  "${x}",
  "{{x}}",
  "a".repeat(10_000),
  "1".repeat(10_000) + "d",
  "9".repeat(10_000),
  "1d,".repeat(5_000) + "1d",
  "%".repeat(10_000),
  "%zz".repeat(3_000),
  "%ff".repeat(3_000),
  "😀".repeat(3_000),
  "-".repeat(10_000) + "1b",
];

const PARAM_NAMES = [
  "year",
  "sundays",
  "saturdays",
  "from",
  "to",
  "bounds",
  "date",
  "add",
  "postpone",
  "code",
  "days",
  "objective",
  "weekends",
  "defacto",
  "bridge",
  "half",
  "busy",
  "flags",
  "convention",
  "schedule",
  "day",
  "due",
  "weeklyHours",
  "profile",
  "Year",
  "ADD",
  "year[]",
  "add[]",
  "",
  "x",
  "%79ear",
  "y%65ar",
  "__proto__",
  "constructor",
  "😀",
];

const V3_PREFIXES = [
  "/v3/holidays",
  "/v3/bridge-days",
  "/v3/half-days",
  "/v3/long-weekends",
  "/v3/days/",
  "/v3/period",
  "/v3/shift",
  "/v3/leave-plan",
  "/v3/observances",
  "/v3/flag-days",
  "/v3/flag-days/catalogue",
  "/v3/flag-days/",
  "/v3/adjust",
  "/v3/due-dates",
  "/v3/due-dates/catalogue",
  "/v3/due-dates/",
  "/v3/working-time",
  "/v3/working-time/",
  "/v3/observances/",
  "/v3/openapi.json",
  "/v3",
  "/v3/",
  "/v3/days",
  "/V3/holidays",
  "/v3//holidays",
  "/v3/holidays/",
  "/v3/./holidays",
  "/v3/x/../holidays",
  "/v3/%68olidays",
  "/.netlify/functions/v3/v3/holidays",
  "/health",
  "/",
];

/** A percent-encoder that survives lone surrogates (encodeURIComponent throws on them). */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

const yearText = fc.oneof(
  fc.integer({ min: 1900, max: 10_100 }).map(String),
  fc.integer({ min: 1930, max: 9999 }).map(String),
  fc.constantFrom(...HOSTILE),
);

const dateText = fc.oneof(
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

const chainText = fc.oneof(
  stepText,
  fc.array(stepText, { minLength: 1, maxLength: 25 }).map((steps) => steps.join(",")),
);

/** A leave budget: usually digits around the 1-60 range, sometimes signed, padded, fractional or huge. */
const leaveDaysText = fc.oneof(
  fc.integer({ min: -5, max: 70 }).map(String),
  fc.integer({ min: 1, max: 60 }).map(String),
  fc.constantFrom("0", "00", "01", "060", "+5", "5.0", "5e0", " 5", "5 ", "", "1".repeat(30), "٥", "５"),
  fc.constantFrom(...HOSTILE),
);

const objectiveText = fc.oneof(
  fc.constantFrom("most", "longest", "", "Most", "LONGEST", "max", "most,longest"),
  fc.constantFrom(...HOSTILE),
);

const conventionText = fc.oneof(
  fc.constantFrom(
    "following",
    "preceding",
    "modified-following",
    "modified-preceding",
    "nearest",
    "unadjusted",
    "",
    "Following",
    "modified_following",
    "next",
  ),
  fc.constantFrom(...HOSTILE),
);
const weeklyHoursText = fc.oneof(
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
const profileText = fc.oneof(
  fc.constantFrom("standard", "state", "State", "", "nope", "standard,state"),
  fc.constantFrom(...HOSTILE),
);
const scheduleText = fc.oneof(
  fc.constantFrom("salary-25", "child-benefit", "tax-account", "", "custom", "SALARY-25", "salary"),
  fc.constantFrom(...HOSTILE),
);
const dueDayText = fc.oneof(
  fc.constantFrom("1", "12", "25", "29", "30", "31", "last", "0", "32", "05", "-1", "Last", "", "1.5"),
  fc.constantFrom(...HOSTILE),
);

const boolText = fc.oneof(
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
function valueFor(name: string): fc.Arbitrary<string> {
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

/** One query pair, written raw (verbatim, may carry broken percent-escapes), encoded, or bare (no `=`). */
const queryPair = fc
  .constantFrom(...PARAM_NAMES)
  .chain((name) => fc.tuple(fc.constant(name), valueFor(name), fc.constantFrom("raw", "encoded", "encoded", "bare")))
  .map(([name, value, how]) =>
    how === "bare" ? name : how === "raw" ? `${name}=${value}` : `${encode(name)}=${encode(value)}`,
  );

const queryString = fc.array(queryPair, { maxLength: 8 }).map((pairs) => (pairs.length ? "?" + pairs.join("&") : ""));

const segment = fc.oneof(
  fc.constantFrom(...HOSTILE),
  dateText,
  fc.constantFrom("easterSunday", "midsummerEve", "nationalDay", "EasterSunday", "saturday", "sunday", "openapi.json"),
  fc.string({ maxLength: 20 }).map(encode),
);

const v3Path = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...V3_PREFIXES) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom("/v3/days/", "/v3/observances/", "/v3/"), segment).map(([a, b]) => a + b),
  },
  { weight: 1, arbitrary: fc.array(segment, { maxLength: 5 }).map((s) => "/v3/" + s.join("/")) },
);

const method = fc.oneof(
  { weight: 14, arbitrary: fc.constant("GET") },
  { weight: 2, arbitrary: fc.constantFrom("HEAD", "get") },
  { weight: 1, arbitrary: fc.constant("OPTIONS") },
  { weight: 3, arbitrary: fc.constantFrom("POST", "PUT", "DELETE", "PATCH", "delete", "Foo", "PROPFIND", "FOO") },
);

const ifNoneMatch = fc.option(fc.constantFrom("*", 'W/"x"', '"nope"', "", "garbage", '"a", "b"', 'W/"', ","), {
  freq: 4,
});

export interface Case {
  method: string;
  path: string;
  ifNoneMatch: string | null;
}

/** Mostly valid requests of each v3 endpoint (so the 200 branch is well exercised), with random values. */
const v3Targeted: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("/v3/holidays", "/v3/bridge-days", "/v3/half-days"),
      fc.integer({ min: 1930, max: 9999 }),
      boolText,
      boolText,
    )
    .map(([p, y, a, b]) => `${p}?year=${y}&sundays=${a}&saturdays=${b}`),
  dateText.map((d) => `/v3/days/${encode(d)}`),
  fc
    .tuple(dateText, dateText, fc.constantFrom("inclusive", "exclusive", "from", "to"))
    .map(([a, b, c]) => `/v3/period?from=${encode(a)}&to=${encode(b)}&bounds=${c}`),
  fc
    .tuple(dateText, fc.array(chainText, { minLength: 1, maxLength: 4 }), fc.constantFrom("true", "false"))
    .map(
      ([d, adds, pp]) => `/v3/shift?date=${encode(d)}&${adds.map((a) => "add=" + encode(a)).join("&")}&postpone=${pp}`,
    ),
  fc
    .tuple(
      fc.constantFrom("easterSunday", "annunciation", "nationalDay", "whitMonday", "allSaintsDay"),
      yearText,
      yearText,
    )
    .map(([c, a, b]) => `/v3/observances/${c}?from=${encode(a)}&to=${encode(b)}`),
  yearText.map((y) => `/v3/long-weekends?year=${encode(y)}`),
  // flag days: 1930-1982 is a 400 of its own, 1983-9999 a 200
  fc.oneof(yearText, fc.integer({ min: 1925, max: 1990 }).map(String)).map((y) => `/v3/flag-days?year=${encode(y)}`),
  fc.tuple(dateText, conventionText).map(([d, c]) => `/v3/adjust?date=${encode(d)}&convention=${encode(c)}`),
  fc.tuple(yearText, scheduleText).map(([y, s]) => `/v3/due-dates?year=${encode(y)}&schedule=${encode(s)}`),
  fc
    .tuple(yearText, dueDayText, conventionText)
    .map(([y, d, c]) => `/v3/due-dates?year=${encode(y)}&day=${encode(d)}&convention=${encode(c)}`),
  fc
    .tuple(fc.option(yearText), fc.option(scheduleText), fc.option(dueDayText), fc.option(conventionText))
    .map(
      ([y, s, d, c]) =>
        `/v3/due-dates?${[y && `year=${encode(y)}`, s && `schedule=${encode(s)}`, d && `day=${encode(d)}`, c && `convention=${encode(c)}`].filter(Boolean).join("&")}`,
    ),
  // working time: quarter hours in and around the range, near misses, and the profiles (state from 2017)
  fc
    .tuple(fc.option(yearText), fc.option(weeklyHoursText), fc.option(profileText))
    .map(
      ([y, w, p]) =>
        `/v3/working-time?${[y && `year=${encode(y)}`, w && `weeklyHours=${encode(w)}`, p && `profile=${encode(p)}`].filter(Boolean).join("&")}`,
    ),
  fc
    .tuple(dateText, dateText, leaveDaysText, objectiveText)
    .map(([a, b, n, o]) => `/v3/leave-plan?from=${encode(a)}&to=${encode(b)}&days=${encode(n)}&objective=${encode(o)}`),
);

const validDate = fc
  .date({ min: new Date("1930-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const nearDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2060-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
/** At most 20 steps of at most 3 years each: a start in 1990-2060 never leaves 1930-9999. */
const validStep = fc.oneof(
  fc.tuple(fc.integer({ min: -60, max: 60 }), fc.constantFrom("d", "b", "w")).map(([n, u]) => `${n}${u}`),
  fc.integer({ min: -36, max: 36 }).map((n) => `${n}m`),
  fc.integer({ min: -3, max: 3 }).map((n) => `${n}y`),
);
const validBool = fc.constantFrom("true", "false");
const observanceCode = fc.constantFrom(
  "newYearsDay",
  "epiphany",
  "annunciation",
  "goodFriday",
  "easterSunday",
  "easterMonday",
  "ascensionDay",
  "mayDay",
  "whitsun",
  "whitMonday",
  "nationalDay",
  "midsummerDay",
  "allSaintsDay",
  "christmasDay",
  "boxingDay",
  "holySaturday",
  "whitsunEve",
  "midsummerEve",
  "christmasEve",
  "newYearsEve",
);

/** Only valid requests, with random values and random unknown extras: every one must be a 200 of the documented shape. */
export const v3Valid: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom("/v3/holidays", "/v3/bridge-days", "/v3/half-days"),
          fc.integer({ min: 1930, max: 9999 }),
          validBool,
          validBool,
        )
        .map(([p, y, a, b]) =>
          p === "/v3/holidays" ? `${p}?year=${y}&sundays=${a}&saturdays=${b}` : `${p}?year=${y}`,
        ),
      validDate.map((d) => `/v3/days/${d}`),
      fc
        .tuple(nearDate, nearDate, fc.constantFrom("inclusive", "exclusive", "from", "to"))
        .map(([a, b, c]) => `/v3/period?from=${a < b ? a : b}&to=${a < b ? b : a}&bounds=${c}`),
      fc
        .tuple(nearDate, fc.array(validStep, { minLength: 1, maxLength: 20 }), validBool, fc.boolean())
        .map(
          ([d, steps, pp, comma]) =>
            `/v3/shift?date=${d}&${comma ? "add=" + steps.join(",") : steps.map((x) => "add=" + x).join("&")}&postpone=${pp}`,
        ),
      fc
        .tuple(observanceCode, fc.integer({ min: 1930, max: 9999 }), fc.integer({ min: 0, max: 200 }))
        .map(([c, from, span]) => `/v3/observances/${c}?from=${from}&to=${Math.min(9999, from + span)}`),
      fc.integer({ min: 1930, max: 9999 }).map((y) => `/v3/long-weekends?year=${y}`),
      fc.integer({ min: 1983, max: 9999 }).map((y) => `/v3/flag-days?year=${y}`),
      // conventions from dates clear of the range's edges; named schedules from 2015 (every one answers); custom rules
      fc
        .tuple(
          fc.date({
            min: new Date("1930-02-01T00:00:00Z"),
            max: new Date("9999-11-30T00:00:00Z"),
            noInvalidDate: true,
          }),
          fc.constantFrom(
            "following",
            "preceding",
            "modified-following",
            "modified-preceding",
            "nearest",
            "unadjusted",
          ),
        )
        .map(([d, c]) => `/v3/adjust?date=${d.toISOString().slice(0, 10)}&convention=${c}`),
      fc
        .tuple(fc.integer({ min: 2015, max: 9999 }), fc.constantFrom("salary-25", "child-benefit", "tax-account"))
        .map(([y, s]) => `/v3/due-dates?year=${y}&schedule=${s}`),
      fc
        .tuple(
          fc.integer({ min: 1931, max: 9998 }),
          fc.constantFrom("1", "15", "28", "29", "30", "31", "last"),
          fc.constantFrom(
            "following",
            "preceding",
            "modified-following",
            "modified-preceding",
            "nearest",
            "unadjusted",
          ),
        )
        .map(([y, d, c]) => `/v3/due-dates?year=${y}&day=${d}&convention=${c}`),
      fc
        .tuple(
          validDate,
          fc.integer({ min: 0, max: 365 }),
          fc.integer({ min: 1, max: 60 }),
          fc.constantFrom("", "&objective=most", "&objective=longest"),
        )
        .map(([from, span, days, objective]) => {
          const to = new Date(
            Math.min(Date.parse(from + "T00:00:00Z") + span * 86_400_000, Date.parse("9999-12-31T00:00:00Z")),
          )
            .toISOString()
            .slice(0, 10);
          return `/v3/leave-plan?from=${from}&to=${to}&days=${days}${objective}`;
        }),
      fc.constantFrom("/v3/observances", "/v3/openapi.json", "/v3/flag-days/catalogue", "/v3/due-dates/catalogue"),
    ),
    fc.array(fc.tuple(fc.constantFrom("x", "utm_source", "Year", "callback", "_"), fc.string({ maxLength: 10 })), {
      maxLength: 2,
    }),
  )
  .map(
    ([path, extras]) => path + extras.map(([k, v]) => `${path.includes("?") ? "&" : "?"}${k}=${encode(v)}`).join(""),
  );

export const v3Case: fc.Arbitrary<Case> = fc.record({
  method,
  path: fc.oneof(
    { weight: 3, arbitrary: fc.tuple(v3Path, queryString).map(([p, q]) => p + q) },
    { weight: 2, arbitrary: v3Targeted },
    { weight: 2, arbitrary: v3Valid },
  ),
  ifNoneMatch,
});

export const v2Case: fc.Arbitrary<Case> = fc.record({
  method,
  path: fc
    .tuple(
      fc.constantFrom("/holidays", "/half-days", "/bridge-days", "/holidays/", "/holiday", "/holidays/x"),
      queryString,
    )
    .map(([p, q]) => p + q),
  ifNoneMatch,
});

export const feedCase: fc.Arbitrary<Case> = fc.record({
  method,
  path: fc
    .tuple(fc.constantFrom("/ical/svenska-helgdagar.ics", "/ical/holidays", "/ical/holidays/", "/ical/x"), queryString)
    .map(([p, q]) => p + q),
  ifNoneMatch,
});

export const healthCase: fc.Arbitrary<Case> = fc.record({
  method,
  path: fc.tuple(fc.constantFrom("/health", "/health/", "/health/x", "/healthz"), queryString).map(([p, q]) => p + q),
  ifNoneMatch,
});
