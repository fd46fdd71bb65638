import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Quotes: the market lists, a stock's page, hot lists and new listings. */
export const marketFeature: Feature = {
  name: "market",
  routes: {
    "/market/market": {
      screen: lazy(() => import("./market-screen.tsx").then((m) => ({ default: m.MarketScreen }))),
      tab: true,
      keepAlive: true,
    },
    "/market/marketDetail": {
      screen: lazy(() => import("./detail-screen.tsx").then((m) => ({ default: m.DetailScreen }))),
    },
    "/market/stockHot/stockList": {
      screen: lazy(() => import("./hot-screen.tsx").then((m) => ({ default: m.HotScreen }))),
    },
    "/market/marketNew": {
      screen: lazy(() => import("./new-listings-screen.tsx").then((m) => ({ default: m.NewListingsScreen }))),
    },
  },
};
