import { product } from "../kernel/product.ts";
import { mountBlockRoutes } from "./block.routes.ts";
import { BlockService, withdrawSellBidOnClose } from "./block.service.ts";
import { seedDemoBlockTrades } from "./block-seed.ts";
import { parseBlockTerms } from "./block-terms.ts";

/** Block trades: offerings, negotiated bids and the desk's review. */
export const blockProduct = product({
  name: "block",
  // A block fill is trading's off-book fill, priced by trading's drafts.
  uses: ["trading"],
  create: ({ database, now, events, bus, catalog, config }) => ({
    block: new BlockService({ db: database.db, now, events, bus, catalog, terms: parseBlockTerms(config) }),
  }),
  routes: ({ router, ops, docs, now }, { block }) => mountBlockRoutes(router, ops, docs, { block, now }),
  // A position closed on the market takes its pending sell bid with it, and the bid's held charges come back.
  onPositionClose: withdrawSellBidOnClose,
  seed: {
    // Block trades price off the feed's last trades, so the demo desk opens once the feed has started.
    when: "feed",
    run: async ({ db, bus, catalog, config, nowMs }) => {
      const made = await seedDemoBlockTrades({ db, bus, catalog, config }, nowMs);
      return made.instruments + made.offerings > 0
        ? [`opened ${made.instruments} demo stocks to negotiated bids and ${made.offerings} block offering`]
        : [];
    },
  },
});
