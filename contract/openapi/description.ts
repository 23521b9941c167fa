/** `info.description`: the conventions, readings, errors, limits, versioning and static dataset, in Markdown. */
import { FIRST_YEAR, FLAG_DAYS_FROM, LAST_YEAR, MAX_PLAN_DAYS, MAX_SPAN_YEARS, MAX_STEPS } from "swedish-calendar/core";
import { EXPLANATIONS, PROBLEM_SLUGS } from "../bodies.js";
import { CHANGELOG } from "../paths.js";
import {
  API_VERSION,
  CACHE_LONG,
  MCP_MAX_BODY_BYTES,
  PROBLEM_BASE,
  RATE_LIMITS,
  V2_LIMIT_AFTER_ONE_MONTH,
  V2_LIMIT_AFTER_THREE_MONTHS,
} from "../policies.js";
import { PROBLEM_STATUS, type ProblemSlug } from "../problems.js";
import { perWindow } from "../routes.js";
import { VALUE_EXPLANATIONS } from "../value-explanations.js";
import { datasetFileRows, STATIC_DATASET_NOTE } from "./static-dataset.js";

/** When each problem type is answered, in words (the document's slug table; the site's API page lists it too). */
export const PROBLEM_WHEN: Readonly<Record<ProblemSlug, string>> = {
  "invalid-parameter":
    "a parameter fails validation: malformed date (path or query), wrong-shaped year, bad boolean, bad `bounds`, unreadable " +
    `\`add\`, more than ${MAX_STEPS} steps, bad \`days\` or \`objective\`, range out of order, range or period over ` +
    `${MAX_SPAN_YEARS} years, leave-plan span over ${MAX_PLAN_DAYS} days, date or step outside ${FIRST_YEAR}-${LAST_YEAR}, ` +
    `a flag-day year before ${FLAG_DAYS_FROM}, bad \`convention\` or \`day\`, a convention needing a business day outside ` +
    "the range, not exactly one form of /v3/due-dates, an unknown due-date schedule code (`schedule`, the feed's `due`), a " +
    "due-date year before its schedule's `since`, a missing required parameter, duplicated parameter",
  "invalid-date": "right format, impossible calendar date (2023-02-29, 2024-13-01, 2024-04-31)",
  "invalid-year": `v2 \`year\` malformed, empty or outside ${FIRST_YEAR} to ${LAST_YEAR}`,
  "not-found":
    "no such route, or no observance with that code (a path value; an unknown code in the query is 400 invalid-parameter)",
  "method-not-allowed":
    "a method the route does not answer: other than GET, HEAD, OPTIONS, or on `/mcp` other than POST, OPTIONS (header `Allow`; an " +
    "addition to the specification's table)",
  "not-acceptable": "a POST to `/mcp` whose `Accept` does not list both `application/json` and `text/event-stream`",
  gone: "a retired endpoint (the v2 withdrawal)",
  "content-too-large": `a POST to \`/mcp\` with a body over ${MCP_MAX_BODY_BYTES / 1024} KiB`,
  "unsupported-media-type": "a POST to `/mcp` whose `Content-Type` is not `application/json`",
  "rate-limited": "too many requests in the window; `Retry-After` gives seconds to wait",
  "uri-too-long": "the request target is too long (the standalone server's limit: 8 KiB)",
  "request-header-fields-too-large":
    "the request's header fields are too large (the standalone server's limit: 16 KiB)",
  "request-timeout": "the request's headers or body did not arrive completely in time (the standalone server)",
  "expectation-failed": "an `Expect` header other than `100-continue` (the standalone server)",
  "internal-error": "server fault",
};

function slugTable(): string {
  const when = PROBLEM_WHEN;
  return [
    "| Slug | Status | When |",
    "|---|---|---|",
    ...PROBLEM_SLUGS.map((s) => `| \`${s}\` | ${PROBLEM_STATUS[s]} | ${when[s]} |`),
  ].join("\n");
}

/**
 * The dataset's files as a Markdown table: a route file's requests each in a code span of its own, separated by
 * "or" (a `|` inside a cell, even in code, would end the cell in Markdown), a static-only file's contents as prose
 * (its own code spans kept). No cell holds a `|`: test/contract/openapi.test.ts checks every row has two cells.
 */
function staticDatasetSection(): string {
  const cell = (row: ReturnType<typeof datasetFileRows>[number]) =>
    row.requests ? row.requests.map((r) => `\`${r}\``).join(" or ") : capitalised(row.holds!);
  const rows = datasetFileRows().map((row) => `| \`${row.path}\` | ${cell(row)} |`);
  const files = rows.length ? "\n\n| File | Answers |\n|---|---|\n" + rows.join("\n") : "";
  return `## Static dataset\n\n${STATIC_DATASET_NOTE}${files}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function description(): string {
  return [
    "Swedish public holidays, de facto holidays, bridge days (klämdagar), half days (halvdagar), ISO week numbers, long " +
      "weekends, leave plans, flag days, business-day conventions, due dates, counts over a period, date " +
      `arithmetic and a catalogue of named holidays, for every date from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31. Read-only: ` +
      "every endpoint is GET (HEAD answers like GET without a body; OPTIONS is the CORS preflight and answers 204), except the " +
      "Model Context Protocol endpoint `POST /mcp`, whose tools answer the same questions for AI assistants. HTTPS only; " +
      "CORS is open to every origin; no authentication.",
    `What changed and when: the changelog at [${CHANGELOG.page}](${CHANGELOG.page}) (English at [/en${CHANGELOG.page}](/en${CHANGELOG.page})), also an Atom feed at [${CHANGELOG.atom}](${CHANGELOG.atom}).`,
    "## Conventions\n\n" +
      "- Dates are ISO 8601 `YYYY-MM-DD`; 'today' and the default `year` are decided by Swedish local time (Europe/Stockholm).\n" +
      `- Years range from ${FIRST_YEAR} to ${LAST_YEAR}; \`year\` is exactly four digits.\n` +
      "- Weekdays use ISO numbering: 1 is Monday, 7 is Sunday.\n" +
      "- v3 booleans are lowercase `true` or `false` and nothing else; the calendar feed accepts looser spellings.\n" +
      "- Unknown query parameters are ignored. Known parameters are validated strictly; a known parameter given twice is 400, " +
      "except the repeatable `add`.\n" +
      "- A list is wrapped in an envelope carrying `count` beside the named list field; a single resource is returned bare. " +
      "Additive fields may appear on v3 objects: read the named fields.\n" +
      "- Answers are a pure function of the request parameters.",
    "## Readings\n\n" +
      [
        EXPLANATIONS.holidayType,
        EXPLANATIONS.bridgeDay,
        EXPLANATIONS.halfDay,
        "Duration: " + EXPLANATIONS.duration,
        EXPLANATIONS.spanLimit,
        EXPLANATIONS.range,
        EXPLANATIONS.bStep,
        EXPLANATIONS.yStep,
        EXPLANATIONS.sundayRule,
        "Shift period: " + EXPLANATIONS.shiftPeriod,
        "ISO week: " + EXPLANATIONS.isoWeek,
        EXPLANATIONS.longWeekend,
        "Leave plan: " + EXPLANATIONS.leavePlan,
        "Flag days: " + EXPLANATIONS.flagDays + " `holiday` of a flag day: " + EXPLANATIONS.flagDayHoliday,
        EXPLANATIONS.businessDay + " " + VALUE_EXPLANATIONS.conventions + " " + VALUE_EXPLANATIONS.conventionRange,
        VALUE_EXPLANATIONS.dueDates + " " + EXPLANATIONS.dueDateForms,
      ]
        .map((t) => `- ${t}`)
        .join("\n"),
    "## Errors\n\n" +
      "Errors are problem documents (RFC 9457, `application/problem+json`) with `type`, `title`, `status` and a `detail` naming " +
      "the parameter and the accepted form. Branch on `type`, never on `title` or `detail`. `type` is " +
      `\`${PROBLEM_BASE}/\` followed by a slug; the prefix is fixed and the URIs name the errors, they are not pages. Errors ` +
      "are never cached (`Cache-Control: no-store`).\n\n" +
      slugTable(),
    "## Limits and caching\n\n" +
      `Per calling address: /v3/* ${RATE_LIMITS.v3.limit} requests ${perWindow(RATE_LIMITS.v3.windowSeconds)}; v2 ${RATE_LIMITS.v2.limit} ` +
      `${perWindow(RATE_LIMITS.v2.windowSeconds)} (blocked for ${RATE_LIMITS.v2.blockSeconds} seconds when over); calendar feed ${RATE_LIMITS.feed.limit} ` +
      `${perWindow(RATE_LIMITS.feed.windowSeconds)}, or ${RATE_LIMITS["feed-query"].limit} when query parameters are present; \`/mcp\` ` +
      `${RATE_LIMITS.mcp.limit} ${perWindow(RATE_LIMITS.mcp.windowSeconds)} on its own counter. \`/health\` is monitoring, not a limited ` +
      "surface: it is never counted and never refused, however often a load balancer or an orchestrator probes it. Over the " +
      "limit: 429 `rate-limited` with `Retry-After`. Every response carries `RateLimit-Limit` and `RateLimit-Policy` " +
      "(`limit;w=seconds`), the uncounted ones too: the dataset files state their surface's pace and `/health` the v3 pace, " +
      "which does not mean they are counted. `RateLimit-Remaining` is not sent. No daily " +
      `or monthly quota. Successful answers carry a strong \`ETag\` and \`Cache-Control: ${CACHE_LONG}\` (with \`year\` omitted: ` +
      "`s-maxage` until midnight in Sweden); `If-None-Match` gives 304.",
    "## Versioning\n\n" +
      `This is version ${API_VERSION} of the v3 API under \`/v3/\`. The unversioned v2 endpoints (\`/holidays\`, \`/half-days\`, ` +
      "`/bridge-days`) are deprecated and being withdrawn: every v2 response carries `Link` (relations `deprecation` and " +
      "`sunset`); once the withdrawal is announced, `Deprecation` (`@<epoch seconds>`) and `Sunset` (six months later) appear, " +
      `the v2 limit tightens to ${V2_LIMIT_AFTER_ONE_MONTH} ${perWindow(RATE_LIMITS.v2.windowSeconds)} after one month and ` +
      `${V2_LIMIT_AFTER_THREE_MONTHS} ${perWindow(RATE_LIMITS.v2.windowSeconds)} after three, one-hour brownouts in the last ` +
      "month answer 410 `gone`, and from the sunset every v2 request answers 410 `gone`. The calendar feed and `/health` are " +
      "outside the versioned API.",
    staticDatasetSection(),
  ].join("\n\n");
}
