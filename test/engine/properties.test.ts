/** Property tests (fast-check) over random dates and ranges in 1930-9999. */
import fc from "fast-check";
import {
  addMonths,
  addWorkingDays,
  BOUNDS,
  type Bounds,
  dayOf,
  FIRST_DAY,
  isBridgeDay,
  isHalfDay,
  isWorkingDay,
  LAST_DAY,
  type Period,
  parseSteps,
  period,
  periodSummary,
  type Step,
  shift,
} from "swedish-calendar/core";
import { describe, expect, it } from "vitest";

const MAX_SPAN = 73049; // days in 200 Gregorian years (never more than this)
const anyDay = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const anyBounds = fc.constantFrom<Bounds>(...BOUNDS);
/** a range of up to `maxLength` days anywhere in the service range, biased towards both ends */
const rangeOf = (maxLength: number) =>
  fc
    .oneof(
      { arbitrary: anyDay, weight: 4 },
      { arbitrary: fc.integer({ min: FIRST_DAY, max: FIRST_DAY + 800 }), weight: 1 },
      { arbitrary: fc.integer({ min: LAST_DAY - 800, max: LAST_DAY }), weight: 1 },
    )
    .chain((from) =>
      fc.integer({ min: 0, max: Math.min(maxLength, LAST_DAY - from) }).map((len) => [from, from + len] as const),
    );

function checkInvariants(p: Period) {
  const o = p.daysOff;
  expect(p.workingDays + o.total).toBe(p.calendarDays);
  expect(o.publicHolidays + o.defactoHolidays).toBe(o.total);
  expect(o.namedDays + o.weekendDays).toBe(o.total);
  for (const v of [
    p.calendarDays,
    p.workingDays,
    o.total,
    o.publicHolidays,
    o.defactoHolidays,
    o.namedDays,
    o.weekendDays,
    p.bridgeDays,
    p.halfDays,
  ]) {
    expect(Number.isInteger(v) && v >= 0).toBe(true);
  }
  expect(p.bridgeDays).toBeLessThanOrEqual(p.workingDays);
  expect(p.halfDays).toBeLessThanOrEqual(p.workingDays);
}

function countedRange(from: number, to: number, bounds: Bounds): [number, number] {
  return [
    bounds === "inclusive" || bounds === "from" ? from : from + 1,
    bounds === "inclusive" || bounds === "to" ? to : to - 1,
  ];
}

describe("period", () => {
  it("invariants hold for every bounds value on random ranges up to 200 years", () => {
    fc.assert(
      fc.property(rangeOf(MAX_SPAN), anyBounds, ([from, to], bounds) => {
        fc.pre(periodSummary(from, to) !== null);
        const p = period(from, to, bounds);
        checkInvariants(p);
        const [first, last] = countedRange(from, to, bounds);
        expect(p.calendarDays).toBe(Math.max(0, last - first + 1));
        if (p.calendarDays === 0) expect(p.counted).toBeNull();
        else expect(p.counted).toEqual({ first: dayOf(first).date, last: dayOf(last).date });
      }),
      { numRuns: 2000 },
    );
  });

  it("counts equal a naive day-by-day walk with dayOf, isBridgeDay and isHalfDay (ranges up to ~3 years)", () => {
    fc.assert(
      fc.property(rangeOf(1100), anyBounds, ([from, to], bounds) => {
        const p = period(from, to, bounds);
        const [first, last] = countedRange(from, to, bounds);
        const naive = { working: 0, total: 0, public: 0, defacto: 0, named: 0, weekend: 0, bridge: 0, half: 0 };
        for (let n = first; n <= last; n++) {
          const day = dayOf(n);
          if (day.workingDay) naive.working++;
          else {
            naive.total++;
            if (day.holidayType === "public") naive.public++;
            if (day.holidayType === "defacto") naive.defacto++;
            if (day.observances.length > 0) naive.named++;
            else naive.weekend++;
          }
          if (isBridgeDay(n)) naive.bridge++;
          if (isHalfDay(n)) naive.half++;
        }
        expect({
          working: p.workingDays,
          total: p.daysOff.total,
          public: p.daysOff.publicHolidays,
          defacto: p.daysOff.defactoHolidays,
          named: p.daysOff.namedDays,
          weekend: p.daysOff.weekendDays,
          bridge: p.bridgeDays,
          half: p.halfDays,
        }).toEqual(naive);
      }),
      { numRuns: 300 },
    );
  });

  it("duration: first counted day + (years*12+months) months + days is the day after the last; a further month overshoots", () => {
    fc.assert(
      fc.property(rangeOf(MAX_SPAN), anyBounds, ([from, to], bounds) => {
        fc.pre(periodSummary(from, to) !== null);
        const p = period(from, to, bounds);
        const { years, months, days } = p.duration;
        expect(months >= 0 && months < 12 && years >= 0 && days >= 0).toBe(true);
        if (p.counted === null) {
          expect(p.duration).toEqual({ years: 0, months: 0, days: 0 });
          return;
        }
        const [first, last] = countedRange(from, to, bounds);
        const total = years * 12 + months;
        expect(addMonths(first, total).day + days).toBe(last + 1);
        expect(addMonths(first, total + 1).day).toBeGreaterThan(last + 1);
      }),
      { numRuns: 2000 },
    );
  });
});

const unit = fc.constantFrom<Step["unit"]>("d", "b", "w", "m", "y");
const smallStep: fc.Arbitrary<Step> = unit.chain((u) => {
  const max = u === "y" ? 5 : u === "m" ? 40 : u === "w" ? 60 : 400;
  return fc.integer({ min: -max, max }).map((amount) => ({ unit: u, amount }));
});
/** a start day well inside the range so that small chains never leave it */
const midDay = fc.integer({ min: FIRST_DAY + 20000, max: LAST_DAY - 20000 });
const stepText = (s: Step) => `${s.amount}${s.unit}`;

describe("shift chains", () => {
  it("a zero step anywhere in a chain is the identity", () => {
    fc.assert(
      fc.property(
        midDay,
        fc.array(smallStep, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        unit,
        fc.boolean(),
        (date, steps, at, zeroUnit, postpone) => {
          const i = at % (steps.length + 1);
          const withZero = [...steps.slice(0, i), { unit: zeroUnit, amount: 0 }, ...steps.slice(i)];
          const a = shift(date, steps, { postpone });
          const b = shift(date, withZero, { postpone });
          expect(b.result).toEqual(a.result);
          expect(b.landed).toEqual(a.landed);
          expect(b.period).toEqual(a.period);
          expect(b.steps[i]).toEqual({
            unit: zeroUnit,
            amount: 0,
            constrained: false,
            result: i === 0 ? dayOf(date) : a.steps[i - 1].result,
          });
          expect([...b.steps.slice(0, i), ...b.steps.slice(i + 1)]).toEqual(a.steps);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("repeated add and the comma form give the same chain and the same shift", () => {
    fc.assert(
      fc.property(
        midDay,
        fc.array(smallStep, { minLength: 1, maxLength: 20 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        (date, steps, cuts) => {
          const texts = steps.map(stepText);
          const repeated = parseSteps(texts);
          const comma = parseSteps([texts.join(",")]);
          // and any mixture: cut the list into groups where `cuts` says so
          const groups: string[][] = [[]];
          texts.forEach((t, k) => {
            if (k > 0 && cuts[k]) groups.push([]);
            groups[groups.length - 1].push(t);
          });
          const mixed = parseSteps(groups.map((g) => g.join(",")));
          expect(comma).toEqual(repeated);
          expect(mixed).toEqual(repeated);
          expect(shift(date, comma, { postpone: true })).toEqual(shift(date, repeated, { postpone: true }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("m and y steps clamp, and flag exactly when the day of the month changes", () => {
    fc.assert(
      fc.property(midDay, fc.integer({ min: -400, max: 400 }), fc.boolean(), (date, amount, years) => {
        const step: Step = years ? { unit: "y", amount: Math.trunc(amount / 12) || 0 } : { unit: "m", amount };
        const months = years ? 12 * step.amount : step.amount;
        const s = shift(date, [step], { postpone: false });
        // expected result computed independently with Date.UTC
        const [y, m, dd] = dayOf(date).date.split("-").map(Number);
        const target = new Date(Date.UTC(y, m - 1 + months, 1));
        const lastOfMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
        const day = Math.min(dd, lastOfMonth);
        const expected = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day))
          .toISOString()
          .slice(0, 10);
        expect(s.result.date).toBe(expected);
        expect(s.steps[0].constrained).toBe(day !== dd);
        expect(s.steps[0].constrained).toBe(Number(s.result.date.slice(8)) !== dd);
      }),
      { numRuns: 2000 },
    );
  });

  it("postpone lands on a working day, never before `landed`, and on the first working day from `landed`", () => {
    fc.assert(
      fc.property(midDay, fc.array(smallStep, { minLength: 1, maxLength: 6 }), (date, steps) => {
        const s = shift(date, steps, { postpone: true });
        const landed = s.landed;
        const result = s.result;
        expect(result.workingDay).toBe(true);
        expect(result.date >= landed.date).toBe(true);
        expect(s.postponed).toBe(result.date !== landed.date);
        if (landed.workingDay) expect(result).toEqual(landed);
        for (let n = fromDate(landed.date); n < fromDate(result.date); n++) expect(isWorkingDay(n)).toBe(false);
        const plain = shift(date, steps, { postpone: false });
        expect(plain.landed).toEqual(landed);
        expect(plain.result).toEqual(landed);
        expect(plain.postponed).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("+n b then -n b from a working day returns to it", () => {
    fc.assert(
      fc.property(midDay, fc.integer({ min: -12000, max: 12000 }), (date, n) => {
        fc.pre(isWorkingDay(date));
        const s = shift(
          date,
          [
            { unit: "b", amount: n },
            { unit: "b", amount: -n },
          ],
          { postpone: false },
        );
        expect(s.result.date).toBe(dayOf(date).date);
        expect(s.steps[0].result.workingDay).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("addWorkingDays equals a naive walk for small n, from working and non-working days", () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -40, max: 40 }), (date, n) => {
        const fast = addWorkingDays(date, n);
        let naive: number | undefined = date;
        if (n !== 0) {
          const dir = Math.sign(n);
          let left = Math.abs(n);
          let cur = date;
          while (left > 0) {
            cur += dir;
            if (cur < FIRST_DAY || cur > LAST_DAY) {
              naive = undefined;
              break;
            }
            if (dayOf(cur).workingDay) left--;
          }
          if (left === 0) naive = cur;
        }
        expect(fast).toBe(naive);
      }),
      { numRuns: 3000 },
    );
  });

  it("shift's period is chronological, both ends counted, and null exactly past 200 years", () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -90000, max: 90000 }), (date, amount) => {
        fc.pre(date + amount >= FIRST_DAY && date + amount <= LAST_DAY);
        const s = shift(date, [{ unit: "d", amount }], { postpone: false });
        const lo = Math.min(date, date + amount);
        const hi = Math.max(date, date + amount);
        const within = hi <= addMonths(lo, 2400).day;
        if (!within) expect(s.period).toBeNull();
        else {
          expect(s.period).not.toBeNull();
          expect(s.period!.from).toBe(dayOf(lo).date);
          expect(s.period!.to).toBe(dayOf(hi).date);
          expect(s.period!.calendarDays).toBe(hi - lo + 1);
          const p = period(lo, hi, "inclusive");
          const { from: _f, to: _t, bounds: _b, counted: _c, ...counts } = p;
          const { from: _f2, to: _t2, ...summaryCounts } = s.period!;
          expect(summaryCounts).toEqual(counts);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

function fromDate(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number);
  // independent of the engine: Date.UTC counts days since 1970-01-01
  return Math.round(Date.UTC(y, m - 1, d) / 86400000);
}
