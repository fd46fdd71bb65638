import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of follow: their menu entries and screens. */
export const followConsole: readonly ConsoleSection[] = [
  {
    area: "leads",
    path: "/ops/leads",
    role: "reviewer",
    label: msg`Lead traders`,
    list: lazy(() => import("./lead-screens.tsx").then((m) => ({ default: m.LeadQueueScreen }))),
    detail: lazy(() => import("./lead-screens.tsx").then((m) => ({ default: m.LeadDetailScreen }))),
    order: 60,
  },
];

/** What the ledger check's copy check finds. */
export const followLedgerChecks: Readonly<Record<string, MessageDescriptor>> = {
  copiesMismatched: msg({ message: "Copies whose cash differs from their journals: {count}" }),
};
