export type { Bus, BusStatus } from "./bus/bus.ts";
export { createMemoryBus } from "./bus/memory-bus.ts";
export { createRedisBus, type RedisBusOptions } from "./bus/redis-bus.ts";
export {
  attachGateway,
  type GatewayOptions,
  type GatewayServer,
  type GatewayStats,
  type Handshake,
  type SessionsEnded,
  sessionsEndedTopic,
} from "./gateway.ts";
export { authenticateWith, type SessionLookup, tokenFromHandshake } from "./socket-auth.ts";
