/**
 * What changed between two builds of the static dataset: the files whose bytes differ, and the dates whose answers
 * changed. CHANGELOG.md's entry for a data correction is written from this list (docs/static-dataset.md#corrections).
 *
 *   npm run data:diff -- OLD NEW [--json]
 *
 * OLD and NEW are publish folders (public/ as `npm run build:data` leaves it, or a copy). The files are read from
 * each build's index (v3/data/index.json and its parts: every file's content hash), so only the files whose hashes
 * differ are opened. A file's dates: in JSON, each object with a `date` (a Day, wherever it sits) and each object
 * with a `start` and an `end` (a long weekend: every date it spans); in iCalendar, each event's DTSTART; in CSV, each
 * row whose first field is a date (days.csv: a row per date). A date is listed when what a file says of it differs
 * between the builds.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CORRECTIONS, fromIsoDate, toIsoDate } from "swedish-calendar/core";
import { readCommandLine } from "./command-line.js";
import { INDEX_PATH } from "./layout.js";

export interface FileChange {
  path: string;
  change: "changed" | "added" | "removed";
  /** the dates whose answer in this file differs, sorted */
  dates: string[];
}

export interface DatasetDiff {
  /** every file whose bytes differ, in path order */
  files: FileChange[];
  /** every date whose answer changed in some file, sorted */
  dates: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A long weekend spans a few days; a longer `start`..`end` is no run of days and is not expanded. */
const MAX_SPAN_DAYS = 31;

/** path -> content hash of every file a build's index lists. */
export function indexedFiles(folder: string): Map<string, string> {
  const read = (path: string) => JSON.parse(readFileSync(join(folder, path), "utf8"));
  let root: { parts?: Record<string, string> };
  try {
    root = read(INDEX_PATH);
  } catch (error) {
    throw new Error(`${folder} holds no dataset index (${INDEX_PATH}): build it with npm run build:data`, {
      cause: error,
    });
  }
  const files = new Map<string, string>();
  for (const part of Object.keys(root.parts ?? {})) {
    for (const [path, hash] of Object.entries((read(part) as { files: Record<string, string> }).files))
      files.set(path, hash);
  }
  return files;
}

/** What a file's text says of each date it names: date -> the pieces of text about it, joined. */
export function datesOfFile(path: string, text: string): Map<string, string> {
  const said = new Map<string, string[]>();
  const say = (date: string, piece: string) => {
    const list = said.get(date);
    if (list) list.push(piece);
    else said.set(date, [piece]);
  };
  if (path.endsWith(".ics")) {
    for (const block of text.split("BEGIN:VEVENT\r\n").slice(1)) {
      const start = /^DTSTART(?:;[^:\r\n]*)?:(\d{4})(\d{2})(\d{2})/m.exec(block);
      if (start) say(`${start[1]}-${start[2]}-${start[3]}`, block);
    }
  } else if (path.endsWith(".csv")) {
    for (const row of text.split("\r\n")) {
      const first = row.slice(0, 10);
      if (ISO_DATE.test(first) && row.charAt(10) === ",") say(first, row);
    }
  } else if (path.endsWith(".json")) {
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) {
        value.forEach(visit);
        return;
      }
      if (value === null || typeof value !== "object") return;
      const o = value as Record<string, unknown>;
      if (typeof o.date === "string" && ISO_DATE.test(o.date)) {
        say(o.date, JSON.stringify(o));
        return;
      }
      if (typeof o.start === "string" && typeof o.end === "string" && ISO_DATE.test(o.start) && ISO_DATE.test(o.end)) {
        const [first, last] = [fromIsoDate(o.start), fromIsoDate(o.end)];
        if (first <= last && last - first < MAX_SPAN_DAYS) {
          const piece = JSON.stringify(o);
          for (let n = first; n <= last; n++) say(toIsoDate(n), piece);
          return;
        }
      }
      Object.values(o).forEach(visit);
    };
    visit(JSON.parse(text));
  }
  return new Map([...said].map(([date, pieces]) => [date, pieces.join("\n")]));
}

/** The dates on which two versions of a file (undefined: absent) say different things. */
function changedDates(path: string, before: string | undefined, after: string | undefined): string[] {
  const a = before === undefined ? new Map<string, string>() : datesOfFile(path, before);
  const b = after === undefined ? new Map<string, string>() : datesOfFile(path, after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((d) => a.get(d) !== b.get(d)).sort();
}

/** The difference between the datasets built into two publish folders. */
export function diffDatasets(oldFolder: string, newFolder: string): DatasetDiff {
  const before = indexedFiles(oldFolder);
  const after = indexedFiles(newFolder);
  const text = (folder: string, path: string) => readFileSync(join(folder, path), "utf8");
  const files: FileChange[] = [];
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const [x, y] = [before.get(path), after.get(path)];
    if (x === y) continue;
    const old = x === undefined ? undefined : text(oldFolder, path);
    const now = y === undefined ? undefined : text(newFolder, path);
    files.push({
      path,
      change: x === undefined ? "added" : y === undefined ? "removed" : "changed",
      dates: changedDates(path, old, now),
    });
  }
  return { files, dates: [...new Set(files.flatMap((f) => f.dates))].sort() };
}

/** The diff as the command prints it: the files with their dates, the dates, and the corrections on record for their years. */
export function formatDiff(diff: DatasetDiff): string {
  const lines: string[] = [];
  const count = (change: FileChange["change"]) => diff.files.filter((f) => f.change === change).length;
  lines.push(
    `files: ${diff.files.length} (${count("changed")} changed, ${count("added")} added, ${count("removed")} removed)`,
  );
  for (const f of diff.files)
    lines.push(`  ${f.change.padEnd(7)} ${f.path}${f.dates.length ? `: ${f.dates.join(" ")}` : ""}`);
  lines.push(`dates whose answers changed: ${diff.dates.length}`);
  for (const date of diff.dates) lines.push(`  ${date}`);
  const years = new Set(diff.dates.map((d) => +d.slice(0, 4)));
  const recorded = CORRECTIONS.filter((c) => c.years.some((y) => years.has(y)));
  if (recorded.length) {
    lines.push("corrections on record for these years (engine/corrections.ts):");
    for (const c of recorded) lines.push(`  ${c.date}: ${c.years.join(", ")} (${c.codes.join(", ")})`);
  }
  return lines.join("\n") + "\n";
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const usage = "npm run data:diff -- OLD NEW [--json]  (two publish folders, each built by npm run build:data)";
  const { folders, json } = readCommandLine("data:diff", usage, () => {
    const { values, positionals } = parseArgs({
      options: { json: { type: "boolean" } },
      strict: true,
      allowPositionals: true,
    });
    if (positionals.length !== 2) throw new Error(`two folders expected, got ${positionals.length}`);
    return { folders: positionals.map((p) => resolve(p)), json: values.json === true };
  });
  let diff: DatasetDiff;
  try {
    diff = diffDatasets(folders[0], folders[1]);
  } catch (error) {
    process.stderr.write(`data:diff: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.stdout.write(json ? JSON.stringify(diff, null, 2) + "\n" : formatDiff(diff));
}
