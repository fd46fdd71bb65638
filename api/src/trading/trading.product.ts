import { product } from "../kernel/product.ts";
import type { PushService } from "../push/push.service.ts";
import { fillsNotReplaying } from "./fill-replay.ts";
import { dayTradeSettingsFromConfig, termsFromConfig } from "./rules.ts";
import { StopWatch } from "./stop-watch.ts";
import { mountTradingRoutes } from "./trading.routes.ts";
import { TradingService } from "./trading.service.ts";
import { TradingWorker } from "./worker.ts";

/** How often the worker looks for limit orders to fill and margin to call: prices move every half second. */
const triggerIntervalMs = 1_000;
/**
 * How often the stop engine looks at every symbol's newest price. A crossing tick fires its stops
 * at once (stop-watch.ts); this pass is the safety net for what the watch misses (a stop placed by
 * another process, a trailing trigger that moved), which waits at most this long. A pass that
 * fires nothing costs a few index probes per symbol.
 */
const stopIntervalMs = 250;

/**
 * Orders, positions, margin and the account summary; the worker's fills, cut-offs and margin
 * calls, of which a fired stop, a fill, a lapsed order and a margin call are pushed (`push`).
 */
export const tradingProduct = product<{ trading: TradingService }, { push: PushService }>({
  name: "trading",
  uses: ["push"],
  create: ({ database, catalog, bus, config, now, events, onPositionClose }, { push }) => ({
    trading: new TradingService({
      db: database.db,
      catalog,
      bus,
      alwaysOpen: config.alwaysOpen,
      now,
      terms: termsFromConfig(config),
      dayTrade: dayTradeSettingsFromConfig(config),
      events,
      onClose: onPositionClose,
      push,
      batch: { windowMs: config.ORDER_BATCH_MS, max: config.ORDER_BATCH_MAX },
      ptsHours: { day: config.PTS_DAY_HOURS, night: config.PTS_NIGHT_HOURS },
    }),
  }),
  ledgerChecks: [
    {
      name: "fillsNotReplaying",
      finding:
        "fills whose stored book, walked again, does not give what the fill recorded (npm run fills:replay names them)",
      count: fillsNotReplaying,
    },
  ],
  routes: ({ router, ops, docs, config }, { trading }) =>
    mountTradingRoutes(router, ops, docs, { trading, kycRequired: config.KYC_REQUIRED_FOR_TRADING }),
  jobs: ({ trading }, { database, bus, config, log }) => {
    const worker = new TradingWorker({ db: database.db, trading, alwaysOpen: config.alwaysOpen, log });
    const watch = new StopWatch({ db: database.db, bus, worker, alwaysOpen: config.alwaysOpen, log });
    return [
      {
        name: "trading triggers",
        intervalMs: triggerIntervalMs,
        atStart: false,
        run: () => worker.housekeeping(),
      },
      {
        name: "stop triggers",
        intervalMs: stopIntervalMs,
        atStart: false,
        run: () => watch.pass(),
        stop: () => watch.stop(),
      },
    ];
  },
});
