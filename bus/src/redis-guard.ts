import { type Redis, type RedisOptions, ReplyError } from "ioredis";

/**
 * Redis is away: its connection was lost and is not back yet, or a command failed for want of
 * it. Whoever answers a person turns this into 503 UNAVAILABLE with a Retry-After, at once, rather
 * than letting the request wait for a reconnect that may take seconds.
 */
export class RedisUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super("Redis is unavailable", options);
    this.name = "RedisUnavailableError";
  }
}

/**
 * The longest one command may wait for Redis's answer. Every command a request waits on (a
 * throttle's counter, a few snapshots) answers in well under a millisecond on a healthy Redis;
 * one that has not answered in a second is on a connection that died without closing (a
 * network that drops packets), and the member is better told to try again than kept waiting.
 */
export const redisCommandTimeoutMs = 1_000;

/**
 * Options of a connection whose commands requests wait on: a command is retried once over a
 * reconnect and never waits past `redisCommandTimeoutMs`.
 */
export const requestConnectionOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: redisCommandTimeoutMs,
};

/** Runs one command through a guard: see `redisGuard`. */
export type RedisGuard = <T>(command: () => Promise<T>) => Promise<T>;

/**
 * Runs commands on `redis` only while it is there. Before its first connection commands wait in
 * ioredis's queue, so a process may start a moment before Redis answers; once a connection has
 * been made and lost, a command fails at once with RedisUnavailableError until it is back,
 * instead of queueing for a reconnect (which, against an address that no longer answers, takes
 * the connect time-out of ten seconds per attempt). A command that fails under way (the
 * connection dropped, the time-out ran out) fails with it too. Redis's own error replies pass as
 * they are: a script that Redis refused is a bug, not an outage.
 */
export function redisGuard(redis: Redis): RedisGuard {
  let readyBefore = redis.status === "ready";
  redis.on("ready", () => {
    readyBefore = true;
  });
  return async (command) => {
    if (readyBefore && redis.status !== "ready") throw new RedisUnavailableError();
    try {
      return await command();
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      throw new RedisUnavailableError({ cause: error });
    }
  };
}

/** Whether `error`, or an error it was caused by, says Redis is unavailable. */
export function isRedisUnavailable(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RedisUnavailableError) return true;
  }
  return false;
}
