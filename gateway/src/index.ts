export {
  attachGateway,
  type Gateway,
  type GatewayOptions,
  type GatewayServer,
  type GatewaySocket,
  type GatewayStats,
  type Handshake,
} from "./gateway.ts";
export { authenticateWith, type SessionLookup, tokenFromHandshake } from "./socket-auth.ts";
