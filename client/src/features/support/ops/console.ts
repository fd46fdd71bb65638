import type { supportCodes } from "@kabuto/shared/api/support.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of support: their menu entries and screens. */
export const supportConsole: readonly ConsoleSection[] = [
  {
    area: "support",
    path: "/ops/support",
    role: "reviewer",
    label: msg`Support`,
    list: lazy(() => import("./support-screens.tsx").then((m) => ({ default: m.SupportInboxScreen }))),
    detail: lazy(() =>
      import("./support-screens.tsx").then((m) => ({ default: m.SupportConversationScreen })),
    ),
    order: 70,
  },
];

/** What the codes of online support read as in the console: its journals' kinds and its audit actions. */
export const supportConsoleCodes: ConsoleCodes<typeof supportCodes> = {
  journalKinds: {},
  auditActions: {
    "support.reply": msg({ message: "Support reply sent", context: "audit action" }),
  },
};
