import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Day trading. */
export const dayTradingFeature: Feature = {
  name: "dayTrading",
  routes: {
    "/common/dayTrading": {
      screen: lazy(() => import("./day-trading-screen.tsx").then((m) => ({ default: m.DayTradingScreen }))),
    },
  },
};
