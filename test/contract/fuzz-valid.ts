/** Only-valid requests of every v3 endpoint for the handler fuzz test (fuzz.test.ts). */
import fc from "fast-check";
import { CONVENTIONS } from "swedish-calendar/core";
import { encode } from "./fuzz-hostile.js";
import { SPEC_CODES } from "./openapi-document.js";

/** Every business-day convention the engine has. */
const convention = fc.constantFrom(...CONVENTIONS);
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
const observanceCode = fc.constantFrom(...SPEC_CODES);

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
          convention,
        )
        .map(([d, c]) => `/v3/adjust?date=${d.toISOString().slice(0, 10)}&convention=${c}`),
      fc
        .tuple(fc.integer({ min: 2015, max: 9999 }), fc.constantFrom("salary-25", "child-benefit", "tax-account"))
        .map(([y, s]) => `/v3/due-dates?year=${y}&schedule=${s}`),
      fc
        .tuple(
          fc.integer({ min: 1931, max: 9998 }),
          fc.constantFrom("1", "15", "28", "29", "30", "31", "last"),
          convention,
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
