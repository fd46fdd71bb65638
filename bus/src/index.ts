// The public surface of @kabuto/bus: the interface feed, api and gateway share, its two
// implementations (in-process for the embedded mode, Redis for service mode), and how a Redis
// connection that requests wait on fails fast when Redis is away.

export type { Bus, BusConsumer, BusStatus } from "./bus.ts";
export { createMemoryBus } from "./memory-bus.ts";
export { createRedisBus, type RedisBusOptions } from "./redis-bus.ts";
export {
  isRedisUnavailable,
  RedisUnavailableError,
  redisGuard,
  requestConnectionOptions,
} from "./redis-guard.ts";
