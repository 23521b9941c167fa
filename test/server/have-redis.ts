/** Whether this machine has a redis-server for the Redis limiter tests, said once when it has not. */
import { redisBinary } from "../support/redis.js";

export const haveRedis = redisBinary() !== undefined;
if (!haveRedis)
  console.warn("redis-server is not installed: the Redis limiter tests are skipped (apt-get install redis-server)");
