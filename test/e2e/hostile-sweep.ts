/**
 * The requests of the hostile sweep (./hostile.test.ts): the fuzz suite's values and names
 * (test/contract/fuzz-hostile.ts), paths, methods and conditions, drawn by a seeded generator.
 */
import { FUZZ_NAMES, HOSTILE } from "../contract/fuzz-hostile.js";
import { requestText } from "./raw-http.js";

/** The fuzz suite's values, and long ones that reach the limits of a request line. */
const VALUES = [...HOSTILE, "most", "a".repeat(3000), "%ff".repeat(1000), "%".repeat(3000), "1d,".repeat(500) + "1d"];
const NAMES = FUZZ_NAMES;
const PATHS = [
  "/v3/holidays",
  "/v3/bridge-days",
  "/v3/half-days",
  "/v3/days/{v}",
  "/v3/period",
  "/v3/shift",
  "/v3/observances",
  "/v3/observances/{v}",
  "/v3/openapi.json",
  "/v3/long-weekends",
  "/v3/leave-plan",
  "/v3/flag-days",
  "/v3/flag-days/catalogue",
  "/v3/adjust",
  "/v3/due-dates",
  "/v3/due-dates/catalogue",
  "/holidays",
  "/half-days/",
  "/bridge-days",
  "/ical/holidays",
  "/ical/svenska-helgdagar.ics",
  "/health",
  "/v3/data/{v}",
  "/v3/data/{v}/holidays.json",
  "/ics/{v}",
  "/{v}",
  "/v3/{v}",
  "/api/{v}",
  "/mcp",
  "/mcp/{v}",
];
const METHODS = ["GET", "GET", "GET", "HEAD", "OPTIONS", "TRACE", "POST", "FOO", "PROPFIND", "M-SEARCH", "PATCH"];
const CONDITIONS = [undefined, undefined, "*", 'W/"x"', "garbage", '"a", "b"', ","];

/** A small seeded generator, so a failure names a request that can be sent again. */
export function* requests(count: number, seed = 20251123): Generator<{ label: string; bytes: Buffer; method: string }> {
  let state = seed;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  const pick = <T>(list: readonly T[]) => list[next(list.length)];
  for (let i = 0; i < count; i++) {
    const raw = next(3) === 0; // as written, bytes unencoded, else percent-encoded as a client would
    const encode = (v: string) => {
      if (raw) return v;
      try {
        return encodeURIComponent(v);
      } catch {
        return v;
      }
    };
    const path = pick(PATHS).replace("{v}", encode(pick(VALUES)));
    const pairs = Array.from({ length: next(4) }, () => `${pick(NAMES)}=${encode(pick(VALUES))}`);
    const target = path + (pairs.length ? "?" + pairs.join("&") : "");
    const method = pick(METHODS);
    const condition = pick(CONDITIONS);
    const text = requestText(method, target, condition ? { "If-None-Match": condition } : {});
    yield { label: `#${i} ${method} ${target.slice(0, 120)}`, bytes: Buffer.from(text, "utf8"), method };
  }
}
