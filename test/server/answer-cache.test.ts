/**
 * The standalone server's cached answers (server/answers.ts AnswerCache): eviction oldest-first within the byte budget,
 * checked against a plain model (a Map in insertion order, scanned from the front) over a long random sequence of
 * keeps, replacements and oversized answers; and the eviction queue stays bounded however long the churn.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerCache, type CachedAnswer, fingerprintOf } from "../../server/answers.js";
import { MEMO_KEY_LENGTH } from "../../server/memo.js";

const answer = (bytes: number) => ({ bytes, validUntil: Number.POSITIVE_INFINITY }) as unknown as CachedAnswer;

describe("AnswerCache", () => {
  it("keeps exactly what an insertion-ordered model keeps, oldest evicted first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 1500 })), { maxLength: 3000 }),
        (ops) => {
          const budget = 10_000;
          const cache = new AnswerCache(budget);
          const model = new Map<string, CachedAnswer>();
          let modelBytes = 0;
          for (const [n, bytes] of ops) {
            const target = `/t/${n}`;
            const cached = answer(bytes);
            cache.set(target, cached);
            const old = model.get(target);
            if (old) {
              model.delete(target);
              modelBytes -= old.bytes;
            }
            if (bytes > budget / 8) continue; // too large to keep
            model.set(target, cached);
            modelBytes += bytes;
            for (const [key, oldest] of model) {
              if (modelBytes <= budget) break;
              model.delete(key);
              modelBytes -= oldest.bytes;
            }
          }
          expect(cache.size).toBe(model.size);
          for (const [target, cached] of model) expect(cache.get(target, 0)).toBe(cached);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the eviction queue stays within about twice the answers kept, however many times targets are kept again", () => {
    const cache = new AnswerCache(1_000_000);
    for (let i = 0; i < 100_000; i++) cache.set(`/t/${i % 50}`, answer(100));
    expect(cache.size).toBe(50);
    expect((cache as unknown as { order: unknown[] }).order.length).toBeLessThanOrEqual(2 * 50 + 1024 + 1);
  });
});

/** FNV-1a, 32 bits, over a text's UTF-16 code units, in BigInt arithmetic (independent of Math.imul); 0 reads as 1. */
function fnv1a32(text: string): number {
  let h = 0x811c9dc5n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x01000193n) & 0xffffffffn;
  return Number(h) || 1;
}

/** The slot table AnswerCache.wanted keeps, as a plain model: slot -> fingerprint, 2^17 slots. */
class SeenModel {
  private readonly slots = new Map<number, number>();
  wanted(target: string): boolean {
    if (target.length > MEMO_KEY_LENGTH) return false;
    const f = fnv1a32(target);
    const slot = f % 2 ** 17;
    if (this.slots.get(slot) === f) return true;
    this.slots.set(slot, f);
    return false;
  }
}

describe("AnswerCache.wanted: targets remembered as FNV-1a fingerprints", () => {
  it("is false the first time a target is asked for, true from the second", () => {
    const cache = new AnswerCache();
    for (const target of [
      "/v3/days/2024-06-21",
      "/v3/holidays?year=2024&sundays=true",
      "/ical/holidays?bridge=1",
      "/v3/observances/å?x=ä😀",
      "",
      "/",
    ]) {
      expect([target, cache.wanted(target)]).toEqual([target, false]);
      expect([target, cache.wanted(target)]).toEqual([target, true]);
      expect([target, cache.wanted(target)]).toEqual([target, true]);
    }
    // a target of exactly MEMO_KEY_LENGTH characters is still remembered
    const longest = "/v3/holidays?x=" + "a".repeat(MEMO_KEY_LENGTH - 15);
    expect(longest.length).toBe(MEMO_KEY_LENGTH);
    expect(cache.wanted(longest)).toBe(false);
    expect(cache.wanted(longest)).toBe(true);
  });

  it("never wants a target longer than MEMO_KEY_LENGTH, however often it is asked for", () => {
    const cache = new AnswerCache();
    for (const target of [
      "/v3/holidays?x=" + "a".repeat(MEMO_KEY_LENGTH - 14),
      "/" + "😀".repeat(MEMO_KEY_LENGTH),
      "/".repeat(8192),
    ]) {
      expect(target.length).toBeGreaterThan(MEMO_KEY_LENGTH);
      for (let i = 0; i < 5; i++) expect(cache.wanted(target)).toBe(false);
    }
  });

  it("fingerprintOf is FNV-1a over UTF-16 code units (known vectors, and a reference on random text)", () => {
    // the published FNV-1a 32-bit vectors (ASCII: one code unit per byte)
    expect(fingerprintOf("")).toBe(0x811c9dc5);
    expect(fingerprintOf("a")).toBe(0xe40c292c);
    expect(fingerprintOf("foobar")).toBe(0xbf9cf968);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.string({ unit: "grapheme", maxLength: 20 }),
          fc.string({ unit: "binary", maxLength: 20 }),
        ),
        (text) => {
          const f = fingerprintOf(text);
          expect(f).toBe(fnv1a32(text));
          expect(Number.isInteger(f) && f >= 1 && f <= 0xffffffff).toBe(true);
        },
      ),
      { numRuns: 3000, seed: 20251125 },
    );
  });

  it("a text whose FNV-1a is 0 has fingerprint 1 (0 marks an empty slot), and is remembered", () => {
    // FNV-1a reaches 0 exactly when the state before the last code unit equals that unit: find a prefix whose state
    // is below 2^16, then append that unit
    let text: string | undefined;
    for (let i = 0; text === undefined; i++) {
      const prefix = `/t/${i}`;
      let h = 0x811c9dc5n;
      for (let j = 0; j < prefix.length; j++) h = ((h ^ BigInt(prefix.charCodeAt(j))) * 0x01000193n) & 0xffffffffn;
      if (h < 0x10000n) text = prefix + String.fromCharCode(Number(h));
    }
    expect(fnv1a32(text)).toBe(1);
    expect(fingerprintOf(text)).toBe(1);
    const cache = new AnswerCache();
    expect(cache.wanted(text)).toBe(false);
    expect(cache.wanted(text)).toBe(true);
  });

  it("a newer target in the same slot (another fingerprint) replaces the older one", () => {
    const bySlot = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; pair === undefined; i++) {
      const target = `/v3/days/${i}`;
      const f = fnv1a32(target);
      const other = bySlot.get(f % 2 ** 17);
      if (other !== undefined && fnv1a32(other) !== f) pair = [other, target];
      else bySlot.set(f % 2 ** 17, target);
    }
    const [older, newer] = pair;
    const cache = new AnswerCache();
    expect(cache.wanted(older)).toBe(false);
    expect(cache.wanted(newer)).toBe(false);
    expect(cache.wanted(older)).toBe(false); // forgotten: its slot holds the newer one now
    expect(cache.wanted(older)).toBe(true);
  });

  it("over 100,000 distinct targets asked once each, wants at most a handful (fingerprint collisions), as the model does", () => {
    const targets = Array.from({ length: 100_000 }, (_, i) => `/v3/holidays?year=${1930 + (i % 8070)}&n=${i}`);
    expect(new Set(targets).size).toBe(targets.length);
    const cache = new AnswerCache();
    const model = new SeenModel();
    let wanted = 0;
    let modelWanted = 0;
    for (const target of targets) {
      if (cache.wanted(target)) wanted++;
      if (model.wanted(target)) modelWanted++;
    }
    expect(wanted).toBe(modelWanted);
    expect(wanted).toBeLessThanOrEqual(5);
  });

  it("each of 100,000 distinct targets, asked again right after its first request, is wanted", () => {
    const cache = new AnswerCache();
    const missed: string[] = [];
    let firstWanted = 0;
    for (let i = 0; i < 100_000; i++) {
      const target = `/v3/days/${String(i).padStart(6, "0")}?q=${(i * 2654435761) >>> 0}`;
      if (cache.wanted(target)) firstWanted++;
      if (!cache.wanted(target)) missed.push(target);
    }
    expect(missed).toEqual([]);
    expect(firstWanted).toBeLessThanOrEqual(5);
  });
});
