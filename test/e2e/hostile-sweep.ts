/**
 * The requests of the hostile sweep (./hostile.test.ts): the fuzz suite's kinds of values, names, paths, methods and
 * conditions, drawn by a seeded generator.
 */
import { requestText } from "./raw-http.js";

const VALUES = [
  "",
  "%",
  "%%",
  "%2",
  "%zz",
  "%00",
  "%ff",
  "%FF%FE",
  "%c0%af",
  "%e0%80%af",
  "%ed%a0%80",
  "%2e%2e",
  "%252F",
  "..",
  ".",
  "\\",
  "+",
  "%2B",
  "&",
  "=",
  "#x",
  ";",
  "true",
  "True",
  "1",
  "yes",
  "02024",
  "+2024",
  "2024.0",
  "1929",
  "10000",
  "2024",
  "2024-02-29",
  "2023-02-29",
  "2024-13-01",
  "2024-1-1",
  "２０２４-01-01",
  "+1d",
  "1.5d",
  "1d,,1d",
  "-1000000000b",
  "99999999999999999999d",
  "8069y",
  "inclusive",
  "most",
  "__proto__",
  "constructor",
  "\u0000",
  "😀",
  "\u202e",
  "\ud800",
  "<script>",
  "' OR 1=1 --",
  "${x}",
  "a".repeat(3000),
  "%ff".repeat(1000),
  "%".repeat(3000),
  "1d,".repeat(500) + "1d",
];
const NAMES = [
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
  "weekends",
  "bridge",
  "half",
  "busy",
  "flags",
  "days",
  "objective",
  "convention",
  "schedule",
  "day",
  "due",
  "x",
  "__proto__",
  "%79ear",
];
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
