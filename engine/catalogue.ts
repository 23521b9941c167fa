import { FIRST_YEAR, LAST_YEAR } from "./dates.js";
import { dayOf } from "./day-object.js";
import { CalendarError } from "./errors.js";
import { OBSERVANCE_RULES, type ObservanceRule, observanceDate, RULES_BY_CODE } from "./rules.js";
import type { ObservanceInfo, Occurrence } from "./types.js";
import { checkYearRange, expectKind } from "./validation.js";

/** ObservanceInfo: a catalogue entry, the rule without its dates (`since`/`until` only where it has not always been a holiday). */
export type { ObservanceInfo, Occurrence };

/** A rule's catalogue entry. */
export function observanceInfo(rule: ObservanceRule): ObservanceInfo {
  const info: ObservanceInfo = { code: rule.code, holidayType: rule.holidayType, name: rule.name, feast: rule.feast };
  if (rule.since !== undefined) info.since = rule.since;
  if (rule.until !== undefined) info.until = rule.until;
  return info;
}

/** All 20 observances, abolished ones included, in catalogue order. */
export function catalogue(): ObservanceInfo[] {
  return OBSERVANCE_RULES.map(observanceInfo);
}

export function findRule(code: string): ObservanceRule {
  const rule = RULES_BY_CODE.get(code);
  if (rule) return rule;
  expectKind(code, "string", "code");
  throw new CalendarError("unknown-code", "code", `no observance has the code '${code}'`);
}

/** The days an observance fell on in from..to (years in which it was no holiday are omitted). */
export function occurrencesOf(rule: ObservanceRule, from: number, to: number = from): Occurrence[] {
  checkYearRange(from, to);
  const list: Occurrence[] = [];
  for (let year = Math.max(from, FIRST_YEAR); year <= Math.min(to, LAST_YEAR); year++) {
    const d = observanceDate(rule, year);
    if (d !== undefined) list.push({ year, day: dayOf(d) });
  }
  return list;
}
