/**
 * The standalone server's bounded caches, hand-written beside `lru-cache`, in one run (a hit each, warm):
 *  - the memo per target (server/memo.ts) and the file cache's two maps (server/files.ts PublicFiles: the files by
 *    bytes, least recently used out; the stat() results trusted for a second) are lru-cache now: their hand-written
 *    form (as it stood before, reproduced here) beside it;
 *  - the cached answers (server/answers.ts AnswerCache, the ~50,000 req/s path) stay hand-written: beside an lru-cache
 *    bounded by the same bytes, without and with its ttl.
 * Every lookup is far under a microsecond either way; the figures show that the choice costs no speed. Each side runs
 * in alternating rounds (a busy neighbour slows both alike); a figure is the median of the rounds' medians.
 * `npm run bench -- caches`
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { AnswerCache, type CachedAnswer } from "../server/answers.js";
import { PublicFiles } from "../server/files.js";
import { memoOf } from "../server/memo.js";
import { printTable, type Row, timePerCall, us } from "./lib/measure.js";

const ROUNDS = 7;
const PER_BATCH = 50_000;
const FILES = 2000;
const targets = Array.from({ length: FILES }, (_, i) => `/v3/data/days/2026/${String(i).padStart(5, "0")}.json`);
/** a spread of the targets, the same each run */
const pick = (i: number) => targets[(i * 7919) % FILES];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** Median of the rounds' medians of each side, the sides alternating. */
function sideBySide(sides: Record<string, (i: number) => unknown>): Record<string, number> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of Object.entries(sides)) samples[name].push(timePerCall(fn, PER_BATCH, 9, 2).median);
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** The memo as it was: a Map cleared when full. */
function clearedWhenFull<T>(size: number, compute: (key: string) => T): (key: string) => T {
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

export async function run(): Promise<void> {
  const rows: Row[] = [];
  const add = (what: string, figures: Record<string, number>) => {
    const [first, ...rest] = Object.entries(figures);
    rows.push({ benchmark: `${what}: ${first[0]}`, measured: us(first[1]), target: "", ok: null });
    for (const [name, value] of rest)
      rows.push({
        benchmark: `  ${name}`,
        measured: us(value),
        target: `${value >= first[1] ? "+" : "-"}${us(Math.abs(value - first[1]))}`,
        ok: null,
      });
  };

  // the memo per target: 64 entries, as server/dispatch.ts has it; hits on 48 targets
  const before = clearedWhenFull(64, (key) => key.length);
  const now = memoOf(64, (key) => key.length);
  add(
    "memo per target, a hit (server/memo.ts)",
    sideBySide({
      "hand-written (a Map cleared when full, as it was)": (i) => before(targets[i % 48]),
      "memoOf on lru-cache (now)": (i) => now(targets[i % 48]),
    }),
  );

  // the file cache: 2,000 files kept, a hit moves the file to the most recently used end
  const files = new Map<string, { size: number }>();
  const lruFiles = new LRUCache<string, { size: number }>({
    maxSize: 64 << 20,
    maxEntrySize: 8 << 20,
    sizeCalculation: (e) => Math.max(1, e.size),
  });
  for (const target of targets) {
    files.set(target, { size: 300 });
    lruFiles.set(target, { size: 300 });
  }
  add(
    "file cache by bytes, a hit (PublicFiles files)",
    sideBySide({
      "hand-written (Map delete and set, as it was)": (i) => {
        const key = pick(i);
        const entry = files.get(key)!;
        files.delete(key);
        files.set(key, entry);
        return entry;
      },
      "lru-cache, maxSize (now)": (i) => lruFiles.get(pick(i)),
    }),
  );

  // the stat() results: trusted for a second
  const stats = new Map<string, { at: number; info: number }>();
  const lruStats = new LRUCache<string, { info: number }>({ max: 20_000, ttl: 1000 });
  const refill = () => {
    for (const target of targets) {
      stats.set(target, { at: Date.now(), info: 1 });
      lruStats.set(target, { info: 1 });
    }
  };
  refill();
  const refresher = setInterval(refill, 500); // both stay within their second while measured
  try {
    add(
      "stat() trusted for a second, a hit (PublicFiles stats)",
      sideBySide({
        "hand-written (Map and Date.now(), as it was)": (i) => {
          const known = stats.get(pick(i));
          return known && Date.now() - known.at < 1000 ? known.info : undefined;
        },
        "lru-cache, ttl (now)": (i) => lruStats.get(pick(i))?.info,
      }),
    );
  } finally {
    clearInterval(refresher);
  }

  // the cached answers: 2,000 kept, valid for good (CACHE_LONG)
  const answers = new AnswerCache();
  const cached = { bytes: 1300, validUntil: Infinity } as unknown as CachedAnswer;
  const lruAnswers = new LRUCache<string, CachedAnswer>({
    maxSize: 32 << 20,
    maxEntrySize: 4 << 20,
    sizeCalculation: (a) => a.bytes,
  });
  const lruAnswersTtl = new LRUCache<string, CachedAnswer>({
    maxSize: 32 << 20,
    maxEntrySize: 4 << 20,
    sizeCalculation: (a) => a.bytes,
    ttl: 3_600_000,
  });
  for (const target of targets) {
    answers.set(target, cached);
    lruAnswers.set(target, cached);
    lruAnswersTtl.set(target, cached);
  }
  add(
    "kept answer, a hit (AnswerCache, kept hand-written)",
    sideBySide({
      "AnswerCache.get (hand-written, validity against the server's clock)": (i) => answers.get(pick(i), Date.now()),
      "lru-cache, maxSize": (i) => lruAnswers.get(pick(i)),
      "lru-cache, maxSize and ttl": (i) => lruAnswersTtl.get(pick(i)),
    }),
  );

  // the whole file lookup of the server, on lru-cache: path checks, the trusted stat(), the kept bytes
  const folder = mkdtempSync(join(tmpdir(), "bench-caches-"));
  try {
    for (let i = 0; i < 200; i++) writeFileSync(join(folder, `${i}.json`), `{"n":${i}}`);
    const publicFiles = new PublicFiles(folder);
    for (let i = 0; i < 200; i++) await publicFiles.get(`/${i}.json`);
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t = performance.now();
      for (let i = 0; i < 20_000; i++) await publicFiles.get(`/${i % 200}.json`);
      samples.push(((performance.now() - t) * 1000) / 20_000);
    }
    rows.push({
      benchmark: "PublicFiles.get, a file kept (await included; now)",
      measured: us(median(samples)),
      target: "",
      ok: null,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  printTable(rows);
  const meta = JSON.parse(readFileSync(new URL("../node_modules/lru-cache/package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  console.log(`lru-cache ${meta.version}; node ${process.version}, ${process.platform}/${process.arch}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
