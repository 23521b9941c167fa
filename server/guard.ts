/**
 * What the standalone server answers itself, before a Fetch `Request` exists (the Fetch API refuses TRACE, TRACK
 * and CONNECT, and `new URL()` or `decodeURIComponent()` on a hostile target throws), and what it answers straight
 * onto a socket when Node's HTTP parser gives up on a request (`clientError`). Every answer is a problem document
 * built from the handlers' own pieces (problemAnswer + commonHeaders): `Cache-Control: no-store`, CORS, HSTS
 * and the RateLimit headers of the path's rate-limit group, never a stack trace or an internal path.
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { RATE_LIMITS, type RateLimitGroupName, READ_METHODS } from "../contract/policies.js";
import type { ProblemSlug } from "../contract/problems.js";
import { type Match, matchRoute, rateLimitGroupOf } from "../contract/route-match.js";
import { datasetFileOf } from "../contract/static.js";
import type { Answer } from "../http/http.js";
import { methodNotAllowed } from "../http/method-gate.js";
import { completed } from "../http/pipeline.js";
import { problemAnswer } from "../http/problem.js";

/** The longest request target answered normally (bytes); a longer one is 414 uri-too-long. */
export const MAX_URL_BYTES = 8 * 1024;
/**
 * The most request-header bytes (names, values, separators; request line excluded) answered normally: beyond, 431,
 * however many fields carry them (the server is told to report every field: NODE_MAX_HEADERS_COUNT).
 */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Node's own header limit for this server (request line and headers). Raised above MAX_HEADER_BYTES + MAX_URL_BYTES so
 * the server sees and answers 414/431 itself; beyond it Node's parser stops and `clientError` answers 431 on the socket
 * (for a giant target as well: the request head as a whole is too large). Both limits count the fields as Node reads
 * them: whitespace around a value is skipped by Node's parser (never stored), so it costs a client only its time,
 * which the headers timeout bounds.
 */
export const NODE_MAX_HEADER_SIZE = 64 * 1024;
/**
 * How many header fields Node reports (`server.maxHeadersCount`): all of them (0). By default it stops at 1,000
 * fields (2,000 entries), and 6,000 fields of 10 bytes each would pass a sum of the reported ones.
 */
export const NODE_MAX_HEADERS_COUNT = 0;

/** The rate-limit group whose headers an answer for this origin-form target carries. */
export function rateLimitGroupOfTarget(target: string): RateLimitGroupName {
  let url: URL;
  try {
    url = new URL(target.startsWith("/") ? target : "/", "http://localhost");
  } catch {
    return "not-found";
  }
  const route = matchRoute(url.pathname)?.route;
  if (route) return rateLimitGroupOf(route, url);
  return datasetFileOf(url.pathname)?.rateLimitGroup ?? "not-found";
}

/** Total bytes of the request headers as sent: `name: value\r\n` per field. */
export function headerBytes(rawHeaders: readonly string[]): number {
  let total = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    total += Buffer.byteLength(rawHeaders[i]) + Buffer.byteLength(rawHeaders[i + 1] ?? "") + 4;
  return total;
}

/** How many `Host` fields a request has (HTTP/1.1 requires exactly one: RFC 9112 section 3.2). */
export function hostFields(rawHeaders: readonly string[]): number {
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].length === 4 && rawHeaders[i].toLowerCase() === "host") hosts++;
  return hosts;
}

/** A target as the server reads it: a problem when it cannot, else its URL and the route its path matches (once). */
export type TargetFacts =
  | { readonly problem: string; readonly url?: undefined; readonly match?: undefined }
  | { readonly problem: undefined; readonly url: URL; readonly match: Match | undefined };

/** The authority every target is read against: handlers read the path and the query, never the host. */
export const INTERNAL_ORIGIN = "http://localhost";

/**
 * An origin-form target whose path the server can read: starts with `/`, no backslash in the path, and every
 * `%` in the path starts a valid UTF-8 percent-encoding (`%FF`, `%C0%AE` and a lone `%` are not). The query is
 * read leniently, as URLSearchParams does; the route's parameter parsers judge its values. Read once: the URL and
 * the route match are what every later step of the request reads.
 */
export function readTarget(target: string): TargetFacts {
  if (!target.startsWith("/") || target.startsWith("//")) {
    return {
      problem:
        "the request target must be a path starting with '/' (origin-form); absolute and authority forms are not served",
    };
  }
  const path = target.split("?", 1)[0];
  if (path.includes("\\")) return { problem: "the request path must not contain a backslash" };
  if (path.includes("%")) {
    try {
      decodeURIComponent(path);
    } catch {
      return { problem: "the request path is not valid percent-encoded UTF-8 text" };
    }
  }
  let url: URL;
  try {
    url = new URL(target, INTERNAL_ORIGIN);
  } catch {
    return { problem: "the request target is not a readable URL" };
  }
  return { problem: undefined, url, match: matchRoute(url.pathname) };
}

/** Why a target cannot be read, or undefined when it can (readTarget). */
export function targetProblem(target: string): string | undefined {
  return readTarget(target).problem;
}

/** A problem answer for a target, with the common headers (HSTS, CORS, RateLimit-*) of the target's rate-limit group. */
export function problemFor(
  slug: ProblemSlug,
  detail: string,
  target: string,
  headers?: Record<string, string>,
): Answer {
  return withTargetHeaders(problemAnswer(slug, detail, headers), target);
}

/** An answer with the common headers (HSTS, CORS, RateLimit-*) of the target's rate-limit group, as serve() completes its own. */
function withTargetHeaders(answer: Answer, target: string): Answer {
  return completed(answer, RATE_LIMITS[rateLimitGroupOfTarget(target)]);
}

/** The methods an origin-form target's path answers: its route's, else GET, HEAD, OPTIONS (files, the site, unknown paths). */
export function methodsOfTarget(target: string): readonly string[] {
  return readTarget(target.startsWith("/") ? target : "/").match?.route.methods ?? READ_METHODS;
}

/** 405 with the path's Allow, the handlers' own answer (methodNotAllowed shows the method only when it is a plain token). */
export function methodProblem(method: string, target: string): Answer {
  const allowed = methodsOfTarget(target);
  return withTargetHeaders(methodNotAllowed(method, allowed) ?? methodNotAllowed("this method", allowed)!, target);
}

const uriTooLong = (target: string) =>
  problemFor("uri-too-long", `the request target is longer than ${MAX_URL_BYTES} bytes`, target);
const headersTooLarge = (target: string) =>
  problemFor(
    "request-header-fields-too-large",
    `the request headers are larger than ${MAX_HEADER_BYTES} bytes in total`,
    target,
  );

/** A raw-layer answer and the target whose rate-limit group it speaks for ("/" when the target is unreadable). */
export interface Refusal {
  answer: Answer;
  target: string;
}

/** A limit of the request head a request breaks: its target's length, its header bytes, its Host fields. */
export type BrokenLimit = "target" | "headers" | "host";

/**
 * The first limit of the request head a request breaks (target length, header bytes, and for an HTTP/1.1 request
 * exactly one Host), or null when it breaks none: the part of refusalOf() that needs no reading of the target (a
 * cached answer is written when it is null).
 */
export function brokenLimit(target: string, rawHeaders: readonly string[], hostRequired: boolean): BrokenLimit | null {
  if (Buffer.byteLength(target) > MAX_URL_BYTES) return "target";
  if (headerBytes(rawHeaders) > MAX_HEADER_BYTES) return "headers";
  if (hostRequired && hostFields(rawHeaders) !== 1) return "host";
  return null;
}

/**
 * The answer to a request Node has parsed but the handlers must not see, or undefined when it may go on:
 * 414, 431, 400 for an HTTP/1.1 request without exactly one Host (`hostRequired`), 405 (every method the path's
 * route does not declare: on every path but /mcp, all but GET, HEAD, OPTIONS, TRACE included), 400 for a target the
 * server cannot read. `facts`: the target as readTarget() reads it, `broken`: what brokenLimit() found (each worked
 * out here when not given).
 */
export function refusalOf(
  method: string,
  target: string,
  rawHeaders: readonly string[],
  hostRequired = false,
  facts?: TargetFacts,
  broken: BrokenLimit | null = brokenLimit(target, rawHeaders, hostRequired),
): Refusal | undefined {
  if (broken === "target") return { answer: uriTooLong("/"), target: "/" };
  const { problem, match } = facts ?? readTarget(target);
  const methods: readonly string[] = match?.route.methods ?? READ_METHODS;
  const readable = problem === undefined ? target : "/";
  if (broken === "headers") return { answer: headersTooLarge(readable), target: readable };
  if (broken === "host") {
    return {
      answer: problemFor("invalid-parameter", "an HTTP/1.1 request must carry exactly one 'Host' header", readable),
      target: readable,
    };
  }
  if (!methods.includes(method)) return { answer: methodProblem(method, readable), target: readable };
  if (problem) return { answer: problemFor("invalid-parameter", problem, "/"), target: "/" };
  return undefined;
}

/** An answer as raw HTTP/1.1 bytes, closing the connection. */
export function rawHttp(answer: Answer): Buffer {
  const body = answer.body === null ? Buffer.alloc(0) : Buffer.from(answer.body);
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? "Error"}`];
  for (const [name, value] of Object.entries(answer.headers)) {
    const lower = name.toLowerCase();
    if (lower !== "content-length" && lower !== "connection") lines.push(`${name}: ${value}`);
  }
  lines.push(`Content-Length: ${body.length}`, "Connection: close", "", "");
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]);
}

/**
 * Writes a response onto a socket Node's HTTP layer has given up on, then closes it: true when the answer was handed
 * to the socket, false when it could not be (the socket was gone already). Never throws.
 */
export function answerOnSocket(socket: Duplex, answer: Answer): boolean {
  try {
    const bytes = rawHttp(answer);
    if (!socket.writable || socket.destroyed) {
      socket.destroy();
      return false;
    }
    socket.end(bytes);
    // a client that never reads must not hold the socket open
    setTimeout(() => socket.destroy(), 2000).unref();
    return true;
  } catch {
    socket.destroy();
    return false;
  }
}

/** The request line's method and target from the bytes Node's parser was reading (best effort). */
export function requestLineOf(rawPacket: Buffer | undefined): { method: string; target: string } {
  const text = rawPacket ? rawPacket.subarray(0, MAX_URL_BYTES + 64).toString("latin1") : "";
  const end = text.indexOf("\r\n");
  const line = end >= 0 ? text.slice(0, end) : text;
  const [method = "", target = ""] = line.split(" ");
  return { method, target };
}

/** 408: the request (its head, or its body) did not arrive completely in time. */
export const requestTimeout = (target: string) =>
  problemFor("request-timeout", "the request was not received completely in time", target);

/** 417: an `Expect` other than `100-continue` (the only expectation HTTP/1.1 defines). */
export function expectationFailed(expect: string | undefined, target: string): Answer {
  const shown = expect !== undefined && /^[\x20-\x7e]{1,40}$/.test(expect) ? `'${expect}'` : "this expectation";
  return problemFor(
    "expectation-failed",
    `the 'Expect' header ${shown} is not supported; only '100-continue' is`,
    target,
  );
}

/**
 * Why the socket guard refused a request, as its access line says (`reason`): Node's parser codes by what they mean,
 * CONNECT, and an unsupported `Expect`.
 */
export type SocketRefusalReason =
  | "bad-method"
  | "header-too-large"
  | "request-timeout"
  | "invalid-length"
  | "malformed-header"
  | "bad-target"
  | "malformed-request"
  | "connect"
  | "expectation-failed";

/** The parser's codes that have a reason of their own; every other code is `malformed-request`. */
const REASON_OF_CODE: Readonly<Record<string, SocketRefusalReason>> = {
  HPE_INVALID_METHOD: "bad-method",
  HPE_HEADER_OVERFLOW: "header-too-large",
  ERR_HTTP_REQUEST_TIMEOUT: "request-timeout",
  HPE_INVALID_CONTENT_LENGTH: "invalid-length",
  HPE_UNEXPECTED_CONTENT_LENGTH: "invalid-length",
  HPE_INVALID_TRANSFER_ENCODING: "invalid-length",
  HPE_INVALID_HEADER_TOKEN: "malformed-header",
  HPE_INVALID_URL: "bad-target",
};

/** A refusal of Node's parser: the answer, why, and the request line as far as it could be read. */
export interface ClientErrorRefusal extends Refusal {
  reason: SocketRefusalReason;
  line: { method: string; target: string };
}

/**
 * The answer to a request Node's HTTP parser refused (`clientError`): an unknown method token (`FOO`, `TRACK`,
 * lowercase `get`) 405; a request head (line and headers) over Node's limit 431 (Node hands over only the chunk it
 * was reading, so a giant target cannot be told from a giant header there); a request not complete in time
 * (headers or body) 408; anything else unreadable (a bad target, a space or control byte, conflicting lengths) 400.
 * Undefined: nobody to answer (the connection was reset, or the client closed its side before its request was complete:
 * an upload given up, whose request is then logged as aborted).
 */
export function clientErrorAnswer(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
): ClientErrorRefusal | undefined {
  const code = error.code ?? "";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "HPE_INVALID_EOF_STATE") return undefined;
  const line = requestLineOf(error.rawPacket);
  const target = targetProblem(line.target) === undefined ? line.target : "/";
  const reason = REASON_OF_CODE[code] ?? "malformed-request";
  const answer = (refused: Answer, on = target): ClientErrorRefusal => ({ answer: refused, target: on, reason, line });
  if (code === "HPE_INVALID_METHOD") return answer(methodProblem(line.method, target));
  if (code === "HPE_HEADER_OVERFLOW") return answer(headersTooLarge("/"), "/");
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return answer(requestTimeout(target));
  return answer(
    problemFor(
      "invalid-parameter",
      "the request could not be read as HTTP/1.1 (request line, target or headers malformed)",
      target,
    ),
  );
}
