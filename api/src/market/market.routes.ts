import { marketApi } from "@kabuto/shared/endpoints/market";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { MarketService } from "./market.service.ts";
import { symbolOf } from "./symbol.ts";

export function mountMarketRoutes(router: Router, docs: ApiDocs, market: MarketService): void {
  const serve = docs.serve({ router });

  serve(marketApi.instruments, ({ query }) => market.search(query));
  serve(marketApi.instrument, ({ params }) => market.instrument(symbolOf(params.symbol)));
  serve(marketApi.candles, ({ params, query }) =>
    market.candleHistory(symbolOf(params.symbol), query.interval, query.before, query.limit),
  );
  serve(marketApi.hotList, ({ query }) => market.hotList(query));
  serve(marketApi.newListings, ({ query }) => market.newListings(query));
  serve(marketApi.indices, () => market.indices());
  serve(marketApi.fxRates, () => market.fxRates());
}
