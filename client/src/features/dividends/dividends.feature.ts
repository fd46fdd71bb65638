import { msg } from "@lingui/core/macro";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconDividend } from "./dividend-icon.tsx";
import { dividendsErrors } from "./dividends.errors.ts";
import { dividendsRecordKinds } from "./dividends.journals.ts";

/** Dividends: the calendar, the history and one dividend. */
export const dividendsFeature: Feature = {
  name: "dividends",
  routes: {
    "/common/dividend": {
      screen: lazyScreen(() =>
        import("./dividend-screens.tsx").then((m) => ({ default: m.DividendCalendarScreen })),
      ),
    },
    "/common/dividend2": {
      screen: lazyScreen(() =>
        import("./dividend-screens.tsx").then((m) => ({ default: m.DividendHistoryScreen })),
      ),
    },
    "/common/dividend3": {
      screen: lazyScreen(() =>
        import("./dividend-screens.tsx").then((m) => ({ default: m.DividendDetailScreen })),
      ),
    },
  },
  mineRows: [
    {
      href: "/common/dividend",
      label: msg`Dividends`,
      icon: IconDividend,
      testId: "menu-dividends",
      order: 40,
    },
  ],
  errorMessages: dividendsErrors,
  consoleCodes: () => import("./ops/console.ts").then((m) => [m.dividendsConsoleCodes]),
  recordKinds: dividendsRecordKinds,
};
