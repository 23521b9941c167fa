/** The method checks of the MCP endpoint and every other route, decided by the route table's `methods`. */
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../contract/openapi.js";
import { PATHS } from "../../contract/paths.js";
import { ROUTES } from "../../contract/routes.js";
import { methodNotAllowed, preflight } from "../../http/method-gate.js";
import { handleV3 } from "../../http/v3.js";
import { refusalOf } from "../../server/guard.js";
import { TEST_CONTEXT } from "./helpers.js";
import { type Json, URL_MCP } from "./mcp-http-helpers.js";

describe("a row's methods decide the method check everywhere, other routes unchanged", () => {
  it("serve()'s pieces", async () => {
    expect(methodNotAllowed("GET")).toBeUndefined();
    expect(methodNotAllowed("POST")!.headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(methodNotAllowed("POST", ["POST", "OPTIONS"])).toBeUndefined();
    expect(methodNotAllowed("GET", ["POST", "OPTIONS"])!.headers.Allow).toBe("POST, OPTIONS");
    expect(preflight(new Request(URL_MCP, { method: "OPTIONS" })).headers["Access-Control-Allow-Methods"]).toBe(
      "GET, HEAD, OPTIONS",
    );
  });

  it("the v3 handler still refuses POST with GET, HEAD, OPTIONS", async () => {
    const res = await handleV3(
      new Request(`http://localhost${PATHS.holidays}?year=2024`, { method: "POST", body: "x" }),
      TEST_CONTEXT,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("the standalone server's raw guard: POST passes on /mcp only; GET, TRACE and friends on /mcp are 405 with its Allow", () => {
    expect(refusalOf("POST", PATHS.mcp, [])).toBeUndefined();
    expect(refusalOf("OPTIONS", PATHS.mcp, [])).toBeUndefined();
    for (const method of ["GET", "HEAD", "DELETE", "TRACE", "PUT"]) {
      const refusal = refusalOf(method, PATHS.mcp, [])!;
      expect(refusal.answer.status, method).toBe(405);
      expect(refusal.answer.headers.Allow).toBe("POST, OPTIONS");
      expect(refusal.answer.headers["RateLimit-Limit"]).toBe("10");
    }
    for (const path of [`${PATHS.holidays}?year=2024`, "/", PATHS.health, `${PATHS.mcp}/x`]) {
      const refusal = refusalOf("POST", path, [])!;
      expect(refusal.answer.status, path).toBe(405);
      expect(refusal.answer.headers.Allow).toBe("GET, HEAD, OPTIONS");
    }
    expect(refusalOf("GET", `${PATHS.holidays}?year=2024`, [])).toBeUndefined();
  });

  it("the OpenAPI document: every read-only row a GET; /mcp a POST with its JSON-RPC body and its refusals", () => {
    const doc = openApiDocument() as Json;
    for (const route of ROUTES) {
      expect(Object.keys(doc.paths[route.path]), route.path).toEqual(
        route.id === "mcp" ? ["post", "options"] : ["get", "head", "options"],
      );
    }
    expect(doc.paths[PATHS.mcp].options.responses["204"].headers["Access-Control-Allow-Methods"].schema.const).toBe(
      "POST, OPTIONS",
    );
    const op = doc.paths[PATHS.mcp].post;
    expect(op.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/JsonRpcRequest" });
    expect(op.responses["405"].headers.Allow.schema.const).toBe("POST, OPTIONS");
    for (const [status, name] of [
      ["406", "McpNotAcceptable"],
      ["413", "McpContentTooLarge"],
      ["415", "McpUnsupportedMediaType"],
    ]) {
      expect(op.responses[status]).toEqual({ $ref: `#/components/responses/${name}` });
    }
    expect(op.responses["400"].content["application/json"]).toBeDefined(); // a JSON-RPC error, not a problem
    expect(op.responses["202"]).toBeDefined();
  });
});
