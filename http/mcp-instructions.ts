/**
 * What a model does not know of the Swedish calendar, in the words the MCP tools' descriptions and the server's
 * instructions share (docs/mcp.md).
 */
import { DUE_DATE_RULES, FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR } from "swedish-calendar/core";
import { PATHS } from "../contract/paths.js";
import { CONVENTIONS_IN_SHORT, SCHEDULE_STATUS_IN_SHORT, valueInWords } from "../contract/value-explanations.js";

export const CLASSIFICATION =
  "Every day is `public` (a public holiday under the Public Holidays Act (1989:253); every Sunday is one too), `defacto` " +
  "(not in that Act but a day off in practice: every Saturday and the five eves, Easter Eve, Whitsun Eve, Midsummer Eve, " +
  "Christmas Eve and New Year's Eve; Midsummer, Christmas and New Year's Eve are equated with Sunday by the Annual Leave Act " +
  "(1977:480) s. 3 a) or `null` (an ordinary working day; `workingDay` is true exactly then).";
export const COVERAGE =
  `Covers ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31 under the rules of each year: the 1953 reform (SFS 1952:48) moved Midsummer to ` +
  "the Friday/Saturday between 19 and 26 June (before it, Midsummer Eve was 23 June on any weekday), created the Saturday All " +
  "Saints' Day and ended Annunciation Day (25 March) as a holiday; May Day from 1939, Whit Monday until 2004, National Day " +
  "(6 June) from 2005.";
export const TODAY =
  "An omitted year means the current year in Sweden (Europe/Stockholm wall-clock time), which can differ from the user's " +
  "around New Year.";
export const BRIDGE =
  "Bridge day (klämdag): a working day whose previous and next days are both days off (e.g. the Friday after Ascension Day).";
export const HALF =
  "Half day (halvdag): a working day before a day carrying a public holiday, when many workplaces close early (Trettondagsafton, " +
  "Skärtorsdagen, Valborgsmässoafton, the eves of Ascension Day, National Day and All Saints' Day); the days before the de facto " +
  "eves are not half days. A convention, not an entitlement; bridge and half days are ordinary working days in law.";
export const SUNDAY_RULE =
  "The Sunday rule of the Act on the Calculation of Statutory Time (1930:173) s. 2: a deadline that falls on a Sunday, another " +
  "public holiday, a Saturday, Midsummer Eve, Christmas Eve or New Year's Eve moves to the next working day.";
export const BUSINESS_DAY =
  "A business day (bankdag) is a working day: Monday to Friday, not a public holiday, not Midsummer Eve, Christmas Eve or " +
  `New Year's Eve. Conventions (QuantLib's): ${CONVENTIONS_IN_SHORT}.`;
export const SCHEDULES =
  "Named schedules: " +
  DUE_DATE_RULES.map((r) => valueInWords(r.code, `${r.name.sv} / ${r.name.en}`, r.since)).join(", ") +
  `; ${SCHEDULE_STATUS_IN_SHORT}.`;
export const FLAG_DAYS =
  `Official flag days (allmänna flaggdagar) under Förordning (1982:270) om allmänna flaggdagar, in force from ${FLAG_DAYS_FROM}: ` +
  "days on which public authorities fly the Swedish flag (holidays such as Easter Sunday, May Day, National Day and Christmas " +
  "Day, royal birthdays and name days, UN Day, Nobel Day, veterandagen from 2018, Riksdag and European Parliament election " +
  "days). Most are working days: a flag day says nothing about days off.";
export const ERRORS =
  "A refused argument gives a tool error whose text starts with the problem slug (`invalid-parameter`; `invalid-date` for an " +
  "impossible date such as 2023-02-29; `not-found` for an unknown observance code) and names the argument.";

/** The server's `instructions` (sent with `initialize`; many clients give them to the model). */
export const MCP_INSTRUCTIONS = [
  "Exact answers about the Swedish calendar, from the Swedish Calendar Service (the same engine as its HTTP API v3): what a " +
    "date is, holidays, bridge and half days, working days in a period, deadlines, long weekends, leave plans and flag days. Prefer these " +
    "tools to memory: Swedish rules have details that are easy to get wrong.",
  CLASSIFICATION,
  COVERAGE,
  BRIDGE,
  HALF,
  SUNDAY_RULE,
  TODAY,
  ERRORS + " The slugs and details are the HTTP API's own; correct the argument and call again.",
  BUSINESS_DAY,
  "Each tool's structuredContent is the JSON body of the equivalent GET request to the service's v3 API (OpenAPI at " +
    `${PATHS.openapi}); the text holds a short Swedish/English summary and the same JSON.`,
].join("\n\n");
