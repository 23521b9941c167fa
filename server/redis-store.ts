/**
 * Counters in Redis (`REDIS_URL`), so every worker of every instance counts in one place by the memory store's rule
 * (http/ratelimit.ts countHit), one Lua script call per turn of the event loop so concurrent hits count
 * exactly. What it promises, failing open included (./store-watch.ts):
 * docs/self-hosting.md#running-on-several-cores-and-machines.
 * The script drops a call past its deadline, since dropping the connection would not stop what already sits in
 * Redis's socket; the deadline is put into Redis's clock from Redis's own answers, so the clocks need not agree.
 */
import { Redis } from "ioredis";
import {
  ADMITTED,
  FAIL_OPEN,
  type RateLimit,
  type RateLimitDecision,
  type RateLimitStore,
  retryAfterSeconds,
} from "../http/ratelimit.js";
import type { Log } from "./log.js";
import { afterTimeout, STORE_BOUNDS, type StoreBounds, StoreWatch } from "./store-watch.js";

/** The environment variable naming the Redis server: `redis://[user:password@]host[:port][/db]` (or `rediss://` for TLS). */
export const REDIS_URL_ENV = "REDIS_URL";
/** Every key the limiter writes starts with this. */
export const KEY_PREFIX = "swedish-calendar:limit:";

/**
 * countHit in Lua, for every hit of one turn of a worker's event loop in one call. KEYS[i]: hit i's counter (a hash:
 * w = window start, c = count, b = blocked until; epoch ms). ARGV[1]: the hits' deadline (Redis's clock, epoch ms);
 * then four per hit: now, window ms, limit, block ms (0: none). Returns {Redis's clock (epoch ms), late (1: past the
 * deadline, none counted), then per hit: allowed (1 or 0), admitAt (epoch ms, 0 unless refused)}. The hits are counted
 * in order, one after the other, so two hits of one key in a call count as two calls would.
 * `now` is the caller's clock, as the memory store's: the instances' clocks are assumed to agree (NTP); a hit whose `now`
 * is a little before the window's start (read before the hit that opened it, in another process) counts in the window.
 */
const COUNT_HITS = `
local t = redis.call('TIME')
local clock = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if clock > tonumber(ARGV[1]) then
  return {clock, 1}
end
local out = {clock, 0}
for i = 1, #KEYS do
  local a = 2 + (i - 1) * 4
  local now = tonumber(ARGV[a])
  local windowMs = tonumber(ARGV[a + 1])
  local limit = tonumber(ARGV[a + 2])
  local blockMs = tonumber(ARGV[a + 3])
  local s = redis.call('HMGET', KEYS[i], 'w', 'c', 'b')
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
  redis.call('HSET', KEYS[i], 'w', w, 'c', c, 'b', b)
  redis.call('PEXPIRE', KEYS[i], math.max(1, math.max(w + windowMs, b) - now))
  out[#out + 1] = allowed
  out[#out + 1] = admitAt
end
return out
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
  if (url.pathname !== "" && url.pathname !== "/" && !/^\/\d+$/.test(url.pathname))
    return "names a database that is not a number";
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
  /** COUNT_HITS: the number of keys, the keys, then ARGV */
  countHits(...args: (string | number)[]): Promise<number[]>;
};

/** One hit waiting for the turn's call, and its request's answer. */
interface PendingHit {
  key: string;
  rateLimit: RateLimit;
  now: number;
  resolve: (decision: RateLimitDecision) => void;
}

export function redisRateLimitStore(url: string, log: Log, bounds: StoreBounds = STORE_BOUNDS): RedisRateLimitStore {
  const client = new Redis(url, {
    // a command while disconnected fails at once instead of waiting in a queue: the request is admitted
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // reconnect for ever, at most every 1 s
    retryStrategy: (times) => Math.min(50 * times, 1000),
    // the number of keys is the call's first argument: as many as the turn's hits
    scripts: { countHits: { lua: COUNT_HITS } },
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
    client.time().then(
      ([seconds, micros]) => observeClock(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000), Date.now()),
      () => {},
    );
  };

  // a connection is ready once Redis answered on it (ioredis's ready check): counting resumes
  client.on("ready", () => {
    watch.answered();
    readClock();
  });
  // the client reports connection errors as events; unheard, they would end the process
  client.on("error", (error: Error) => watch.down(`is unreachable (${error.message})`));
  client.on("end", () => watch.down("connection ended"));

  // the hits of this turn of the event loop, sent together once its I/O is read (setImmediate): one round trip per
  // turn, not per request (a call per hit cost a worker more CPU than the rest of the request); their deadline is the
  // first one's, the earliest, and their wait ends then
  let batch: PendingHit[] = [];
  let batchDeadline = 0;
  const flush = () => {
    const hits = batch;
    const deadline = batchDeadline;
    batch = [];
    let settled = false;
    const settle = (decide: (hit: PendingHit, i: number) => RateLimitDecision) => {
      settled = true;
      hits.forEach((hit, i) => {
        hit.resolve(decide(hit, i));
      });
    };
    const timer = afterTimeout(Math.max(0, deadline - Date.now()), () => {
      if (settled) return;
      settle(() => FAIL_OPEN);
      for (let i = 0; i < hits.length; i++) watch.timedOut();
    });
    const args: (string | number)[] = [hits.length];
    for (const { key } of hits) args.push(KEY_PREFIX + key);
    args.push(deadline + offset);
    for (const { rateLimit, now } of hits)
      args.push(now, rateLimit.windowSeconds * 1000, rateLimit.limit, (rateLimit.blockSeconds ?? 0) * 1000);
    client.countHits(...args).then(
      (answer) => {
        observeClock(Number(answer[0]), Date.now());
        if (settled) return;
        clearTimeout(timer);
        // past its deadline by Redis's clock: none counted, so admitted as time-outs are
        if (answer[1] === 1) {
          settle(() => FAIL_OPEN);
          for (let i = 0; i < hits.length; i++) watch.timedOut();
          return;
        }
        watch.answered();
        settle(({ rateLimit, now }, i) =>
          answer[2 + 2 * i] === 1
            ? ADMITTED
            : { allowed: false, retryAfterSeconds: retryAfterSeconds(Number(answer[3 + 2 * i]), now, rateLimit) },
        );
      },
      (error: Error) => {
        if (settled) return;
        clearTimeout(timer);
        settle(() => FAIL_OPEN);
        watch.down(`answered with an error (${error.message})`);
      },
    );
  };

  return {
    hit(key: string, rateLimit: RateLimit, nowMs: number): Promise<RateLimitDecision> | RateLimitDecision {
      if (client.status !== "ready") {
        watch.down(`is not connected (${client.status})`);
        return FAIL_OPEN;
      }
      if (watch.stalled()) return FAIL_OPEN;
      return new Promise<RateLimitDecision>((resolve) => {
        if (batch.length === 0) {
          batchDeadline = Date.now() + bounds.slowAnswerMs;
          lastDeadline = Math.max(lastDeadline, batchDeadline);
          setImmediate(flush);
        }
        batch.push({ key, rateLimit, now: nowMs, resolve });
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
