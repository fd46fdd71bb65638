import { product } from "../kernel/product.ts";
import type { MarketService } from "../market/market.service.ts";
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
});
