import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Online support. */
export const supportFeature: Feature = {
  name: "support",
  routes: {
    "/user/pj": {
      screen: lazy(() => import("./support-screen.tsx").then((m) => ({ default: m.SupportScreen }))),
    },
  },
};
