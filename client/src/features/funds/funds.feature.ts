import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Fund records: every journal the member's money moved by. */
export const fundsFeature: Feature = {
  name: "funds",
  routes: {
    "/user/FundingDetails": {
      screen: lazy(() => import("./fund-records-screen.tsx").then((m) => ({ default: m.FundRecordsScreen }))),
    },
  },
};
