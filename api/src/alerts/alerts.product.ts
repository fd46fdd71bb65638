import { product } from "../kernel/product.ts";
import type { PushService } from "../push/push.service.ts";
import { mountAlertsRoutes } from "./alerts.routes.ts";
import { AlertsService } from "./alerts.service.ts";
import { seedDemoAlerts } from "./alerts-seed.ts";

/** How often the worker reads the quotes of stocks with active alerts: the feed moves every half second. */
const alertIntervalMs = 1_000;

/** Price alerts: a member's conditions on a stock's price or day change, fired by the worker on the feed's quotes. */
export const alertsProduct = product<{ alerts: AlertsService }, { push: PushService }>({
  name: "alerts",
  uses: ["push"],
  create: ({ database, bus, catalog, events, now, config }, { push }) => ({
    alerts: new AlertsService({
      db: database.db,
      bus,
      isKnown: (symbol) => catalog.isKnown(symbol),
      events,
      push,
      now,
      alwaysOpen: config.alwaysOpen,
    }),
  }),
  routes: ({ router, docs }, { alerts }) => mountAlertsRoutes(router, docs, { alerts }),
  jobs: ({ alerts }) => [
    { name: "price alerts", intervalMs: alertIntervalMs, atStart: false, run: () => alerts.evaluate() },
  ],
  seed: {
    // An alert's threshold is set against the stock's last price, so the demo's wait for the feed.
    when: "feed",
    run: async (context) => {
      const made = await seedDemoAlerts(context);
      return made > 0 ? [`set ${made} price alerts for the demo member`] : [];
    },
  },
});
