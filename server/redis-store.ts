/**
 * Counters in Redis (`REDIS_URL`): every worker of every instance counts in the same place, by exactly the rule the
 * memory store follows (functions/lib/ratelimit.ts countHit: a fixed window from the first request, the v2 block),
 * each hit one atomic round trip (a Lua script: read, count, write and expire in one step, so concurrent hits from
 * several processes are counted exactly). Keys expire by themselves when their window and block have ended.
 *
 * It fails open, within the bounds of ./store-watch.ts: a request waits at most SLOW_ANSWER_MS (1 s) for Redis, and
 * TIMEOUTS_FOR_OUTAGE (3) answers in a row that did not come in time, an error, or a lost connection declare an
 * outage: every request is then admitted at once, uncounted; one warning is logged when it begins and one line when
 * counting resumes; `degraded()` says which (for /health). The client reconnects by itself; a connection that
 * stalled is dropped and opened again, and the store counts again once Redis answers on it.
 *
 * A hit is never counted after its request stopped waiting for it: each carries its deadline in Redis's clock and
 * the script discards a hit it runs later (by `TIME`), so a Redis that hangs and resumes does not count the hits
 * queued meanwhile (dropping the connection alone would not do: what was already sent sits in Redis's socket and runs
 * on resume). The deadline is translated into Redis's clock from Redis's own answers (its time when it answered is at
 * most ours when we read the answer), so no agreement between the clocks is assumed for it.
 */
import { Redis } from "ioredis";
import { ADMITTED, FAIL_OPEN, retryAfterSeconds, type RateLimitDecision, type RateLimitPolicy, type RateLimitStore } from "../functions/lib/ratelimit.js";
import type { Log } from "./log.js";
import { STORE_BOUNDS, StoreWatch, afterTimeout, type StoreBounds } from "./store-watch.js";

/** The environment variable naming the Redis server: `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
export const REDIS_URL_ENV = "REDIS_URL";
/** Every key the limiter writes starts with this. */
export const KEY_PREFIX = "swedish-calendar:limit:";

/**
 * countHit in Lua. KEYS[1]: the counter (a hash: w = window start, c = count, b = blocked until; epoch ms).
 * ARGV: now, window ms, limit, block ms (0: none), deadline (Redis's clock, epoch ms). Returns {allowed (1, 0, or
 * -1: past its deadline, not counted), admitAt (epoch ms, 0 unless refused), Redis's clock (epoch ms)}.
 * `now` is the caller's clock, as the memory store's: the instances' clocks are assumed to agree (NTP); a hit whose `now`
 * is a little before the window's start (read before the hit that opened it, in another process) counts in the window.
 */
const COUNT_HIT = `
local t = redis.call('TIME')
local clock = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if clock > tonumber(ARGV[5]) then
  return {-1, 0, clock}
end
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local blockMs = tonumber(ARGV[4])
local s = redis.call('HMGET', KEYS[1], 'w', 'c', 'b')
local w = tonumber(s[1])
local c = tonumber(s[2]) or 0
local b = tonumber(s[3]) or 0
if not w or now >= w + windowMs then
  w = now
  c = 0
end
local allowed = 0
local admitAt = 0
if now < b then
  admitAt = b
elseif c < limit then
  c = c + 1
  allowed = 1
else
  admitAt = w + windowMs
  if blockMs > 0 then
    b = math.max(b, now + blockMs)
    admitAt = math.max(admitAt, b)
  end
end
redis.call('HSET', KEYS[1], 'w', w, 'c', c, 'b', b)
redis.call('PEXPIRE', KEYS[1], math.max(1, math.max(w + windowMs, b) - now))
return {allowed, admitAt, clock}
`;

/** How long an estimate of Redis's clock is trusted over a better-looking one (a clock set back is followed within it). */
const CLOCK_ESTIMATE_MS = 10_000;

/** Is this a URL the Redis client reads? (`redis://` or `rediss://`, a host, an optional numeric database) */
export function redisUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return "is not a redis:// or rediss:// URL";
  if (!url.hostname) return "names no host";
  if (url.pathname !== "" && url.pathname !== "/" && !/^\/\d+$/.test(url.pathname)) return "names a database that is not a number";
  return undefined;
}

export interface RedisRateLimitStore extends RateLimitStore {
  /** settles once connected, or once the first attempt failed or took a second (the server then starts failing open) */
  ready(): Promise<void>;
  /** true during an outage: Redis unreachable, failing, or stalled (requests are admitted uncounted) */
  degraded(): boolean;
  close(): Promise<void>;
}

type CountingClient = Redis & {
  countHit(key: string, now: number, windowMs: number, limit: number, blockMs: number, deadline: number): Promise<[number, number, number]>;
};

export function redisRateLimitStore(url: string, log: Log, bounds: StoreBounds = STORE_BOUNDS): RedisRateLimitStore {
  const client = new Redis(url, {
    // a command while disconnected fails at once instead of waiting in a queue: the request is admitted
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // reconnect for ever, at most every 1 s
    retryStrategy: (times) => Math.min(50 * times, 1000),
    scripts: { countHit: { numberOfKeys: 1, lua: COUNT_HIT } },
  }) as CountingClient;
  // the latest deadline of a hit sent: a stalled connection is dropped once every hit on it has given up
  let lastDeadline = 0;
  const watch = new StoreWatch("Redis", log, bounds, () => {
    // stalled: dropped and opened again (its replies are of no use any more); the new one is ready once Redis answers
    setTimeout(() => client.disconnect(true), Math.max(0, lastDeadline - Date.now())).unref();
  });

  // Redis's clock minus ours, at least: Redis read its clock before we read its answer. The best (largest) recent
  // estimate is kept; one older than CLOCK_ESTIMATE_MS gives way to the next. Unknown before the first answer: 0.
  let offset = 0;
  let offsetAt = -Infinity;
  const observeClock = (redisClock: number, readAt: number) => {
    const estimate = redisClock - readAt;
    if (estimate >= offset || readAt - offsetAt > CLOCK_ESTIMATE_MS) {
      offset = estimate;
      offsetAt = readAt;
    }
  };
  const readClock = () => {
    client.time().then(([seconds, micros]) => observeClock(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000), Date.now()), () => {});
  };

  // a connection is ready once Redis answered on it (ioredis's ready check): counting resumes
  client.on("ready", () => {
    watch.answered();
    readClock();
  });
  // the client reports connection errors as events; unheard, they would end the process
  client.on("error", (error: Error) => watch.down(`is unreachable (${error.message})`));
  client.on("end", () => watch.down("connection ended"));

  return {
    hit(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision> | RateLimitDecision {
      if (client.status !== "ready") {
        watch.down(`is not connected (${client.status})`);
        return FAIL_OPEN;
      }
      if (watch.stalled()) return FAIL_OPEN;
      const deadline = Date.now() + bounds.slowAnswerMs;
      lastDeadline = Math.max(lastDeadline, deadline);
      return new Promise<RateLimitDecision>((resolve) => {
        let settled = false;
        const timer = afterTimeout(bounds.slowAnswerMs, () => {
          if (settled) return;
          settled = true;
          watch.timedOut();
          resolve(FAIL_OPEN);
        });
        const windowMs = policy.windowSeconds * 1000;
        client.countHit(KEY_PREFIX + key, nowMs, windowMs, policy.limit, (policy.blockSeconds ?? 0) * 1000, deadline + offset).then(
          ([allowed, admitAt, redisClock]) => {
            observeClock(Number(redisClock), Date.now());
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            // past its deadline by Redis's clock: not counted, so admitted as a time-out is
            if (allowed === -1) {
              watch.timedOut();
              return resolve(FAIL_OPEN);
            }
            watch.answered();
            resolve(allowed === 1 ? ADMITTED : { allowed: false, retryAfterSeconds: retryAfterSeconds(Number(admitAt), nowMs, policy) });
          },
          (error: Error) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            watch.down(`answered with an error (${error.message})`);
            resolve(FAIL_OPEN);
          },
        );
      });
    },
    ready: () =>
      new Promise<void>((resolve) => {
        if (client.status === "ready") return resolve();
        const done = () => {
          clearTimeout(timer);
          client.off("ready", done);
          client.off("error", done);
          resolve();
        };
        const timer = setTimeout(() => {
          watch.down("did not answer within 1 s of the start");
          done();
        }, 1000);
        client.once("ready", done);
        client.once("error", done);
      }),
    degraded: () => watch.degraded(),
    async close() {
      watch.close();
      client.disconnect();
    },
  };
}
