/**
 * A redis-server of the test's own on a free loopback port (Debian's `redis-server` package; `.ci/run` installs it),
 * with no persistence, stopped and started again on the same port, or hung (SIGSTOP) and resumed, when a test asks. `redisBinary()` is undefined
 * where the binary is missing: the tests that need it skip, saying so.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createConnection } from "node:net";
import { choosePort } from "../e2e/server.js";

export function redisBinary(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export interface TestRedis {
  port: number;
  url: string;
  /** the running server's process id (undefined while stopped) */
  readonly pid: number | undefined;
  /** stops the server (its counters are gone: nothing is persisted) */
  stop(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
  /** SIGSTOP: the server hangs (connections stay open, commands wait unanswered) until resume() */
  pause(): void;
  /** SIGCONT after pause() */
  resume(): void;
  /** runs one command with redis-cli-like inline syntax over a raw socket (PING, CLIENT PAUSE 300, FLUSHALL) */
  command(line: string): Promise<string>;
}

function answers(port: number, line: string, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      return reject(new Error(`redis on ${port}: no answer to ${line}`));
    }, timeoutMs);
    socket.on("connect", () => socket.write(line + "\r\n"));
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (text.endsWith("\r\n")) {
        clearTimeout(timer);
        socket.end();
        resolve(text.trim());
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      return reject(error);
    });
  });
}

export async function startRedis(): Promise<TestRedis> {
  const binary = redisBinary();
  if (!binary) throw new Error("redis-server is not installed (apt-get install redis-server)");
  const port = await choosePort(16379 + Math.floor(Math.random() * 2000));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      binary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        if ((await answers(port, "PING", 500)) === "+PONG") return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  };
  await start();
  const signal = (name: NodeJS.Signals) => {
    if (!child || child.exitCode !== null) throw new Error("redis-server is not running");
    child.kill(name);
  };
  return {
    port,
    url: `redis://127.0.0.1:${port}/0`,
    get pid() {
      return child?.exitCode === null ? child.pid : undefined;
    },
    stop,
    start,
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    command: (line) => answers(port, line),
  };
}
