// The public surface of @kabuto/bus: the interface feed, api and gateway share, and its two
// implementations (in-process for the embedded mode, Redis for service mode).

export type { Bus, BusStatus } from "./bus.ts";
export { createMemoryBus } from "./memory-bus.ts";
export { createRedisBus, type RedisBusOptions } from "./redis-bus.ts";
