export { type GatewayConfig, loadGatewayConfig } from "./config.ts";
export {
  attachGateway,
  type Gateway,
  type GatewayOptions,
  type GatewayServer,
  type GatewaySocket,
  type GatewayStats,
  type Handshake,
} from "./gateway.ts";
export {
  authenticateStaffWith,
  authenticateWith,
  type SessionLookup,
  type StaffSessionLookup,
  staffTokenFromHandshake,
  tokenFromHandshake,
} from "./socket-auth.ts";
