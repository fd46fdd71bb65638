import type { followCodes } from "@kabuto/shared/api/follow.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of follow trading read as in the console: its journals' kinds and its audit actions. */
export const followConsoleCodes: ConsoleCodes<typeof followCodes> = {
  journalKinds: {
    copy_in: msg({ message: "Money into a copy", context: "journal" }),
    copy_out: msg({ message: "Money out of a copy", context: "journal" }),
    copy_mirror: msg({ message: "Mirrored trade of a copy", context: "journal" }),
    profit_share: msg({ message: "Profit share", context: "journal" }),
  },
  auditActions: {
    "lead.approve": msg({ message: "Lead trader approved", context: "audit action" }),
    "lead.reject": msg({ message: "Lead trader rejected", context: "audit action" }),
    "lead.suspend": msg({ message: "Lead trader suspended", context: "audit action" }),
  },
  ledgerChecks: {
    copiesMismatched: msg({ message: "Copies whose cash differs from their journals: {count}" }),
  },
};
