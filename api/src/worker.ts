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
/** How often it looks for dividends to pay: an ex-date begins at midnight, and a minute late is soon enough. */
const dividendIntervalMs = 60_000;
/** How often it checks copies against their stop-loss floor and period: a few seconds late is a few ticks. */
const copyStopIntervalMs = 3_000;
/** How often it looks for loan interest to post: a day's interest is due once a day, soon after Tokyo midnight. */
const loanIntervalMs = 60_000;

/** How often it looks for new shares whose payment deadline or listing day has come. */
const ipoIntervalMs = 30_000;

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
 * The worker role: fills resting limit orders, calls margin, posts loan interest, pays dividends and
 * mirrors lead traders' positions into their copiers' books, over the
 * same services the API builds (see `createServices`), so a fill by the worker and an order
 * through the API write the same journals.
 */
export function startWorker(deps: {
  config: Config;
  database: Database;
  bus: Bus;
  catalog: InstrumentCatalog;
  events: AccountEvents;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): { stop(): Promise<void> } {
  const { trading, loans, dividends, ipo, follow } = createServices({ ...deps, now: Date.now, ...noSecrets });
  const worker = new TradingWorker({
    db: deps.database.db,
    trading,
    alwaysOpen: deps.config.alwaysOpen,
    log: deps.log,
  });
  worker.start(workerIntervalMs);
  const interest = every(loanIntervalMs, () => loans.accrue(), deps.log);
  const payments = every(dividendIntervalMs, () => dividends.pay(), deps.log);
  const newShares = every(ipoIntervalMs, () => ipo.advance(), deps.log);
  const mirroring = every(workerIntervalMs, () => follow.mirror(), deps.log);
  const copyStops = every(copyStopIntervalMs, () => follow.checkStops(), deps.log);
  const profitShares = every(loanIntervalMs, () => follow.settleMonthly(), deps.log);
  return {
    stop: async () => {
      await Promise.all([
        worker.stop(),
        interest.stop(),
        payments.stop(),
        newShares.stop(),
        mirroring.stop(),
        copyStops.stop(),
        profitShares.stop(),
      ]);
    },
  };
}

/** Runs `pass` every `intervalMs`, never two at once; a failed pass is logged and the next one tries again. */
function every(
  intervalMs: number,
  pass: () => Promise<unknown>,
  log: (message: string, fields?: Record<string, unknown>) => void,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pass()
      .then(() => undefined)
      .catch((error: unknown) => log("worker pass failed", { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
