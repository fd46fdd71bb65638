import type { proofCodes } from "@kabuto/shared/api/proof.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection } from "../../../app/feature.ts";

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

/** What the codes of proof of liabilities read as in the console: its audit action. */
export const proofConsoleCodes: ConsoleCodes<typeof proofCodes> = {
  journalKinds: {},
  auditActions: {
    "proof.snapshot": msg({ message: "Proof of liabilities snapshot taken", context: "audit action" }),
  },
};
