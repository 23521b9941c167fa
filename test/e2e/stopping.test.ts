/**
 * The standalone server stops when told, whatever its log output does, and never outlives what started it:
 *   - SIGTERM with stdout on a full disk (/dev/full), on a pipe whose reader closed, on a pipe nobody reads (full of
 *     access lines) or on a terminal: every process gone within 2 s, exit code 0, the port free; alone and with
 *     WORKERS=2 (the primary and both workers);
 *   - with 500 slow clients connected (a request head begun, never finished) and requests arriving, `npm start` is
 *     gone within 1.7 s of SIGTERM (the 2 s a supervisor waits, less a margin);
 *   - `npm start > /dev/full`: npm cannot write its banner and exits; the server it started stops too, the port free;
 *   - `node server/start.mjs` and `npm start --silent` write nothing but JSON lines on stdout.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { HARD_STOP_MS, SHUTDOWN_GRACE_MS } from "../../server/lifecycle.js";
import { choosePort, portIsFree, ROOT, type RunningServer, sleep, startServer } from "./server.js";

const SKIP = process.env.E2E === "off";
/** What a supervisor (or `docker stop`) waits at least before it kills. */
const SUPERVISOR_WAIT_MS = 2000;
/** The margin the stop keeps under it with slow clients and load. */
const STOP_BUDGET_MS = 1700;

/** Whether a process is running (a zombie nobody reaped yet is not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** The processes of a process group still running. */
function groupRunning(pgid: number): number[] {
  const out = execFileSync("ps", ["-e", "-o", "pid=,pgid="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([pid, group]) => group === pgid && running(pid!))
    .map(([pid]) => pid!);
}

/** The processes whose parent is `pid` (ps exits 1 when there is none). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** Resolves with the ms from now until the child exits, or undefined when it still runs after `ms`. */
function exitWithin(child: ChildProcess, ms: number): Promise<number | undefined> {
  const started = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

async function portFreeWithin(port: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() <= deadline; await sleep(50))
    if (await portIsFree(port)) return true;
  return false;
}

async function answersHealth(base: string, deadlineMs: number): Promise<void> {
  for (const deadline = Date.now() + deadlineMs; Date.now() < deadline; await sleep(100)) {
    const status = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => {
        r.body?.cancel();
        return r.status;
      },
      () => 0,
    );
    if (status === 200) return;
  }
  throw new Error(`${base} did not answer /health`);
}

type Output = "a full disk" | "a closed pipe" | "a pipe nobody reads" | "a terminal";

interface Started {
  /** the process the signal goes to: the server itself (under a terminal, the one `script` runs) */
  pid: number;
  child: ChildProcess;
  /** the group to clean up */
  group: number;
  exit: () => Promise<number | null>;
}

/** `node server/start.mjs --no-build` with stdout on `output`, its own process group. */
async function startOn(output: Output, port: number, env: Record<string, string>): Promise<Started> {
  const serverEnv = { ...process.env, PORT: String(port), RATE_LIMITS: "off", ...env };
  const entry = [join(ROOT, "server", "start.mjs"), "--no-build"];
  let child: ChildProcess;
  if (output === "a terminal") {
    // script(1) gives the server a pseudo-terminal as stdout (the log pretty-printed, as at a developer's prompt)
    // `exec`: whatever shell script(1) runs the command with (it takes $SHELL) is replaced by the server, not its parent
    child = spawn(
      "script",
      ["-qfec", `exec ${[process.execPath, ...entry].map((a) => `'${a}'`).join(" ")}`, "/dev/null"],
      { cwd: ROOT, env: serverEnv, detached: true, stdio: ["pipe", "pipe", "ignore"] },
    );
    child.stdout!.resume();
  } else {
    const full = output === "a full disk" ? openSync("/dev/full", "w") : undefined;
    child = spawn(process.execPath, entry, {
      cwd: ROOT,
      env: { ...serverEnv, LOG_FORMAT: "json" },
      detached: true,
      stdio: ["ignore", full ?? "pipe", "ignore"],
    });
    if (full !== undefined) closeSync(full);
    // the reader goes away: the server's next write fails with EPIPE
    if (output === "a closed pipe") child.stdout!.destroy();
    // nothing reads: the pipe fills up with the access lines below
    if (output === "a pipe nobody reads") child.stdout!.pause();
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://localhost:${port}`;
  await answersHealth(base, 60_000);
  let pid = child.pid!;
  if (output === "a terminal") pid = childrenOf(child.pid!)[0]!;
  if (Number(env.WORKERS) > 1) {
    for (const deadline = Date.now() + 30_000; childrenOf(pid).length < Number(env.WORKERS) && Date.now() < deadline; )
      await sleep(100);
    expect(childrenOf(pid)).toHaveLength(Number(env.WORKERS));
    await sleep(1000);
  }
  return { pid, child, group: child.pid!, exit: () => exited };
}

/** 200 requests whose access lines are about 2 KB each: far more than a pipe holds. */
async function logALot(base: string): Promise<void> {
  const long = "x".repeat(1800);
  for (let round = 0; round < 10; round++) {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}${PATHS.shift}?date=2024-03-01&add=${round * 20 + i}d&pad=${long}`).then((r) => {
          r.body?.cancel();
          return r.status;
        }),
      ),
    );
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
  }
}

const groups: number[] = [];
afterEach(() => {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});

describe.skipIf(SKIP)("SIGTERM stops the server whatever its log output does", () => {
  it.each([
    ["a full disk", 1],
    ["a closed pipe", 1],
    ["a pipe nobody reads", 1],
    ["a terminal", 1],
    ["a full disk", 2],
    ["a closed pipe", 2],
    ["a pipe nobody reads", 2],
  ] as const)(
    "stdout on %s, WORKERS=%i: every process gone within 2 s, exit code 0, the port free",
    async (output, workers) => {
      const port = await choosePort(9720);
      const server = await startOn(output, port, { WORKERS: String(workers) });
      groups.push(server.group);
      await logALot(`http://localhost:${port}`);
      const pids = [server.pid, ...childrenOf(server.pid)];
      expect(pids).toHaveLength(workers === 1 ? 1 : 3);
      const exited = server.exit();
      const sent = Date.now();
      process.kill(server.pid, "SIGTERM");
      const gone = async () => {
        while (pids.some(running) && Date.now() - sent < 5000) await sleep(10);
        return Date.now() - sent;
      };
      expect(await gone()).toBeLessThan(SUPERVISOR_WAIT_MS);
      expect(pids.filter(running)).toEqual([]);
      expect(await exited).toBe(0);
      expect(await portFreeWithin(port, 200)).toBe(true);
    },
    120_000,
  );
});

/** A connection that sends part of a request head and never the rest (a slowloris client). */
function slowClient(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      socket.on("error", () => {});
      socket.write(`GET ${PATHS.shift}?date=2024-03-01&add=1d HTTP/1.1\r\nHost: localhost\r\nX-Slow: `);
      resolve(socket);
    });
  });
}

describe.skipIf(SKIP)("the stop's budget", () => {
  let server: RunningServer | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server?.stop();
    server = undefined;
  });

  it("the grace, the hard stop and the exit stay 300 ms under the 2 s a supervisor waits", () => {
    // the hard stop is the last moment of the stop; the exit itself never waits on the output
    expect(HARD_STOP_MS).toBeGreaterThan(SHUTDOWN_GRACE_MS);
    expect(HARD_STOP_MS).toBeLessThanOrEqual(STOP_BUDGET_MS - 200);
  });

  it("npm start with 500 slow clients connected and 100 requests a second: gone within 1.7 s of SIGTERM, the port free", async () => {
    server = await startServer({ port: await choosePort(9740), env: { RATE_LIMITS: "off" } });
    const { port, baseUrl, child } = server;
    for (let i = 0; i < 500; i += 50)
      sockets.push(...(await Promise.all(Array.from({ length: 50 }, () => slowClient(port)))));
    // the load: a request every 10 ms, kept up through the stop (refused once the server stops listening)
    let answered = 0;
    let loading = true;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        void fetch(`${baseUrl}${PATHS.shift}?date=2024-03-01&add=${i % 500}d`, {
          signal: AbortSignal.timeout(5000),
        }).then(
          (r) => {
            r.body?.cancel();
            return r.status === 200 && answered++;
          },
          () => {},
        );
        await sleep(10);
      }
    })();
    await sleep(1000);
    expect(answered).toBeGreaterThan(20);
    expect(sockets.filter((s) => !s.destroyed)).toHaveLength(500);
    const exited = exitWithin(child, 5000);
    process.kill(child.pid!, "SIGTERM");
    const took = await exited;
    loading = false;
    await load;
    expect(took).toBeDefined();
    expect(took!).toBeLessThan(STOP_BUDGET_MS);
    expect(groupRunning(child.pid!)).toEqual([]);
    expect(await portFreeWithin(port, 200)).toBe(true);
  }, 120_000);
});

describe.skipIf(SKIP)("the server never outlives npm", () => {
  it("npm start > /dev/full: npm cannot write its banner and exits; its server stops too, the port free", async () => {
    const port = await choosePort(9760);
    const full = openSync("/dev/full", "w");
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), RATE_LIMITS: "off" },
      detached: true,
      stdio: ["ignore", full, "ignore"],
    });
    closeSync(full);
    groups.push(npm.pid!);
    const code = await new Promise<number | null>((resolve) => npm.once("exit", resolve));
    expect(code).toBe(1);
    // what npm started notices within a fraction of a second and stops as on SIGTERM
    const deadline = Date.now() + 5000;
    while (groupRunning(npm.pid!).length > 0 && Date.now() < deadline) await sleep(50);
    expect(groupRunning(npm.pid!)).toEqual([]);
    expect(await portFreeWithin(port, 200)).toBe(true);
  }, 60_000);

  it("npm killed outright (SIGKILL, it cannot pass anything on): its server stops within 2 s, the port free", async () => {
    const port = await choosePort(9765);
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), RATE_LIMITS: "off" },
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    npm.stdout!.resume();
    groups.push(npm.pid!);
    await answersHealth(`http://localhost:${port}`, 60_000);
    const [serverPid] = childrenOf(npm.pid!);
    expect(serverPid).toBeGreaterThan(0);
    const sent = Date.now();
    process.kill(npm.pid!, "SIGKILL");
    while (running(serverPid!) && Date.now() - sent < 5000) await sleep(20);
    expect(Date.now() - sent).toBeLessThan(SUPERVISOR_WAIT_MS);
    expect(await portFreeWithin(port, 200)).toBe(true);
  }, 90_000);
});

describe.skipIf(SKIP)("every line on stdout is JSON", () => {
  it.each([
    ["node server/start.mjs", process.execPath, [join(ROOT, "server", "start.mjs")]],
    ["npm start --silent", "npm", ["start", "--silent"]],
  ] as const)(
    "%s: every stdout line parses as a JSON object, from the first to the last",
    async (_, file, args) => {
      const port = await choosePort(9770);
      const child = spawn(file, [...args], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), RATE_LIMITS: "off" },
        detached: true,
        stdio: ["ignore", "pipe", "ignore"],
      });
      groups.push(child.pid!);
      let stdout = "";
      child.stdout!.on("data", (d) => (stdout += d));
      await answersHealth(`http://localhost:${port}`, 60_000);
      await fetch(`http://localhost:${port}/v3/days/2024-06-21`).then((r) => r.arrayBuffer());
      const exited = exitWithin(child, 5000);
      process.kill(child.pid!, "SIGTERM");
      expect(await exited).toBeDefined();
      const lines = stdout.split("\n").filter((l) => l !== "");
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(lines.map((l) => JSON.parse(l).msg)).toContain("SIGTERM: closing");
    },
    90_000,
  );
});
