/**
 * The record of data corrections: each time the rules were found to give a wrong date and were put right, written
 * down once, beside the rules. The feed marks the events a correction touched (SEQUENCE, LAST-MODIFIED: feed.ts), the
 * data version changes with the record (data-version.ts), and CHANGELOG.md's entry for a correction is written from
 * it and from what `npm run data:diff` lists between the dataset built before and after
 * (docs/static-dataset.md#corrections).
 */

/** One correction of the data. */
export interface DataCorrection {
  /** the day the correction was published (ISO date); the feed's LAST-MODIFIED of the events it touched */
  date: string;
  /** what was wrong and what is right now, in one sentence */
  what: string;
  /** the years whose answers it changed */
  years: readonly number[];
  /** the observance codes (rules.ts) whose dates it changed in those years */
  codes: readonly string[];
  /** where the correct dates are stated and checked (a path in this repository) */
  source: string;
}

/**
 * Every correction, oldest first. Append only: an entry is never changed or removed, so the number of entries that
 * touch an event only grows (the event's SEQUENCE).
 */
export const CORRECTIONS: readonly DataCorrection[] = Object.freeze([
  Object.freeze({
    date: "2026-11-22",
    what:
      "Easter Sunday of 1954, 1981, 2049 and 2076 is a week earlier than Gauss's short Easter formula gives without its " +
      "two exception rules (1954-04-18, 1981-04-19, 2049-04-18, 2076-04-19), and every date counted from Easter moves " +
      "with it; the engine computes Easter by the Meeus/Jones/Butcher computus, which needs no exceptions",
    years: Object.freeze([1954, 1981, 2049, 2076]),
    // the observances whose rule is Easter Sunday plus a fixed number of days (rules.ts easterPlus); Whit Monday is a
    // holiday until 2004, so it moved in 1954 and 1981 only
    codes: Object.freeze([
      "goodFriday",
      "holySaturday",
      "easterSunday",
      "easterMonday",
      "ascensionDay",
      "whitsunEve",
      "whitsun",
      "whitMonday",
    ]),
    source: "docs/decisions.md#easter (checked by test/engine/easter.test.ts)",
  }),
]);

/**
 * What the corrections say of one event of the feed: how many touched it (its SEQUENCE) and the latest one's date
 * (its LAST-MODIFIED), or undefined when none did. An event is touched when its year and its code are a correction's.
 */
export interface Revision {
  sequence: number;
  lastModified: string;
}

/** A lookup of revisions by year and code, built once per list of corrections. */
export function revisionsOf(
  corrections: readonly DataCorrection[],
): (year: number, code: string) => Revision | undefined {
  const byYear = new Map<number, DataCorrection[]>();
  for (const c of corrections) {
    for (const year of c.years) {
      let list = byYear.get(year);
      if (!list) byYear.set(year, (list = []));
      list.push(c);
    }
  }
  return (year, code) => {
    const list = byYear.get(year);
    if (!list) return undefined;
    let sequence = 0;
    let lastModified = "";
    for (const c of list) {
      if (!c.codes.includes(code)) continue;
      sequence++;
      if (c.date > lastModified) lastModified = c.date;
    }
    return sequence === 0 ? undefined : { sequence, lastModified };
  };
}
