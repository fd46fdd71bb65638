import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  buildSumTree,
  ProofAmountError,
  type ProofLeaf,
  type ProofPath,
  proofSumMax,
  type RandomSource,
  type SumTree,
  verifyProofPath,
} from "./tree.ts";

/** A repeatable random source: SHA-256 in counter mode over a seed, so every run builds the same tree. */
function seededRandom(seed: string): RandomSource {
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let at = 0; at < length; at += 32) {
      out.set(sha256(utf8ToBytes(`${seed}:${counter++}`)).subarray(0, Math.min(32, length - at)), at);
    }
    return out;
  };
}

const members: ProofLeaf[] = [
  { leafId: "m-1", salt: "aa01", amount: 1_000_000n },
  { leafId: "m-2", salt: "aa02", amount: 0n },
  { leafId: "m-3", salt: "aa03", amount: 250_000n },
  { leafId: "m-4", salt: "aa04", amount: 1n },
  { leafId: "m-5", salt: "aa05", amount: 9_999_999_999n },
];

function built(depth = 8, seed = "one"): SumTree {
  return buildSumTree("JPY", members, { depth, random: seededRandom(seed) });
}

function pathOf(tree: SumTree, leafId: string): ProofPath {
  const path = tree.pathOf(leafId);
  if (!path) throw new Error(`no path for ${leafId}`);
  return path;
}

describe("a Merkle sum tree of what the broker owes", () => {
  it("sums every member's amount at the root and gives each member a path of the tree's depth", () => {
    const tree = built();
    expect(tree.root.sum).toBe(members.reduce((a, m) => a + m.amount, 0n));
    expect(tree.root.hash).toMatch(/^[0-9a-f]{64}$/);
    for (const member of members) expect(pathOf(tree, member.leafId).siblings).toHaveLength(8);
  });

  it("verifies every member's own leaf against the root", () => {
    const tree = built();
    for (const member of members) {
      expect(verifyProofPath("JPY", member, pathOf(tree, member.leafId), tree.root, tree.depth)).toBeNull();
    }
  });

  const m3 = members[2] as ProofLeaf;
  const cases: {
    name: string;
    change: (leaf: ProofLeaf, path: ProofPath) => [ProofLeaf, ProofPath];
    failure: string;
  }[] = [
    {
      name: "an amount one yen more",
      change: (l, p) => [{ ...l, amount: l.amount + 1n }, p],
      failure: "total",
    },
    {
      name: "an amount one yen less",
      change: (l, p) => [{ ...l, amount: l.amount - 1n }, p],
      failure: "total",
    },
    { name: "another member's leaf id", change: (l, p) => [{ ...l, leafId: "m-9" }, p], failure: "root" },
    { name: "another salt", change: (l, p) => [{ ...l, salt: "bb03" }, p], failure: "root" },
    {
      name: "a sibling's sum raised by one and the amount lowered by one",
      change: (l, p) => [
        { ...l, amount: l.amount - 1n },
        withSibling(p, 3, (s) => ({ ...s, sum: s.sum + 1n })),
      ],
      failure: "root",
    },
    {
      name: "a sibling's sum tampered",
      change: (l, p) => [l, withSibling(p, 0, (s) => ({ ...s, sum: s.sum + 5n }))],
      failure: "total",
    },
    {
      name: "a sibling's hash tampered",
      change: (l, p) => [l, withSibling(p, 5, (s) => ({ ...s, hash: flipped(s.hash) }))],
      failure: "root",
    },
    {
      name: "the leaf climbed from the other side",
      change: (l, p) => [l, { ...p, index: p.index ^ 1 }],
      failure: "root",
    },
    {
      name: "a path one step short",
      change: (l, p) => [l, { ...p, siblings: p.siblings.slice(1) }],
      failure: "shape",
    },
    {
      name: "a negative sibling sum",
      change: (l, p) => [l, withSibling(p, 2, (s) => ({ ...s, sum: -1n }))],
      failure: "negative",
    },
    { name: "a negative amount", change: (l, p) => [{ ...l, amount: -1n }, p], failure: "negative" },
  ];

  for (const { name, change, failure } of cases) {
    it(`fails a proof with ${name}`, () => {
      const tree = built();
      const [leaf, path] = change(m3, pathOf(tree, m3.leafId));
      expect(verifyProofPath("JPY", leaf, path, tree.root, tree.depth)).toBe(failure);
    });
  }

  it("fails a proof against another currency's tree or a root of another total", () => {
    const tree = built();
    const path = pathOf(tree, m3.leafId);
    expect(verifyProofPath("USD", m3, path, tree.root, tree.depth)).toBe("root");
    expect(verifyProofPath("JPY", m3, path, { ...tree.root, sum: tree.root.sum + 1n }, tree.depth)).toBe(
      "total",
    );
  });

  it("refuses a negative amount when building", () => {
    const leaves = [...members, { leafId: "m-6", salt: "aa06", amount: -1n }];
    expect(() => buildSumTree("JPY", leaves, { depth: 8, random: seededRandom("x") })).toThrow(
      ProofAmountError,
    );
  });

  it("refuses a total past the ledger's largest sum, a leaf id twice and more members than slots", () => {
    const big = [
      { leafId: "a", salt: "1", amount: proofSumMax },
      { leafId: "b", salt: "2", amount: 1n },
    ];
    expect(() => buildSumTree("JPY", big, { depth: 4 })).toThrow(ProofAmountError);
    expect(() =>
      buildSumTree("JPY", [members[0] as ProofLeaf, members[0] as ProofLeaf], { depth: 4 }),
    ).toThrow(RangeError);
    expect(() => buildSumTree("JPY", members, { depth: 2 })).toThrow(RangeError);
  });

  it("hides the member count: a path is as long in a tree of one member as in a full one", () => {
    const alone = buildSumTree("JPY", [members[0] as ProofLeaf], { depth: 8 });
    const full = buildSumTree(
      "JPY",
      Array.from({ length: 256 }, (_, i) => ({ leafId: `f-${i}`, salt: `s${i}`, amount: BigInt(i) })),
      { depth: 8 },
    );
    expect(pathOf(alone, "m-1").siblings).toHaveLength(8);
    expect(pathOf(full, "f-7").siblings).toHaveLength(8);
    expect(verifyProofPath("JPY", members[0] as ProofLeaf, pathOf(alone, "m-1"), alone.root, 8)).toBeNull();
    expect(full.root.sum).toBe((255n * 256n) / 2n);
    for (const id of ["f-0", "f-128", "f-255"]) {
      const leaf = { leafId: id, salt: `s${id.slice(2)}`, amount: BigInt(id.slice(2)) };
      expect(verifyProofPath("JPY", leaf, pathOf(full, id), full.root, 8)).toBeNull();
    }
  });

  it("gives the same balances another root, other places and other siblings in each snapshot", () => {
    const a = built(8, "monday");
    const b = built(8, "tuesday");
    expect(a.root.sum).toBe(b.root.sum);
    expect(a.root.hash).not.toBe(b.root.hash);
    expect(pathOf(a, "m-1").siblings[0]?.hash).not.toBe(pathOf(b, "m-1").siblings[0]?.hash);
  });

  it("builds a tree of no members: its root is padding with a sum of zero", () => {
    const tree = buildSumTree("USD", [], { depth: 4 });
    expect(tree.root.sum).toBe(0n);
    expect(tree.size).toBe(0);
    expect(tree.pathOf("m-1")).toBeUndefined();
  });
});

function withSibling(
  path: ProofPath,
  height: number,
  change: (s: ProofPath["siblings"][number]) => ProofPath["siblings"][number],
): ProofPath {
  return { ...path, siblings: path.siblings.map((s, i) => (i === height ? change(s) : s)) };
}

function flipped(hash: string): string {
  return (hash[0] === "0" ? "1" : "0") + hash.slice(1);
}
