import { endpoint } from "./endpoint.ts";
import { memberProofSchema, proofSnapshotListSchema, proofSnapshotSchema } from "./proof.ts";

/** Proof of liabilities: the published roots and totals, a member's own proof, and a snapshot on demand. */
export const proofApi = {
  snapshots: endpoint({
    method: "get",
    path: "/proof/snapshots",
    tag: "proof",
    summary:
      "The latest proof-of-liabilities snapshots, newest first: each currency's root and totals (public)",
    caller: "anyone",
    response: proofSnapshotListSchema,
  }),
  mine: endpoint({
    method: "get",
    path: "/proof/snapshots/{id}/mine",
    tag: "proof",
    summary: "The member's proof in a snapshot: the balances counted per currency, the salt and each path",
    caller: "member",
    response: memberProofSchema,
    errors: ["PROOF_SNAPSHOT_NOT_FOUND", "PROOF_NOT_INCLUDED"],
  }),
  take: endpoint({
    method: "post",
    path: "/ops/proof/snapshots",
    tag: "ops",
    summary: "Take a proof-of-liabilities snapshot now (supervisor); audited; accepts Idempotency-Key",
    caller: "supervisor",
    idempotent: true,
    status: 201,
    response: proofSnapshotSchema,
  }),
};
