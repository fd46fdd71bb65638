import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import type { ProofPath, SumNode } from "../proof/tree.ts";
import { currencySchema } from "../symbols.ts";

/** A node's hash on the wire: SHA-256, lower-case hex. */
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** One currency's published tree: its root, what the broker owes in it, and what members owe the house in it. */
export const proofRootSchema = z.object({
  currency: currencySchema,
  /** The root's hash. */
  root: hashSchema,
  /** The root's sum: every member's available, held, margin and copy money, in minor units. */
  total: minorAmountSchema,
  /** Members' debts to the house (losses past their money, loans), in minor units: kept out of the tree. */
  debts: minorAmountSchema,
});
export type ProofRoot = z.infer<typeof proofRootSchema>;

/** Why a snapshot was taken: the worker's one a Tokyo day, or a supervisor's from the console. */
export const proofSnapshotKinds = ["daily", "on_demand"] as const;

export const proofSnapshotSchema = z.object({
  id: z.string(),
  kind: z.enum(proofSnapshotKinds),
  /** When the ledger was read. */
  takenAtMs: z.number(),
  /** The Tokyo date it was taken on. */
  tokyoDate: z.string(),
  /** The depth of every tree in it: the same whatever the member count. */
  depth: z.number().int().positive(),
  /**
   * The digest of the tamper-evident trail's heads as the snapshot was written (the newest link of
   * every member's chain of journals and of the audit log): history up to here is pinned by it.
   */
  trailDigest: z.string().nullable(),
  roots: z.array(proofRootSchema),
});
export type ProofSnapshot = z.infer<typeof proofSnapshotSchema>;

export const proofSnapshotListSchema = z.object({ snapshots: z.array(proofSnapshotSchema) });
export type ProofSnapshotList = z.infer<typeof proofSnapshotListSchema>;

/** What the tree counted of a member's money in one currency, by purpose, in minor units. */
export const provenBalancesSchema = z.object({
  available: minorAmountSchema,
  held: minorAmountSchema,
  margin: minorAmountSchema,
  copy: minorAmountSchema,
});
export type ProvenBalances = z.infer<typeof provenBalancesSchema>;

const sumNodeSchema = z.object({ hash: hashSchema, sum: minorAmountSchema });

/** A member's leaf in one currency's tree and the path from it to the root. */
export const memberProofLeafSchema = z.object({
  currency: currencySchema,
  /** The leaf's amount: the balances below added. */
  amount: minorAmountSchema,
  balances: provenBalancesSchema,
  index: z.number().int().nonnegative(),
  siblings: z.array(sumNodeSchema),
});
export type MemberProofLeaf = z.infer<typeof memberProofLeafSchema>;

/** A member's proof for one snapshot: their leaf id and salt, and a leaf and path per currency. */
export const memberProofSchema = z.object({
  snapshot: proofSnapshotSchema,
  leafId: z.string(),
  salt: z.string(),
  leaves: z.array(memberProofLeafSchema),
});
export type MemberProof = z.infer<typeof memberProofSchema>;

/** The sum of the balances a leaf counts: what its amount must be. */
export function provenAmountOf(balances: ProvenBalances): bigint {
  return BigInt(balances.available) + BigInt(balances.held) + BigInt(balances.margin) + BigInt(balances.copy);
}

/** A path from the wire, in the form the shared tree's verifier climbs. */
export function proofPathOf(leaf: Pick<MemberProofLeaf, "index" | "siblings">): ProofPath {
  return { index: leaf.index, siblings: leaf.siblings.map((s) => ({ hash: s.hash, sum: BigInt(s.sum) })) };
}

/** A published root in the form the verifier compares with. */
export function proofRootNodeOf(root: ProofRoot): SumNode {
  return { hash: root.root, sum: BigInt(root.total) };
}
