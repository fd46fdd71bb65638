export {
  attachGateway,
  type GatewayOptions,
  type GatewayServer,
  type GatewayStats,
  type Handshake,
} from "./gateway.ts";
