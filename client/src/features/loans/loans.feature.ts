import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Credit loans. */
export const loansFeature: Feature = {
  name: "loans",
  routes: {
    "/user/jkjl": {
      screen: lazy(() => import("./loans-screen.tsx").then((m) => ({ default: m.LoansScreen }))),
    },
  },
};
