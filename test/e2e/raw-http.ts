/**
 * Raw HTTP/1.1 over `node:net` for end-to-end tests that must send what no HTTP client library would (TRACE,
 * unknown method tokens, invalid percent-encoding, absolute-form targets, oversized headers): the bytes go out
 * exactly as written, and the answer is parsed by hand.
 */
import { connect } from "node:net";
import type { SocketRefusalReason } from "../../server/guard.js";

export interface RawResponse {
  /** 0 when the server closed the connection without an answer */
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/** Splits a base URL into host and port. */
export function hostAndPort(baseUrl: string): { host: string; port: number } {
  const url = new URL(baseUrl);
  return { host: url.hostname === "localhost" ? "127.0.0.1" : url.hostname, port: Number(url.port) };
}

function parse(raw: Buffer, head: boolean): RawResponse {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: "", raw: text };
  const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const status = Number(statusLine.split(" ")[1]) || 0;
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
  if (head || status === 304 || status === 204) body = Buffer.alloc(0);
  else if (headers["transfer-encoding"] === "chunked") {
    const parts: Buffer[] = [];
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n");
      if (lineEnd < 0) break;
      const size = parseInt(rest.subarray(0, lineEnd).toString("latin1"), 16);
      if (!size) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  } else if (headers["content-length"] !== undefined) body = body.subarray(0, Number(headers["content-length"]));
  return { status, headers, body: body.toString("utf8"), raw: text };
}

/** Is a complete response in `raw` (so a keep-alive connection need not be waited out)? */
function complete(raw: Buffer, head: boolean): boolean {
  const text = raw.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const r = parse(raw, head);
  if (head || r.status === 304 || r.status === 204) return true;
  if (r.headers["content-length"] !== undefined)
    return raw.length - Buffer.byteLength(text.slice(0, end + 4), "latin1") >= Number(r.headers["content-length"]);
  if (r.headers["transfer-encoding"] === "chunked") return text.endsWith("0\r\n\r\n");
  return false;
}

/**
 * Sends `request` (bytes as written) and resolves with the first response: when it is complete (or, with
 * `untilClose`, when the server has closed the connection), or after `timeoutMs` (status 0 if nothing came).
 */
export function rawRequest(
  baseUrl: string,
  request: string | Buffer,
  options: {
    head?: boolean;
    timeoutMs?: number /** wait for the server to close (to see every byte it sends) */;
    untilClose?: boolean;
  } = {},
): Promise<RawResponse> {
  const { host, port } = hostAndPort(baseUrl);
  const head = options.head ?? /^HEAD /.test(String(request).slice(0, 5));
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks), head));
    };
    const socket = connect(port, host, () => socket.write(request));
    socket.on("data", (d) => {
      chunks.push(d);
      if (!options.untilClose && complete(Buffer.concat(chunks), head)) finish();
    });
    socket.on("close", finish);
    socket.on("error", finish);
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
  });
}

/** A request line and headers, CRLF-terminated, with Host and `Connection: close` unless given. */
export function requestText(method: string, target: string, headers: Record<string, string> = {}): string {
  const all = { Host: "localhost", Connection: "close", ...headers };
  return `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;
}

/**
 * Requests the socket guard answers below the HTTP layer (the server's parser refuses them, or they never reach the
 * request handler), each named by the reason its access line gives, with its status; `request-timeout` sends an unfinished head and waits for the 408.
 */
export const SOCKET_REFUSALS: readonly { name: SocketRefusalReason; bytes: string; status: number }[] = [
  { name: "bad-method", bytes: "FOO /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", status: 405 },
  {
    name: "invalid-length",
    bytes: "GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
    status: 400,
  },
  { name: "malformed-header", bytes: "GET /health HTTP/1.1\r\nHost: x\r\nnot a header\r\n\r\n", status: 400 },
  { name: "header-too-large", bytes: requestText("GET", `/v3/holidays?year=${"9".repeat(1_000_000)}`), status: 431 },
  { name: "connect", bytes: requestText("CONNECT", "localhost:443"), status: 405 },
  { name: "expectation-failed", bytes: requestText("GET", "/health", { Expect: "foo" }), status: 417 },
  { name: "request-timeout", bytes: "GET /health HTTP/1.1\r\nHost: x\r\n", status: 408 },
];
