/**
 * The client address behind trusted proxies (TRUST_PROXY, server/proxy.ts), per request: the hand-written
 * `clientAddress` beside Express's `proxy-addr` with the same trusted list, in one run, on the requests a self-hoster's
 * server sees. proxy-addr's side is a lower bound of what a replacement would cost: it reads X-Forwarded-For only and
 * returns the address as written, while the service also reads `Forwarded: for=` when X-Forwarded-For is absent,
 * takes ports and brackets off, and counts every form of an address (`::ffff:a.b.c.d`, a full IPv6 text) on one key.
 *
 * The two sides run in alternating rounds, so that a busy neighbour slows both alike; each figure is the median over
 * the rounds of each round's median. Prints a table; `npm run bench -- proxy`.
 */

import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { clientAddress, parseTrustProxy } from "../server/proxy.js";
import { printTable, type Row, timePerCall, us } from "./lib/measure.js";

/** The trusted list of the chain example in docs/self-hosting.md#behind-a-reverse-proxy (a load balancer in 10/8, then nginx on loopback). */
const TRUSTED = "loopback, 10.0.0.0/8";

/** Requests as the server sees them: the socket's address and the X-Forwarded-For the proxies wrote. */
const CASES: { name: string; socket: string; xff: string }[] = [
  { name: "nginx on loopback, one client (IPv4)", socket: "127.0.0.1", xff: "203.0.113.7" },
  {
    name: "dual-stack socket (::ffff:127.0.0.1), an IPv6 client",
    socket: "::ffff:127.0.0.1",
    xff: "2001:db8:cafe::17",
  },
  { name: "a chain: client, load balancer in 10/8, nginx", socket: "127.0.0.1", xff: "198.51.100.23, 10.1.2.3" },
  {
    name: "a spoofed header on a chain (client wrote the left entry)",
    socket: "127.0.0.1",
    xff: "1.1.1.1, 198.51.100.23, 10.1.2.3",
  },
  { name: "a caller that is no proxy (its header ignored)", socket: "203.0.113.9", xff: "1.2.3.4" },
];

const ROUNDS = 7;
const PER_BATCH = 20_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

export async function run(): Promise<void> {
  const trusted = parseTrustProxy(TRUSTED)!;
  const trust = proxyaddr.compile(TRUSTED.split(",").map((entry) => entry.trim()));
  const rows: Row[] = [];
  for (const c of CASES) {
    // a request object per case, as proxy-addr reads one (socket.remoteAddress and the header)
    const req = {
      socket: { remoteAddress: c.socket },
      connection: { remoteAddress: c.socket },
      headers: { "x-forwarded-for": c.xff },
    } as unknown as IncomingMessage;
    const ours = () => clientAddress(c.socket, c.xff, undefined, trusted);
    const theirs = () => proxyaddr(req, trust);
    const handWritten: number[] = [];
    const library: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      handWritten.push(timePerCall(ours, PER_BATCH, 9, 2).median);
      library.push(timePerCall(theirs, PER_BATCH, 9, 2).median);
    }
    const [a, b] = [median(handWritten), median(library)];
    rows.push({
      benchmark: `${c.name}: hand-written clientAddress -> ${ours()}`,
      measured: us(a),
      target: "",
      ok: null,
    });
    rows.push({
      benchmark: `  proxy-addr -> ${theirs()}`,
      measured: us(b),
      target: `${b >= a ? "+" : "-"}${us(Math.abs(b - a))} per request`,
      ok: null,
    });
  }
  printTable(rows);
  console.log(
    `proxy-addr ${(await import("proxy-addr/package.json", { with: { type: "json" } })).default.version}; node ${process.version}, ${process.platform}/${process.arch}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
