import { product } from "../kernel/product.ts";
import type { MarketService } from "../market/market.service.ts";
import { seedDemoWatchlist } from "../seed.ts";
import { mountWatchlistRoutes } from "./watchlist.routes.ts";
import { WatchlistService } from "./watchlist.service.ts";

/** The member's watchlist of known instruments. */
export const watchlistProduct = product<{ watchlist: WatchlistService }, { market: MarketService }>({
  name: "watchlist",
  uses: ["market"],
  create: ({ database, now }, { market }) => ({
    watchlist: new WatchlistService({ db: database.db, isKnown: (symbol) => market.isKnown(symbol), now }),
  }),
  routes: ({ router, docs }, { watchlist }) => mountWatchlistRoutes(router, docs, { watchlist }),
  seed: {
    when: "start",
    after: ["auth"],
    // Only with a demo member made in this start: a member who empties their list does not find it refilled.
    run: async ({ db, catalog, nowMs, made }) => {
      if (!made.has("auth")) return [];
      const watched = await seedDemoWatchlist(db, (symbol) => catalog.isKnown(symbol), nowMs);
      return [`added ${watched} dividend payers to the demo member's watchlist`];
    },
  },
});
