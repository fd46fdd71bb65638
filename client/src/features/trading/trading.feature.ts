import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconTrade } from "../../app/icons.tsx";
import { prefetchInstrument } from "../market/market.feature.ts";
import { tradingErrors } from "./trading.errors.ts";
import { tradingRecordKinds } from "./trading.journals.ts";

/** The order sheet and the positions it opens. */
export const tradingFeature: Feature = {
  name: "trading",
  routes: {
    "/market/marketBuy": {
      screen: lazyScreen(() => import("./buy-screen.tsx").then((m) => ({ default: m.BuyScreen }))),
      prefetch: prefetchInstrument,
    },
    "/position/position": {
      screen: lazyScreen(() =>
        import("./positions-screen.tsx").then((m) => ({ default: m.PositionsScreen })),
      ),
      tab: true,
    },
    "/position/positionDetail": {
      screen: lazyScreen(() =>
        import("./position-detail-screen.tsx").then((m) => ({
          default: m.PositionDetailScreen,
        })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/home/search?then=buy",
      label: msg`Trade`,
      icon: IconTrade,
      testId: "shortcut-trade",
      order: 10,
    },
  ],
  errorMessages: tradingErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.tradingConsoleCodes]),
  consoleMemberCards: () => import("./ops/console.ts").then((m) => m.tradingMemberCards),
  recordKinds: tradingRecordKinds,
  accountEvents: {
    stop_triggered: () => {
      void import("./stop-notice.ts").then((m) => m.announceStopTriggered());
    },
    order_expired: () => {
      void import("./order-notices.ts").then((m) => m.announceOrderExpired());
    },
    margin_call: () => {
      void import("./order-notices.ts").then((m) => m.announceMarginCall());
    },
  },
};
