import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconTicket } from "../../app/icons.tsx";
import { rewardsErrors } from "./rewards.errors.ts";
import { rewardsRecordKinds } from "./rewards.journals.ts";

/** Rewards and invitations. */
export const rewardsFeature: Feature = {
  name: "rewards",
  routes: {
    "/user/rewards": {
      screen: lazyScreen(() => import("./rewards-screen.tsx").then((m) => ({ default: m.RewardsScreen }))),
    },
    "/user/invite": {
      screen: lazyScreen(() => import("./invite-screen.tsx").then((m) => ({ default: m.InviteScreen }))),
    },
  },
  mineRows: [
    {
      href: "/user/rewards",
      label: msg`Rewards and check-in`,
      icon: IconTicket,
      testId: "menu-rewards",
      value: lazy(() => import("./mine-values.tsx").then((m) => ({ default: m.RewardsSummaryValue }))),
      order: 20,
    },
    {
      href: "/user/invite",
      label: msg`Invite friends`,
      icon: IconTicket,
      testId: "menu-invite",
      value: lazy(() => import("./mine-values.tsx").then((m) => ({ default: m.InviteCodeValue }))),
      order: 60,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.rewardsConsole),
  consoleMemberCards: () => import("./ops/console.ts").then((m) => m.rewardsMemberCards),
  errorMessages: rewardsErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.rewardsConsoleCodes]),
  recordKinds: rewardsRecordKinds,
};
