import { lazy } from "react";
import type { Feature } from "../../app/feature.ts";

/** Rewards and invitations. */
export const rewardsFeature: Feature = {
  name: "rewards",
  routes: {
    "/user/rewards": {
      screen: lazy(() => import("./rewards-screen.tsx").then((m) => ({ default: m.RewardsScreen }))),
    },
    "/user/invite": {
      screen: lazy(() => import("./invite-screen.tsx").then((m) => ({ default: m.InviteScreen }))),
    },
  },
};
