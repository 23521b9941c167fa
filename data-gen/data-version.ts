import { createHash } from "node:crypto";
import { FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { catalogue } from "./catalogue.js";
import { OBSERVANCE_RULES, observanceDate } from "./rules.js";
import { FLAG_DAY_RULES, flagDayCatalogue, flagDayDate } from "./flagdays.js";

/**
 * A fingerprint of the calendar data the service answers from: the names and types of the catalogue, and the
 * date every rule gives in every year of the range; the same of the flag-day table. Any change to the rules table, the
 * flag-day table or a name changes it.
 * Computed once, lazily (about a few tens of milliseconds).
 */
let cached: string | undefined;

export function dataVersion(): string {
  if (cached) return cached;
  const hash = createHash("sha256");
  hash.update(JSON.stringify(catalogue()));
  const dates = new Int32Array(LAST_YEAR - FIRST_YEAR + 1);
  for (const rule of OBSERVANCE_RULES) {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) dates[year - FIRST_YEAR] = observanceDate(rule, year) ?? -1;
    hash.update(rule.code);
    hash.update(new Uint8Array(dates.buffer));
  }
  hash.update(JSON.stringify(flagDayCatalogue()));
  for (const rule of FLAG_DAY_RULES) {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) dates[year - FIRST_YEAR] = flagDayDate(rule, year) ?? -1;
    hash.update(rule.code);
    hash.update(new Uint8Array(dates.buffer));
  }
  cached = hash.digest("hex").slice(0, 16);
  return cached;
}
