/**
 * The standalone server answers every request but the MCP endpoint's without building a Fetch Request: the handlers
 * read the request's head from Node's (server/service.ts requestHeadOf). Over raw sockets, the header fields
 * they read must be what Headers.get gives a Netlify Function for the same bytes: every field of the name, in
 * order, joined with ", ", whatever the letter case of the name. Each answer is compared with the in-process
 * handler's answer to a Fetch Request carrying the same fields.
 */
import { describe, expect, it } from "vitest";
import { handleV3 } from "../../http/v3.js";
import { e2eBaseUrl } from "./base-url.js";
import { rawRequest } from "./raw-http.js";

const BASE = e2eBaseUrl();
const PATH = "/v3/days/1950-06-21";

/** A raw GET/OPTIONS with the header fields as given (names as written, repeated as listed). */
const raw = (method: string, fields: [string, string][]) =>
  `${method} ${PATH} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${fields.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;

/** The Netlify path's answer to the same fields (a Fetch Request whose Headers hold each field appended). */
async function fetchAnswer(method: string, fields: [string, string][]) {
  const headers = new Headers();
  for (const [k, v] of fields) headers.append(k, v);
  return handleV3(new Request(`http://localhost${PATH}`, { method, headers }), { rateLimitsEnabled: false });
}

describe.skipIf(!BASE)("request header fields as the handlers read them, without a Fetch Request", () => {
  it("If-None-Match given twice, the second naming the ETag: 304 on both paths; neither matching: 200 on both", async () => {
    const etag = (await fetchAnswer("GET", [])).headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    for (const [fields, status] of [
      [
        [
          ["If-None-Match", '"nope"'],
          ["if-none-match", etag],
        ],
        304,
      ],
      [[["IF-NONE-MATCH", `W/${etag}`]], 304],
      [
        [
          ["If-None-Match", '"a"'],
          ["If-None-Match", '"b"'],
        ],
        200,
      ],
    ] as [[string, string][], number][]) {
      const direct = await rawRequest(BASE!, raw("GET", fields));
      const viaFetch = await fetchAnswer("GET", fields);
      expect(direct.status, JSON.stringify(fields)).toBe(status);
      expect(viaFetch.status).toBe(status);
      expect(direct.headers.etag).toBe(etag);
      if (status === 200) expect(direct.body).toBe(await viaFetch.text());
    }
  });

  it("a preflight naming its headers in two fields: both allowed, joined as Headers.get joins them", async () => {
    const fields: [string, string][] = [
      ["Origin", "https://example.org"],
      ["Access-Control-Request-Method", "GET"],
      ["Access-Control-Request-Headers", "if-none-match"],
      ["access-control-request-headers", "x-trace"],
    ];
    const direct = await rawRequest(BASE!, raw("OPTIONS", fields));
    const viaFetch = await fetchAnswer("OPTIONS", fields);
    expect(direct.status).toBe(204);
    expect(viaFetch.headers.get("Access-Control-Allow-Headers")).toBe("if-none-match, x-trace");
    expect(direct.headers["access-control-allow-headers"]).toBe("if-none-match, x-trace");
    expect(direct.headers["access-control-allow-methods"]).toBe(viaFetch.headers.get("Access-Control-Allow-Methods"));
  });
});
