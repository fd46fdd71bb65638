import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of dayTrading: their menu entries and screens. */
export const dayTradingConsole: readonly ConsoleSection[] = [
  {
    area: "dayTrading",
    path: "/ops/day-trading",
    role: "reviewer",
    label: msg({ message: "Day trading", context: "console" }),
    list: lazy(() => import("./day-trade-screens.tsx").then((m) => ({ default: m.DayTradeQueueScreen }))),
    detail: lazy(() => import("./day-trade-screens.tsx").then((m) => ({ default: m.DayTradeDetailScreen }))),
    order: 50,
  },
];
