/**
 * The raw layer's own answers (server/guard.ts), function by function: which limit a request head breaks and at which
 * byte, which refusal wins when several apply, the problem each refusal is, the bytes written onto a socket Node's
 * parser gave up on, and that a client which never reads its refusal is dropped.
 */
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answerOnSocket,
  brokenLimit,
  clientErrorAnswer,
  expectationFailed,
  headerBytes,
  hostFields,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  methodProblem,
  methodsOfTarget,
  rateLimitGroupOfTarget,
  rawHttp,
  readTarget,
  refusalOf,
  requestLineOf,
  requestTimeout,
  targetProblem,
} from "../../server/guard.js";

const bodyOf = (answer: { body: unknown }) =>
  JSON.parse(String(answer.body)) as { type: string; status: number; detail: string; title: string };
const slugOf = (answer: { body: unknown }) => bodyOf(answer).type.split("/").pop();

describe("the request head's limits", () => {
  it("counts header bytes as `name: value\\r\\n` per field", () => {
    expect(headerBytes([])).toBe(0);
    expect(headerBytes(["Host", "a"])).toBe(4 + 1 + 4);
    expect(headerBytes(["Host", "a", "X-Å", "é"])).toBe(9 + 4 + 2 + 4);
    // a name without its value (never from Node, but the sum stays defined)
    expect(headerBytes(["X"])).toBe(1 + 0 + 4);
  });

  it("counts Host fields whatever their case, and no other field", () => {
    expect(hostFields(["Host", "a", "host", "b", "HOST", "c"])).toBe(3);
    expect(hostFields(["Hostx", "a", "Hos", "b", "X-Host", "c"])).toBe(0);
    expect(hostFields([])).toBe(0);
  });

  it("breaks the target limit one byte past it, counted in bytes", () => {
    const at = "/" + "a".repeat(MAX_URL_BYTES - 1);
    expect(brokenLimit(at, ["Host", "x"], true)).toBeNull();
    expect(brokenLimit(at + "a", ["Host", "x"], true)).toBe("target");
    // two bytes per character: half as many characters are enough
    expect(brokenLimit("/" + "é".repeat(MAX_URL_BYTES / 2), ["Host", "x"], true)).toBe("target");
  });

  it("breaks the header limit one byte past it", () => {
    const fill = (total: number) => ["Host", "x", "X-Fill", "v".repeat(total - 9 - 10)];
    expect(headerBytes(fill(MAX_HEADER_BYTES))).toBe(MAX_HEADER_BYTES);
    expect(brokenLimit("/", fill(MAX_HEADER_BYTES), true)).toBeNull();
    expect(brokenLimit("/", fill(MAX_HEADER_BYTES + 1), true)).toBe("headers");
  });

  it("needs exactly one Host only when told to (HTTP/1.1)", () => {
    expect(brokenLimit("/", [], true)).toBe("host");
    expect(brokenLimit("/", ["Host", "a", "Host", "b"], true)).toBe("host");
    expect(brokenLimit("/", [], false)).toBeNull();
    expect(brokenLimit("/", ["Host", "a", "Host", "b"], false)).toBeNull();
  });

  it("reports the target before the headers, and the headers before Host", () => {
    const big = ["X-Fill", "v".repeat(MAX_HEADER_BYTES)];
    expect(brokenLimit("/" + "a".repeat(MAX_URL_BYTES), big, true)).toBe("target");
    expect(brokenLimit("/", big, true)).toBe("headers");
  });
});

describe("reading a target", () => {
  it.each([
    [
      "v3/holidays",
      "the request target must be a path starting with '/' (origin-form); absolute and authority forms are not served",
    ],
    [
      "//evil.example/x",
      "the request target must be a path starting with '/' (origin-form); absolute and authority forms are not served",
    ],
    [
      "http://localhost/v3/holidays",
      "the request target must be a path starting with '/' (origin-form); absolute and authority forms are not served",
    ],
    ["/v3\\holidays", "the request path must not contain a backslash"],
    ["/v3/%FF", "the request path is not valid percent-encoded UTF-8 text"],
    ["/v3/%C0%AE", "the request path is not valid percent-encoded UTF-8 text"],
    ["/v3/%", "the request path is not valid percent-encoded UTF-8 text"],
  ])("%s: %s", (target, problem) => {
    const facts = readTarget(target);
    expect(facts.problem).toBe(problem);
    expect(facts.url).toBeUndefined();
    expect(targetProblem(target)).toBe(problem);
  });

  it("reads a path with its query, and the row its path matches", () => {
    const facts = readTarget("/v3/holidays?year=2024&x=%FF");
    expect(facts.problem).toBeUndefined();
    expect(facts.url?.pathname).toBe("/v3/holidays");
    expect(facts.url?.searchParams.get("year")).toBe("2024");
    expect(facts.match?.route.id).toBe("holidays");
    // a backslash or a bad escape in the query is the query's business, not the path's
    expect(readTarget("/v3/holidays?a=\\&b=%").problem).toBeUndefined();
    expect(readTarget("/v3/%C3%A5").problem).toBeUndefined();
    expect(readTarget("/nothing-here").match).toBeUndefined();
    expect(targetProblem("/")).toBeUndefined();
  });

  it("gives each target the surface whose headers its answers carry", () => {
    expect(rateLimitGroupOfTarget("/v3/holidays?year=2024")).toBe("v3");
    expect(rateLimitGroupOfTarget("/holidays?year=2024")).toBe("v2");
    expect(rateLimitGroupOfTarget("/ical/holidays")).toBe("feed");
    expect(rateLimitGroupOfTarget("/nothing-here")).toBe("not-found");
    expect(rateLimitGroupOfTarget("*")).toBe("not-found");
    expect(rateLimitGroupOfTarget("http://[")).toBe("not-found");
  });

  it("gives each path its row's methods, else the read methods", () => {
    expect(methodsOfTarget("/mcp")).toEqual(["POST", "OPTIONS"]);
    expect(methodsOfTarget("/v3/holidays")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(methodsOfTarget("/nothing-here")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(methodsOfTarget("*")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});

describe("refusals of a parsed request", () => {
  const host = ["Host", "localhost"];

  it("lets a readable request with a declared method go on", () => {
    expect(refusalOf("GET", "/v3/holidays?year=2024", host, true)).toBeUndefined();
    expect(refusalOf("OPTIONS", "/nothing-here", host, true)).toBeUndefined();
    expect(refusalOf("POST", "/mcp", host, true)).toBeUndefined();
  });

  it("414 for a long target, spoken for '/'", () => {
    const refusal = refusalOf("GET", "/v3/holidays?x=" + "a".repeat(MAX_URL_BYTES), host, true)!;
    expect(refusal.target).toBe("/");
    expect(refusal.answer.status).toBe(414);
    expect(slugOf(refusal.answer)).toBe("uri-too-long");
    expect(bodyOf(refusal.answer).detail).toBe(`the request target is longer than ${MAX_URL_BYTES} bytes`);
  });

  it("431 for large headers, spoken for the target's surface", () => {
    const refusal = refusalOf("GET", "/holidays?year=2024", [...host, "X-Fill", "v".repeat(MAX_HEADER_BYTES)], true)!;
    expect(refusal.target).toBe("/holidays?year=2024");
    expect(refusal.answer.status).toBe(431);
    expect(slugOf(refusal.answer)).toBe("request-header-fields-too-large");
    expect(bodyOf(refusal.answer).detail).toBe(
      `the request headers are larger than ${MAX_HEADER_BYTES} bytes in total`,
    );
    // the v2 rate-limit group's rate-limit headers
    expect(refusal.answer.headers["RateLimit-Policy"]).toBe("5;w=10");
  });

  it("400 for an HTTP/1.1 request without exactly one Host", () => {
    const refusal = refusalOf("GET", "/v3/holidays", [], true)!;
    expect(refusal.answer.status).toBe(400);
    expect(slugOf(refusal.answer)).toBe("invalid-parameter");
    expect(bodyOf(refusal.answer).detail).toBe("an HTTP/1.1 request must carry exactly one 'Host' header");
    expect(refusalOf("GET", "/v3/holidays", [], false)).toBeUndefined();
  });

  it("405 with the row's Allow for a method it does not declare", () => {
    const refusal = refusalOf("DELETE", "/v3/holidays", host, true)!;
    expect(refusal.answer.status).toBe(405);
    expect(refusal.answer.headers.Allow).toBe("GET, HEAD, OPTIONS");
    expect(bodyOf(refusal.answer).detail).toBe("method DELETE is not allowed; use GET, HEAD, OPTIONS");
    expect(refusalOf("GET", "/mcp", host, true)!.answer.headers.Allow).toBe("POST, OPTIONS");
    expect(refusalOf("TRACE", "/nothing-here", host, true)!.answer.status).toBe(405);
  });

  it("400 for a target it cannot read, after the method", () => {
    const refusal = refusalOf("GET", "/v3/%FF", host, true)!;
    expect(refusal.target).toBe("/");
    expect(refusal.answer.status).toBe(400);
    expect(bodyOf(refusal.answer).detail).toBe("the request path is not valid percent-encoded UTF-8 text");
    expect(refusalOf("DELETE", "/v3/%FF", host, true)!.answer.status).toBe(405);
  });

  it("takes what the caller already worked out", () => {
    expect(refusalOf("GET", "/v3/holidays", host, true, undefined, "target")!.answer.status).toBe(414);
    expect(refusalOf("GET", "/v3/holidays", host, true, readTarget("/v3/%FF"))!.answer.status).toBe(400);
  });

  it("405 for a method token that is not shown as given", () => {
    const answer = methodProblem("BAD METHOD", "/v3/holidays");
    expect(answer.status).toBe(405);
    expect(bodyOf(answer).detail).toBe("method this method is not allowed; use GET, HEAD, OPTIONS");
  });
});

describe("answers on a socket Node gave up on", () => {
  afterEach(() => vi.useRealTimers());

  it("writes an answer as HTTP/1.1 bytes with its length and Connection: close, and no length or connection of its own", () => {
    const bytes = rawHttp({
      status: 417,
      headers: { "Content-Type": "text/plain", "content-length": "99", Connection: "keep-alive" },
      body: "né",
    });
    const text = bytes.toString("latin1");
    expect(text.startsWith("HTTP/1.1 417 Expectation Failed\r\n")).toBe(true);
    expect(text).toContain("\r\nContent-Type: text/plain\r\n");
    expect(text).toContain("\r\nContent-Length: 3\r\nConnection: close\r\n\r\n");
    expect(text).not.toContain("99");
    expect(text).not.toContain("keep-alive");
    expect(bytes.subarray(bytes.length - 3).toString("utf8")).toBe("né");
    expect(rawHttp({ status: 599, headers: {}, body: null }).toString("latin1")).toBe(
      "HTTP/1.1 599 Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });

  it("ends the socket with the bytes, and destroys it 2 s later when the client never reads", () => {
    vi.useFakeTimers();
    const socket = new PassThrough();
    const end = vi.spyOn(socket, "end");
    const destroy = vi.spyOn(socket, "destroy");
    const answer = requestTimeout("/v3/holidays");
    answerOnSocket(socket, answer);
    expect(end).toHaveBeenCalledWith(rawHttp(answer));
    vi.advanceTimersByTime(1999);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it("destroys a socket that cannot be written, without writing", () => {
    const socket = new PassThrough();
    socket.destroy();
    const end = vi.spyOn(socket, "end");
    const destroy = vi.spyOn(socket, "destroy");
    answerOnSocket(socket, requestTimeout("/"));
    expect(end).not.toHaveBeenCalled();
    expect(destroy).toHaveBeenCalled();
    const ended = new PassThrough();
    ended.end();
    const endedDestroy = vi.spyOn(ended, "destroy");
    answerOnSocket(ended, requestTimeout("/"));
    expect(endedDestroy).toHaveBeenCalled();
  });

  it("reads the request line from the raw bytes, best effort", () => {
    expect(requestLineOf(Buffer.from("FOO /v3/holidays?year=2024 HTTP/1.1\r\nHost: x\r\n"))).toEqual({
      method: "FOO",
      target: "/v3/holidays?year=2024",
    });
    expect(requestLineOf(Buffer.from("GET /partial"))).toEqual({ method: "GET", target: "/partial" });
    expect(requestLineOf(undefined)).toEqual({ method: "", target: "" });
    // an empty request line: nothing before the first CRLF
    expect(requestLineOf(Buffer.from("\r\nGET / HTTP/1.1\r\n"))).toEqual({ method: "", target: "" });
    const long = requestLineOf(Buffer.from(`GET /${"a".repeat(MAX_URL_BYTES + 100)} HTTP/1.1\r\n`));
    expect(long.target.length).toBe(MAX_URL_BYTES + 64 - 4);
  });

  it("417 shows a printable expectation of at most 40 characters, else says 'this expectation'", () => {
    const detail = (expect_: string | undefined) => bodyOf(expectationFailed(expect_, "/")).detail;
    expect(expectationFailed("foo", "/").status).toBe(417);
    expect(detail("foo")).toBe("the 'Expect' header 'foo' is not supported; only '100-continue' is");
    expect(detail("x".repeat(40))).toContain(`'${"x".repeat(40)}'`);
    expect(detail("x".repeat(41))).toBe(
      "the 'Expect' header this expectation is not supported; only '100-continue' is",
    );
    expect(detail("")).toBe("the 'Expect' header this expectation is not supported; only '100-continue' is");
    expect(detail("a\u0001b")).toBe("the 'Expect' header this expectation is not supported; only '100-continue' is");
    expect(detail(undefined)).toBe("the 'Expect' header this expectation is not supported; only '100-continue' is");
  });

  it("answers each parser error as its problem, spoken for the request line's target", () => {
    const packet = (line: string) => Buffer.from(`${line}\r\nHost: x\r\n`);
    const error = (code: string, line = "GET /holidays?year=2024 HTTP/1.1") =>
      Object.assign(new Error(code), { code, rawPacket: packet(line) });
    expect(clientErrorAnswer(error("ECONNRESET"))).toBeUndefined();
    expect(clientErrorAnswer(error("EPIPE"))).toBeUndefined();
    // the client closed its side before its request was complete (an upload given up): nobody to answer
    expect(clientErrorAnswer(error("HPE_INVALID_EOF_STATE"))).toBeUndefined();

    const method = clientErrorAnswer(error("HPE_INVALID_METHOD", "FOO /holidays HTTP/1.1"))!;
    expect(method.answer.status).toBe(405);
    expect(method.target).toBe("/holidays");
    expect(bodyOf(method.answer).detail).toBe("method FOO is not allowed; use GET, HEAD, OPTIONS");
    expect(method.answer.headers["RateLimit-Policy"]).toBe("5;w=10");

    const overflow = clientErrorAnswer(error("HPE_HEADER_OVERFLOW"))!;
    expect(overflow.answer.status).toBe(431);
    expect(overflow.target).toBe("/");

    const timeout = clientErrorAnswer(error("ERR_HTTP_REQUEST_TIMEOUT"))!;
    expect(timeout.answer.status).toBe(408);
    expect(timeout.target).toBe("/holidays?year=2024");
    expect(bodyOf(timeout.answer).detail).toBe("the request was not received completely in time");

    const other = clientErrorAnswer(error("HPE_UNEXPECTED_CONTENT_LENGTH"))!;
    expect(other.answer.status).toBe(400);
    expect(bodyOf(other.answer).detail).toBe(
      "the request could not be read as HTTP/1.1 (request line, target or headers malformed)",
    );

    // an unreadable target speaks for "/"
    expect(clientErrorAnswer(error("HPE_INVALID_URL", "GET /%FF HTTP/1.1"))!.target).toBe("/");
    // no code at all: unreadable
    expect(clientErrorAnswer(Object.assign(new Error("?"), { rawPacket: undefined }))!.answer.status).toBe(400);
  });
});
