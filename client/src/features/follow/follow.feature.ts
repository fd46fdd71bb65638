import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconPeople } from "../home/home-icons.tsx";
import { followErrors } from "./follow.errors.ts";
import { followRecordKinds } from "./follow.journals.ts";

/** Follow trading: lead traders and the member's copies. */
export const followFeature: Feature = {
  name: "follow",
  routes: {
    "/gdindex/gdindex": {
      screen: lazyScreen(() => import("./follow-screens.tsx").then((m) => ({ default: m.FollowScreen }))),
      tab: true,
    },
    "/gdindex/gdList": {
      screen: lazyScreen(() =>
        import("./follow-screens.tsx").then((m) => ({ default: m.FollowOrdersScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/gdindex/gdindex",
      label: msg`Follow trading`,
      icon: IconPeople,
      testId: "shortcut-follow",
      order: 130,
    },
  ],
  positionTabs: [
    {
      id: "follow",
      label: msg`Follow`,
      panel: lazy(() => import("./mirrored-panel.tsx").then((m) => ({ default: m.MirroredPanel }))),
      order: 70,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.followConsole),
  errorMessages: followErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.followConsoleCodes]),
  recordKinds: followRecordKinds,
};
