import type { rewardsCodes } from "@kabuto/shared/api/rewards.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection, MemberCard } from "../../../app/feature.ts";

/** The operations console's sections of rewards: their menu entries and screens. */
export const rewardsConsole: readonly ConsoleSection[] = [
  {
    area: "rewards",
    path: "/ops/rewards",
    role: "reviewer",
    label: msg`Rewards`,
    list: lazy(() => import("./reward-screens.tsx").then((m) => ({ default: m.RewardSettingsScreen }))),
    order: 110,
  },
];

/** Its card on the console's member page. */
export const rewardsMemberCards: readonly MemberCard[] = [
  {
    place: "main",
    role: "reviewer",
    card: lazy(() => import("./reward-screens.tsx").then((m) => ({ default: m.MemberRewardsCard }))),
    order: 10,
  },
];

/** What the codes of rewards read as in the console: its journals' kinds and its audit actions. */
export const rewardsConsoleCodes: ConsoleCodes<typeof rewardsCodes> = {
  journalKinds: {
    reward: msg({ message: "Reward", context: "journal" }),
  },
  auditActions: {
    "reward.reverse": msg({ message: "Reward taken back", context: "audit action" }),
  },
};
