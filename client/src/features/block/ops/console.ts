import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's sections of block: their menu entries and screens. */
export const blockConsole: readonly ConsoleSection[] = [
  {
    area: "block",
    path: "/ops/block",
    role: "reviewer",
    label: msg`Block trades`,
    list: lazy(() => import("./block-screens.tsx").then((m) => ({ default: m.BlockDeskScreen }))),
    order: 90,
  },
];
