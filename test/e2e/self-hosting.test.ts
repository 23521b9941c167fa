/**
 * The standalone server as a self-hoster runs it (issue 20), each test with a server process of its own:
 *   - its log may go away (a collector restarts, `npm start | head`): answering and SIGTERM are unaffected, and a
 *     client that aborts an upload costs one log line, without a stack trace;
 */
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { choosePort, startServer, type RunningServer } from "./server.js";

const SKIP = process.env.E2E === "off";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    expect((await fetch(`${server.baseUrl}/v3/days/2024-06-21`, { signal: AbortSignal.timeout(5000) })).status).toBe(200);
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
    await sleep(200);
    const logged = server.output().slice(before).split("\n").filter((line) => line.trim() !== "");
    expect(logged).toEqual([
      "POST /mcp: the client went away before the request was complete (ECONNRESET)",
      "POST /mcp: the client went away before the request was complete (ECONNRESET)",
    ]);
  }, 60_000);
});

