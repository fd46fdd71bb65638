export {
  attachGateway,
  type GatewayOptions,
  type GatewayServer,
  type GatewaySocket,
  type GatewayStats,
  type Handshake,
} from "./gateway.ts";
