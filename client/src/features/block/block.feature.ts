import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Block trades: offerings and applications. */
export const blockFeature: Feature = {
  name: "block",
  routes: {
    "/market/block": {
      screen: lazy(() => import("./block-screen.tsx").then((m) => ({ default: m.BlockScreen }))),
    },
    "/market/blockApply": {
      screen: lazy(() => import("./block-apply-screen.tsx").then((m) => ({ default: m.BlockApplyScreen }))),
    },
  },
};
