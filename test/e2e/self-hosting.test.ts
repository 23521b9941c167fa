/**
 * The standalone server as a self-hoster runs it (issue 20), each test with a server process of its own:
 *   - its log may go away (a collector restarts, `npm start | head`): answering and SIGTERM are unaffected, and a
 *     client that aborts an upload costs one log line, without a stack trace;
 *   - `npm start` stops on SIGTERM and SIGINT within 2 s, port freed, whoever sends the signal (the npm process
 *     itself, as a container's main process or a process manager gets it, or the whole process group); an answer in
 *     flight is finished with `Connection: close`, and new connections are refused meanwhile.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { choosePort, portIsFree, type RunningServer, sleep, startServer } from "./server.js";

const SKIP = process.env.E2E === "off";

/** POST /mcp declaring a 100-byte body, one byte of it sent, then the connection closed. */
async function abortedUpload(port: number): Promise<void> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.write(
    "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
      "Content-Length: 100\r\n\r\n{",
  );
  await sleep(200);
  socket.destroy();
  await sleep(300);
}

/** Resolves with the exit time (ms after the call) of a child, or undefined when it is still running after `ms`. */
function exitWithin(server: RunningServer, ms: number): Promise<number | undefined> {
  const started = Date.now();
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve(0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    server.child.once("exit", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

describe.skipIf(SKIP)("the standalone server's log", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("with nobody reading its output any more, an aborted upload changes nothing: /health answers 200, SIGTERM stops it", async () => {
    server = await startServer({ port: await choosePort(8930), build: false, env: { RATE_LIMITS: "off" } });
    // the reader of the process's stdout and stderr goes away: its next log line fails with EPIPE
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    await abortedUpload(server.port);
    const health = await fetch(`${server.baseUrl}/health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe("ok");
    // and once more, after further failed log lines
    await abortedUpload(server.port);
    expect((await fetch(`${server.baseUrl}/v3/days/2024-06-21`, { signal: AbortSignal.timeout(5000) })).status).toBe(
      200,
    );
    process.kill(server.child.pid!, "SIGTERM");
    const exitedAfter = await exitWithin(server, 3000);
    expect(exitedAfter).toBeDefined();
    expect(server.child.exitCode).toBe(0);
  }, 60_000);

  it("an aborted upload is one log line without a stack trace, and the answer to the next request is unaffected", async () => {
    server = await startServer({ port: await choosePort(8935), build: false, env: { RATE_LIMITS: "off" } });
    const before = server.output().length;
    await abortedUpload(server.port);
    await abortedUpload(server.port);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    // access lines are written in chunks (at most 100 ms later): wait for the uploads' two
    const uploads = () =>
      (
        server!
          .output()
          .slice(before)
          .match(/"method":"POST"/g) ?? []
      ).length;
    for (const deadline = Date.now() + 5000; uploads() < 2 && Date.now() < deadline; ) await sleep(50);
    await sleep(200);
    const logged = server
      .output()
      .slice(before)
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // besides the access lines (the two uploads' and the /health request's), one warning each, no stack trace
    expect(logged.filter((line) => line.level !== "info").map((line) => [line.level, line.msg])).toEqual([
      ["warn", "POST /mcp: the client went away before the request was complete (ECONNRESET)"],
      ["warn", "POST /mcp: the client went away before the request was complete (ECONNRESET)"],
    ]);
    // the uploads' access lines: the client went away before any answer was written
    expect(
      logged.filter((line) => line.method === "POST").map((line) => [line.path, line.aborted, line.bytes]),
    ).toEqual([
      ["/mcp", true, 0],
      ["/mcp", true, 0],
    ]);
  }, 60_000);
});

/** Polls until the port can be bound again; resolves with the time it took, or undefined after `ms`. */
async function portFreedWithin(port: number, ms: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await portIsFree(port)) return Date.now() - started;
    await sleep(50);
  }
  return undefined;
}

/** Connects to a local port; rejects with the error (ECONNREFUSED once nobody listens). */
function connectTo(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe.skipIf(SKIP)("npm start stops when told", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it.each([
    ["SIGTERM", "the npm process"],
    ["SIGINT", "the npm process"],
    ["SIGTERM", "the process group"],
  ] as const)(
    "%s to %s: every process gone and the port free within 2 s",
    async (signal, to) => {
      server = await startServer({ port: await choosePort(8940), env: { RATE_LIMITS: "off" } });
      const { child, port } = server;
      const exited = exitWithin(server, 2000);
      process.kill(to === "the npm process" ? child.pid! : -child.pid!, signal);
      expect(await portFreedWithin(port, 2000)).toBeDefined();
      expect(await exited).toBeDefined();
      // nothing of the group is left behind (no orphaned server under a shell that did not pass the signal on)
      expect(() => process.kill(-child.pid!, 0)).toThrow();
    },
    90_000,
  );

  it("on SIGTERM an answer in flight finishes, saying Connection: close, and new connections are refused", async () => {
    server = await startServer({ port: await choosePort(8945), build: false, env: { RATE_LIMITS: "off" } });
    const { port } = server;
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const socket = await connectTo(port);
    let received = "";
    socket.on("data", (d) => (received += d.toString("latin1")));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // a keep-alive request whose body is still on its way when the signal comes
    socket.write(
      "POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);
    process.kill(server.child.pid!, "SIGTERM");
    await sleep(300);
    await expect(connectTo(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
    socket.write(body.slice(10));
    await closed;
    const head = received.slice(0, received.indexOf("\r\n\r\n"));
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(head.toLowerCase()).toContain("\r\nconnection: close");
    expect(JSON.parse(received.slice(head.length + 4)).result.tools.length).toBeGreaterThan(0);
    expect(await exitWithin(server, 2000)).toBeDefined();
  }, 60_000);
});
