/**
 * Servers for bench/http.ts, each in a process of its own (so the load generator does not share its event loop):
 *   tsx bench/http/serve.ts standalone <publicDir>   the standalone server over <publicDir>, limits off
 *   tsx bench/http/serve.ts ceiling                  a minimal node:http server answering one constant JSON body
 *   tsx bench/http/serve.ts replay <url>             a minimal node:http server answering the exact status, headers
 *                                                    and body <url> answered once (what any server must send for it)
 *   tsx bench/http/serve.ts floor <url>              a minimal node:http server computing each request's answer for
 *                                                    the v3 row of <url> with nothing but the row's own work: read the
 *                                                    target (URL, row, declared parameters), the library call, JSON,
 *                                                    ETag; headers as <url> answered, its ETag and length replaced
 *                                                    (the least any server computing the answer must do)
 * Prints the bound port and its process id on its first line.
 */
import { createServer as createNodeServer, get, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { matchRoute } from "../../contract/route-match.js";
import { etagOf, serializeJson } from "../../contract/serialize.js";
import { readRequestArguments } from "../../http/router.js";
import { bodyOf, type V3BodyRoute } from "../../http/v3-bodies.js";
import { createServer } from "../../server/standalone.js";

const [kind, argument] = process.argv.slice(2);

/** Headers Node writes itself on every answer. */
const NODE_OWN = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function minimal(status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
  listen((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });
}

function listen(answer: Parameters<typeof createNodeServer>[1]): void {
  const server = createNodeServer(answer);
  server.listen(0, "127.0.0.1", () => console.log(`${(server.address() as AddressInfo).port} ${process.pid}`));
}

/**
 * The status, headers (without those Node writes itself, names as sent) and body a URL answers a request like the load
 * generator's: a plain GET with no Accept-Encoding (fetch would ask for gzip and hand back the decoded body, the
 * headers still saying gzip: other bytes than the service sends wrk).
 */
async function answerOf(url: string): Promise<{ status: number; headers: OutgoingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: OutgoingHttpHeaders = {};
        const raw = res.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) if (!NODE_OWN.has(raw[i]!.toLowerCase())) headers[raw[i]!] = raw[i + 1];
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    }).on("error", reject);
  });
}

if (kind === "ceiling") {
  const body = Buffer.from(
    JSON.stringify({ date: "2024-06-21", weekday: 5, holidayType: "defacto", workingDay: false, observances: [] }),
  );
  minimal(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length }, body);
} else if (kind === "replay") {
  const { status, headers, body } = await answerOf(argument);
  minimal(status, { ...headers, "Content-Length": String(body.length) }, body);
} else if (kind === "floor") {
  const { headers: answered } = await answerOf(argument);
  const headers = Object.fromEntries(Object.entries(answered).filter(([name]) => name.toLowerCase() !== "etag"));
  listen((req, res) => {
    const url = new URL(req.url!, "http://localhost");
    const { route, pathValues } = matchRoute(url.pathname)!;
    const id = route.id as V3BodyRoute;
    const body = serializeJson(bodyOf(id, readRequestArguments(id, pathValues, url), new Date()));
    res.writeHead(200, { ...headers, ETag: etagOf(body), "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
} else {
  const service = createServer({ publicDir: argument, rateLimits: false, log: () => {} });
  const { port } = await service.listen(0, "127.0.0.1");
  console.log(`${port} ${process.pid}`);
}
