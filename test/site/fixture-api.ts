/** The API URLs the site's fixture server (./fixture-server.ts) answers, straight from the calendar engine. */
import type { ServerResponse } from "node:http";
import {
  bridgeDaysOfYear,
  dayOf,
  findDueDateRule,
  findWorkingTimeProfile,
  halfDaysOfYear,
  holidaysOfYear,
  leavePlan,
  parseBounds,
  parseConvention,
  parseDueDay,
  parseIsoDate,
  parseLeaveDays,
  parseLeaveObjective,
  parseSteps,
  parseWeeklyHours,
  parseYear,
  period,
  shift,
} from "swedish-calendar/core";
import { datasetFileBody } from "../../build/generate.js";
import { PATHS } from "../../contract/paths.js";
import { CSV_CONTENT_TYPE } from "../../contract/policies.js";
import { invalidParameter, PROBLEM_TITLES, ProblemError } from "../../contract/problems.js";
import { parseStrictBoolean } from "../../contract/query.js";
import {
  dueDateCatalogueResource,
  dueDatesResource,
  longWeekendsResource,
  workingTimeResource,
} from "../../contract/resources.js";
import { DATASET_FOLDER } from "../../contract/routes.js";

/** The v2 withdrawal as the fixture announces it: Deprecation at this moment, Sunset six months later. */
export const FIXTURE_ANNOUNCEMENT = new Date(Date.UTC(2031, 0, 15, 9, 0, 0));
export const FIXTURE_SUNSET = new Date(Date.UTC(2031, 6, 15, 9, 0, 0));

/** A small OpenAPI document with local $refs, shaped like the real one, for the reference page. */
export const FIXTURE_OPENAPI = {
  openapi: "3.1.0",
  info: {
    title: "Swedish Calendar Service",
    version: "3.0.0",
    description: "Fixture description with `code` and **bold**.",
  },
  paths: {
    "/v3/holidays": {
      get: {
        summary: "Holidays of a year",
        description: "Public and de facto holidays, one entry per date.",
        parameters: [
          { $ref: "#/components/parameters/Year" },
          {
            name: "sundays",
            in: "query",
            required: false,
            schema: { type: "string", enum: ["true", "false"], default: "false" },
            description: "Also list every Sunday.",
          },
        ],
        responses: {
          "200": {
            description: "The holidays",
            content: { "application/json": { schema: { $ref: "#/components/schemas/HolidaysResponse" } } },
          },
          "400": { $ref: "#/components/responses/BadRequest" },
        },
      },
    },
    "/v3/period": {
      get: {
        summary: "Count a period",
        parameters: [
          { name: "from", in: "query", required: true, schema: { type: "string", format: "date" } },
          { name: "to", in: "query", required: true, schema: { type: "string", format: "date" } },
          {
            name: "bounds",
            in: "query",
            schema: { type: "string", enum: ["inclusive", "exclusive", "from", "to"], default: "inclusive" },
          },
        ],
        responses: { "200": { description: "Counts" }, "400": { $ref: "#/components/responses/BadRequest" } },
      },
    },
    "/v3/days/{date}": {
      get: {
        summary: "One date",
        parameters: [
          { name: "date", in: "path", required: true, schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } },
        ],
        responses: {
          "200": {
            description: "A Day",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Day" } } },
          },
        },
      },
    },
  },
  components: {
    parameters: {
      Year: {
        name: "year",
        in: "query",
        required: false,
        schema: { type: "integer", minimum: 1930, maximum: 9999 },
        description: "Four-digit year; default the current year in Sweden.",
      },
    },
    responses: {
      BadRequest: {
        description: "Invalid parameter",
        content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
      },
    },
    schemas: {
      Day: {
        type: "object",
        required: ["date", "weekday", "holidayType", "workingDay", "observances"],
        properties: {
          date: { type: "string", format: "date" },
          weekday: { type: "integer", minimum: 1, maximum: 7 },
          holidayType: { type: ["string", "null"], enum: ["public", "defacto", null] },
          workingDay: { type: "boolean" },
          observances: { type: "array", items: { type: "object" } },
        },
      },
      HolidaysResponse: {
        type: "object",
        required: ["year", "count", "days"],
        properties: {
          year: { type: "integer" },
          count: { type: "integer" },
          days: { type: "array", items: { $ref: "#/components/schemas/Day" } },
        },
      },
      Problem: {
        type: "object",
        required: ["type", "title", "status"],
        properties: {
          type: { type: "string", format: "uri" },
          title: { type: "string" },
          status: { type: "integer" },
          detail: { type: "string" },
        },
      },
    },
  },
};

function stockholmYear(): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", year: "numeric" }).format(new Date()));
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = "application/json",
  head = false,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(head ? undefined : text);
}

export function problem(res: ServerResponse, error: ProblemError): void {
  json(
    res,
    error.status,
    {
      type: `https://calendar.test/problems/${error.slug}`,
      title: PROBLEM_TITLES[error.slug],
      status: error.status,
      detail: error.detail,
    },
    "application/problem+json",
  );
}

/** The fixture's 404 problem document. */
function notFound(res: ServerResponse, detail: string): void {
  const body = { type: "https://calendar.test/problems/not-found", title: "Not found", status: 404, detail };
  json(res, 404, body, "application/problem+json");
}

function one(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1)
    throw new ProblemError("invalid-parameter", `'${name}' was given ${all.length} times; give it once`, name);
  return all[0];
}

function yearOf(params: URLSearchParams): number {
  return optional(params, "year", parseYear) ?? stockholmYear();
}

/** A parameter given at most once, read by `read` when it is given. */
function optional<T>(params: URLSearchParams, name: string, read: (text: string) => T): T | undefined {
  const text = one(params, name);
  return text === undefined ? undefined : read(text);
}

/** A span's two dates, read and as written. */
function spanOf(params: URLSearchParams) {
  const fromText = one(params, "from");
  const toText = one(params, "to");
  return { from: parseIsoDate(fromText, "from"), to: parseIsoDate(toText, "to"), fromText, toText };
}

/** The body of a year's list of days. */
function dayList(year: number, days: readonly unknown[]) {
  return { year, count: days.length, days };
}

/** Answers an API URL from the engine, or returns false when the URL is not one of the fixture's. */
export function answerApi(url: URL, res: ServerResponse, method: string): boolean {
  const p = url.searchParams;
  switch (url.pathname) {
    case "/v3/holidays": {
      const year = yearOf(p);
      const flag = (name: string) => (p.has(name) ? parseStrictBoolean(one(p, name)!, name) : false);
      json(res, 200, dayList(year, holidaysOfYear(year, { sundays: flag("sundays"), saturdays: flag("saturdays") })));
      return true;
    }
    case "/v3/bridge-days": {
      const year = yearOf(p);
      json(res, 200, dayList(year, bridgeDaysOfYear(year)));
      return true;
    }
    case "/v3/half-days": {
      const year = yearOf(p);
      json(res, 200, dayList(year, halfDaysOfYear(year)));
      return true;
    }
    case "/v3/long-weekends": {
      json(res, 200, longWeekendsResource(yearOf(p)));
      return true;
    }
    case "/v3/leave-plan": {
      const { from, to, fromText, toText } = spanOf(p);
      const days = optional(p, "days", parseLeaveDays);
      if (days === undefined) throw invalidParameter("days", "'days' is required");
      const objective = optional(p, "objective", parseLeaveObjective) ?? "most";
      json(res, 200, leavePlan(from, to, days, objective, fromText, toText));
      return true;
    }
    case "/v3/period": {
      const { from, to, fromText, toText } = spanOf(p);
      json(res, 200, period(from, to, optional(p, "bounds", parseBounds) ?? "inclusive", fromText, toText));
      return true;
    }
    case "/v3/shift": {
      const dateText = one(p, "date");
      const date = parseIsoDate(dateText, "date");
      const steps = parseSteps(p.getAll("add"));
      const postpone = optional(p, "postpone", (text) => parseStrictBoolean(text, "postpone")) ?? false;
      json(res, 200, shift(date, steps, { postpone }, dateText));
      return true;
    }
    case "/v3/due-dates": {
      json(
        res,
        200,
        dueDatesResource(yearOf(p), {
          schedule: optional(p, "schedule", findDueDateRule),
          day: optional(p, "day", parseDueDay),
          convention: optional(p, "convention", parseConvention),
        }),
      );
      return true;
    }
    case PATHS.workingTime: {
      const weekly = optional(p, "weeklyHours", (text) => parseWeeklyHours(text, "weeklyHours"));
      const profile = optional(p, "profile", (text) => findWorkingTimeProfile(text, "profile"));
      json(res, 200, workingTimeResource(yearOf(p), { weeklyHours: weekly, profile }));
      return true;
    }
    case "/v3/due-dates/catalogue":
      json(res, 200, dueDateCatalogueResource());
      return true;
    case "/v3/openapi.json":
      json(res, 200, FIXTURE_OPENAPI);
      return true;
    case "/holidays":
    case "/half-days":
    case "/bridge-days": {
      res.setHeader(
        "Link",
        '</v2-deprecation/>; rel="deprecation"; type="text/html", </v2-deprecation/>; rel="sunset"; type="text/html"',
      );
      res.setHeader("Deprecation", `@${Math.floor(FIXTURE_ANNOUNCEMENT.getTime() / 1000)}`);
      res.setHeader("Sunset", FIXTURE_SUNSET.toUTCString());
      json(res, 200, [], "application/json", method === "HEAD");
      return true;
    }
    case "/ical/svenska-helgdagar.ics":
    case "/ical/holidays": {
      const body =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fixture//EN\r\nX-WR-CALNAME:Svenska helgdagar\r\nEND:VCALENDAR\r\n";
      res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" });
      res.end(method === "HEAD" ? undefined : body);
      return true;
    }
    default:
      if (url.pathname.startsWith(DATASET_FOLDER + "/")) {
        const body = datasetFileBody(url.pathname.slice(1));
        if (body === undefined) {
          notFound(res, `no dataset file ${url.pathname}`);
          return true;
        }
        const type = url.pathname.endsWith(".csv") ? CSV_CONTENT_TYPE : "application/json";
        res.writeHead(200, {
          "Content-Type": type,
          "Content-Length": Buffer.byteLength(body),
          "Cache-Control": "no-store",
        });
        res.end(method === "HEAD" ? undefined : body);
        return true;
      }
      if (url.pathname.startsWith("/v3/days/")) {
        json(res, 200, dayOf(parseIsoDate(decodeURIComponent(url.pathname.slice("/v3/days/".length)), "date")));
        return true;
      }
      if (url.pathname.startsWith("/v3/")) {
        notFound(res, `no route ${url.pathname} in the fixture`);
        return true;
      }
      return false;
  }
}
