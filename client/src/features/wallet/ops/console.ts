import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of wallet: their menu entries and screens. */
export const walletConsole: readonly ConsoleSection[] = [
  {
    area: "deposits",
    path: "/ops/deposits",
    role: "reviewer",
    label: msg`Deposits`,
    list: lazy(() => import("./deposit-screens.tsx").then((m) => ({ default: m.DepositQueueScreen }))),
    detail: lazy(() => import("./deposit-screens.tsx").then((m) => ({ default: m.DepositDetailScreen }))),
    order: 20,
  },
  {
    area: "withdrawals",
    path: "/ops/withdrawals",
    role: "reviewer",
    label: msg`Withdrawals`,
    list: lazy(() => import("./withdrawal-screens.tsx").then((m) => ({ default: m.WithdrawalQueueScreen }))),
    detail: lazy(() =>
      import("./withdrawal-screens.tsx").then((m) => ({ default: m.WithdrawalDetailScreen })),
    ),
    order: 30,
  },
  {
    area: "channels",
    path: "/ops/channels",
    role: "supervisor",
    label: msg`Deposit channels`,
    list: lazy(() => import("./channels-screen.tsx").then((m) => ({ default: m.ChannelsScreen }))),
    order: 120,
  },
];
