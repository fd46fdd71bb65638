import type { Bus } from "@kabuto/bus";
import type { InstrumentCatalog } from "@kabuto/shared";
import { pino } from "pino";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { AccountEvents } from "./events/account-events.ts";
import type { SmsSender } from "./security/sms.ts";
import { MemoryThrottleStore } from "./security/throttle.ts";
import { createServices } from "./services.ts";
import { TradingWorker } from "./trading/worker.ts";

/** How often the worker looks for limit orders to fill and margin to call: prices move every half second. */
const workerIntervalMs = 1_000;

/** The worker checks no password and texts no one: what only those services use gets stand-ins. */
const noSecrets = {
  throttle: new MemoryThrottleStore(),
  sms: {
    send: async () => {
      throw new Error("the worker sends no SMS");
    },
  } satisfies SmsSender,
  logger: pino({ enabled: false }),
};

/**
 * The worker role: fills resting limit orders and calls margin, over the same trading service
 * the API builds (see `createServices`), so a fill by the worker and an order through the API
 * write the same journals.
 */
export function startWorker(deps: {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  events: AccountEvents;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): { stop(): Promise<void> } {
  const { trading } = createServices({ ...deps, now: Date.now, ...noSecrets });
  const worker = new TradingWorker({
    db: deps.database.db,
    bus: deps.bus,
    trading,
    alwaysOpen: deps.config.alwaysOpen,
    log: deps.log,
  });
  worker.start(workerIntervalMs);
  return { stop: () => worker.stop() };
}
