/**
 * Remembering things per request target, within a bound on memory whatever the targets: only targets up to
 * MEMO_KEY_LENGTH characters are remembered (the service's own targets are far shorter; a target may be 8 KiB, and
 * a sweep of long distinct ones must not fill memory), and each memo holds at most its size, the least recently used
 * going first (`lru-cache`).
 */
import { LRUCache } from "lru-cache";

export const MEMO_KEY_LENGTH = 512;

/**
 * A small memo of a pure lookup by request target (or any text key); a longer key is computed every time. `input`
 * is what the caller already derived from the key (a parsed URL), handed to `compute` on a miss. A value may be
 * `undefined` (remembered as such).
 */
export function memoOf<T, I = undefined>(
  size: number,
  compute: (key: string, input: I) => T,
): (key: string, input?: I) => T {
  // lru-cache keeps no undefined value: each value is kept in a box
  const memo = new LRUCache<string, { value: T }>({ max: size });
  return (key, input) => {
    if (key.length > MEMO_KEY_LENGTH) return compute(key, input as I);
    let cached = memo.get(key);
    if (cached === undefined) {
      cached = { value: compute(key, input as I) };
      memo.set(key, cached);
    }
    return cached.value;
  };
}
