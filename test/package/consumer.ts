/** The consumer: plain ESM JavaScript in the consumer project, importing the installed package by its name. */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanEnv } from "./install.js";
import type { Call, Outcome, Subpath } from "./sample-checks.js";

/**
 * Runs the calls in the consumer project; answers each with the JSON text of its result or the error it threw.
 * Two pseudo-calls ("foldLine*", "withCalendarProperties*") fold and re-properties lines the test passes in.
 */
const CONSUMER = `
import * as lib from "swedish-calendar";
import * as ics from "swedish-calendar/ics";
import * as core from "swedish-calendar/core";
import { readFileSync, writeFileSync } from "node:fs";

const { calls, folded, unpropertied } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const modules = { ".": lib, "./ics": ics, "./core": core };
const describe = (m) => Object.fromEntries(Object.keys(m).sort().map((k) => [k, typeof m[k]]));
const results = calls.map(([subpath, fn, ...args]) => {
  try {
    let value;
    if (fn === "foldLine*") value = folded.map((line) => core.foldLine(line));
    else if (fn === "withCalendarProperties*") value = core.withCalendarProperties(unpropertied);
    else value = modules[subpath][fn](...args);
    return { value: JSON.stringify(value) };
  } catch (e) {
    return { error: { isCalendarError: e instanceof lib.CalendarError, name: e.name, code: e.code, argument: e.argument, message: e.message } };
  }
});
const error = new lib.CalendarError("invalid-date", "date", "x");
writeFileSync(process.argv[3], JSON.stringify({
  exports: { ".": describe(lib), "./ics": describe(ics) },
  coreKeys: Object.keys(core).sort(),
  icsKeys: Object.keys(ics).sort(),
  oneErrorClass: core.CalendarError === lib.CalendarError,
  errorShape: { isError: error instanceof Error, name: error.name, keys: Object.keys(error) },
  range: [lib.FIRST_YEAR, lib.LAST_YEAR],
  results,
}));
`;

export interface ConsumerOutput {
  exports: Record<Subpath, Record<string, string>>;
  /** Object.keys of "./core" as installed */
  coreKeys: string[];
  icsKeys: string[];
  /** "./core" and "." export one CalendarError class */
  oneErrorClass: boolean;
  errorShape: { isError: boolean; name: string; keys: string[] };
  range: [number, number];
  results: Outcome[];
}

/** Writes the consumer into `app` and runs `calls` there; `name` tells the input and output files apart. */
export function runConsumer(
  app: string,
  name: string,
  input: { calls: Call[]; folded: string[]; unpropertied: string },
): ConsumerOutput {
  writeFileSync(join(app, "consumer.mjs"), CONSUMER);
  writeFileSync(join(app, `${name}calls.json`), JSON.stringify(input));
  execFileSync("node", ["consumer.mjs", `${name}calls.json`, `${name}results.json`], {
    cwd: app,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(readFileSync(join(app, `${name}results.json`), "utf8"));
}
