/**
 * THE PARAMETERS' BROWSER-SAFE PART: the words of the parameters the site shows, and the year's reader the site's
 * year field reads with. Part of the declarations (contract/parameters.ts): a declaration marked `site: true` carries
 * the words of its name from here (`words`), and the year declaration reads with `readYear`. A module of its own
 * because the site's browser code reads it: it imports only the engine's dependency-free readers and constants
 * (swedish-calendar/core, tree-shaken), never the table, whose readings, catalogues and schemas the browser does not
 * need.
 *
 * The site shows a parameter's words where the API's English detail is not shown: on a Swedish page, after the
 * Swedish text of a problem's type, for the parameter its detail names first (site/src/lib/problems.ts). So they are
 * written per parameter name, as the site's forms name their fields: one text for `to` whichever route the form
 * asked. English pages show the API's detail itself, which the declaration's `description` and reader state.
 */
import {
  BOUNDS,
  CalendarError,
  CONVENTIONS,
  FIRST_YEAR,
  LAST_DAY_OF_MONTH,
  LAST_YEAR,
  LEAVE_OBJECTIVES,
  MAX_DUE_DAY,
  MAX_LEAVE_DAYS,
  MAX_PLAN_DAYS,
  MAX_SPAN_YEARS,
  MAX_STEPS,
  MIN_DUE_DAY,
  MIN_LEAVE_DAYS,
  parseYear,
  STEP_UNITS,
  WEEKLY_HOURS_WORDS,
  WORKING_TIME_PROFILE_CODES,
  WORKING_TIME_PROFILES,
  YEAR_PATTERN,
} from "swedish-calendar/core";

/** The site's languages. */
export type WordsLang = "sv" | "en";

/** `a, b eller c` */
const anyOf = (items: readonly string[], or: string) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${or} ${items.at(-1)}`;

/** A date's words: the form and the range, in Swedish. */
const DATE_SV = `ett datum (ÅÅÅÅ-MM-DD) från ${FIRST_YEAR}-01-01 till ${LAST_YEAR}-12-31`;

/**
 * What a value of each parameter the site shows must be, by the parameter's name: in Swedish, after the Swedish text of
 * a problem's type (the English detail is the API's own).
 */
export const PARAMETER_WORDS = {
  year: { sv: `Året ska vara ett fyrsiffrigt år från ${FIRST_YEAR} till ${LAST_YEAR}.` },
  from: { sv: `Från-datumet ska vara ${DATE_SV}.` },
  to: {
    sv:
      `Till-datumet ska vara ${DATE_SV}, inte före från-datumet, och perioden får inte vara för lång (högst ${MAX_PLAN_DAYS} dagar ` +
      `för semesterplaneraren, högst ${MAX_SPAN_YEARS} år annars).`,
  },
  date: { sv: `Datumet ska vara ${DATE_SV}.` },
  days: {
    sv: `Antalet semesterdagar ska vara ett heltal från ${MIN_LEAVE_DAYS} till ${MAX_LEAVE_DAYS}, skrivet med siffror.`,
  },
  objective: {
    sv: `Målet ska vara flest lediga dagar (${LEAVE_OBJECTIVES[0]}) eller den längsta ledigheten (${LEAVE_OBJECTIVES[1]}).`,
  },
  bounds: { sv: `Räkningen ska vara ${anyOf(BOUNDS, "eller")}.` },
  add: {
    sv:
      `Stegen ska skrivas som ett tal och en enhet (${anyOf(STEP_UNITS, "eller")}), till exempel 10b eller -3d, högst ${MAX_STEPS} steg, och får ` +
      `inte föra datumet utanför ${FIRST_YEAR}–${LAST_YEAR}.`,
  },
  postpone: { sv: "Söndagsregeln ska vara true eller false." },
  schedule: {
    sv: "Schemat ska vara ett av tjänstens scheman, eller så anges en dag med en regel för bankdagar (inte båda).",
  },
  day: {
    sv: `Dagen ska vara en dag i månaden från ${MIN_DUE_DAY} till ${MAX_DUE_DAY}, eller sista dagen (${LAST_DAY_OF_MONTH}).`,
  },
  convention: { sv: `Regeln ska vara en av ${anyOf(CONVENTIONS, "eller")}.` },
  code: { sv: "Koden ska vara en av helgdagarnas koder i katalogen." },
  weeklyHours: {
    sv:
      `Veckoarbetstiden ska vara ett antal timmar från ${WEEKLY_HOURS_WORDS.sv} timme, skrivet med siffror och ` +
      "decimalpunkt (till exempel 40 eller 38.25).",
  },
  profile: {
    sv:
      `Profilen ska vara ${anyOf(WORKING_TIME_PROFILE_CODES, "eller")}` +
      WORKING_TIME_PROFILES.filter((p) => p.since !== undefined)
        .map((p) => `; ${p.code} gäller från ${p.since}`)
        .join("") +
      ".",
  },
} as const satisfies Record<string, { sv: string }>;

/** The name of a parameter the site shows. */
export type SiteParameterName = keyof typeof PARAMETER_WORDS;

/** The words of a parameter the site shows, by the name a problem's detail gives (undefined for any other name). */
export function parameterWords(name: string): { sv: string } | undefined {
  return Object.hasOwn(PARAMETER_WORDS, name) ? PARAMETER_WORDS[name as SiteParameterName] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The year
// ---------------------------------------------------------------------------------------------------------------

/** The `year` parameter's reader (contract/parameters.ts `year`): the engine's, exactly four digits, in range. */
export const readYear = (value: string): number => parseYear(value, "year");

/** What the site's year field says when the reader refuses a year, in both languages: not four digits, or outside the range. */
export const YEAR_FIELD_WORDS = {
  malformed: {
    sv: `Ange ett fyrsiffrigt år från ${FIRST_YEAR} till ${LAST_YEAR}.`,
    en: `Enter a four-digit year from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  },
  outside: {
    sv: `Tjänsten täcker åren ${FIRST_YEAR} till ${LAST_YEAR}.`,
    en: `The service covers the years ${FIRST_YEAR} to ${LAST_YEAR}.`,
  },
} as const satisfies Record<string, Record<WordsLang, string>>;

/**
 * A year typed into a field (around spaces ignored), read by the year parameter's reader: the year, or why not in the
 * page's language (four digits that are out of range, or anything else).
 */
export function readYearField(text: string, lang: WordsLang): { year: number } | { error: string } {
  const value = text.trim();
  try {
    return { year: readYear(value) };
  } catch (error) {
    if (!(error instanceof CalendarError)) throw error;
    return { error: YEAR_FIELD_WORDS[YEAR_PATTERN.test(value) ? "outside" : "malformed"][lang] };
  }
}
