import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** New shares: offerings, a subscription, its record. */
export const ipoFeature: Feature = {
  name: "ipo",
  routes: {
    "/market/subscribe": {
      screen: lazy(() => import("./subscribe-screen.tsx").then((m) => ({ default: m.SubscribeScreen }))),
    },
    "/market/subscribeDetail": {
      screen: lazy(() =>
        import("./subscribe-detail-screen.tsx").then((m) => ({ default: m.SubscribeDetailScreen })),
      ),
    },
    "/market/subscribeRecord": {
      screen: lazy(() =>
        import("./subscribe-record-screen.tsx").then((m) => ({ default: m.SubscribeRecordScreen })),
      ),
    },
  },
};
