import { catalogue } from "./catalogue.js";
import { CORRECTIONS } from "./corrections.js";
import { FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { DUE_DATE_RULES, dueDateCatalogue } from "./duedates.js";
import { FLAG_DAY_RULES, flagDayCatalogue, flagDayDate } from "./flagdays.js";
import { OBSERVANCE_RULES, observanceDate } from "./rules.js";
import { Sha256 } from "./sha256.js";

let cached: string | undefined;

/**
 * A fingerprint of the calendar data: the names and types of the catalogue, and the date every rule gives in every
 * year of the range; the same of the flag-day table; the due-date schedules (their dates follow from their rules and
 * the holidays); the record of data corrections (corrections.ts, which the feed's events carry). Any change to the
 * rules table, the flag-day table, the due-date table, a name or the corrections changes it: the service's `/health` states it, so a cached copy of an answer can be checked against it.
 * (The catalogues are hashed in the envelopes the fingerprint was first defined over, so it stays what it was.)
 * Computed once, lazily (a few tens of milliseconds).
 *
 * @example
 * dataVersion(); // "3964953c17d8d5f7"
 */
export function dataVersion(): string {
  if (cached) return cached;
  const hash = new Sha256();
  hash.update(JSON.stringify({ count: OBSERVANCE_RULES.length, observances: catalogue() }));
  const dates = new Int32Array(LAST_YEAR - FIRST_YEAR + 1);
  for (const rule of OBSERVANCE_RULES) {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) dates[year - FIRST_YEAR] = observanceDate(rule, year) ?? -1;
    hash.update(rule.code);
    hash.update(new Uint8Array(dates.buffer));
  }
  hash.update(JSON.stringify({ count: FLAG_DAY_RULES.length, flagDays: flagDayCatalogue() }));
  for (const rule of FLAG_DAY_RULES) {
    for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) dates[year - FIRST_YEAR] = flagDayDate(rule, year) ?? -1;
    hash.update(rule.code);
    hash.update(new Uint8Array(dates.buffer));
  }
  hash.update(JSON.stringify({ count: DUE_DATE_RULES.length, dueDates: dueDateCatalogue() }));
  hash.update(JSON.stringify({ corrections: CORRECTIONS }));
  cached = hash.hex().slice(0, 16);
  return cached;
}
