/**
 * The Node HTTP server and the guards on its sockets: what never reaches the request handler. Node's parser gets a
 * header limit raised so the server answers 414/431 itself; what the parser refuses (unknown method tokens,
 * unreadable request lines, headers beyond even that limit, a request not complete in time: 408) is answered on the
 * socket by `clientError`, CONNECT by the `connect` event, an `Expect` other than 100-continue (417) by
 * `checkExpectation` (./guard.ts). Each of them leaves an access line and a count as any answered request does
 * (source `refused`, with its reason: ./observe.ts), and a time-out is counted apart, answered or not.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Answer } from "../http/http.js";
import { REQUEST_TIMEOUT_MS } from "./config.js";
import {
  answerOnSocket,
  clientErrorAnswer,
  expectationFailed,
  methodProblem,
  NODE_MAX_HEADER_SIZE,
  NODE_MAX_HEADERS_COUNT,
  type SocketRefusalReason,
  targetProblem,
} from "./guard.js";
import type { Log } from "./log.js";
import { writeAnswer } from "./node-io.js";
import type { Observation } from "./observe.js";

/** How often Node looks for requests past those times (its default, 30 s, let a late client wait up to 50 s for its 408). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export interface SocketGuards {
  /** the raw layer's own answer as the path's rate-limit group answers (a v2 path's headers) */
  withRateLimitGroupHeaders(answer: Answer, target: string): Answer;
  fail(res: ServerResponse, error: unknown): void;
  log: Log;
  /** every refusal here gets its access line and count, as a request the handler answers does (./observe.ts) */
  observing?: Observation;
  /** the address a parsed request is counted for (./config.ts) */
  clientOf(req: IncomingMessage): string;
}

/** Bytes of an answer's body. */
const bodyBytes = (answer: Answer): number =>
  answer.body === null ? 0 : typeof answer.body === "string" ? Buffer.byteLength(answer.body) : answer.body.byteLength;

/** The HTTP server with `handler` for every request Node's parser reads, and the socket guards for the rest. */
export function guardedHttpServer(
  headersTimeoutMs: number,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  { withRateLimitGroupHeaders, fail, log, observing, clientOf }: SocketGuards,
): Server {
  const server = createHttpServer(
    {
      maxHeaderSize: NODE_MAX_HEADER_SIZE,
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      // a missing Host is answered by refusalOf as a problem document, not by Node's bare 400
      requireHostHeader: false,
    },
    handler,
  );

  if (observing) server.on("connection", (socket: Socket) => observing.opened(socket));

  // sockets answered here: what the parser still finds in the bytes after the answer (the rest of a huge head) is
  // part of the same refusal, not a request of its own
  const answered = new WeakSet<Duplex>();
  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (answered.has(socket)) return void socket.destroy();
    answered.add(socket);
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    try {
      // a request whose handler is under way (its body did not arrive in time): the answer here is that request's
      const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
      const refusal = inFlight?.headersSent ? undefined : clientErrorAnswer(error);
      if (!refusal) {
        if (timedOut) observing?.timedOut(false);
        return void socket.destroy();
      }
      const answer = withRateLimitGroupHeaders(refusal.answer, refusal.target);
      const written = answerOnSocket(socket, answer);
      if (timedOut) observing?.timedOut(written);
      if (!observing) return;
      const bytes = written ? bodyBytes(answer) : 0;
      if (inFlight) observing.answeredOnSocket(inFlight, answer.status, bytes, refusal.reason);
      else
        observing.refused({
          socket,
          method: refusal.line.method,
          target: refusal.line.target,
          status: answer.status,
          bytes,
          written,
          reason: refusal.reason,
        });
    } catch {
      if (timedOut) observing?.timedOut(false);
      socket.destroy();
    }
  });
  server.maxHeadersCount = NODE_MAX_HEADERS_COUNT;
  // an Expect other than 100-continue (which Node answers itself, then the request goes on): 417, and the body is not read
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const seen = observing?.begin(req, res);
    if (seen) {
      seen.source = "refused";
      seen.reason = "expectation-failed" satisfies SocketRefusalReason;
    }
    try {
      const target = req.url !== undefined && targetProblem(req.url) === undefined ? req.url : "/";
      res.setHeader("Connection", "close");
      writeAnswer(res, withRateLimitGroupHeaders(expectationFailed(req.headers.expect, target), target));
    } catch (error) {
      fail(res, error);
    }
  });
  // CONNECT (a proxy tunnel request) never reaches the request handler: answer its 405 on the socket
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    try {
      const answer = methodProblem("CONNECT", "/");
      const written = answerOnSocket(socket, answer);
      const reason: SocketRefusalReason = "connect";
      const bytes = written ? bodyBytes(answer) : 0;
      observing?.refused({
        socket,
        method: "CONNECT",
        target: req.url ?? "",
        status: answer.status,
        bytes,
        written,
        reason,
        client: clientOf(req),
      });
    } catch {
      socket.destroy();
    }
  });
  server.on("error", (error) => log("error", `standalone server: ${error.message}`));
  return server;
}
