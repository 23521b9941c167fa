/**
 * A server for bench/http.ts, in a process of its own (so the load generator does not share its event loop):
 *   tsx bench/http/serve.ts standalone <publicDir>   the standalone server over <publicDir>, limits off
 *   tsx bench/http/serve.ts ceiling                  a minimal node:http server answering one constant JSON body
 * Prints the bound port on its first line.
 */
import { createServer as createNodeServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "../../server/standalone.js";

const [kind, publicDir] = process.argv.slice(2);

if (kind === "ceiling") {
  const body = JSON.stringify({ date: "2024-06-21", weekday: 5, holidayType: "defacto", workingDay: false, observances: [] });
  const server = createNodeServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
} else {
  const service = createServer({ publicDir, rateLimits: false, log: () => {} });
  const { port } = await service.listen(0, "127.0.0.1");
  console.log(port);
}
