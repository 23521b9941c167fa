/**
 * The standalone server's kept answers (server/answers.ts AnswerCache): eviction oldest-first within the byte budget,
 * checked against a plain model (a Map in insertion order, scanned from the front) over a long random sequence of
 * keeps, replacements and oversized answers; and the eviction queue stays bounded however long the churn.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnswerCache, type KeptAnswer } from "../../server/answers.js";

const answer = (bytes: number) => ({ bytes, validUntil: Number.POSITIVE_INFINITY }) as unknown as KeptAnswer;

describe("AnswerCache", () => {
  it("keeps exactly what an insertion-ordered model keeps, oldest evicted first", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 1500 })), { maxLength: 3000 }), (ops) => {
        const budget = 10_000;
        const cache = new AnswerCache(budget);
        const model = new Map<string, KeptAnswer>();
        let modelBytes = 0;
        for (const [n, bytes] of ops) {
          const target = `/t/${n}`;
          const kept = answer(bytes);
          cache.set(target, kept);
          const old = model.get(target);
          if (old) {
            model.delete(target);
            modelBytes -= old.bytes;
          }
          if (bytes > budget / 8) continue; // too large to keep
          model.set(target, kept);
          modelBytes += bytes;
          for (const [key, oldest] of model) {
            if (modelBytes <= budget) break;
            model.delete(key);
            modelBytes -= oldest.bytes;
          }
        }
        expect(cache.size).toBe(model.size);
        for (const [target, kept] of model) expect(cache.get(target, 0)).toBe(kept);
      }),
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
