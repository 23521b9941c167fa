/**
 * Regular-expression sources generated from the engine's bounds, so that a JSON Schema `pattern` states a range the
 * parser enforces without the range being written out twice (contract/parameters.ts).
 */

/** A character class of one digit range: `5`, `[56]`, `[2-9]`. */
function digitClass(from: number, to: number): string {
  if (from === to) return String(from);
  return to === from + 1 ? `[${from}${to}]` : `[${from}-${to}]`;
}

/** `[0-9]`, `[0-9]{3}`: any `count` digits. */
const anyDigits = (count: number) => (count === 0 ? "" : count === 1 ? "[0-9]" : `[0-9]{${count}}`);

/** The alternatives matching exactly the digit strings from `lo` to `hi`, both of the same length. */
function sameLength(lo: string, hi: string): string[] {
  if (lo === hi) return [lo];
  let common = 0;
  while (lo[common] === hi[common]) common++;
  const prefix = lo.slice(0, common);
  const low = lo.slice(common);
  const high = hi.slice(common);
  const rest = low.length - 1;
  const first = +low[0];
  const last = +high[0];
  const lowTail = low.slice(1);
  const highTail = high.slice(1);
  const out: string[] = [];
  let middleFrom = first;
  let middleTo = last;
  if (!/^0*$/.test(lowTail)) {
    out.push(...sameLength(lowTail, "9".repeat(rest)).map((tail) => `${prefix}${first}${tail}`));
    middleFrom = first + 1;
  }
  const highPart: string[] = [];
  if (!/^9*$/.test(highTail)) {
    highPart.push(...sameLength("0".repeat(rest), highTail).map((tail) => `${prefix}${last}${tail}`));
    middleTo = last - 1;
  }
  if (middleFrom <= middleTo) out.push(`${prefix}${digitClass(middleFrom, middleTo)}${anyDigits(rest)}`);
  return [...out, ...highPart];
}

/**
 * An alternation (no anchors, no group) matching exactly the decimal texts of the whole numbers `min` to `max`, as
 * plain digits without a sign or a leading zero: `decimalRangeSource(1, 31)` is `[1-9]|[12][0-9]|3[01]`.
 */
export function decimalRangeSource(min: number, max: number): string {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || max < min) {
    throw new Error(`decimalRangeSource: no range ${min}..${max}`);
  }
  const parts: string[] = [];
  for (let digits = String(min).length; digits <= String(max).length; digits++) {
    const lo = Math.max(min, digits === 1 ? 0 : 10 ** (digits - 1));
    const hi = Math.min(max, 10 ** digits - 1);
    if (lo <= hi) parts.push(...sameLength(String(lo), String(hi)));
  }
  return parts.join("|");
}

/** A text as a regular expression that matches exactly it. */
export const literalSource = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
