import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Follow trading: lead traders and the member's copies. */
export const followFeature: Feature = {
  name: "follow",
  routes: {
    "/gdindex/gdindex": {
      screen: lazy(() => import("./follow-screens.tsx").then((m) => ({ default: m.FollowScreen }))),
      tab: true,
    },
    "/gdindex/gdList": {
      screen: lazy(() => import("./follow-screens.tsx").then((m) => ({ default: m.FollowOrdersScreen }))),
    },
  },
};
