import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconClock } from "../home/home-icons.tsx";
import { daytradeErrors } from "./daytrade.errors.ts";

/** Day trading. */
export const dayTradingFeature: Feature = {
  name: "dayTrading",
  routes: {
    "/common/dayTrading": {
      screen: lazyScreen(() =>
        import("./day-trading-screen.tsx").then((m) => ({ default: m.DayTradingScreen })),
      ),
    },
  },
  homeShortcuts: [
    {
      href: "/common/dayTrading",
      label: msg`Day trading`,
      icon: IconClock,
      testId: "shortcut-day-trading",
      order: 20,
    },
  ],
  consoleSections: () => import("./ops/console.ts").then((m) => m.dayTradingConsole),
  errorMessages: daytradeErrors,
  accountEvents: {
    day_trade_cutoff: () => {
      void import("./cutoff-notice.ts").then((m) => m.announceCutoff());
    },
  },
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.dayTradingConsoleCodes]),
};
