import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import { type Feature, lazyScreen } from "../../app/feature.ts";
import { IconBell } from "./alert-icons.tsx";
import { alertsErrors } from "./alerts.errors.ts";
import { pushErrors } from "./push.errors.ts";

/** Price alerts: the bell on a stock's page, the alerts screen, and a notice wherever the member is when one fires. */
export const alertsFeature: Feature = {
  name: "alerts",
  routes: {
    "/user/alerts": {
      screen: lazyScreen(() => import("./alerts-screen.tsx").then((m) => ({ default: m.AlertsScreen }))),
    },
  },
  mineRows: [
    {
      href: "/user/alerts",
      label: msg`Price alerts`,
      icon: IconBell,
      testId: "menu-alerts",
      value: lazy(() => import("./alerts-count.tsx").then((m) => ({ default: m.AlertsCount }))),
      order: 35,
    },
  ],
  stockActions: [
    {
      component: lazy(() => import("./alert-button.tsx").then((m) => ({ default: m.AlertButton }))),
      order: 10,
    },
  ],
  accountEvents: {
    alert: (id) => {
      void import("./alert-notices.ts").then((m) => m.announceAlert(id)).catch(() => undefined);
    },
  },
  errorMessages: { ...alertsErrors, ...pushErrors },
};
