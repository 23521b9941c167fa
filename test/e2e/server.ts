/**
 * Starts and stops the README's start command (`npm start`, i.e. `netlify dev --offline`) for end-to-end tests.
 * Used by test/e2e/global-setup.ts (one shared server for all e2e files) and by tests that need a server of
 * their own (test/e2e/ratelimit.test.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface RunningServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** The preferred port when free, else the next free one above it. */
export async function choosePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 100; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port near ${preferred}`);
}

/**
 * Runs `npm start` with PORT (and the given environment changes) in its own process group, and waits until
 * /health answers 200 (up to `timeoutMs`).
 */
export async function startServer(options: { port: number; env?: Record<string, string | undefined>; timeoutMs?: number }): Promise<RunningServer> {
  const { port, timeoutMs = 150_000 } = options;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NETLIFY_TELEMETRY_DISABLED: "1", BROWSER: "none" };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const child = spawn("npm", ["start"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (d) => (log = (log + d).slice(-20_000)));
  child.stderr!.on("data", (d) => (log = (log + d).slice(-20_000)));
  const baseUrl = `http://localhost:${port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-child.pid!, "SIGTERM"); // the process group this function started
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return { baseUrl, port, child, output: () => log, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server on ${baseUrl} did not answer /health within ${timeoutMs} ms:\n${log}`);
}
