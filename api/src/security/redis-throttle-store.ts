import { redisGuard, requestConnectionOptions } from "@kabuto/bus";
import { Redis } from "ioredis";
import type { Take, ThrottleRule, ThrottleStore } from "./throttle.ts";

/**
 * `takeStep` of throttle.ts, run inside Redis so that reading the counter, deciding and
 * counting are one step however many API processes ask at once. One hash per key: n (attempts),
 * l (last attempt), u (blocked until). Times are the API's clock, passed in, so every process
 * and the tests' moved clocks agree with the in-process store; the key's TTL only collects
 * keys that went quiet.
 */
const takeScript = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local first = tonumber(ARGV[4])
local max = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'n', 'l', 'u')
local n = tonumber(state[1]) or 0
local l = tonumber(state[2]) or 0
local u = tonumber(state[3]) or 0
if n > 0 and now - l >= window then
  n = 0
  u = 0
end
if now < u then
  return {0, n, u - now}
end
n = n + 1
if n >= limit then
  local wait = window
  if first > 0 then wait = math.min(max, first * 2 ^ (n - limit)) end
  u = now + wait
else
  u = 0
end
redis.call('HSET', KEYS[1], 'n', n, 'l', string.format('%.0f', now), 'u', string.format('%.0f', u))
redis.call('PEXPIRE', KEYS[1], math.max(window, u - now))
return {1, n, 0}
`;

/** `giveBackStep`: one attempt fewer, and no wait once below the limit. */
const giveBackScript = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n'))
if not n or n <= 0 then return 0 end
n = n - 1
if n < tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'n', n, 'u', 0)
else
  redis.call('HSET', KEYS[1], 'n', n)
end
return n
`;

interface ThrottleCommands {
  throttleTake(key: string, ...args: number[]): Promise<[number, number, number]>;
  throttleGiveBack(key: string, limit: number): Promise<number>;
}

export interface RedisThrottleOptions {
  url: string;
  /** The deployment's key prefix (REDIS_PREFIX); throttle keys go under `<prefix>throttle:`. */
  prefix: string;
  onError?: (error: Error) => void;
}

/**
 * Service mode's store: the counters every API process shares. A request whose counter cannot
 * be reached fails with RedisUnavailableError (the secret is not checked unthrottled), at once
 * while the connection is away rather than queued for a reconnect, so the member hears 503
 * UNAVAILABLE and may try again shortly.
 */
export function createRedisThrottleStore(options: RedisThrottleOptions): ThrottleStore {
  const redis = new Redis(options.url, requestConnectionOptions);
  const guarded = redisGuard(redis);
  redis.on("error", (error: Error) => options.onError?.(error));
  redis.defineCommand("throttleTake", { numberOfKeys: 1, lua: takeScript });
  redis.defineCommand("throttleGiveBack", { numberOfKeys: 1, lua: giveBackScript });
  const commands = redis as unknown as ThrottleCommands;
  const keyOf = (key: string) => `${options.prefix}throttle:${key}`;
  return {
    async take(key: string, rule: ThrottleRule, nowMs: number): Promise<Take> {
      const [allowed, count, retryAfterMs] = await guarded(() =>
        commands.throttleTake(
          keyOf(key),
          Math.floor(nowMs),
          rule.limit,
          rule.windowMs,
          rule.backoff?.firstMs ?? 0,
          rule.backoff?.maxMs ?? 0,
        ),
      );
      return allowed === 1 ? { allowed: true, count } : { allowed: false, count, retryAfterMs };
    },
    async giveBack(key: string, rule: ThrottleRule): Promise<void> {
      await guarded(() => commands.throttleGiveBack(keyOf(key), rule.limit));
    },
    async clear(key: string): Promise<void> {
      await guarded(() => redis.del(keyOf(key)));
    },
    async close(): Promise<void> {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
