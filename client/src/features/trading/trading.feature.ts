import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconTrade } from "../../app/icons.tsx";
import { prefetchEndpoint } from "../../lib/queries.ts";
import { prefetchInstrument } from "../market/market.feature.ts";
import { tradingErrors } from "./trading.errors.ts";
import { tradingRecordKinds } from "./trading.journals.ts";

/**
 * What the order form reads as it opens (the account, the trading terms, whether a PIN confirms
 * orders), started as the app opens on the order screen rather than once the form has rendered:
 * on a phone the render takes longer than the reads. The endpoints come in chunks the page already
 * asks for beside the entry there, so the reads wait for none of the form's own.
 */
function prefetchOrderForm(): void {
  void Promise.all([
    import("@kabuto/shared/endpoints/trading"),
    import("@kabuto/shared/endpoints/trading-pin"),
  ]).then(([{ tradingApi }, { tradingPinApi }]) => {
    prefetchEndpoint(tradingApi.account, {});
    prefetchEndpoint(tradingApi.terms, {});
    prefetchEndpoint(tradingPinApi.status, {});
  });
}

/** The order sheet and the positions it opens. */
export const tradingFeature: Feature = {
  name: "trading",
  routes: {
    "/market/marketBuy": {
      screen: lazyScreen(() => import("./buy-screen.tsx").then((m) => ({ default: m.BuyScreen }))),
      prefetch: (query) => {
        prefetchInstrument(query);
        prefetchOrderForm();
      },
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
