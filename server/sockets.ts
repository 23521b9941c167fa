/**
 * The Node HTTP server and the guards on its sockets: what never reaches the request handler. Node's parser gets a
 * header limit raised so the server answers 414/431 itself; what the parser refuses (unknown method tokens,
 * unreadable request lines, headers beyond even that limit, a request not complete in time: 408) is answered on the
 * socket by `clientError`, CONNECT by the `connect` event, an `Expect` other than 100-continue (417) by
 * `checkExpectation` (./guard.ts).
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Answer } from "../functions/lib/http.js";
import {
  NODE_MAX_HEADERS_COUNT, NODE_MAX_HEADER_SIZE, answerOnSocket, clientErrorAnswer, expectationFailed, methodProblem, targetProblem,
} from "./guard.js";
import { REQUEST_TIMEOUT_MS } from "./config.js";
import type { Log } from "./log.js";
import { writeAnswer } from "./node-io.js";

/** How often Node looks for requests past those times (its default, 30 s, let a late client wait up to 50 s for its 408). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export interface SocketGuards {
  /** the raw layer's own answer as the path's surface answers (a v2 path's headers) */
  asTheSurfaceAnswers(answer: Answer, target: string): Answer;
  fail(res: ServerResponse, error: unknown): void;
  log: Log;
}

/** The HTTP server with `handler` for every request Node's parser reads, and the socket guards for the rest. */
export function guardedHttpServer(
  headersTimeoutMs: number,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  { asTheSurfaceAnswers, fail, log }: SocketGuards,
): Server {
  const server = createHttpServer({
    maxHeaderSize: NODE_MAX_HEADER_SIZE,
    requestTimeout: REQUEST_TIMEOUT_MS,
    headersTimeout: headersTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    // a missing Host is answered by refusalOf as a problem document, not by Node's bare 400
    requireHostHeader: false,
  }, handler);

  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    try {
      const busy = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
      const answer = busy ? undefined : clientErrorAnswer(error);
      if (!answer) return void socket.destroy();
      answerOnSocket(socket, asTheSurfaceAnswers(answer.answer, answer.target));
    } catch {
      socket.destroy();
    }
  });
  server.maxHeadersCount = NODE_MAX_HEADERS_COUNT;
  // an Expect other than 100-continue (which Node answers itself, then the request goes on): 417, and the body is not read
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    try {
      const target = req.url !== undefined && targetProblem(req.url) === undefined ? req.url : "/";
      res.setHeader("Connection", "close");
      writeAnswer(res, asTheSurfaceAnswers(expectationFailed(req.headers.expect, target), target));
    } catch (error) {
      fail(res, error);
    }
  });
  // CONNECT (a proxy tunnel request) never reaches the request handler: answer its 405 on the socket
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    try {
      answerOnSocket(socket, methodProblem("CONNECT", "/"));
    } catch {
      socket.destroy();
    }
  });
  server.on("error", (error) => log("error", `standalone server: ${error.message}`));
  return server;
}
