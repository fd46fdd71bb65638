import type { tradingCodes } from "@kabuto/shared/api/trading.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, MemberCard } from "../../../app/feature.ts";

/** Its card on the console's member page: the member's pending orders. */
export const tradingMemberCards: readonly MemberCard[] = [
  {
    place: "main",
    role: "reviewer",
    card: lazy(() => import("./member-orders.tsx").then((m) => ({ default: m.MemberOrdersCard }))),
    order: 5,
  },
];

/** What the codes of trading read as in the console: its journals' kinds, its audit actions and its ledger check. */
export const tradingConsoleCodes: ConsoleCodes<typeof tradingCodes> = {
  journalKinds: {
    order_hold: msg({ message: "Order hold", context: "journal" }),
    order_release: msg({ message: "Order hold released", context: "journal" }),
    open: msg({ message: "Position opened", context: "journal" }),
    close: msg({ message: "Position closed", context: "journal" }),
    margin_add: msg({ message: "Margin added", context: "journal" }),
    margin_call: msg({ message: "Margin call", context: "journal" }),
    fee: msg({ message: "Fee", context: "journal" }),
    tax: msg({ message: "Tax", context: "journal" }),
  },
  auditActions: {},
  ledgerChecks: {
    fillsNotReplaying: msg({ message: "Fills that do not replay from their stored book: {count}" }),
  },
};
