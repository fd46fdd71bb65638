import type { fundingCodes } from "@kabuto/shared/api/funding.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of deposits, withdrawals and exchange read as in the console: its journals' kinds and its audit actions. */
export const fundingConsoleCodes: ConsoleCodes<typeof fundingCodes> = {
  journalKinds: {
    deposit: msg({ message: "Deposit", context: "journal" }),
    withdrawal_hold: msg({ message: "Withdrawal requested (held)", context: "journal" }),
    withdrawal: msg({ message: "Withdrawal paid", context: "journal" }),
    withdrawal_release: msg({ message: "Withdrawal released", context: "journal" }),
    fx: msg({ message: "Currency exchange", context: "journal" }),
  },
  auditActions: {
    "deposit.approve": msg({ message: "Deposit approved", context: "audit action" }),
    "deposit.reject": msg({ message: "Deposit rejected", context: "audit action" }),
    "withdrawal.check": msg({ message: "Withdrawal prepared for approval", context: "audit action" }),
    "withdrawal.approve": msg({ message: "Withdrawal approved", context: "audit action" }),
    "withdrawal.reject": msg({ message: "Withdrawal rejected", context: "audit action" }),
    "channel.create": msg({ message: "Deposit channel added", context: "audit action" }),
    "channel.update": msg({ message: "Deposit channel changed", context: "audit action" }),
  },
};
