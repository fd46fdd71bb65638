import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** The order sheet and the positions it opens. */
export const tradingFeature: Feature = {
  name: "trading",
  routes: {
    "/market/marketBuy": {
      screen: lazy(() => import("./buy-screen.tsx").then((m) => ({ default: m.BuyScreen }))),
    },
    "/position/position": {
      screen: lazy(() => import("./positions-screen.tsx").then((m) => ({ default: m.PositionsScreen }))),
      tab: true,
    },
    "/position/positionDetail": {
      screen: lazy(() =>
        import("./position-detail-screen.tsx").then((m) => ({
          default: m.PositionDetailScreen,
        })),
      ),
    },
  },
};
