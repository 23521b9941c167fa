/**
 * The installed package (./install.ts) as tools use it: the CLI from the install (--json is the library's result, bad
 * input exits 2 with one line on stderr); publint and @arethetypeswrong/cli report no errors; esbuild bundles "." and
 * "./ics" for the browser with no Node built-in.
 */
import { execFile, execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import {
  DUE_DATE_RULES,
  CONVENTIONS as ENGINE_CONVENTIONS,
  FIRST_YEAR,
  LAST_YEAR,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
} from "swedish-calendar/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserBundle as bundleForBrowser } from "../../build/browser-bundle.js";
import { BAD_RUNS, JSON_RUNS } from "./cli-cases.js";
import { runConsumer } from "./consumer.js";
import { BIN, cleanEnv, type Installed, packAndInstall } from "./install.js";
import type { Call } from "./sample-checks.js";

const run = promisify(execFile);

/** Maps with at most `limit` calls under way (the CLI runs are child processes). */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

let pkg: Installed;
beforeAll(() => {
  pkg = packAndInstall();
}, 180_000);
afterAll(() => pkg?.cleanup());

describe("the packed package, installed in a fresh project, used by tools", () => {
  describe("(c) the CLI from the install", () => {
    const cli = (args: string[]) =>
      run(join(pkg.app, "node_modules/.bin/swedish-calendar"), args, {
        cwd: pkg.app,
        env: cleanEnv(),
        maxBuffer: 64 << 20,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    /** The installed library's results, by call, from the consumer script. */
    const libraryResults = (calls: Call[]): string[] => {
      return runConsumer(pkg.app, "cli-", { calls, folded: [], unpropertied: "" }).results.map((r) => {
        if (!("value" in r)) throw new Error(JSON.stringify(r));
        return r.value;
      });
    };

    it("--json prints exactly JSON.stringify of the library's result (and --lang does not change it)", async () => {
      const expected = libraryResults(JSON_RUNS.map(([, call]) => call));
      const outs = await mapLimited(JSON_RUNS, 4, ([args], i) =>
        cli([...args, "--json", ...(i % 2 ? ["--lang", "en"] : [])]),
      );
      for (const [i, [args]] of JSON_RUNS.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stderr: out.stderr }).toEqual({ args, code: 0, stderr: "" });
        expect(out.stdout, args.join(" ")).toBe(expected[i] + "\n");
      }
    }, 60_000);

    it("ics writes the library's feed as it is; every option is passed on", async () => {
      const runs: [string[], Record<string, boolean | string[]>][] = [
        [["ics", "2026"], {}],
        [
          [
            "ics",
            "2026",
            "2027",
            "--bridge",
            "--half",
            "--saturdays",
            "--sundays",
            "--flags",
            "--busy",
            "--no-defacto",
          ],
          { bridge: true, half: true, saturdays: true, sundays: true, flags: true, busy: true, defacto: false },
        ],
        [["ics", "1930", "2129", "--half"], { half: true }],
        [["ics", "2026", "--due", "tax-account,salary-25"], { due: ["tax-account", "salary-25"] }],
      ];
      const expected = libraryResults(
        runs.map(([args, options]) => [
          "./ics",
          "icsFeed",
          +args[1],
          +(args[2]?.match(/^\d{4}$/) ? args[2] : args[1]),
          options,
        ]),
      );
      for (const [i, [args]] of runs.entries()) {
        const out = await cli(args);
        expect(out.code).toBe(0);
        expect(out.stdout).toBe(JSON.parse(expected[i]));
        expect(out.stdout.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
      }
    }, 60_000);

    it("prints readable tables, in Swedish by default and in English with --lang en", async () => {
      const sv = await cli(["day", "2026-06-19"]);
      expect(sv.code).toBe(0);
      expect(sv.stdout).toMatch(/2026-06-19 fredag/);
      expect(sv.stdout).toMatch(/Midsommarafton/);
      expect(sv.stdout).toMatch(/Arbetsdag:\s+nej/);
      const en = await cli(["day", "2026-06-19", "--lang", "en"]);
      expect(en.stdout).toMatch(/2026-06-19 Friday/);
      expect(en.stdout).toMatch(/Midsummer Eve/);
      expect(en.stdout).toMatch(/Working day:\s+no/);

      const holidayTable = (await cli(["holidays", "2026"])).stdout.split("\n");
      expect(holidayTable[0]).toMatch(/^Datum\s+Veckodag\s+Vecka\s+Typ\s+Namn$/);
      expect(holidayTable.filter((l) => /^\d{4}-\d\d-\d\d /.test(l))).toHaveLength(18);
      expect(holidayTable).toContainEqual(
        expect.stringMatching(/^2026-06-06\s+lördag\s+23\s+allmän helgdag\s+Sveriges nationaldag$/),
      );
      expect(holidayTable.at(-2)).toBe("18 dagar");

      const bridge = (await cli(["bridge-days", "2026"])).stdout;
      expect([...bridge.matchAll(/^(\d{4}-\d\d-\d\d)/gm)].map((m) => m[1])).toEqual([
        "2026-01-02",
        "2026-01-05",
        "2026-05-15",
      ]);
      expect(bridge).toMatch(/3 klämdagar/);
      expect((await cli(["half-days", "2026", "--lang", "en"])).stdout).toMatch(
        /^2026-01-05\s+Monday\s+2\s+Epiphany$/m,
      );
      const period = (await cli(["period", "2026-01-01", "2026-12-31"])).stdout;
      expect(period).toMatch(/^Arbetsdagar:\s+251$/m);
      expect(period).toMatch(/^Klämdagar:\s+3$/m);
      const shift = (await cli(["shift", "2026-01-31", "1m", "10b", "--postpone", "--lang", "en"])).stdout;
      expect(shift).toMatch(/\+1m → 2026-02-28 Saturday \(clamped to the end of the month\)/);
      expect(shift).toMatch(/^Result:\s+2026-03-13 Friday \(working day\)$/m);
      expect((await cli(["long-weekends", "2026"])).stdout).toMatch(
        /^2026-05-14\s+2026-05-17\s+4\s+2026-05-15\s+Kristi himmelsfärdsdag$/m,
      );
      expect((await cli(["leave", "2026-05-11", "2026-05-17", "1"])).stdout).toMatch(
        /^2026-05-14\s+2026-05-17\s+4\s+2026-05-15$/m,
      );
      expect((await cli(["flag-days", "2026", "--lang", "en"])).stdout).toMatch(
        /^2026-06-06\s+Saturday\s+National Day of Sweden and Swedish Flag Day\s+National Day of Sweden$/m,
      );

      // working time: the Swedish name and the English one are the same command
      const arbetstid = (await cli(["arbetstid", "2026", "--profile", "state"])).stdout.split("\n");
      expect(arbetstid[0]).toBe(
        "Arbetstid 2026: 40 timmar i veckan, 8 h per arbetsdag, profil: Statligt anställda med kontorsarbetstid",
      );
      expect(arbetstid[2]).toMatch(/^Månad\s+Arbetsdagar\s+Timmar\s+Förkortade dagar$/);
      expect(arbetstid).toContainEqual(expect.stringMatching(/^januari\s+20\s+156\s+01-05 Trettondagsafton −4 h$/));
      expect(arbetstid).toContainEqual(
        expect.stringMatching(/^april\s+20\s+156\s+04-02 Skärtorsdagen −2 h, 04-30 Valborgsmässoafton −2 h$/),
      );
      expect(arbetstid).toContainEqual(expect.stringMatching(/^december\s+20\s+160$/));
      expect(arbetstid).toContainEqual(expect.stringMatching(/^Kvartal 2\s+60\s+476$/));
      expect(arbetstid.at(-2)).toMatch(/^Hela året\s+251\s+1996$/);
      const workingTimeEn = (
        await cli(["working-time", "2027", "--weekly", "38.25", "--profile", "state", "--lang", "en"])
      ).stdout.split("\n");
      expect(workingTimeEn[0]).toBe(
        "Working time 2027: 38.25 hours a week, 7 h 39 min a working day, profile: State employees with office hours",
      );
      expect(workingTimeEn).toContainEqual(
        expect.stringMatching(/^January\s+19\s+141\.52\s+01-05 Twelfth Night −3 h 50 min$/),
      );
      expect(workingTimeEn).toContainEqual(
        expect.stringMatching(/^March\s+21\s+158\.73\s+03-25 Maundy Thursday −1 h 55 min$/),
      );
      expect(workingTimeEn.at(-2)).toMatch(/^Year\s+253\s+1922\.03$/);
      // a decimal comma in Swedish
      expect((await cli(["arbetstid", "2027", "--weekly", "38.25"])).stdout).toMatch(
        /^Arbetstid 2027: 38,25 timmar i veckan, 7 h 39 min per arbetsdag, .*\n[\s\S]*^januari\s+19\s+145,35$/m,
      );
    }, 60_000);

    it("bad input and usage errors: exit 2, exactly one line on stderr, nothing on stdout, in the output's language", async () => {
      const outs = await mapLimited(BAD_RUNS, 4, ([args]) => cli(args));
      for (const [i, [args, message]] of BAD_RUNS.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stdout: out.stdout }).toEqual({ args, code: 2, stdout: "" });
        expect(out.stderr.endsWith("\n") && out.stderr.split("\n").length === 2, JSON.stringify(out.stderr)).toBe(true);
        expect(out.stderr.startsWith("swedish-calendar: "), out.stderr).toBe(true);
        const line = out.stderr.slice("swedish-calendar: ".length, -1);
        if (typeof message === "string") expect(line).toBe(message);
        else expect(line).toMatch(message);
        expect(out.stderr).not.toMatch(/\n\s+at /);
        // none of the library's argument names, none of the API's wording
        expect(line, args.join(" ")).not.toMatch(
          /'(fromYear|toYear|from|to|add|days|year|date|code|schedule|due|bounds)'|does not swap|must not be earlier/,
        );
      }
    }, 60_000);

    it("--help: at the top level and on every command, exit 0 on stdout; npx finds the bin", async () => {
      const top = await run("npx", ["--no-install", "swedish-calendar", "--help"], { cwd: pkg.app, env: cleanEnv() });
      expect(top.stderr.replace(/^npm warn .*\n/gim, "")).toBe("");
      const commands = [
        "day",
        "holidays",
        "bridge-days",
        "half-days",
        "period",
        "shift",
        "long-weekends",
        "leave",
        "flag-days",
        "ics",
        "adjust",
        "due-dates",
        "working-time",
        "arbetstid",
      ];
      // a command's other name (arbetstid) is in its summary, not a line of its own
      for (const command of commands.filter((c) => c !== "arbetstid"))
        expect(top.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
      expect(top.stdout).toMatch(/^ {2}working-time .*\(alias: arbetstid\)$/m);
      const runs = commands.flatMap((command) =>
        [
          [command, "--help"],
          ["help", command],
          [command, "2026", "-h"],
        ].map((args) => ({ command, args })),
      );
      const outs = await mapLimited(runs, 4, ({ args }) => cli(args));
      for (const [i, { command, args }] of runs.entries()) {
        const out = outs[i];
        expect({ args, code: out.code, stderr: out.stderr }).toEqual({ args, code: 0, stderr: "" });
        expect(out.stdout.startsWith(`Usage: swedish-calendar ${command} `), out.stdout).toBe(true);
        expect(out.stdout).toMatch(/Example: swedish-calendar /);
      }
    }, 60_000);

    it("--help states the engine's values and bounds, as the engine declares them (conventions, schedules, years, limits)", async () => {
      const [top, adjust, due, ics, leave, shift] = await Promise.all(
        [[], ["adjust"], ["due-dates"], ["ics"], ["leave"], ["shift"]].map((c) => cli([...c, "--help"])),
      );
      expect(top.stdout).toContain(`What every date from ${FIRST_YEAR} to ${LAST_YEAR} is in Sweden`);
      expect(adjust.stdout).toContain(`Conventions (QuantLib's): ${ENGINE_CONVENTIONS.join(", ")}.`);
      const codes = DUE_DATE_RULES.map((r) => r.code).join(", ");
      expect(top.stdout).toContain(`the due dates of a year: ${codes}, or <day>:<convention>`);
      expect(due.stdout).toMatch(/^Usage: swedish-calendar due-dates /);
      expect(ics.stdout).toContain(`(a comma list: ${codes})`);
      expect(top.stdout).toContain(`the iCalendar feed of the years (at most ${MAX_SPAN_YEARS})`);
      expect(top.stdout).toContain(
        `the best use of 1 to ${MAX_LEAVE_DAYS} leave days between two dates (at most ${MAX_PLAN_DAYS} days)`,
      );
      expect(leave.stdout).toMatch(/^Usage: swedish-calendar leave /);
      expect(shift.stdout).toContain(`At most ${MAX_STEPS} steps.`);
    }, 60_000);
  });

  describe("(d) publint and @arethetypeswrong/cli", () => {
    it("publint: no errors, no warnings on the installed files", async () => {
      const { messages, pkg: meta } = await publint({
        pkgDir: pkg.installedDir,
        pack: false,
        level: "warning",
        strict: true,
      });
      expect(messages.map((m) => `${m.type}: ${formatMessage(m, meta)}`)).toEqual([]);
    });

    it("publint's check can fail: a bin that is not in the package is an error", async () => {
      const dir = join(pkg.temp, "broken-package");
      execFileSync("cp", ["-r", pkg.installedDir, dir]);
      execFileSync("rm", [join(dir, "dist/cli.js")]);
      const { messages } = await publint({ pkgDir: dir, pack: false, level: "warning", strict: true });
      expect(messages.filter((m) => m.type === "error").length).toBeGreaterThan(0);
    });

    it("attw on the tarball: no problem for ESM consumers (node16 from ESM, bundler)", async () => {
      // The package is ESM only (type: module, no require condition), as its engines (Node >= 18.7) allow. The esm-only
      // profile leaves out exactly the two resolutions an ESM-only package cannot serve: node16 from CommonJS
      // (CJSResolvesToESM: require() of ESM) and node10 (NoResolution: no `exports` support, so no subpaths). Every
      // other problem fails the check, and so does either of those two anywhere else.
      const out = await run(BIN("attw"), [pkg.tarball, "--profile", "esm-only", "--format", "json"], {
        cwd: pkg.temp,
        maxBuffer: 64 << 20,
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      const report = JSON.parse(out.stdout) as {
        analysis: { entrypoints: Record<string, unknown> };
        problems?: Record<string, { kind: string; entrypoint: string; resolutionKind: string }[]>;
      };
      const problems = Object.values(report.problems ?? {}).flat();
      const outsideProfile = problems.filter(
        (p) =>
          !(p.kind === "CJSResolvesToESM" && p.resolutionKind === "node16-cjs") &&
          !(p.kind === "NoResolution" && p.resolutionKind === "node10"),
      );
      expect(outsideProfile).toEqual([]);
      expect(out.code).toBe(0);
      expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([".", "./core", "./ics", "./package.json"]);
    }, 60_000);
  });

  describe("(e) esbuild bundles it for the browser", () => {
    /** Bundles `contents` (resolved in the consumer project) as the browser build would (build/browser-bundle.ts). */
    const browserBundle = (contents: string) => bundleForBrowser(contents, pkg.app);

    it("the check can fail: a Node built-in is caught", async () => {
      const { builtins } = await browserBundle(`export { readFileSync } from "node:fs";\nexport { join } from "path";`);
      expect(builtins).toEqual(["<stdin>: node:fs", "<stdin>: path"]);
    });

    it.each(["swedish-calendar", "swedish-calendar/ics"])(
      "%s: platform browser, minified ESM, no Node built-in",
      async (entry) => {
        const { result, builtins } = await browserBundle(`export * from "${entry}";`);
        expect(builtins).toEqual([]);
        expect(result.errors).toEqual([]);
        const code = result.outputFiles[0].text;
        expect(code).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b/);
        // the bundle is the installed package, and it works: run it as a module
        const inputs = Object.keys(result.metafile.inputs);
        expect(inputs.some((i) => i.includes("node_modules/swedish-calendar/dist/"))).toBe(true);
        const file = join(pkg.temp, `bundle-${entry.replace(/\W/g, "-")}.mjs`);
        writeFileSync(file, code);
        const probe =
          entry === "swedish-calendar" ? `m.describeDay("2026-06-19").observances[0].code` : `m.icsFeed(2026, 2026)`;
        const answer = execFileSync(
          "node",
          [
            "--input-type=module",
            "-e",
            `const m = await import(${JSON.stringify(file)}); process.stdout.write(${probe});`,
          ],
          { encoding: "utf8" },
        );
        if (entry === "swedish-calendar") expect(answer).toBe("midsummerEve");
        else expect(answer).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*SUMMARY:Midsommarafton\r\n/);
      },
      60_000,
    );
  });
});
