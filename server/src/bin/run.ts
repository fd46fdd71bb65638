import { type Role, startPlatform } from "../platform.ts";
import { announceListening, gatewayProcessIndex } from "../processes.ts";

/** Starts the roles, and stops them cleanly on SIGINT/SIGTERM so open candles are saved. */
export async function run(roles: readonly Role[], defaultPort: number): Promise<void> {
  const gatewayProcess = gatewayProcessIndex();
  const platform = await startPlatform(process.env, roles, defaultPort, gatewayProcess);
  if (gatewayProcess !== undefined) announceListening(platform.port);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    platform.logger.info({ signal }, "stopping");
    await platform.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
