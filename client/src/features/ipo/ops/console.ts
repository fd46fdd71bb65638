import type { ipoCodes } from "@kabuto/shared/api/ipo.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of new shares read as in the console: its journals' kinds and its audit actions. */
export const ipoConsoleCodes: ConsoleCodes<typeof ipoCodes> = {
  journalKinds: {
    ipo_payment: msg({ message: "New share paid (held)", context: "journal" }),
    ipo_allotment: msg({ message: "New share allotted", context: "journal" }),
  },
  auditActions: {
    "offering.create": msg({ message: "New share offering created", context: "audit action" }),
    "offering.update": msg({ message: "New share offering edited", context: "audit action" }),
    "offering.price": msg({ message: "New share offer price set", context: "audit action" }),
    "offering.draw": msg({ message: "New share draw run", context: "audit action" }),
  },
};
