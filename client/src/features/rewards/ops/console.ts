import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

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
