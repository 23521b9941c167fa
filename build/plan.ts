/**
 * The build's plan, inspectable without writing anything: the tasks of a build, every path it will write, and how
 * many entries each directory of the publish folder will hold. Netlify refuses a deploy with more than
 * MAX_FILES_PER_DIRECTORY files in one directory, so build/materialise.ts checks the plan before it writes a file.
 *
 * The paths come from the same recipes the build writes (build/generate.ts, without computing bodies), so the plan
 * follows build/layout.ts wherever it puts a file. Listing the paths of every year with every date takes about a second.
 */
import { type DayNumber, dayFromCivil, FIRST_YEAR, LAST_YEAR, toIsoDate } from "swedish-calendar/core";
import { dayFilePath } from "./generate.js";
import {
  filesOfYears,
  INDEX_PATH,
  indexPartOf,
  indexPartPath,
  MANIFEST_PATH,
  MAX_FILES_PER_DIRECTORY,
  SINGLE_FILES,
} from "./layout.js";
import { forEachTaskPath, type Task } from "./process.js";

/** A window of per-date Day files: day numbers, inclusive. */
export interface DaysWindow {
  first: DayNumber;
  last: DayNumber;
}

export interface PlanOptions {
  /** default FIRST_YEAR */
  fromYear?: number;
  /** default LAST_YEAR */
  toYear?: number;
  /** null = no per-date files */
  days: DaysWindow | null;
}

const YEARS_PER_TASK = 20;
const DAYS_PER_TASK = 7305;

/** The build's units of work (dealt out to the workers) and the number of files they write. */
export function planTasks(options: PlanOptions): { tasks: Task[]; total: number } {
  const { fromYear = FIRST_YEAR, toYear = LAST_YEAR, days } = options;
  const tasks: Task[] = [];
  let total = 0;
  for (let y = fromYear; y <= toYear; y += YEARS_PER_TASK) {
    const to = Math.min(toYear, y + YEARS_PER_TASK - 1);
    tasks.push({ type: "years", from: y, to });
    total += filesOfYears(y, to);
  }
  if (days) {
    for (let n = days.first; n <= days.last; n += DAYS_PER_TASK) {
      const last = Math.min(days.last, n + DAYS_PER_TASK - 1);
      tasks.push({ type: "days", first: n, last });
      total += last - n + 1;
    }
  }
  tasks.push({ type: "singles" });
  total += SINGLE_FILES;
  return { tasks, total };
}

/**
 * Visits every path the build writes (relative to the publish folder): its tasks' files, the index's parts (one for
 * each part that lists a file: build/generate.ts datasetIndex), the index's root, the manifest.
 */
export function forEachPlannedPath(options: PlanOptions, visit: (path: string) => void): void {
  const parts = new Set<string>();
  // consecutive files mostly share a year: its part is looked up once per run of them
  let lastYear: number | undefined | null = null;
  const visitFile = (path: string, year: number | undefined) => {
    visit(path);
    if (year === lastYear) return;
    lastYear = year;
    parts.add(indexPartOf(year));
  };
  for (const task of planTasks(options).tasks) forEachTaskPath(task, visitFile);
  for (const part of parts) visit(indexPartPath(part));
  visit(INDEX_PATH);
  visit(MANIFEST_PATH);
}

/** The publish folder itself, as a key of directoryCounts(). */
export const PUBLISH_ROOT = "";

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? PUBLISH_ROOT : path.slice(0, slash);
}

/**
 * Counts the entries of each directory as paths are added: a directory's files and its subdirectories (a year's
 * folder is one entry of v3/data/). Counting subdirectories errs on the safe side of a limit on files.
 */
class DirectoryCounter {
  private readonly counts = new Map<string, number>();
  private readonly known = new Set<string>([PUBLISH_ROOT]);
  /** consecutive paths mostly share a directory (a year's files, a run of dates): counted here, then flushed */
  private current: string | undefined;
  private pending = 0;
  private most = 0;

  readonly add = (path: string): void => {
    const slash = path.lastIndexOf("/");
    const current = this.current;
    if (current !== undefined && slash === current.length && path.startsWith(current)) {
      this.pending++;
      return;
    }
    this.flush();
    const directory = slash < 0 ? PUBLISH_ROOT : path.slice(0, slash);
    this.current = directory;
    this.pending = 1;
    for (let d = directory; !this.known.has(d); d = parentOf(d)) {
      this.known.add(d);
      this.bump(parentOf(d), 1);
    }
  };

  /** the entries of each directory */
  entries(): Map<string, number> {
    this.flush();
    return this.counts;
  }

  /** the largest count so far */
  largest(): number {
    this.flush();
    return this.most;
  }

  private flush(): void {
    if (this.current !== undefined && this.pending > 0) this.bump(this.current, this.pending);
    this.pending = 0;
  }

  private bump(directory: string, by: number): void {
    const count = (this.counts.get(directory) ?? 0) + by;
    this.counts.set(directory, count);
    if (count > this.most) this.most = count;
  }
}

/**
 * The number of entries (files and subfolders) the build puts in each directory of the publish folder, by the
 * directory's path relative to it (PUBLISH_ROOT for the folder itself, e.g. "v3/data/days"). Pure: writes nothing,
 * reads no clock. Only the dataset's files are counted, not the site's (npm run build:site adds a few at the root).
 */
export function directoryCounts(options: PlanOptions): Map<string, number> {
  const counter = new DirectoryCounter();
  forEachPlannedPath(options, counter.add);
  return counter.entries();
}

export interface CrowdedDirectory {
  directory: string;
  entries: number;
}

/** The directories a build with these options would fill beyond `limit`, most crowded first. */
export function crowdedDirectories(options: PlanOptions, limit = MAX_FILES_PER_DIRECTORY): CrowdedDirectory[] {
  return [...directoryCounts(options)]
    .filter(([, entries]) => entries > limit)
    .map(([directory, entries]) => ({ directory, entries }))
    .sort((a, b) => b.entries - a.entries);
}

/**
 * `--days max`: the widest window of whole years starting on 1 January of FIRST_YEAR whose per-date files, together with
 * every year's files of the range, keep each directory within `limit` (so it fits any narrower year range too). Derived
 * from the limit and the layout, not written down: with 54,000 and v3/data/days/ it ends on 31 December 2076.
 */
export function widestDaysWindow(limit = MAX_FILES_PER_DIRECTORY): DaysWindow | null {
  if (!widest.has(limit)) widest.set(limit, searchWidestDaysWindow(limit));
  const window = widest.get(limit)!;
  return window && { ...window };
}

const widest = new Map<number, DaysWindow | null>();

function searchWidestDaysWindow(limit: number): DaysWindow | null {
  const counter = new DirectoryCounter();
  forEachPlannedPath({ days: null }, counter.add);
  if (counter.largest() > limit) return null;
  const first = dayFromCivil(FIRST_YEAR, 1, 1);
  let window: DaysWindow | null = null;
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const last = dayFromCivil(year, 12, 31);
    for (let n = dayFromCivil(year, 1, 1); n <= last; n++) counter.add(dayFilePath(n));
    // counts only grow as years are added: the first year that overflows ends the search
    if (counter.largest() > limit) break;
    window = { first, last };
  }
  return window;
}

const format = (n: number) => n.toLocaleString("en-US");

function describeDirectory(directory: string): string {
  return directory === PUBLISH_ROOT ? "the publish folder" : `${directory}/`;
}

/** A build refused by its plan: Netlify would not deploy what it would write. */
export class DeployLimitError extends Error {
  override name = "DeployLimitError";
}

/**
 * Throws DeployLimitError, naming each directory, its count and the limit, when a build with these options would put more than
 * MAX_FILES_PER_DIRECTORY files into one directory; Netlify would refuse to deploy it.
 */
export function assertDeployable(options: PlanOptions): void {
  const crowded = crowdedDirectories(options);
  if (crowded.length === 0) return;
  const withoutDays = options.days ? directoryCounts({ ...options, days: null }) : new Map<string, number>();
  const widest = widestDaysWindow();
  const lines = crowded.map(({ directory, entries }) => {
    const rest = withoutDays.get(directory) ?? 0;
    const cure =
      options.days && rest <= MAX_FILES_PER_DIRECTORY
        ? `choose a narrower --days window than ${windowText(options.days)}` +
          (widest
            ? ` (--days max is the widest that fits: ${windowText(widest)}), or --days none;`
            : ", or --days none;") +
          " dates outside the window are answered by the v3 function"
        : "this happens without per-date files too: build/layout.ts must spread these files over more directories";
    return `  ${describeDirectory(directory)} would hold ${format(entries)} files: ${cure}`;
  });
  throw new DeployLimitError(
    `the dataset would not deploy: Netlify refuses a deploy with more than ${format(MAX_FILES_PER_DIRECTORY)} files in one ` +
      `directory, and this build (years ${options.fromYear ?? FIRST_YEAR}-${options.toYear ?? LAST_YEAR}, days ` +
      `${options.days ? windowText(options.days) : "none"}) exceeds it; nothing was written.\n${lines.join("\n")}`,
  );
}

export function windowText(window: DaysWindow): string {
  return `${toIsoDate(window.first)}..${toIsoDate(window.last)}`;
}
