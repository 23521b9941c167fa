/**
 * Servers for bench/http.ts, each in a process of its own (so the load generator does not share its event loop):
 *   tsx bench/http/serve.ts standalone <publicDir>   the standalone server over <publicDir>, limits off
 *   tsx bench/http/serve.ts ceiling                  a minimal node:http server answering one constant JSON body
 *   tsx bench/http/serve.ts replay <url>             a minimal node:http server answering the exact status, headers
 *                                                    and body <url> answered once (what any server must send for it)
 * Prints the bound port and its process id on its first line.
 */
import { createServer as createNodeServer, type OutgoingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "../../server/standalone.js";

const [kind, argument] = process.argv.slice(2);

/** Headers Node writes itself on every answer. */
const NODE_OWN = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function minimal(status: number, headers: OutgoingHttpHeaders, body: Buffer): void {
  const server = createNodeServer((_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => console.log(`${(server.address() as AddressInfo).port} ${process.pid}`));
}

if (kind === "ceiling") {
  const body = Buffer.from(JSON.stringify({ date: "2024-06-21", weekday: 5, holidayType: "defacto", workingDay: false, observances: [] }));
  minimal(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length }, body);
} else if (kind === "replay") {
  const res = await fetch(argument);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: OutgoingHttpHeaders = { "Content-Length": body.length };
  res.headers.forEach((value, name) => {
    if (!NODE_OWN.has(name)) headers[name] = value;
  });
  minimal(res.status, headers, body);
} else {
  const service = createServer({ publicDir: argument, rateLimits: false, log: () => {} });
  const { port } = await service.listen(0, "127.0.0.1");
  console.log(`${port} ${process.pid}`);
}
