import { product } from "../kernel/product.ts";
import { CandlesRepo } from "./candles.repo.ts";
import { mountMarketRoutes } from "./market.routes.ts";
import { MarketService } from "./market.service.ts";

/** Instruments, quotes, candles and books as the API serves them over HTTP. */
export const marketProduct = product({
  name: "market",
  uses: [],
  create: ({ catalog, bus, database, now }) => ({
    market: new MarketService({ catalog, bus, candles: new CandlesRepo(database.db), now }),
  }),
  routes: ({ router, docs }, { market }) => mountMarketRoutes(router, docs, market),
});
