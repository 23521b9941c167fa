/**
 * The parameters of the routes beside v3 (v2, the feed, /health), declared as ./parameters.ts declares the v3 ones; its
 * table holds them, last (`PARAMETERS`), so nothing reads this module but that one.
 */
import { FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR, SERVICE_DOMAIN } from "swedish-calendar/core";
import { EXPLANATIONS } from "./explanations.js";
import {
  declare,
  feedOption,
  looseBoolean,
  type ParameterDeclaration,
  scheduleList,
  single,
  year,
} from "./parameter-kinds.js";
import { parseV2Weekends, parseV2Year } from "./query.js";

export const OTHER_PARAMETERS = {
  v2Year: declare("year", "query", "V2Year", {
    grammar: year(parseV2Year),
    duplicateSlug: "invalid-year",
    example: 2024,
    description:
      `Exactly four digits, ${FIRST_YEAR} to ${LAST_YEAR}. A short value, a full date or an empty value is 400 invalid-year; it ` +
      "never falls back to the default. Only omission gives the default, the current year in Sweden.",
  }),
  v2Weekends: declare("weekends", "query", "V2Weekends", {
    grammar: single(parseV2Weekends, { type: "string" }),
    repeat: "first",
    default: "false",
    description:
      "`true` in any letter case adds an entry for every Saturday (code `saturday`) and Sunday (code `sunday`), also on dates that " +
      "carry an observance. Any other value reads as `false` (never an error).",
  }),
  feed_defacto: feedOption("defacto", "Include the de facto holidays (the five eves)."),
  feed_bridge: feedOption("bridge", "Include bridge days (klämdagar)."),
  feed_half: feedOption("half", "Include half days (halvdagar)."),
  feed_saturdays: feedOption("saturdays", "Include every Saturday."),
  feed_sundays: feedOption("sundays", "Include every Sunday."),
  feed_flags: feedOption(
    "flags",
    `Include the official flag days (allmänna flaggdagar, from ${FLAG_DAYS_FROM}) as events of their own: summary \`<Swedish name> (flaggdag)\`, ` +
      "UID `<date>-flagDay-<code>@" +
      SERVICE_DOMAIN +
      "` (codes of /v3/flag-days/catalogue), also on dates that carry a holiday " +
      'event; the calendar name gains "och flaggdagar".',
  ),
  // the feed's `due`: a comma list of due-date schedule codes (an unknown code is 400, as in /v3/due-dates)
  feedDue: declare("due", "query", "FeedDue", {
    grammar: scheduleList,
    example: "salary-25,child-benefit",
    description:
      "A comma-separated list of due-date schedule codes (/v3/due-dates/catalogue): each schedule's due dates in the window, from " +
      'its `since`, as events of their own: summary the schedule\'s Swedish name ("Lön", "Barnbidrag", "Skattekontot: ' +
      `förfallodag"), UID \`<date>-due-<code>@${SERVICE_DOMAIN}\`; the calendar name gains "betalningsdagar". An empty value ` +
      `is 400 invalid-parameter. ${EXPLANATIONS.unknownCode}`,
  }),
  feed_busy: feedOption("busy", "Mark events as busy time (`TRANSP:OPAQUE`) rather than free (`TRANSP:TRANSPARENT`)."),
  // /health's readiness check: `/health?ready` (bare), read with the feed's loose booleans
  healthReady: declare("ready", "query", "HealthReady", {
    grammar: looseBoolean("ready"),
    default: "false",
    openapi: { allowEmptyValue: true },
    description:
      "Ask for readiness rather than liveness: 503 with `ready: false` while the answering process is starting or stopping, " +
      "200 with `ready: true` when it takes traffic. Absent (or false): 200 whenever the process answers. Written bare, " +
      `\`/health?ready\`. ${EXPLANATIONS.looseBoolean}`,
  }),
} as const satisfies Record<string, ParameterDeclaration>;
