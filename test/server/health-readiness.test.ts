/**
 * /health as probes use it, against standalone servers in this process (real HTTP on loopback, limits on):
 *   - liveness (`/health`) is 200 whenever the process answers, starting and stopping included;
 *   - readiness (`/health?ready`) is 503 `ready: false` while the site build `npm start` runs in the background has not
 *     settled, and once close() has begun (a request that reaches the server while it drains), else 200 `ready: true`;
 *   - both are `no-store`, carry the common headers, and are never counted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createNodeServer } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLifecycle } from "../../server/lifecycle.js";
import { createServer, type StandaloneServer } from "../../server/standalone.js";

let publicDir: string;
const servers: StandaloneServer[] = [];

beforeAll(() => {
  // an empty publish folder: nothing on disk, every answer computed (as a fresh clone's first start)
  publicDir = mkdtempSync(join(tmpdir(), "health-ready-"));
});

afterAll(async () => {
  for (const s of servers) await s.close(0);
  rmSync(publicDir, { recursive: true, force: true });
});

async function start(siteReady?: Promise<unknown>): Promise<{ service: StandaloneServer; base: string }> {
  const service = createServer({ publicDir, rateLimits: true, siteReady, log: () => {} });
  servers.push(service);
  const { url } = await service.listen(0, "127.0.0.1");
  return { service, base: url.replace("localhost", "127.0.0.1") };
}

/** What a probe sees: status, the body's `ready`, and the headers every /health answer must carry. */
async function probe(
  base: string,
  path: string,
  method = "GET",
): Promise<{ status: number; ready: boolean | undefined }> {
  const res = await fetch(base + path, { method });
  expect(res.headers.get("cache-control"), path).toBe("no-store");
  expect(res.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
  expect(res.headers.get("ratelimit-limit"), path).toBe("10");
  expect(res.headers.get("ratelimit-policy"), path).toBe("10;w=60");
  expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
  expect(res.headers.get("strict-transport-security"), path).toMatch(/^max-age=/);
  if (method === "HEAD") {
    expect(await res.text()).toBe("");
    return { status: res.status, ready: undefined };
  }
  const body = await res.json();
  expect(body.status).toBe("ok");
  return { status: res.status, ready: body.ready };
}

describe("readiness while starting: the background site build", () => {
  it("not settled: /health?ready 503 ready:false, /health 200; settled: both 200 ready:true", async () => {
    let built!: () => void;
    const { base } = await start(new Promise<void>((resolve) => (built = resolve)));
    expect(await probe(base, "/health?ready")).toEqual({ status: 503, ready: false });
    expect(await probe(base, "/health?ready=true")).toEqual({ status: 503, ready: false });
    expect(await probe(base, "/health?ready", "HEAD")).toEqual({ status: 503, ready: undefined });
    // liveness: up, and says what readiness would answer
    expect(await probe(base, "/health")).toEqual({ status: 200, ready: false });
    expect(await probe(base, "/health?ready=false")).toEqual({ status: 200, ready: false });
    built();
    await new Promise((r) => setTimeout(r, 10));
    expect(await probe(base, "/health?ready")).toEqual({ status: 200, ready: true });
    expect(await probe(base, "/health")).toEqual({ status: 200, ready: true });
  });

  it("a site build that failed still leaves the API serving: ready", async () => {
    const { base } = await start(Promise.reject(new Error("astro failed")));
    await new Promise((r) => setTimeout(r, 10));
    expect(await probe(base, "/health?ready")).toEqual({ status: 200, ready: true });
  });

  it("no background build (--no-build, tests): ready from the first answer", async () => {
    const { base } = await start();
    expect(await probe(base, "/health?ready")).toEqual({ status: 200, ready: true });
  });

  it("a value that is not a boolean is 400, as every known parameter's", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/health?ready=maybe`);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain("'ready'");
  });
});

/** Sends `text` on a socket of its own and collects everything until the server closes it. */
function rawSocket(base: string): { socket: Socket; received: Promise<string> } {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const received = new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", () => resolve(Buffer.concat(chunks).toString("latin1")));
  });
  return { socket, received };
}

describe("readiness while stopping: once close() has begun", () => {
  it("a probe reaching the draining server answers 503 ready:false (readiness) and 200 (liveness)", async () => {
    const { service, base } = await start();
    expect(await probe(base, "/health?ready")).toEqual({ status: 200, ready: true });
    // a request under way when the stop begins: its head half sent, so its connection is busy and stays open
    const { socket, received } = rawSocket(base);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("GET /health?ready HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await new Promise((r) => setTimeout(r, 50));
    const closed = service.close(2000);
    // the rest of it arrives after close() began
    socket.write("Accept: application/json\r\n\r\n");
    const raw = await received;
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw.toLowerCase()).toContain("connection: close");
    expect(raw.toLowerCase()).toContain("cache-control: no-store");
    expect(raw.toLowerCase()).toContain("ratelimit-policy: 10;w=60");
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toMatchObject({ status: "ok", ready: false });
    await closed;
    // in process (the Fetch level), after the close: liveness still 200, readiness 503
    const live = await service.fetch(new Request("http://localhost/health"));
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: "ok", ready: false });
    const ready = await service.fetch(new Request("http://localhost/health?ready"));
    expect(ready.status).toBe(503);
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("the lifecycle says when close() has begun", async () => {
    const node = createNodeServer((_req, res) => res.end());
    const lifecycle = createLifecycle(
      () => {},
      () => node,
    );
    await lifecycle.listen(0, "127.0.0.1");
    expect(lifecycle.isClosing()).toBe(false);
    const closed = lifecycle.close(100);
    expect(lifecycle.isClosing()).toBe(true);
    await closed;
    expect(lifecycle.isClosing()).toBe(true);
  });
});
