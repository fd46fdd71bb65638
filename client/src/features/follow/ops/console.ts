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
