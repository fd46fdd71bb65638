import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";
import { IconStar } from "../../app/icons.tsx";
import { IconFlame, IconMoon, IconSunrise } from "../home/home-icons.tsx";
import { marketErrors } from "./market.errors.ts";
import { extendedSessionPath } from "./market-paths.ts";

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
