import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconBlocks } from "../home/home-icons.tsx";
import { blockErrors } from "./block.errors.ts";
import { blockRecordKinds } from "./block.journals.ts";

/** Block trades: offerings and applications. */
export const blockFeature: Feature = {
  name: "block",
  routes: {
    "/market/block": {
      screen: lazyScreen(() => import("./block-screen.tsx").then((m) => ({ default: m.BlockScreen }))),
    },
    "/market/blockApply": {
      screen: lazyScreen(() =>
        import("./block-apply-screen.tsx").then((m) => ({ default: m.BlockApplyScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/market/block",
      label: msg`Block trade`,
      icon: IconBlocks,
      testId: "shortcut-block-trade",
      order: 70,
    },
  ],
  positionTabs: [
    {
      id: "bidding",
      label: msg({ message: "Bidding", context: "position tab" }),
      testId: "tab-bidding",
      panel: lazy(() => import("./block-records.tsx").then((m) => ({ default: m.BiddingPanel }))),
      order: 50,
    },
    {
      id: "auction",
      label: msg({ message: "Auction", context: "position tab" }),
      testId: "tab-auction",
      panel: lazy(() => import("./block-records.tsx").then((m) => ({ default: m.AuctionPanel }))),
      order: 60,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.blockConsole),
  errorMessages: blockErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.blockConsoleCodes]),
  recordKinds: blockRecordKinds,
};
