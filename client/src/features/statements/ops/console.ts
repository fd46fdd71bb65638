import type { statementsCodes } from "@kabuto/shared/api/statements.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, MemberCard } from "../../../app/feature.ts";

/** Its card on the console's member page: produce the member's statement. */
export const statementsMemberCards: readonly MemberCard[] = [
  {
    place: "side",
    role: "reviewer",
    card: lazy(() => import("./statement-card.tsx").then((m) => ({ default: m.MemberStatementCard }))),
    order: 30,
  },
];

/** What the codes of statements read as in the console: its audit action. */
export const statementsConsoleCodes: ConsoleCodes<typeof statementsCodes> = {
  journalKinds: {},
  auditActions: {
    "statement.produce": msg({ message: "Statement produced", context: "audit action" }),
  },
};
