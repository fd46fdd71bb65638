import { marketApi } from "@kabuto/shared/endpoints/market";
import { anySymbolSchema } from "@kabuto/shared/symbols";
import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconStar } from "../../app/icons.tsx";
import { prefetchEndpoint } from "../../lib/queries.ts";
import { IconFlame, IconMoon, IconSunrise } from "../home/home-icons.tsx";
import { marketErrors } from "./market.errors.ts";
import { extendedSessionPath } from "./market-paths.ts";

/** A stock's own read (name, rules, latest quote), started with the screen that shows it. */
export function prefetchInstrument(query: URLSearchParams): void {
  const symbol = anySymbolSchema.safeParse(query.get("symbol"));
  if (symbol.success) prefetchEndpoint(marketApi.instrument, { params: { symbol: symbol.data } });
}

/** Quotes: the market lists, a stock's page, hot lists and new listings. */
export const marketFeature: Feature = {
  name: "market",
  routes: {
    "/market/market": {
      screen: lazyScreen(() => import("./market-screen.tsx").then((m) => ({ default: m.MarketScreen }))),
      tab: true,
      keepAlive: true,
    },
    "/market/marketDetail": {
      screen: lazyScreen(() => import("./detail-screen.tsx").then((m) => ({ default: m.DetailScreen }))),
      prefetch: prefetchInstrument,
    },
    "/market/stockHot/stockList": {
      screen: lazyScreen(() => import("./hot-screen.tsx").then((m) => ({ default: m.HotScreen }))),
    },
    "/market/marketNew": {
      screen: lazyScreen(() =>
        import("./new-listings-screen.tsx").then((m) => ({ default: m.NewListingsScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/market/market?tab=watchlist",
      label: msg`Watchlist`,
      icon: IconStar,
      testId: "shortcut-watchlist",
      order: 80,
    },
    {
      href: extendedSessionPath("pre"),
      label: msg({ message: "Pre-market", context: "shortcut" }),
      icon: IconSunrise,
      testId: "shortcut-pre-market",
      order: 90,
    },
    {
      href: extendedSessionPath("after"),
      label: msg({ message: "After-hours", context: "shortcut" }),
      icon: IconMoon,
      testId: "shortcut-after-hours",
      order: 100,
    },
    {
      href: "/market/stockHot/stockList",
      label: msg`Hot lists`,
      icon: IconFlame,
      testId: "shortcut-hot-lists",
      order: 110,
    },
  ],
  errorMessages: marketErrors,
};
