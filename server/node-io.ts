/**
 * Between Node's request and response objects and the handlers' Answer: the head of a request as the handlers read it
 * (no Fetch Request built) and an answer written straight onto Node's response.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Answer, RequestHead } from "../http/http.js";
import { ifNoneMatchMatches } from "../http/http.js";
import { encoded, etagFor, negotiate, varies, withVary } from "./compress.js";
import { INTERNAL_ORIGIN } from "./guard.js";

/**
 * Writes an answer through Node's response object: every answer but the MCP endpoint's. The body is sent in the coding
 * the request prefers when it can be compressed (./compress.ts: `Vary`, the coding's ETag and Content-Encoding), and a
 * 200 with an ETag is a 304 when If-None-Match matches the ETag of the coding chosen (the handlers are not shown
 * If-None-Match on this path: requestHeadOf). HEAD gets GET's headers, Content-Length included, and no body.
 */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  const req = res.req as IncomingMessage | undefined;
  const { body } = answer;
  if (body === null) {
    res.writeHead(answer.status, answer.headers);
    res.end();
    return;
  }
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  const headers: Record<string, string> = Object.assign({}, answer.headers);
  const varying = req !== undefined && varies(answer.headers, length);
  const coding = varying ? negotiate(req.headers["accept-encoding"]) : "identity";
  if (varying) headers.Vary = withVary(headers.Vary);
  if (coding !== "identity") {
    headers["Content-Encoding"] = coding;
    if (headers.ETag !== undefined) headers.ETag = etagFor(headers.ETag, coding);
  }
  const method = req?.method;
  const condition = req?.headers["if-none-match"];
  if (
    answer.status === 200 &&
    headers.ETag !== undefined &&
    condition !== undefined &&
    (method === "GET" || method === "HEAD") &&
    ifNoneMatchMatches(condition, headers.ETag)
  ) {
    delete headers["Content-Type"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const sent = coding === "identity" ? body : encoded(body, coding);
  if (sent instanceof Promise) {
    sent.then(
      (bytes) => writeBody(res, answer.status, headers, bytes, method === "HEAD"),
      // compressing failed (it does not): the answer as it is
      () => writeBody(res, answer.status, { ...answer.headers, Vary: headers.Vary }, body, method === "HEAD"),
    );
  } else writeBody(res, answer.status, headers, sent, method === "HEAD");
}

function writeBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array,
  head: boolean,
): void {
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  headers["Content-Length"] = String(length);
  res.writeHead(status, headers);
  if (head) {
    res.end();
    return;
  }
  noteBodyBytes(res, length);
  res.end(body);
}

const BODY_BYTES = Symbol("body bytes");
type Noted = ServerResponse & { [BODY_BYTES]?: number };

/** Records the bytes of the body a response is given (the access line and the metrics read them once it is done). */
export function noteBodyBytes(res: ServerResponse, bytes: number): void {
  (res as Noted)[BODY_BYTES] = ((res as Noted)[BODY_BYTES] ?? 0) + bytes;
}

/** The bytes of the body a response was given (0: none, HEAD, 304). */
export function bodyBytesOf(res: ServerResponse): number {
  return (res as Noted)[BODY_BYTES] ?? 0;
}

/** Counts what someone else writes on a response (the Fetch bridge's streamed answers) as its body's bytes. */
export function countBodyWrites(res: ServerResponse): void {
  const count = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === "string")
      noteBodyBytes(
        res,
        Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
      );
    else if (chunk instanceof Uint8Array) noteBodyBytes(res, chunk.byteLength);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    count(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (typeof chunk !== "function") count(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse["end"];
}

/**
 * The head of Node's request as the handlers read it (no Fetch Request built): method, URL against the internal
 * origin, and each header field as Headers.get gives it (every field of that name, in order, joined with ", ").
 * If-None-Match is not shown: which ETag it is compared with depends on the coding the answer is sent in, which
 * writeAnswer chooses (the handlers answer 200, and writeAnswer makes it the 304).
 */
export function requestHeadOf(req: IncomingMessage, target: string): RequestHead {
  const raw = req.rawHeaders;
  return {
    method: req.method!,
    url: INTERNAL_ORIGIN + target,
    headers: {
      get(name: string): string | null {
        const wanted = name.toLowerCase();
        if (wanted === "if-none-match") return null;
        let value: string | null = null;
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i].length === wanted.length && raw[i].toLowerCase() === wanted)
            value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
        }
        return value;
      },
    },
  };
}
