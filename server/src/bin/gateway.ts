import cluster from "node:cluster";
import { pino } from "pino";
import { loadGatewayProcesses, loadPlatformConfig } from "../config.ts";
import { superviseGatewayProcesses } from "../processes.ts";
import { run } from "./run.ts";

const defaultPort = 3002;
const processes = loadGatewayProcesses();
if (cluster.isWorker || processes === 1) {
  await run(["gateway"], defaultPort);
} else {
  // A bad setting stops the primary here, not each process it would start.
  const settings = loadPlatformConfig(["gateway"]).process;
  const logger = pino({ level: settings.LOG_LEVEL, base: { roles: "gateway", primary: true } });
  const port = await superviseGatewayProcesses(processes, settings.PORT ?? defaultPort, logger);
  logger.info({ processes }, `listening on http://127.0.0.1:${port}`);
}
