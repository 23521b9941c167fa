/**
 * The command-line tool (engine/cli/), which as part of the engine cannot import the parameter declarations
 * (contract/parameters.ts): each argument reader it has for a parameter of the API (years, dates, conventions,
 * `--bounds`, leave days, schedules and the day of a rule, `--due`, steps) accepts exactly what the declaration's reader
 * accepts, and its help states the bounds and values the declarations' schemas give.
 */
import fc from "fast-check";
import { CONVENTIONS, LAST_DAY_OF_MONTH, WORKING_TIME_PROFILES } from "swedish-calendar/core";
import { describe, expect, it } from "vitest";
import { PARAMETERS, type ParameterKey } from "../../contract/parameters.js";
import { COMMANDS, commandHelp, topHelp } from "../../engine/cli/commands.js";
import { conventionOf, dateArg, type Invocation, MESSAGES, UsageError, yearArg } from "../../engine/cli/messages.js";
import { RUNS, rawText, reads } from "./parameter-values.js";

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// The command-line tool (engine/cli/): the engine's, which cannot read the declarations, so compared with them here
// ---------------------------------------------------------------------------------------------------------------

/** An invocation of a command as the CLI's parse hands it over (English messages). */
const invocation = (args: string[], values: Record<string, string> = {}): Invocation => ({
  args,
  flags: new Set(),
  values: new Map(Object.entries(values)),
  lang: "en",
  say: MESSAGES.en,
});

/** Whether the CLI accepts: it returns, or refuses with its UsageError (exit 2); `also` names refusals that are not of the value's form. */
function cliAccepts(call: () => unknown, also: readonly string[] = []): boolean {
  try {
    call();
    return true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return also.includes(error.message);
  }
}

const CLI_RUNS = 400;
/** A raw value, and one with no colon (the CLI reads `day:convention` as a rule of your own where a schedule stands). */
const noColon = rawText.filter((raw) => !raw.includes(":"));

describe("the command-line tool accepts exactly the values the declarations' readers accept", () => {
  const DATE_KEYS = ["datePath", "periodFrom", "periodTo", "shiftDate", "planFrom", "planTo", "adjustDate"] as const;
  const YEAR_KEYS = ["year", "fromYear", "toYear", "v2Year"] as const;

  it("finds the difference where the tool reads otherwise (control: a year read as leave days, a date's text trimmed)", () => {
    const asDays = fc.check(
      fc.property(
        rawText,
        (raw) => cliAccepts(() => yearArg(invocation([raw]), 0)) === reads(PARAMETERS.leaveDays, [raw]),
      ),
      { numRuns: RUNS },
    );
    expect(asDays.failed).toBe(true);
    expect(cliAccepts(() => dateArg(invocation([" 2024-01-01"]), 0, "date"))).toBe(false);
    expect(cliAccepts(() => yearArg(invocation(["2024"]), 0))).toBe(true);
  });

  it.each(YEAR_KEYS)("a year argument (yearArg) as %s", (key) => {
    fc.assert(
      fc.property(rawText, (raw) => {
        expect(
          cliAccepts(() => yearArg(invocation([raw]), 0)),
          JSON.stringify(raw),
        ).toBe(reads(PARAMETERS[key], [raw]));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(DATE_KEYS)("a date argument (dateArg) as %s", (key) => {
    const name = PARAMETERS[key].name;
    fc.assert(
      fc.property(rawText, (raw) => {
        expect(
          cliAccepts(() => dateArg(invocation([raw]), 0, name)),
          JSON.stringify(raw),
        ).toBe(reads(PARAMETERS[key], [raw]));
      }),
      { numRuns: RUNS },
    );
  });

  it.each(["adjustConvention", "dueConvention"] as const)(
    "a convention (conventionOf, `adjust` and a rule day:convention) as %s",
    (key) => {
      fc.assert(
        fc.property(rawText, (raw) => {
          const accepted = reads(PARAMETERS[key], [raw]);
          expect(
            cliAccepts(() => conventionOf(raw, "the convention", MESSAGES.en)),
            JSON.stringify(raw),
          ).toBe(accepted);
          expect(
            cliAccepts(() => COMMANDS["due-dates"].compute(invocation(["2026", `25:${raw}`]))),
            JSON.stringify(raw),
          ).toBe(accepted);
        }),
        { numRuns: CLI_RUNS },
      );
    },
  );

  it("`period --bounds` as bounds", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const period = () => COMMANDS.period.compute(invocation(["2024-01-01", "2024-01-31"], { bounds: raw }));
        expect(cliAccepts(period), JSON.stringify(raw)).toBe(reads(PARAMETERS.bounds, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`leave`'s days as days", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const leave = () => COMMANDS.leave.compute(invocation(["2026-01-01", "2026-01-10", raw]));
        expect(cliAccepts(leave), JSON.stringify(raw)).toBe(reads(PARAMETERS.leaveDays, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`due-dates`'s schedule as schedule (a code without a colon), and the day of a rule day:convention as day", () => {
    fc.assert(
      fc.property(noColon, (raw) => {
        expect(
          cliAccepts(() => COMMANDS["due-dates"].compute(invocation(["2026", raw]))),
          JSON.stringify(raw),
        ).toBe(reads(PARAMETERS.schedule, [raw]));
        const rule = () => COMMANDS["due-dates"].compute(invocation(["2026", `${raw}:${CONVENTIONS[0]}`]));
        expect(cliAccepts(rule), JSON.stringify(raw)).toBe(reads(PARAMETERS.dueDay, [raw]));
      }),
      { numRuns: CLI_RUNS },
    );
  });

  it("`ics --due` as due", () => {
    fc.assert(
      fc.property(rawText, (raw) => {
        const feed = () => COMMANDS.ics.compute(invocation(["2026"], { due: raw }));
        expect(cliAccepts(feed), JSON.stringify(raw)).toBe(reads(PARAMETERS.feedDue, [raw]));
      }),
      { numRuns: 100 },
    );
  });

  it("`shift`'s steps as add (a refusal for leaving the range is not one of the steps' form)", () => {
    fc.assert(
      fc.property(fc.array(rawText, { minLength: 1, maxLength: 3 }), (values) => {
        const shift = () => COMMANDS.shift.compute(invocation(["2024-01-31", ...values]));
        expect(cliAccepts(shift, [MESSAGES.en.stepsOutside]), JSON.stringify(values)).toBe(
          reads(PARAMETERS.add, values),
        );
      }),
      { numRuns: CLI_RUNS },
    );
  });
});

describe("the command-line tool's help states the declarations' bounds and values", () => {
  type Range = { minimum: number; maximum: number };
  const integerOf = (schema: Json) => (schema.anyOf as Json[]).find((s) => s.type === "integer") as unknown as Range;
  const enumOf = (key: ParameterKey) => PARAMETERS[key].schema.enum as string[];
  const help = (name: string) => commandHelp(name, COMMANDS[name]);

  it("the years: the year schema's minimum and maximum", () => {
    const { minimum, maximum } = integerOf(PARAMETERS.year.argumentSchema);
    expect(topHelp()).toContain(`from ${minimum} to ${maximum}`);
  });

  it("every convention, in `adjust`", () => {
    for (const key of ["adjustConvention", "dueConvention"] as const)
      for (const c of enumOf(key)) expect(help("adjust")).toContain(c);
    expect(help("adjust")).toContain(enumOf("adjustConvention").join(", "));
  });

  it("every schedule code, in `due-dates` and `ics --due`", () => {
    for (const code of enumOf("schedule")) {
      expect(help("due-dates")).toContain(code);
      expect(help("ics")).toContain(code);
    }
    // the day of a rule of your own: 1 to 31, or `last`
    const { minimum, maximum } = integerOf(PARAMETERS.dueDay.argumentSchema);
    expect(help("due-dates")).toContain(`day ${minimum}-${maximum} or ${LAST_DAY_OF_MONTH}`);
  });

  it("every `bounds` and its default, in `period`", () => {
    for (const value of enumOf("bounds")) expect(help("period")).toContain(value);
    expect(help("period")).toContain(`--bounds ${PARAMETERS.bounds.schema.default} (default`);
  });

  it("the leave days' range, in `leave`", () => {
    const { minimum, maximum } = integerOf(PARAMETERS.leaveDays.argumentSchema);
    expect(help("leave")).toContain(`${minimum} to ${maximum} leave days`);
  });

  it("the most steps, in `shift`", () => {
    expect(help("shift")).toContain(`At most ${PARAMETERS.add.schema.maxItems} steps`);
  });

  it("the weekly hours' bounds, step and default, in `working-time` and its message", () => {
    const { minimum, maximum, multipleOf } = PARAMETERS.weeklyHours.schema as unknown as Range & { multipleOf: number };
    const rule = `${minimum} to ${maximum} in steps of ${multipleOf}`;
    expect(help("working-time")).toContain(
      `--weekly <hours> the hours of a full week, ${rule} (default ${PARAMETERS.weeklyHours.schema.default})`,
    );
    // the refusal of `--weekly 61`, as the command says it
    const refusal = (lang: "sv" | "en") => {
      const values = new Map([["weekly", "61"]]);
      const inv: Invocation = { args: ["2026"], flags: new Set(), values, lang, say: MESSAGES[lang] };
      try {
        COMMANDS["working-time"].compute(inv);
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal("en")).toContain(`from ${rule},`);
    expect(refusal("sv")).toContain(
      `från ${minimum} till ${maximum} i steg om ${String(multipleOf).replace(".", ",")},`,
    );
  });

  it("every profile, the default first, and a profile's first year, in `working-time`", () => {
    const codes = enumOf("profile");
    expect(help("working-time")).toContain(
      `--profile ${codes.join("|")}: ${PARAMETERS.profile.schema.default} shortens no day (default)`,
    );
    for (const profile of WORKING_TIME_PROFILES.filter((p) => p.since !== undefined))
      expect(help("working-time")).toContain(`${profile.code} gives`);
    const since = WORKING_TIME_PROFILES.map((p) => p.since).filter((y) => y !== undefined);
    for (const year of since) expect(help("working-time")).toContain(`from ${year})`);
  });
});
