import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of ipo: their menu entries and screens. */
export const ipoConsole: readonly ConsoleSection[] = [
  {
    area: "offerings",
    path: "/ops/ipo",
    role: "reviewer",
    label: msg`New shares`,
    list: lazy(() => import("./offering-screens.tsx").then((m) => ({ default: m.OfferingsScreen }))),
    detail: lazy(() => import("./offering-screens.tsx").then((m) => ({ default: m.OfferingDetailScreen }))),
    order: 80,
  },
];
