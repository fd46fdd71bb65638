import type { identityCodes } from "@kabuto/shared/api/identity.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of identity: their menu entries and screens. */
export const identityConsole: readonly ConsoleSection[] = [
  {
    area: "kyc",
    path: "/ops/kyc",
    role: "reviewer",
    label: msg`Identity checks`,
    list: lazy(() => import("./kyc-screens.tsx").then((m) => ({ default: m.KycQueueScreen }))),
    detail: lazy(() => import("./kyc-screens.tsx").then((m) => ({ default: m.KycDetailScreen }))),
    order: 10,
  },
];

/** What the codes of identity checks read as in the console: its journals' kinds and its audit actions. */
export const identityConsoleCodes: ConsoleCodes<typeof identityCodes> = {
  journalKinds: {},
  auditActions: {
    "kyc.approve": msg({ message: "Identity check approved", context: "audit action" }),
    "kyc.reject": msg({ message: "Identity check rejected", context: "audit action" }),
  },
};
