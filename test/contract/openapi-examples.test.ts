/**
 * The 2xx examples of the served OpenAPI document (issue 22): every success response carries one, it is the answer
 * the service gives to the route's sample request (contract/examples.ts), and it validates against the response's
 * schema in the strict form of the document.
 */

import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import {
  calendarExcerpt,
  MCP_SAMPLE_CALL,
  NOT_READY_SAMPLE,
  SAMPLE_CLOCK,
  SAMPLE_REQUESTS,
} from "../../contract/examples.js";
import { openApiDocument } from "../../contract/openapi.js";
import { PATHS, type RouteId } from "../../contract/paths.js";
import { ROUTES } from "../../contract/routes.js";
import { serializeJson } from "../../contract/serialize.js";
import { handleFeed } from "../../http/feed.js";
import { createHealthHandler, handleHealth } from "../../http/health.js";
import { handleMcp } from "../../http/mcp.js";
import { NOT_READY_OPTIONS, publicOpenApiDocument, responseExamples } from "../../http/openapi.js";
import { openApiBody } from "../../http/openapi-body.js";
import { makeV2Handler } from "../../http/v2.js";
import { handleV3 } from "../../http/v3.js";
import { describeErrors, documentValidator, request } from "./helpers.js";

type Json = Record<string, any>;

const SERVED = publicOpenApiDocument() as Json;
const EXAMPLES = responseExamples();
const STRICT = documentValidator(openApiDocument({ strict: true, examples: EXAMPLES }) as Json);
const SAMPLE_CONTEXT = {
  clock: () => new Date(SAMPLE_CLOCK),
  rateLimitsEnabled: false,
  store: null,
  clientAddress: "192.0.2.1",
};

/** Every 2xx response with a body: path, method, status, media type and its content object. */
function successContents(doc: Json) {
  const out: { route: (typeof ROUTES)[number]; method: string; status: string; mediaType: string; content: Json }[] =
    [];
  for (const route of ROUTES) {
    for (const [method, op] of Object.entries(doc.paths[route.path] as Json)) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (!status.startsWith("2") || !response.content) continue;
        for (const [mediaType, content] of Object.entries(response.content as Json))
          out.push({ route, method, status, mediaType, content });
      }
    }
  }
  return out;
}

const sampleOf = (id: RouteId) => (SERVED.paths[PATHS[id]] as Json)[id === "mcp" ? "post" : "get"].responses["200"];

/** The responses of the served document that have a body but no example (`examples` or `example`), as `METHOD path status media`. */
function contentsWithoutExample(doc: Json): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      for (const [status, response] of Object.entries((op.responses ?? {}) as Json)) {
        const resolved = response.$ref ? doc.components.responses[String(response.$ref).split("/").pop()!] : response;
        for (const [mediaType, content] of Object.entries((resolved.content ?? {}) as Json)) {
          if (content.examples === undefined && content.example === undefined)
            out.push(`${method.toUpperCase()} ${path} ${status} ${mediaType}`);
        }
      }
    }
  }
  return out;
}

describe("every response with a body has an example", () => {
  it("in the served document, all but POST /mcp's 400 (a JSON-RPC parse error has no sample request)", () => {
    expect(contentsWithoutExample(SERVED)).toEqual([`POST ${PATHS.mcp} 400 application/json`]);
  });

  it("/health's 503 shows what the health handler answers to `?ready` while the standalone server starts", async () => {
    const content = (SERVED.paths[PATHS.health] as Json).get.responses["503"].content["application/json"];
    expect(content.examples.sample.summary).toBe(NOT_READY_SAMPLE.summary);
    expect(content.examples.sample.description).toBe(`\`GET ${NOT_READY_SAMPLE.request}\``);
    // the server's handler with the same facts, no dataset manifest on its disk
    const starting = createHealthHandler({ ...NOT_READY_OPTIONS, manifestPath: "/nonexistent/manifest.json" });
    const response = await starting(request(NOT_READY_SAMPLE.request), SAMPLE_CONTEXT);
    expect(response.status).toBe(503);
    expect(content.examples.sample.value).toEqual(await response.json());
    expect(content.examples.sample.value).toMatchObject({ status: "ok", ready: false, dataset: null });
    expect(STRICT.validateBody(PATHS.health, 503, "application/json", content.examples.sample.value)).toBeNull();
  });
});

describe("the 2xx examples of /v3/openapi.json", () => {
  it("every success response with a body has an example, the answer to its row's sample request", () => {
    const contents = successContents(SERVED);
    expect(contents.length).toBe(ROUTES.length); // one 200 body per route (the MCP 202 has none)
    for (const { route, status, mediaType, content } of contents) {
      const label = `${route.path} ${status} ${mediaType}`;
      expect(Object.keys(content.examples ?? {}), label).toEqual(["sample"]);
      expect(content.examples.sample.summary, label).toBe(SAMPLE_REQUESTS[route.id].summary);
      expect(content.examples.sample.description, label).toBe(
        `\`${route.id === "mcp" ? "POST" : "GET"} ${SAMPLE_REQUESTS[route.id].request}\``,
      );
      expect(content.examples.sample.value, label).toBeDefined();
    }
  });

  it("the served document with its examples passes @seriousme/openapi-schema-validator", async () => {
    const result = await new Validator().validate(structuredClone(SERVED));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("each example validates against its response schema (strict form, ajv)", () => {
    for (const { route, method, status, mediaType, content } of successContents(SERVED)) {
      const errors = STRICT.validateBody(route.path, Number(status), mediaType, content.examples.sample.value, method);
      expect(errors, `${route.path}: ${describeErrors(errors)}`).toBeNull();
    }
  });

  it("the validation is real: a broken example fails (control)", () => {
    const day = structuredClone(sampleOf("day").content["application/json"].examples.sample.value);
    day.weekday = 8;
    expect(STRICT.validateBody(PATHS.day, 200, "application/json", day)).not.toBeNull();
    expect(STRICT.validateBody(PATHS.feed, 200, "text/calendar", "BEGIN:VEVENT")).not.toBeNull();
  });

  it("each v3 example is, byte for byte, the body the v3 handler serves for the sample request", async () => {
    const v3 = ROUTES.filter((r) => r.fn === "v3" && r.id !== "openapi");
    expect(v3.length).toBe(16);
    for (const route of v3) {
      const response = await handleV3(request(SAMPLE_REQUESTS[route.id].request), SAMPLE_CONTEXT);
      expect(response.status, route.id).toBe(200);
      expect(serializeJson(sampleOf(route.id).content["application/json"].examples.sample.value), route.id).toBe(
        await response.text(),
      );
    }
  });

  it("the v2, health, feed and MCP examples are what those handlers answer", async () => {
    const v2 = makeV2Handler({ brownouts: [], noticeUrl: "/v2-deprecation/" });
    for (const id of ["v2Holidays", "v2HalfDays", "v2BridgeDays"] as const) {
      const response = await v2(request(SAMPLE_REQUESTS[id].request), SAMPLE_CONTEXT);
      expect(serializeJson(sampleOf(id).content["application/json"].examples.sample.value), id).toBe(
        await response.text(),
      );
    }
    const health = await (await handleHealth(request(PATHS.health), SAMPLE_CONTEXT)).json();
    expect(sampleOf("health").content["application/json"].examples.sample.value).toEqual({ ...health, dataset: null });
    for (const id of ["feed", "feedAlias"] as const) {
      const ics = await (await handleFeed(request(SAMPLE_REQUESTS[id].request), SAMPLE_CONTEXT)).text();
      expect(sampleOf(id).content["text/calendar"].examples.sample.value, id).toBe(calendarExcerpt(ics));
    }
    const mcp = await handleMcp(
      new Request("http://localhost" + PATHS.mcp, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: MCP_SAMPLE_CALL }),
      }),
      SAMPLE_CONTEXT,
    );
    expect(sampleOf("mcp").content["application/json"].examples.sample.value).toEqual(await mcp.json());
  });

  it("real values: Midsummer Eve 2026, the bridge and half days of 2026, a feed excerpt of three events from 2024", () => {
    const value = (id: RouteId, type = "application/json") => sampleOf(id).content[type].examples.sample.value;
    expect(value("day")).toMatchObject({
      date: "2026-06-19",
      weekday: 5,
      holidayType: "defacto",
      workingDay: false,
      isoWeek: { year: 2026, week: 25 },
    });
    expect(value("day").observances.map((o: Json) => o.code)).toEqual(["midsummerEve"]);
    expect(value("bridgeDays").days.map((d: Json) => d.date)).toEqual(["2026-01-02", "2026-01-05", "2026-05-15"]);
    expect(value("v2HalfDays")).toEqual(
      ["2026-01-05", "2026-04-02", "2026-04-30", "2026-05-13", "2026-06-05", "2026-10-30"].map((date) => ({ date })),
    );
    expect(value("adjust").result.date).toBe("2026-06-22");
    // 2027 at 38.25 hours (459 minutes a day), state: 30 April is a Friday, half a day (230 minutes, 229.5 rounded up)
    expect(value("workingTime")).toMatchObject({
      year: 2027,
      weeklyHours: 38.25,
      dailyMinutes: 459,
      profile: { code: "state", since: 2017 },
    });
    // and Maundy Thursday (25 March, Easter on 28 March) a quarter (115 minutes, 114.75 rounded)
    const shortened = (month: number) =>
      value("workingTime").months[month - 1].shortenedDays.map((d: Json) => [d.date, d.reductionMinutes]);
    expect([shortened(3), shortened(4)]).toEqual([[["2027-03-25", 115]], [["2027-04-30", 230]]]);
    const feed: string = value("feed", "text/calendar");
    expect(feed.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.match(/^UID:.*$/gm)).toEqual([
      "UID:2024-01-01-newYearsDay@swedish-calendar.example",
      "UID:2024-01-06-epiphany@swedish-calendar.example",
      "UID:2024-03-29-goodFriday@swedish-calendar.example",
    ]);
    expect(value("mcp").result.structuredContent.date).toBe("2026-06-19");
    const self = value("openapi");
    expect(Object.keys(self.paths)).toEqual([PATHS.health]);
    expect(self.paths[PATHS.health]).toEqual(SERVED.paths[PATHS.health]);
    expect(self.info.version).toBe(SERVED.info.version);
  });

  it("/v3/openapi.json serves the document with its examples; without examples the contract's document has none", async () => {
    const text = await (await handleV3(request(PATHS.openapi), SAMPLE_CONTEXT)).text();
    expect(text).toBe(openApiBody());
    expect(text).toBe(serializeJson(SERVED));
    expect(successContents(openApiDocument() as Json).some((c) => c.content.examples)).toBe(false);
  });
});
