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
  res.writeHead(answer.status, { ...answer.headers, "Content-Length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength) });
  res.end(body);
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
