/**
 * Remembering things per request target, within a bound on memory whatever the targets: only targets up to
 * MEMO_KEY_LENGTH characters are remembered (the service's own targets are far shorter; a target may be 8 KiB, and
 * a sweep of long distinct ones must not fill memory), and each memo is cleared when it reaches its size.
 */
export const MEMO_KEY_LENGTH = 512;

/**
 * A small memo of a pure lookup by request target (or any text key); a longer key is computed every time. `input`
 * is what the caller already derived from the key (a parsed URL), handed to `compute` on a miss.
 */
export function memoOf<T, I = undefined>(size: number, compute: (key: string, input: I) => T): (key: string, input?: I) => T {
  const memo = new Map<string, T>();
  return (key, input) => {
    if (key.length > MEMO_KEY_LENGTH) return compute(key, input as I);
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key, input as I);
      if (memo.size >= size) memo.clear();
      memo.set(key, value);
    }
    return value as T;
  };
}
