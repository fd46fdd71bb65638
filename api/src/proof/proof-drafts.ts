import { buildSumTree, freshSalt, type ProofLeaf, type RandomSource } from "@kabuto/shared/proof/tree";
import type { LeafRow, OwedRow, RootRow } from "./proof.repo.ts";

/**
 * What a snapshot writes: each currency's root and totals, and each member's leaf and path. The
 * leaves are read out of the built trees as they are written, a batch at a time: a hundred thousand
 * members' paths as rows would hold some 300 MB at once.
 */
export interface SnapshotDraft {
  roots: Omit<RootRow, "snapshotId">[];
  leaves(): Iterable<LeafRow>;
}

/**
 * Builds every currency's tree over what the ledger says the broker owes: one leaf per member per
 * currency, whose amount is the member's available, held, margin and copy money; what members owe
 * the house (deficits, loans) is added up apart and never enters a tree. Each member gets one salt
 * for the snapshot, drawn afresh, which every one of their leaves commits to.
 */
export function draftSnapshot(owed: readonly OwedRow[], depth: number, random?: RandomSource): SnapshotDraft {
  const salts = new Map<string, string>();
  const saltOf = (memberId: string) => {
    let salt = salts.get(memberId);
    if (!salt) {
      salt = freshSalt(random);
      salts.set(memberId, salt);
    }
    return salt;
  };
  const byCurrency = new Map<string, OwedRow[]>();
  for (const row of owed) {
    const rows = byCurrency.get(row.currency);
    if (rows) rows.push(row);
    else byCurrency.set(row.currency, [row]);
  }
  const built = [...byCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, rows]) => {
      const leaves: ProofLeaf[] = rows.map((row) => ({
        leafId: row.memberId,
        salt: saltOf(row.memberId),
        amount: row.available + row.held + row.margin + row.copy,
      }));
      return {
        currency,
        rows,
        tree: buildSumTree(currency, leaves, { depth, ...(random ? { random } : {}) }),
      };
    });
  return {
    roots: built.map(({ currency, rows, tree }) => ({
      currency,
      root: tree.root.hash,
      total: tree.root.sum,
      debts: rows.reduce((sum, row) => sum + row.debts, 0n),
    })),
    *leaves() {
      for (const { currency, rows, tree } of built) {
        for (const row of rows) {
          const path = tree.pathOf(row.memberId);
          if (!path) throw new Error(`no path for member ${row.memberId} in ${currency}`);
          yield {
            memberId: row.memberId,
            currency,
            salt: saltOf(row.memberId),
            leafIndex: path.index,
            available: row.available,
            held: row.held,
            margin: row.margin,
            copy: row.copy,
            siblingHashes: path.siblings.map((s) => s.hash).join(""),
            siblingSums: path.siblings.map((s) => s.sum),
          };
        }
      }
    },
  };
}
