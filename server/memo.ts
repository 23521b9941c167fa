/**
 * A small memo of a pure lookup by request target (or any text key), cleared when full: a busy server's working
 * set of targets is small, and a sweep of distinct hostile targets cannot make it grow past `size`.
 */
export function memoOf<T>(size: number, compute: (key: string) => T): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined && !memo.has(key)) {
      value = compute(key);
      if (memo.size >= size) memo.clear();
      memo.set(key, value);
    }
    return value as T;
  };
}
