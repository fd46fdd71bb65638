import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconTicket } from "../../app/icons.tsx";
import { ipoErrors } from "./ipo.errors.ts";
import { ipoRecordKinds } from "./ipo.journals.ts";

/** New shares: offerings, a subscription, its record. */
export const ipoFeature: Feature = {
  name: "ipo",
  routes: {
    "/market/subscribe": {
      screen: lazyScreen(() =>
        import("./subscribe-screen.tsx").then((m) => ({ default: m.SubscribeScreen })),
      ),
    },
    "/market/subscribeDetail": {
      screen: lazyScreen(() =>
        import("./subscribe-detail-screen.tsx").then((m) => ({ default: m.SubscribeDetailScreen })),
      ),
    },
    "/market/subscribeRecord": {
      screen: lazyScreen(() =>
        import("./subscribe-record-screen.tsx").then((m) => ({ default: m.SubscribeRecordScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/market/subscribe",
      label: msg({ message: "IPO", context: "shortcut" }),
      icon: IconTicket,
      testId: "shortcut-ipo",
      order: 60,
    },
  ],
  positionTabs: [
    {
      id: "placement",
      label: msg`Placement`,
      testId: "tab-placement",
      panel: lazy(() => import("./placement-panel.tsx").then((m) => ({ default: m.PlacementPanel }))),
      order: 40,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.ipoConsole),
  errorMessages: ipoErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.ipoConsoleCodes]),
  recordKinds: ipoRecordKinds,
};
