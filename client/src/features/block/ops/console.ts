import type { blockCodes } from "@kabuto/shared/api/block.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of block trades read as in the console: its journals' kinds and its audit actions. */
export const blockConsoleCodes: ConsoleCodes<typeof blockCodes> = {
  journalKinds: {
    block_hold: msg({ message: "Block trade held", context: "journal" }),
    block_release: msg({ message: "Block trade hold released", context: "journal" }),
  },
  auditActions: {
    "block.publish": msg({ message: "Block offering published", context: "audit action" }),
    "block.allot": msg({ message: "Block offering drawn and allotted", context: "audit action" }),
    "block.open": msg({ message: "Stock opened to negotiated bids", context: "audit action" }),
    "block.approve": msg({ message: "Negotiated bid approved", context: "audit action" }),
    "block.reject": msg({ message: "Negotiated bid rejected", context: "audit action" }),
  },
};
