import type { dayTradingCodes } from "@kabuto/shared/api/day-trading.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of day trading read as in the console: its journals' kinds and its audit actions. */
export const dayTradingConsoleCodes: ConsoleCodes<typeof dayTradingCodes> = {
  journalKinds: {},
  auditActions: {
    "daytrade.approve": msg({ message: "Day-trading application approved", context: "audit action" }),
    "daytrade.reject": msg({ message: "Day-trading application rejected", context: "audit action" }),
  },
};
