/**
 * Engine measurements that need a fresh process (no per-year caches filled yet).
 * Spawned by bench/engine.ts as `node --expose-gc --import tsx bench/cold/engine-cold.ts <mode>`; prints one JSON line.
 * Lives in a subfolder so that bench/run.ts does not run it as a bench file of its own.
 */
import { performance } from "node:perf_hooks";

const mode = process.argv[2];

if (mode === "classify") {
  const t0 = performance.now();
  const engine = await import("swedish-calendar/core");
  const t1 = performance.now();
  let days = 0;
  let named = 0;
  const cpu1 = process.cpuUsage();
  for (let n = engine.FIRST_DAY; n <= engine.LAST_DAY; n++) {
    named += engine.dayOf(n).observances.length;
    days++;
  }
  const t2 = performance.now();
  const cpu2 = process.cpuUsage();
  for (let n = engine.FIRST_DAY; n <= engine.LAST_DAY; n++) named += engine.dayOf(n).observances.length;
  const t3 = performance.now();
  const cpu3 = process.cpuUsage();
  const cpuMs = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1000;
  console.log(
    JSON.stringify({
      importMs: t1 - t0,
      coldMs: t2 - t1,
      warmMs: t3 - t2,
      coldCpuMs: cpuMs(cpu1, cpu2),
      warmCpuMs: cpuMs(cpu2, cpu3),
      days,
      named,
    }),
  );
} else if (mode === "holidays") {
  const { holidaysOfYear } = await import("swedish-calendar/core");
  const { default: Holidays } = await import("date-holidays");
  const hd = new Holidays("SE");
  const first = Number(process.argv[3] ?? 1930);
  const last = Number(process.argv[4] ?? 2129);
  const years = last - first + 1;
  let sink = 0;
  // warm both JITs on years outside the measured ones, so that neither pays for compilation:
  // ours on 1000 distinct years (each computed once), date-holidays on 200 calls
  for (let y = 5000; y < 6000; y++) sink += holidaysOfYear(y).length;
  for (let y = 6000; y < 6200; y++) sink += hd.getHolidays(y).length;
  // Interleaved in blocks of 10 years, so that a busy neighbour slows both sides alike; a full GC before each
  // timed block (the process runs with --expose-gc) so that neither side pays for the other's garbage.
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  let oursColdMs = 0;
  let oursWarmMs = 0;
  let theirsMs = 0;
  const WARM_REPS = 10;
  for (let block = first; block <= last; block += 10) {
    const end = Math.min(last, block + 9);
    collect();
    let t = performance.now();
    for (let y = block; y <= end; y++) sink += holidaysOfYear(y).length; // first computation of these years
    oursColdMs += performance.now() - t;
    collect();
    t = performance.now();
    for (let y = block; y <= end; y++) sink += hd.getHolidays(y).length;
    theirsMs += performance.now() - t;
    collect();
    t = performance.now();
    for (let rep = 0; rep < WARM_REPS; rep++) for (let y = block; y <= end; y++) sink += holidaysOfYear(y).length;
    oursWarmMs += (performance.now() - t) / WARM_REPS;
  }
  // Then contiguous passes (no interleaving); the fastest pass of each side counts, and for the
  // ratios the faster of date-holidays' two figures is used, so that they err in its favour.
  const bestPass = (fn: () => void, count: number) => {
    let best = Infinity;
    for (let i = 0; i < count; i++) {
      collect();
      const t = performance.now();
      fn();
      best = Math.min(best, performance.now() - t);
    }
    return best;
  };
  const theirsContiguousMs = bestPass(() => {
    for (let y = first; y <= last; y++) sink += hd.getHolidays(y).length;
  }, 3);
  const oursWarmContiguousMs = bestPass(() => {
    for (let y = first; y <= last; y++) sink += holidaysOfYear(y).length;
  }, 20);
  theirsMs = Math.min(theirsMs, theirsContiguousMs);
  oursWarmMs = Math.max(oursWarmMs, oursWarmContiguousMs);
  console.log(JSON.stringify({ first, last, years, oursColdMs, oursWarmMs, theirsMs, sink }));
} else if (mode === "period") {
  const { dayFromCivil, period } = await import("swedish-calendar/core");
  const t0 = performance.now();
  period(dayFromCivil(2024, 1, 1), dayFromCivil(2024, 12, 31), "inclusive");
  const t1 = performance.now();
  period(dayFromCivil(9799, 12, 31), dayFromCivil(9999, 12, 31), "inclusive");
  const t2 = performance.now();
  console.log(JSON.stringify({ first2024Ms: t1 - t0, thenTo9999Ms: t2 - t1 }));
} else {
  console.error(`unknown mode '${mode}'`);
  process.exit(2);
}
