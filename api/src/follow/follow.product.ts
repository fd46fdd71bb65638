import { product } from "../kernel/product.ts";
import type { TradingService } from "../trading/trading.service.ts";
import { copiesMismatched } from "./follow.repo.ts";
import { mountFollowRoutes } from "./follow.routes.ts";
import { FollowService, parseFollowTerms } from "./follow.service.ts";
import { seedDemoLeads } from "./follow-seed.ts";

/** How often the worker mirrors lead positions into copies: as often as it looks for fills. */
const mirrorIntervalMs = 1_000;
/** How often it checks copies against their stop-loss floor and period: a few seconds late is a few ticks. */
const copyStopIntervalMs = 3_000;
/** How often it looks for a new Tokyo month's profit shares. */
const profitShareIntervalMs = 60_000;

/** Follow trading: lead traders, copies, and the worker's mirroring, copy stops and profit shares. */
export const followProduct = product<{ follow: FollowService }, { trading: TradingService }>({
  name: "follow",
  uses: ["trading"],
  create: ({ database, now, events, config }, { trading }) => ({
    follow: new FollowService({ db: database.db, trading, now, events, terms: parseFollowTerms(config) }),
  }),
  routes: ({ router, ops, docs, now }, { follow }) => mountFollowRoutes(router, ops, docs, { follow, now }),
  seed: {
    // Lead traders whose records come from trading the feed's back-filled closes through the order
    // service: once the history is stored (a minute on the first start).
    when: "history",
    after: ["staff", "funding"],
    run: async ({ db, catalog, config, nowMs }) => {
      const leads = await seedDemoLeads({ db, catalog, config, nowMs });
      return leads > 0
        ? [`seeded ${leads} demo lead traders, each trading its strategy over the history`]
        : [];
    },
  },
  ledgerChecks: [
    {
      name: "copiesMismatched",
      finding: "copies whose cash or invested amount differs from their journals",
      count: copiesMismatched,
    },
  ],
  jobs: ({ follow }) => [
    { name: "follow mirroring", intervalMs: mirrorIntervalMs, run: () => follow.mirror() },
    { name: "copy stops", intervalMs: copyStopIntervalMs, run: () => follow.checkStops() },
    { name: "profit shares", intervalMs: profitShareIntervalMs, run: () => follow.settleMonthly() },
  ],
});
