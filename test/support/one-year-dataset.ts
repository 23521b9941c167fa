import { type BuildResult, materialise } from "../../build/materialise.js";

/** One year's dataset files and no Day files, built in this process without progress or log lines. */
export function materialiseYear(out: string, year: number): Promise<BuildResult> {
  return materialise({ out, fromYear: year, toYear: year, days: null, workers: 0, progress: false, log: () => {} });
}
