import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

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
