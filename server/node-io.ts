/**
 * Between Node's request and response objects and the handlers' Answer: the head of a request as the handlers read it
 * (no Fetch Request built) and an answer written straight onto Node's response.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Answer, RequestHead } from "../functions/lib/http.js";
import { INTERNAL_ORIGIN } from "./guard.js";

/**
 * Writes an answer through Node's response object: every answer but the MCP endpoint's. A HEAD answer has no body
 * and no Content-Length (as the Fetch bridge writes a body-less answer).
 */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  if (res.req?.method === "HEAD" || answer.body === null) {
    res.writeHead(answer.status, answer.headers);
    res.end();
    return;
  }
  const { body } = answer;
  const length = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": String(length) });
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
    if (typeof chunk === "string") noteBodyBytes(res, Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
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
 */
export function requestHeadOf(req: IncomingMessage, target: string): RequestHead {
  const raw = req.rawHeaders;
  return {
    method: req.method!,
    url: INTERNAL_ORIGIN + target,
    headers: {
      get(name: string): string | null {
        const wanted = name.toLowerCase();
        let value: string | null = null;
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i].length === wanted.length && raw[i].toLowerCase() === wanted) value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
        }
        return value;
      },
    },
  };
}
