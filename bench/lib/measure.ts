import { readFileSync } from "node:fs";
/** Measuring helpers shared by the benchmarks: timing in process (bench/engine.ts, bench/timeoff.ts), and wrk runs and the CPU of processes (bench/http.ts, bench/scale.ts, bench/cpu.ts). */

/** Median and slowest time per call in microseconds, over `batches` batches of `perBatch` calls, after a warm-up of `warmupBatches` batches. */
export function timePerCall(
  fn: (i: number) => unknown,
  perBatch: number,
  batches = 25,
  warmupBatches = 5,
): { median: number; max: number } {
  let sink = 0;
  for (let i = 0; i < perBatch * warmupBatches; i++) sink += fn(i) ? 1 : 0;
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t = performance.now();
    for (let i = 0; i < perBatch; i++) sink += fn(i) ? 1 : 0;
    samples.push(((performance.now() - t) * 1000) / perBatch);
  }
  samples.sort((a, c) => a - c);
  if (sink < 0) console.log(sink);
  return { median: samples[samples.length >> 1], max: samples[samples.length - 1] };
}

/** Deterministic pseudo-random numbers, so that every run measures the same inputs. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const us = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) + " µs";

/** A row of a benchmark's table: what was measured, the figure, its target and whether it was met (null: no target). */
export interface Row {
  benchmark: string;
  measured: string;
  target: string;
  ok: boolean | null;
}

/** Prints the rows as a Markdown table. */
export function printTable(rows: Row[]): void {
  const head = ["benchmark", "measured", "target", ""];
  const body = rows.map((r) => [r.benchmark, r.measured, r.target, r.ok === null ? "" : r.ok ? "ok" : "MISSED"]);
  const widths = head.map((_, i) => Math.max(head[i].length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => "| " + cells.map((cell, i) => cell.padEnd(widths[i])).join(" | ") + " |";
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const b of body) console.log(line(b));
}

/** CPU seconds of this process's finished children (the wrk runs), from /proc/self/stat; undefined without /proc. */
export function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds a process has used (user + system, every thread), from /proc/<pid>/stat (Linux; clock ticks of
 * 1/100 s); undefined where /proc is not there or the process is gone.
 */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The process ids of a process's children (node:cluster's workers of a primary), from /proc; [] without /proc. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A wrk latency figure (`812.00us`, `1.20ms`, `2.01s`) in milliseconds. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === "us" ? value / 1000 : m[2] === "s" ? value * 1000 : value;
}
