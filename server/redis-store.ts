/**
 * Counters in Redis (`REDIS_URL`): every worker of every instance counts in the same place, by exactly the rule the
 * memory store follows (functions/lib/ratelimit.ts countHit: a fixed window from the first request, the v2 block),
 * each hit one atomic round trip (a Lua script: read, count, write and expire in one step, so concurrent hits from
 * several processes are counted exactly). Keys expire by themselves when their window and block have ended.
 *
 * It fails open: while Redis is unreachable, answers with an error, or takes longer than STORE_TIMEOUT_MS, every
 * request is admitted at once (no request waits longer for the limiter); one warning is logged when an outage
 * begins and one line when counting resumes; `degraded()` says which (for /health). The client reconnects by itself.
 */
import { Redis } from "ioredis";
import { ADMITTED, FAIL_OPEN, retryAfterSeconds, type RateLimitDecision, type RateLimitPolicy, type RateLimitStore } from "../functions/lib/ratelimit.js";
import type { Log } from "./log.js";

/** The environment variable naming the Redis server: `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
export const REDIS_URL_ENV = "REDIS_URL";
/** No request waits longer than this for the store; a later answer counts as an outage (the request is admitted). */
export const STORE_TIMEOUT_MS = 50;
/** Every key the limiter writes starts with this. */
export const KEY_PREFIX = "swedish-calendar:limit:";

/**
 * countHit in Lua. KEYS[1]: the counter (a hash: w = window start, c = count, b = blocked until; epoch ms).
 * ARGV: now, window ms, limit, block ms (0: none). Returns {allowed (0/1), admitAt (epoch ms, 0 when allowed)}.
 * `now` is the caller's clock, as the memory store's: the instances' clocks are assumed to agree (NTP); a hit whose `now`
 * is a little before the window's start (read before the hit that opened it, in another process) counts in the window.
 */
const COUNT_HIT = `
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
return {allowed, admitAt}
`;

/**
 * Runs `decide` once `ms` have passed, after the I/O of the turn of the event loop its timer fires in. Timers run
 * before I/O in each turn: after a turn held up by other work, an answer that came in time would lose to its own
 * timeout. Every store with a time limit (this one, the workers' primary) decides its timeouts so.
 */
export function afterTimeout(ms: number, decide: () => void): ReturnType<typeof setTimeout> {
  return setTimeout(() => setImmediate(decide), ms);
}

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
  /** true while Redis is unreachable, failing or slow (requests are admitted uncounted) */
  degraded(): boolean;
  close(): Promise<void>;
}

type CountingClient = Redis & { countHit(key: string, now: number, windowMs: number, limit: number, blockMs: number): Promise<[number, number]> };

export function redisRateLimitStore(url: string, log: Log, timeoutMs = STORE_TIMEOUT_MS): RedisRateLimitStore {
  const client = new Redis(url, {
    // a command while disconnected fails at once instead of waiting in a queue: the request is admitted
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // reconnect for ever, at most every 1 s
    retryStrategy: (times) => Math.min(50 * times, 1000),
    scripts: { countHit: { numberOfKeys: 1, lua: COUNT_HIT } },
  }) as CountingClient;
  let outage: string | undefined;
  let closed = false;
  const down = (why: string) => {
    if (outage !== undefined || closed) return;
    outage = why;
    log("warn", `limiter: Redis ${why}; requests are admitted uncounted until it answers again (fail open)`);
  };
  const up = () => {
    if (outage === undefined) return;
    outage = undefined;
    log("info", "limiter: Redis answers again; counting resumed");
  };
  // the client reports connection errors as events; unheard, they would end the process
  client.on("error", (error: Error) => down(`is unreachable (${error.message})`));
  client.on("end", () => down("connection ended"));

  return {
    hit(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision> | RateLimitDecision {
      if (client.status !== "ready") {
        down(`is not connected (${client.status})`);
        return FAIL_OPEN;
      }
      return new Promise<RateLimitDecision>((resolve) => {
        let settled = false;
        const timer = afterTimeout(timeoutMs, () => {
          if (settled) return;
          settled = true;
          down(`took longer than ${timeoutMs} ms to answer`);
          resolve(FAIL_OPEN);
        });
        client.countHit(KEY_PREFIX + key, nowMs, policy.windowSeconds * 1000, policy.limit, (policy.blockSeconds ?? 0) * 1000).then(
          ([allowed, admitAt]) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            up();
            resolve(allowed === 1 ? ADMITTED : { allowed: false, retryAfterSeconds: retryAfterSeconds(Number(admitAt), nowMs, policy) });
          },
          (error: Error) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            down(`answered with an error (${error.message})`);
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
          down("did not answer within 1 s of the start");
          done();
        }, 1000);
        client.once("ready", done);
        client.once("error", done);
      }),
    degraded: () => outage !== undefined,
    async close() {
      closed = true;
      client.disconnect();
    },
  };
}
