/**
 * TRUST_PROXY behind a real reverse proxy (http-proxy-3, appending X-Forwarded-For as nginx's
 * `$proxy_add_x_forwarded_for` does), started here in front of a standalone server in this process with limits on.
 * Five clients call the proxy from their own loopback addresses (127.0.0.2 to 127.0.0.6):
 *   - with TRUST_PROXY naming the proxy, each gets its own 10 v3 requests a minute, whether its answers are computed or
 *     kept, and an X-Forwarded-For a client sends itself changes nothing (the proxy appends the address it saw);
 *   - without TRUST_PROXY, every client behind the proxy is one client (the proxy's address), and forwarding headers
 *     sent straight to the server change nothing.
 * (127.0.0.2 to 127.0.0.7 are loopback addresses: Linux routes all of 127.0.0.0/8 to the loopback interface.)
 */

import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProxyServer } from "http-proxy-3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type StandaloneServer } from "../../server/standalone.js";

const CLIENTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"];

/** GET through a port from a given local address; resolves with the status and the RateLimit-Limit header. */
function get(
  port: number,
  path: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; limit: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, localAddress, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, limit: res.headers["ratelimit-limit"] as string | undefined }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
const tally = (answers: { status: number }[]) => [
  answers.filter((a) => a.status === 200).length,
  answers.filter((a) => a.status === 429).length,
];

describe.skipIf(process.env.E2E === "off")("TRUST_PROXY behind a real reverse proxy (limits on)", () => {
  let publicDir: string;
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(() => {
    publicDir = mkdtempSync(join(tmpdir(), "trust-proxy-"));
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    rmSync(publicDir, { recursive: true, force: true });
  });

  /** A standalone server with `env`, and a proxy in front of it; resolves with both ports. */
  async function serverBehindProxy(env: Record<string, string>): Promise<{ server: number; proxy: number }> {
    const service: StandaloneServer = createServer({ publicDir, env, rateLimits: true, log: () => {} });
    closers.push(() => service.close(0));
    const { port } = await service.listen(0, "127.0.0.1");
    const proxy = createProxyServer({ target: `http://127.0.0.1:${port}`, xfwd: true });
    const front: Server = createHttpServer((req, res) => proxy.web(req, res));
    closers.push(
      () => new Promise((resolve) => front.close(resolve)),
      () =>
        new Promise((resolve) => {
          front.closeAllConnections();
          return resolve(undefined);
        }),
    );
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    return { server: port, proxy: (front.address() as AddressInfo).port };
  }

  it("5 clients behind the proxy named by TRUST_PROXY each get their own 10 per minute (computed or kept, spoofed or not); without TRUST_PROXY they share one", async () => {
    const { proxy } = await serverBehindProxy({ TRUST_PROXY: "127.0.0.1" });
    const results = await Promise.all(
      CLIENTS.map(async (client, c) => {
        const answers = [];
        for (let i = 0; i < 12; i++) {
          // client 0 names a different address of its own in every request; client 1 repeats one target (cached answers)
          const headers: Record<string, string> = c === 0 ? { "X-Forwarded-For": `203.0.113.${i}` } : {};
          const path = c === 1 ? "/v3/days/1950-06-01" : `/v3/days/1950-0${c + 1}-${String(i + 1).padStart(2, "0")}`;
          answers.push(await get(proxy, path, client, headers));
        }
        return answers;
      }),
    );
    for (const [c, answers] of results.entries()) {
      expect([CLIENTS[c], statuses(answers)]).toEqual([CLIENTS[c], [...Array(10).fill(200), 429, 429]]);
      expect(answers.every((a) => a.limit === "10")).toBe(true);
    }

    // without TRUST_PROXY the same 5 clients behind the proxy share the proxy's 10
    const { proxy: untrusting } = await serverBehindProxy({});
    const behind = await Promise.all(
      CLIENTS.map((client, c) =>
        Promise.all(Array.from({ length: 4 }, (_, i) => get(untrusting, `/v3/days/1952-0${c + 1}-0${i + 1}`, client))),
      ),
    );
    expect(tally(behind.flat())).toEqual([10, 10]);
    // and forwarding headers sent straight to it change nothing
    const { server: direct } = await serverBehindProxy({});
    const forged = [];
    for (let i = 0; i < 12; i++) {
      const headers: Record<string, string> =
        i % 2 ? { "X-Forwarded-For": `198.51.100.${i}` } : { Forwarded: `for=198.51.100.${i}` };
      forged.push(await get(direct, `/v3/days/1953-01-${String(i + 1).padStart(2, "0")}`, "127.0.0.7", headers));
    }
    expect(statuses(forged)).toEqual([...Array(10).fill(200), 429, 429]);
  });

  it("`loopback` trusts the proxy too: a client's own forwarded address counts", async () => {
    const { proxy } = await serverBehindProxy({ TRUST_PROXY: "loopback" });
    // every address in the chain is a loopback proxy here, so the left-most (the client's) is the one counted
    const answers = await Promise.all(
      CLIENTS.map((client) =>
        Promise.all(
          Array.from({ length: 11 }, (_, i) =>
            get(proxy, `/v3/days/1951-01-${String(i + 1).padStart(2, "0")}`, client),
          ),
        ),
      ),
    );
    for (const [c, client] of answers.entries()) expect([CLIENTS[c], tally(client)]).toEqual([CLIENTS[c], [10, 1]]);
  });
});
