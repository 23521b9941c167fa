/**
 * The requests and probes of the scale test (./scale.test.ts): bursts of distinct answers with their exact counts, fresh
 * connections, /health by worker, and a CPU hog.
 */
import { spawn } from "node:child_process";
import { get } from "node:http";
import { FEED_OPTION_NAMES } from "swedish-calendar/core";
import { expect } from "vitest";
import { PATHS } from "../../contract/paths.js";
import { RATE_LIMITS } from "../../contract/policies.js";
import { sleep } from "./server.js";

/** Polls until `done` holds or `ms` have passed (a log line crosses a pipe before this process reads it). */
export async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(50);
}

/** Distinct computed v3 answers (never dataset files): shifts of 1..n days. */
export const shifts = (n: number) =>
  Array.from({ length: n }, (_, i) => `${PATHS.shift}?date=2024-02-01&add=${i + 1}d`);
/** Distinct v2 answers: the holidays of n years. */
const v2Years = (n: number) => Array.from({ length: n }, (_, i) => `${PATHS.v2Holidays}?year=${2000 + i}`);
/** Distinct feed option sets, each of which must be built: the subsets of the options, by bits. */
const feedSets = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `${PATHS.feed}?` +
      FEED_OPTION_NAMES.map((name, bit) => `${name}=${(i + 1) & (1 << bit) ? "true" : "false"}`).join("&"),
  );

export interface Outcome {
  status: number;
  retryAfter: string | null;
}

/** All requests at once, alternating between the bases, from `address` (X-Forwarded-For) when given. */
export async function burst(bases: string[], targets: string[], address?: string): Promise<Outcome[]> {
  return Promise.all(
    targets.map(async (target, i) => {
      const res = await fetch(bases[i % bases.length] + target, {
        headers: address ? { "X-Forwarded-For": address } : {},
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get("retry-after") };
    }),
  );
}

export const statuses = (outcomes: Outcome[]) => {
  const count: Record<number, number> = {};
  for (const o of outcomes) count[o.status] = (count[o.status] ?? 0) + 1;
  return count;
};

/** The three bursts of the checks, each from its own forwarded address: exact numbers and Retry-After on every 429. */
export async function expectExactBursts(bases: string[], tag: string): Promise<void> {
  const v3 = await burst(bases, shifts(50), `198.51.100.${tag}1`);
  expect(statuses(v3)).toEqual({ 200: RATE_LIMITS.v3.limit, 429: 50 - RATE_LIMITS.v3.limit });
  expect(v3.filter((o) => o.status === 429).every((o) => Number(o.retryAfter) >= 1 && Number(o.retryAfter) <= 60)).toBe(
    true,
  );
  const v2 = await burst(bases, v2Years(15), `198.51.100.${tag}2`);
  expect(statuses(v2)).toEqual({ 200: RATE_LIMITS.v2.limit, 429: 15 - RATE_LIMITS.v2.limit });
  // blocked: the first 429 says the block's 10 s, the later ones what is left of it (a burst on a loaded machine takes
  // more than a second), and a request now is refused too
  const retries = v2.filter((o) => o.status === 429).map((o) => Number(o.retryAfter));
  expect(Math.max(...retries)).toBe(RATE_LIMITS.v2.blockSeconds);
  expect(retries.every((r) => r >= 1 && r <= RATE_LIMITS.v2.blockSeconds)).toBe(true);
  expect((await burst(bases, [`${PATHS.v2Holidays}?year=2030`], `198.51.100.${tag}2`))[0]!.status).toBe(429);
  const feed = await burst(bases, feedSets(25), `198.51.100.${tag}3`);
  expect(statuses(feed)).toEqual({ 200: RATE_LIMITS["feed-query"].limit, 429: 25 - RATE_LIMITS["feed-query"].limit });
}

/** One GET on a connection of its own (none reused): its status and how long it took, or 0 when it took over 5 s. */
export function freshGet(url: string, address: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const req = get(url, { agent: false, headers: { "X-Forwarded-For": address }, timeout: 5000 }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: Date.now() - started }));
  });
}

/** `run` while two busy loops (one per core of the test machine) take the CPU; they end with it, and by themselves in 30 s. */
export async function underCpuHog<T>(run: () => Promise<T>): Promise<T> {
  const hogs = [0, 1].map(() =>
    spawn(process.execPath, ["-e", "const end = Date.now() + 30000; while (Date.now() < end) {}"], { stdio: "ignore" }),
  );
  try {
    await sleep(300);
    return await run();
  } finally {
    for (const hog of hogs) hog.kill("SIGKILL");
  }
}

/** The targets requested one after another from `address`, each on a fresh connection: their statuses. */
export async function oneByOne(base: string, targets: string[], address: string): Promise<number[]> {
  const out: number[] = [];
  for (const target of targets) out.push((await freshGet(base + target, address)).status);
  return out;
}

/** /health (`query`: e.g. "?ready") on a connection of its own, which the kernel gives to any of the workers. */
export function freshHealth(
  base: string,
  query = "",
): Promise<
  | {
      status: number;
      body: {
        ready?: boolean;
        server: { worker: number; workers: number; limiter: { store: string; degraded: boolean } };
      };
    }
  | undefined
> {
  return new Promise((resolve) => {
    const req = get(`${base}${PATHS.health}${query}`, { agent: false, timeout: 5000 }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(undefined));
  });
}

/** /health asked `times` times on fresh connections (the kernel spreads them over the workers): degraded, by worker. */
export async function degradedByWorker(base: string, times = 12): Promise<Map<number, boolean>> {
  const seen = new Map<number, boolean>();
  for (let i = 0; i < times; i++) {
    const answer = await freshHealth(base);
    if (answer?.status === 200) seen.set(answer.body.server.worker, answer.body.server.limiter.degraded);
  }
  return seen;
}

export async function health(base: string, address: string) {
  const res = await fetch(`${base}${PATHS.health}`, { headers: { "X-Forwarded-For": address } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    server: { workers: number; worker: number; limiter: { store: string; degraded: boolean } };
  };
}
