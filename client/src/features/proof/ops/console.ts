import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection } from "../../../app/feature.ts";

/** The operations console's section of proof of liabilities: the snapshots, and one taken now. */
export const proofConsole: readonly ConsoleSection[] = [
  {
    area: "proof",
    path: "/ops/proof",
    role: "supervisor",
    label: msg`Proof of liabilities`,
    list: lazy(() => import("./proof-screens.tsx").then((m) => ({ default: m.ProofSnapshotsScreen }))),
    order: 155,
  },
];
