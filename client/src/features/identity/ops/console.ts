import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

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
