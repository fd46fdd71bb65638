import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, randomBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Proof of liabilities: a Merkle sum tree per currency over what the broker owes each member.
 * The server builds it from a snapshot of the ledger; a member's browser climbs their path with
 * this same code and checks that it reaches the published root and total. SHA-256 is
 * @noble/hashes' pure-JS one, synchronous and the same in Node and every browser (WebCrypto's
 * digest is async only and absent from plain-HTTP pages).
 *
 * A leaf commits to the currency, the member's leaf id, a salt drawn afresh for each snapshot and
 * the amount in minor units; an inner node commits to both children's hashes and sums, and its sum
 * is theirs added. Amounts are never negative: a negative leaf would lower the total and hide
 * what is owed to someone else (Vitalik Buterin, "Having a safe CEX", 2022), so building refuses
 * one and verifying fails on one.
 *
 * The tree has a fixed depth whatever the number of members, and the members' leaves sit at
 * random places among its slots. Every slot without a member, and every subtree without one, is
 * a padding node: 32 random bytes with a sum of zero. Nobody can tell such a node from a salted
 * hash of a zero balance or of a subtree of zero balances, so a path shows neither the member's
 * rank nor how many members there are; and only the subtrees that hold members are hashed, so a
 * build costs about the members' count times a few hashes rather than the 2^depth slots.
 */

/** The most a node's sum may be: a PostgreSQL BIGINT, which is what the ledger stores. */
export const proofSumMax = 2n ** 63n - 1n;

/**
 * The depth the broker's trees are built to: 2^20 slots, room for a million members in each
 * currency, while a path stays twenty steps that a phone climbs in a few milliseconds.
 */
export const proofDepthDefault = 20;

/** The deepest tree anyone may ask for: 2^30 slots, beyond which slot numbers leave 32 bits. */
export const proofDepthMax = 30;

/** What a member's leaf commits to in one currency's tree. */
export interface ProofLeaf {
  /** The member's leaf id: theirs alone, the same in every snapshot (the salt hides it). */
  leafId: string;
  /** Drawn afresh for each snapshot, so the same balance gives another leaf the next day. */
  salt: string;
  /** What the broker owes the member, in minor units; never negative. */
  amount: bigint;
}

/** A node of the tree: its hash (hex) and the sum of the amounts below it. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

/** What a member needs to climb from their leaf to the root. */
export interface ProofPath {
  /** The leaf's slot: bit k says whether the node at height k is a right child. */
  index: number;
  /** The sibling at each height, from the leaf's up to the root's children. */
  siblings: SumNode[];
}

export interface SumTree {
  currency: string;
  depth: number;
  root: SumNode;
  /** How many members' leaves it holds (never published: a path does not show it). */
  size: number;
  /** A member's path, by leaf id, read from the built tree when asked; undefined for a stranger. */
  pathOf(leafId: string): ProofPath | undefined;
}

/** A leaf with a negative amount, or a sum past BIGINT: the ledger's guards have been broken. */
export class ProofAmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProofAmountError";
  }
}

const leafTag = 0x00;
const nodeTag = 0x01;
const hashBytes = 32;
const nodeInputBytes = 1 + 2 * (hashBytes + 8);

/** The hash of a leaf: SHA-256 of a zero byte and `currency|leafId|salt|amount`. */
export function leafHashOf(currency: string, leaf: ProofLeaf): string {
  return bytesToHex(leafDigest(currency, leaf));
}

function leafDigest(currency: string, leaf: ProofLeaf): Uint8Array {
  if (leaf.amount < 0n) throw new ProofAmountError(`leaf ${leaf.leafId} has a negative amount`);
  if (leaf.amount > proofSumMax) throw new ProofAmountError(`leaf ${leaf.leafId} is past the largest sum`);
  const text = utf8ToBytes(`${currency}|${leaf.leafId}|${leaf.salt}|${leaf.amount}`);
  const input = new Uint8Array(1 + text.length);
  input[0] = leafTag;
  input.set(text, 1);
  return sha256(input);
}

/** An inner node's hash: SHA-256 of a one byte, then each child's hash and sum (8 bytes, big-endian). */
function nodeDigest(left: Uint8Array, leftSum: bigint, right: Uint8Array, rightSum: bigint): Uint8Array {
  const input = new Uint8Array(nodeInputBytes);
  const view = new DataView(input.buffer);
  input[0] = nodeTag;
  input.set(left, 1);
  view.setBigUint64(1 + hashBytes, leftSum);
  input.set(right, 1 + hashBytes + 8);
  view.setBigUint64(1 + 2 * hashBytes + 8, rightSum);
  return sha256(input);
}

function addSums(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > proofSumMax) throw new ProofAmountError("a node's sum is past the largest sum");
  return sum;
}

/** Random bytes in the amounts asked, in pieces the Web Crypto API allows (64 KiB at most). */
export type RandomSource = (length: number) => Uint8Array;

/** Takes random bytes in 64 KiB pieces and hands them out, so padding costs no call per node. */
class RandomPool {
  private pool: Uint8Array = new Uint8Array(0);
  private at = 0;
  private readonly source: RandomSource;
  constructor(source: RandomSource) {
    this.source = source;
  }

  take(length: number): Uint8Array {
    if (this.at + length > this.pool.length) {
      this.pool = this.source(65_536);
      this.at = 0;
    }
    const bytes = this.pool.subarray(this.at, this.at + length);
    this.at += length;
    return bytes;
  }

  /** A random slot number below 2^depth. */
  slot(depth: number): number {
    const bytes = this.take(4);
    const value =
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    return (value >>> 0) % 2 ** depth;
  }
}

/**
 * The occupied nodes of one height of the tree, in slot order, in flat arrays (a tree of a hundred
 * thousand members has some four hundred thousand of them): each node's slot, hash and sum, its
 * sibling's hash and sum, and its parent's position one height up.
 */
interface Level {
  count: number;
  slots: Uint32Array;
  hashes: Uint8Array;
  sums: BigUint64Array;
  siblingHashes: Uint8Array;
  siblingSums: BigUint64Array;
  parents: Uint32Array;
}

export interface BuildOptions {
  depth?: number;
  /** Where salts' and padding's randomness comes from; the Web Crypto API unless a test gives one. */
  random?: RandomSource;
}

/**
 * Builds one currency's tree over the members' leaves (each leaf id once), placing each at a random
 * slot; every member's path is read from it on demand. Refuses a negative amount, a leaf id given
 * twice, and more members than slots.
 */
export function buildSumTree(
  currency: string,
  leaves: readonly ProofLeaf[],
  options: BuildOptions = {},
): SumTree {
  const depth = options.depth ?? proofDepthDefault;
  if (!Number.isInteger(depth) || depth < 1 || depth > proofDepthMax)
    throw new RangeError(`depth ${depth} is invalid`);
  if (leaves.length > 2 ** depth)
    throw new RangeError(`${leaves.length} leaves do not fit a tree of depth ${depth}`);
  const pool = new RandomPool(options.random ?? randomBytes);
  const { level: bottom, positions } = placeLeaves(currency, leaves, depth, pool);
  const levels: Level[] = [bottom];
  let level = bottom;
  for (let height = 0; height < depth; height++) {
    level = climb(level, pool);
    levels.push(level);
  }
  const rootHash = level.count > 0 ? level.hashes.subarray(0, hashBytes) : pool.take(hashBytes);
  const root = { hash: bytesToHex(rootHash), sum: level.count > 0 ? (level.sums[0] as bigint) : 0n };
  const byId = new Map<string, number>();
  leaves.forEach((leaf, i) => {
    byId.set(leaf.leafId, i);
  });
  return {
    currency,
    depth,
    root,
    size: leaves.length,
    pathOf(leafId) {
      const input = byId.get(leafId);
      if (input === undefined) return undefined;
      let position = positions[input] as number;
      const index = bottom.slots[position] as number;
      const siblings: SumNode[] = [];
      for (let height = 0; height < depth; height++) {
        const at = levels[height] as Level;
        siblings.push({
          hash: bytesToHex(at.siblingHashes.subarray(position * hashBytes, (position + 1) * hashBytes)),
          sum: at.siblingSums[position] as bigint,
        });
        position = at.parents[position] as number;
      }
      return { index, siblings };
    },
  };
}

function emptyLevel(count: number): Level {
  return {
    count,
    slots: new Uint32Array(count),
    hashes: new Uint8Array(count * hashBytes),
    sums: new BigUint64Array(count),
    siblingHashes: new Uint8Array(count * hashBytes),
    siblingSums: new BigUint64Array(count),
    parents: new Uint32Array(count),
  };
}

/** The leaves at random distinct slots, in slot order, and each leaf's position among them. */
function placeLeaves(
  currency: string,
  leaves: readonly ProofLeaf[],
  depth: number,
  pool: RandomPool,
): { level: Level; positions: Uint32Array } {
  const taken = new Set<number>();
  const ids = new Set<string>();
  const slotOf = new Uint32Array(leaves.length);
  leaves.forEach((leaf, i) => {
    if (ids.has(leaf.leafId)) throw new RangeError(`leaf id ${leaf.leafId} is given twice`);
    ids.add(leaf.leafId);
    let slot = pool.slot(depth);
    while (taken.has(slot)) slot = pool.slot(depth);
    taken.add(slot);
    slotOf[i] = slot;
  });
  const order = Array.from(leaves.keys()).sort((a, b) => (slotOf[a] as number) - (slotOf[b] as number));
  const level = emptyLevel(leaves.length);
  const positions = new Uint32Array(leaves.length);
  order.forEach((input, position) => {
    const leaf = leaves[input] as ProofLeaf;
    level.slots[position] = slotOf[input] as number;
    level.hashes.set(leafDigest(currency, leaf), position * hashBytes);
    level.sums[position] = leaf.amount;
    positions[input] = position;
  });
  return { level, positions };
}

/**
 * The next height up: each pair of slots with either child occupied becomes a node, an absent
 * child being padding (random bytes, sum zero). Records each occupied node's sibling and parent.
 */
function climb(level: Level, pool: RandomPool): Level {
  let parents = 0;
  for (let i = 0; i < level.count; i++) {
    if (i === 0 || (level.slots[i] as number) >>> 1 !== (level.slots[i - 1] as number) >>> 1) parents++;
  }
  const next = emptyLevel(parents);
  const hashOf = (i: number) => level.hashes.subarray(i * hashBytes, (i + 1) * hashBytes);
  let i = 0;
  let parent = 0;
  while (i < level.count) {
    const slot = level.slots[i] as number;
    const paired = slot % 2 === 0 && i + 1 < level.count && level.slots[i + 1] === slot + 1;
    const here = hashOf(i);
    const hereSum = level.sums[i] as bigint;
    const other = paired ? hashOf(i + 1) : pool.take(hashBytes);
    const otherSum = paired ? (level.sums[i + 1] as bigint) : 0n;
    const hash =
      slot % 2 === 0
        ? nodeDigest(here, hereSum, other, otherSum)
        : nodeDigest(other, otherSum, here, hereSum);
    next.slots[parent] = slot >>> 1;
    next.hashes.set(hash, parent * hashBytes);
    next.sums[parent] = addSums(hereSum, otherSum);
    level.siblingHashes.set(other, i * hashBytes);
    level.siblingSums[i] = otherSum;
    level.parents[i] = parent;
    if (paired) {
      level.siblingHashes.set(here, (i + 1) * hashBytes);
      level.siblingSums[i + 1] = hereSum;
      level.parents[i + 1] = parent;
      i += 2;
    } else {
      i += 1;
    }
    parent++;
  }
  return next;
}

/** Why a path does not reach the root, for the screen that says so. */
export type ProofFailure = "negative" | "shape" | "root" | "total";

/**
 * Climbs a member's path from the leaf their balance makes to the top, and says whether it ends
 * at the published root with the published total: `null` when it does, otherwise why not.
 */
export function verifyProofPath(
  currency: string,
  leaf: ProofLeaf,
  path: ProofPath,
  root: SumNode,
  depth: number,
): ProofFailure | null {
  if (leaf.amount < 0n || path.siblings.some((s) => s.sum < 0n)) return "negative";
  if (
    path.siblings.length !== depth ||
    !Number.isInteger(path.index) ||
    path.index < 0 ||
    path.index >= 2 ** depth
  ) {
    return "shape";
  }
  if (path.siblings.some((s) => !/^[0-9a-f]{64}$/.test(s.hash) || s.sum > proofSumMax)) return "shape";
  let hash = leafDigest(currency, leaf);
  let sum = leaf.amount;
  for (let height = 0; height < depth; height++) {
    const sibling = path.siblings[height] as SumNode;
    const siblingHash = hexToBytes(sibling.hash);
    const isRight = Math.floor(path.index / 2 ** height) % 2 === 1;
    hash = isRight
      ? nodeDigest(siblingHash, sibling.sum, hash, sum)
      : nodeDigest(hash, sum, siblingHash, sibling.sum);
    sum += sibling.sum;
    if (sum > proofSumMax) return "total";
  }
  if (bytesToHex(hash) !== root.hash) return sum === root.sum ? "root" : "total";
  return sum === root.sum ? null : "total";
}

/** A fresh salt for a member's leaves in one snapshot: 16 random bytes, hex. */
export function freshSalt(random: RandomSource = randomBytes): string {
  return bytesToHex(random(16));
}
