import { proofDepthDefault, verifyProofPath } from "@kabuto/shared/proof/tree";
import { describe, expect, it } from "vitest";
import type { OwedRow } from "./proof.repo.ts";
import { draftSnapshot } from "./proof-drafts.ts";

const row = (memberId: string, currency: "JPY" | "USD", owed: Partial<OwedRow> = {}): OwedRow => ({
  memberId,
  currency,
  available: 0n,
  held: 0n,
  margin: 0n,
  copy: 0n,
  debts: 0n,
  ...owed,
});

const owed: OwedRow[] = [
  row("a", "JPY", { available: 1_000n, held: 200n, margin: 30n, copy: 4n }),
  row("a", "USD", { available: 5_000n }),
  row("b", "JPY", { available: 10n, debts: 3_000n }),
  row("b", "USD"),
  row("c", "JPY", { debts: 500n }),
  row("c", "USD", { margin: 7n, debts: 1n }),
];

describe("a snapshot's draft", () => {
  const draft = draftSnapshot(owed, 8);
  const leaves = [...draft.leaves()];

  it("totals available, held, margin and copy money per currency, and keeps debts apart", () => {
    expect(draft.roots.map(({ currency, total, debts }) => ({ currency, total, debts }))).toEqual([
      { currency: "JPY", total: 1_244n, debts: 3_500n },
      { currency: "USD", total: 5_007n, debts: 1n },
    ]);
  });

  it("gives every member a leaf in every currency, one salt each, and a path that reaches the root", () => {
    expect(leaves).toHaveLength(owed.length);
    for (const member of ["a", "b", "c"]) {
      const salts = new Set(leaves.filter((leaf) => leaf.memberId === member).map((leaf) => leaf.salt));
      expect(salts.size).toBe(1);
    }
    for (const leaf of leaves) {
      const root = draft.roots.find((each) => each.currency === leaf.currency);
      const siblings = leaf.siblingSums.map((sum, i) => ({
        hash: leaf.siblingHashes.slice(i * 64, (i + 1) * 64),
        sum,
      }));
      const amount = leaf.available + leaf.held + leaf.margin + leaf.copy;
      const failure = verifyProofPath(
        leaf.currency,
        { leafId: leaf.memberId, salt: leaf.salt, amount },
        { index: leaf.leafIndex, siblings },
        { hash: root?.root ?? "", sum: root?.total ?? -1n },
        8,
      );
      expect(failure, `${leaf.memberId} ${leaf.currency}`).toBeNull();
    }
  });

  it("draws fresh salts for each snapshot, so the same balances make other leaves", () => {
    const again = [...draftSnapshot(owed, 8).leaves()];
    expect(again.map((leaf) => leaf.salt)).not.toEqual(leaves.map((leaf) => leaf.salt));
    expect(draftSnapshot(owed, proofDepthDefault).roots[0]?.total).toBe(1_244n);
  });

  it("refuses a negative balance rather than counting it", () => {
    expect(() => draftSnapshot([row("d", "JPY", { copy: -1n })], 8)).toThrow();
  });
});
