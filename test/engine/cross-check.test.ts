/**
 * Cross-check against an independent implementation from npm: date-holidays (SE), 1953-2100.
 * Compared: every public holiday of our table plus the three eves equated with Sunday
 * (midsummerEve, christmasEve, newYearsEve), as sets of (date, code).
 *
 * What date-holidays returns for SE, and how it is filtered (inspected for 3.37.0, data/countries/SE.yaml):
 *  - type `public`: our public observances, except Whit Monday (see below).
 *  - type `bank`: exactly the three eves (`friday after 06-19`, `12-24`, `12-31`).
 *  - type `observance` / `optional`: days that are not holidays in our table (Twelfth Night, Walpurgis Night,
 *    Maundy Thursday, Mother's Day, Nobel Day, ...) and also Easter Eve, Whitsun Eve and Whit Monday. Ignored,
 *    except that Whit Monday is checked separately below.
 * Entries are matched by their rule text (stable), not by their translated names.
 *
 * The one explained difference: date-holidays models Whit Monday (`easter 50`) as an `observance` in every year,
 * i.e. only the law after 2005. It was a public holiday until 2004 (the 2005 amendment of the Act replaced it with National Day),
 * so our table has whitMonday 1953-2004 as public and date-holidays does not. The test asserts that this is
 * the only difference and that date-holidays still lists those dates, as observances.
 * Before 1953 date-holidays knows nothing of the old midsummer and Annunciation rules, hence the range.
 */
import Holidays from "date-holidays";
import { holidaysOfYear } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { occurrenceSeries } from "../../contract/resources.js";

const FROM = 1953;
const TO = 2100;

const RULE_TO_CODE: Record<string, string> = {
  "01-01": "newYearsDay",
  "01-06": "epiphany",
  "easter -2": "goodFriday",
  easter: "easterSunday",
  "easter 1": "easterMonday",
  "05-01": "mayDay",
  "easter 39": "ascensionDay",
  "easter 49": "whitsun",
  "06-06 since 2005": "nationalDay",
  "saturday after 06-20": "midsummerDay",
  "saturday after 10-31": "allSaintsDay",
  "12-25": "christmasDay",
  "12-26": "boxingDay",
  // type bank
  "friday after 06-19": "midsummerEve",
  "12-24": "christmasEve",
  "12-31": "newYearsEve",
};
const EVES = new Set(["midsummerEve", "christmasEve", "newYearsEve"]);

function ours(): Set<string> {
  const set = new Set<string>();
  for (let year = FROM; year <= TO; year++) {
    for (const day of holidaysOfYear(year)) {
      for (const o of day.observances)
        if (o.holidayType === "public" || EVES.has(o.code)) set.add(`${day.date} ${o.code}`);
    }
  }
  return set;
}

function theirs(): { set: Set<string>; whitMondayObservances: Set<string> } {
  const hd = new Holidays("SE");
  const set = new Set<string>();
  const whitMondayObservances = new Set<string>();
  for (let year = FROM; year <= TO; year++) {
    for (const h of hd.getHolidays(year)) {
      const date = h.date.slice(0, 10);
      if (h.rule === "easter 50") {
        expect(h.type).toBe("observance");
        whitMondayObservances.add(`${date} whitMonday`);
        continue;
      }
      if (h.type !== "public" && h.type !== "bank") continue;
      const code = RULE_TO_CODE[h.rule];
      if (!code) throw new Error(`unmapped date-holidays ${h.type} entry ${h.date} '${h.rule}' (${h.name})`);
      if (h.type === "bank") expect(EVES.has(code)).toBe(true);
      set.add(`${date} ${code}`);
    }
  }
  return { set, whitMondayObservances };
}

describe(`cross-check with date-holidays (SE), ${FROM}-${TO}`, () => {
  it("public holidays and the three eves agree, apart from Whit Monday 1953-2004", () => {
    const a = ours();
    const { set: b, whitMondayObservances } = theirs();
    const onlyOurs = [...a].filter((x) => !b.has(x)).sort();
    const onlyTheirs = [...b].filter((x) => !a.has(x)).sort();
    const whitMondays = occurrenceSeries("whitMonday", FROM, 2004).occurrences.map((o) => `${o.day.date} whitMonday`);
    expect(whitMondays).toHaveLength(2004 - FROM + 1);
    expect(onlyTheirs).toEqual([]);
    expect(onlyOurs).toEqual(whitMondays);
    for (const w of whitMondays) expect(whitMondayObservances.has(w)).toBe(true);
    // the comparison is not vacuous: 15 kinds of day in every year, plus National Day from 2005
    expect(b.size).toBe(15 * (TO - FROM + 1) + (TO - 2005 + 1));
  });
});
