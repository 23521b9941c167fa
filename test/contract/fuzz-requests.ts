/**
 * Request generators for the handler fuzz test (fuzz.test.ts): random paths, queries, methods and If-None-Match, and
 * mostly valid requests of every v3 endpoint. Values come from fuzz-values.ts, only-valid requests from fuzz-valid.ts.
 */
import fc from "fast-check";
import { encode, FUZZ_NAMES, HOSTILE } from "./fuzz-hostile.js";
import { v3Valid } from "./fuzz-valid.js";
import {
  boolText,
  chainText,
  conventionText,
  dateText,
  dueDayText,
  leaveDaysText,
  objectiveText,
  profileText,
  scheduleText,
  valueFor,
  weeklyHoursText,
  yearText,
} from "./fuzz-values.js";

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

/** One query pair, written raw (verbatim, may carry broken percent-escapes), encoded, or bare (no `=`). */
const queryPair = fc
  .constantFrom(...FUZZ_NAMES)
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
