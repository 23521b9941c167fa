/** The OpenAPI document's responses: the statuses of every operation, the 200 schemas and the response headers. */
import { describe, expect, it } from "vitest";
import { resolve } from "./helpers.js";
import { FEED_PATHS, PUBLIC, V2_PATHS, V3_PATHS } from "./openapi-document.js";

describe("the OpenAPI document", () => {
  it("declares for every v3 operation 200 (JSON), 304, 405, 429 and 500; 400/404 as problem documents", () => {
    for (const path of V3_PATHS) {
      const responses = PUBLIC.paths[path].get.responses;
      for (const status of ["200", "304", "405", "429", "500"])
        expect(responses[status], `${path} ${status}`).toBeDefined();
      expect(resolve(PUBLIC, responses["200"]).content["application/json"].schema, path).toBeDefined();
      for (const status of ["400", "404", "405", "429", "500"]) {
        if (!responses[status]) continue;
        const r = resolve(PUBLIC, responses[status]);
        expect(r.content["application/problem+json"].schema, `${path} ${status}`).toEqual({
          $ref: "#/components/schemas/Problem",
        });
      }
    }
    const withParams = V3_PATHS.filter(
      (p) => !["/v3/observances", "/v3/flag-days/catalogue", "/v3/due-dates/catalogue", "/v3/openapi.json"].includes(p),
    );
    for (const path of withParams) expect(PUBLIC.paths[path].get.responses["400"], path).toBeDefined();
    for (const path of ["/v3/days/{date}", "/v3/observances/{code}"])
      expect(PUBLIC.paths[path].get.responses["404"], path).toBeDefined();
    // an unknown code in the query (a due-date schedule) is 400: only a path names a resource that may not exist
    expect(PUBLIC.paths["/v3/due-dates"].get.responses["404"]).toBeUndefined();
  });

  it("names the 200 schema of every path as the specification does", () => {
    const schema200 = (path: string) => resolve(PUBLIC, PUBLIC.paths[path].get.responses["200"]).content;
    const expected: Record<string, string> = {
      "/v3/holidays": "HolidaysResponse",
      "/v3/bridge-days": "BridgeDaysResponse",
      "/v3/half-days": "HalfDaysResponse",
      "/v3/days/{date}": "Day",
      "/v3/period": "Period",
      "/v3/shift": "Shift",
      "/v3/observances": "ObservanceList",
      "/v3/observances/{code}": "OccurrenceList",
      "/health": "Health",
      "/v3/adjust": "Adjustment",
      "/v3/due-dates": "DueDatesResponse",
      "/v3/due-dates/catalogue": "DueDateScheduleList",
    };
    for (const [path, name] of Object.entries(expected)) {
      expect(schema200(path)["application/json"].schema, path).toEqual({ $ref: `#/components/schemas/${name}` });
    }
    expect(schema200("/holidays")["application/json"].schema).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/V2Holiday" },
    });
    expect(schema200("/half-days")["application/json"].schema.type).toBe("array");
    for (const feed of FEED_PATHS) expect(schema200(feed)["text/calendar"]).toBeDefined();
  });

  it("declares the response headers", () => {
    const headersOf = (path: string, status: string) =>
      Object.keys(resolve(PUBLIC, PUBLIC.paths[path].get.responses[status]).headers ?? {});
    for (const path of V3_PATHS) {
      expect(headersOf(path, "200")).toEqual(
        expect.arrayContaining([
          "Cache-Control",
          "ETag",
          "RateLimit-Limit",
          "RateLimit-Policy",
          "Access-Control-Allow-Origin",
        ]),
      );
      expect(headersOf(path, "429")).toEqual(
        expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Policy", "Cache-Control"]),
      );
      expect(headersOf(path, "405")).toContain("Allow");
    }
    for (const path of V2_PATHS) {
      for (const status of ["200", "400", "410", "429"]) {
        expect(headersOf(path, status), `${path} ${status}`).toEqual(
          expect.arrayContaining(["Link", "Deprecation", "Sunset"]),
        );
      }
      expect(PUBLIC.paths[path].get.responses["410"]).toBeDefined();
    }
    expect(resolve(PUBLIC, PUBLIC.components.headers["Cache-Control-No-Store"]).schema.const).toBe("no-store");
  });
});
