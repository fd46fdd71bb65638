import { originSettingsSchema } from "@kabuto/shared/origin";
import { parseSettings } from "@kabuto/shared/settings";

export interface GatewayConfig {
  /**
   * Origins other than the gateway's own whose pages may open a socket: ALLOWED_ORIGINS, the
   * setting the API's CSRF check reads, so one list says which pages may act for a member.
   */
  allowedOrigins: readonly string[];
}

/** The gateway's settings, parsed once at start; a bad value stops the process naming the setting. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return { allowedOrigins: parseSettings(originSettingsSchema, env).ALLOWED_ORIGINS };
}
