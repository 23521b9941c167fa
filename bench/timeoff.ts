/**
 * Time-off benchmarks. Targets on the 2-core reference machine:
 *  - a leave plan for a whole year with a 60-day budget, each objective: well under 1 ms (warm, median);
 *  - a year's long weekends: measured, no target (a per-year file of the dataset; the function answers an omitted year).
 * Random years 1930-9999 from a fixed seed, so every run measures the same inputs. Prints a table.
 */
import { performance } from "node:perf_hooks";
import {
  dayFromCivil,
  FIRST_YEAR,
  LAST_YEAR,
  type LeaveObjective,
  leavePlan,
  longWeekendsOfYear,
} from "swedish-calendar/core";
import { serializeJson } from "../contract/serialize.js";
import { lcg, printTable, type Row, timePerCall, us } from "./lib/measure.js";

export async function run(): Promise<void> {
  const rows: Row[] = [];
  const rnd = lcg(11);
  const years = Array.from({ length: 256 }, () => FIRST_YEAR + Math.floor(rnd() * (LAST_YEAR - FIRST_YEAR + 1)));
  const spans = years.map((y) => ({ from: dayFromCivil(y, 1, 1), to: dayFromCivil(y, 12, 31) }));

  // long weekends first: the first call of a year builds its template (shared by the years of its shape)
  const t = performance.now();
  const coldYears = Array.from({ length: 200 }, () => FIRST_YEAR + Math.floor(rnd() * (LAST_YEAR - FIRST_YEAR + 1)));
  for (const y of coldYears) longWeekendsOfYear(y);
  const lwCold = ((performance.now() - t) * 1000) / coldYears.length;
  const lw = timePerCall((i) => longWeekendsOfYear(years[i & 255]), 500);
  rows.push({
    benchmark: "long weekends of a year, random years (warm, median)",
    measured: us(lw.median),
    target: "",
    ok: null,
  });
  rows.push({ benchmark: "  slowest batch", measured: us(lw.max), target: "", ok: null });
  rows.push({
    benchmark: "  first years touched in this process (mean; some templates built)",
    measured: us(lwCold),
    target: "",
    ok: null,
  });

  for (const objective of ["most", "longest"] as LeaveObjective[]) {
    const p = timePerCall((i) => leavePlan(spans[i & 255].from, spans[i & 255].to, 60, objective), 200);
    rows.push({
      benchmark: `leave plan, whole year, 60 days, ${objective} (warm, median)`,
      measured: us(p.median),
      target: "≤ 1000 µs",
      ok: p.median <= 1000,
    });
    rows.push({ benchmark: "  slowest batch", measured: us(p.max), target: "", ok: null });
  }
  // the widest span and the largest table: 366 days of a leap year
  const leap = { from: dayFromCivil(2024, 1, 1), to: dayFromCivil(2024, 12, 31) };
  const wide = timePerCall(() => leavePlan(leap.from, leap.to, 60, "most"), 200);
  rows.push({
    benchmark: "leave plan, 2024 (366 days), 60 days, most (warm, median)",
    measured: us(wide.median),
    target: "",
    ok: null,
  });
  const small = timePerCall((i) => leavePlan(spans[i & 255].from, spans[i & 255].to, 5, "most"), 500);
  rows.push({
    benchmark: "leave plan, whole year, 5 days, most (warm, median)",
    measured: us(small.median),
    target: "",
    ok: null,
  });
  const serialised = timePerCall(
    (i) => serializeJson(leavePlan(spans[i & 255].from, spans[i & 255].to, 60, "most")),
    200,
  );
  rows.push({
    benchmark: "leave plan, whole year, 60 days, most, serialised (warm, median)",
    measured: us(serialised.median),
    target: "",
    ok: null,
  });

  printTable(rows);
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
  if (rows.some((r) => r.ok === false)) console.log("timeoff: a target was MISSED");
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
