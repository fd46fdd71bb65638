import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Search across both markets. */
export const searchFeature: Feature = {
  name: "search",
  routes: {
    "/home/search": {
      screen: lazy(() => import("./search-screen.tsx").then((m) => ({ default: m.SearchScreen }))),
    },
  },
};
