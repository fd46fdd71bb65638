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
  /** Each member's path, by leaf id. */
  paths: ReadonlyMap<string, ProofPath>;
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
  const input = new Uint8Array(1 + 2 * (hashBytes + 8));
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

/** The occupied nodes of one height of the tree, by slot, in slot order. */
interface Level {
  slots: number[];
  hashes: Uint8Array[];
  sums: bigint[];
}

export interface BuildOptions {
  depth?: number;
  /** Where salts' and padding's randomness comes from; the Web Crypto API unless a test gives one. */
  random?: RandomSource;
}

/**
 * Builds one currency's tree over the members' leaves (each leaf id once), placing each at a random
 * slot, and returns the root and every member's path. Refuses a negative amount, a leaf id given
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

  const placed = placeLeaves(currency, leaves, depth, pool);
  // Each leaf's place in the list of occupied nodes of the height its path has reached.
  const positions = placed.positions;
  const siblingsOf = leaves.map(() => [] as SumNode[]);
  let level = placed.level;
  for (let height = 0; height < depth; height++) {
    const next = climb(level, pool);
    positions.forEach((position, leaf) => {
      siblingsOf[leaf]?.push(next.siblings[position] as SumNode);
      positions[leaf] = next.parentOf[position] as number;
    });
    level = next.level;
  }
  const root = { hash: bytesToHex(level.hashes[0] ?? pool.take(hashBytes)), sum: level.sums[0] ?? 0n };
  const paths = new Map<string, ProofPath>();
  leaves.forEach((leaf, i) => {
    paths.set(leaf.leafId, { index: placed.slotOf[i] as number, siblings: siblingsOf[i] as SumNode[] });
  });
  return { currency, depth, root, paths };
}

interface Placed {
  level: Level;
  /** Each leaf's slot, by its index in the input. */
  slotOf: number[];
  /** Each leaf's position in the level's list of occupied slots. */
  positions: number[];
}

function placeLeaves(
  currency: string,
  leaves: readonly ProofLeaf[],
  depth: number,
  pool: RandomPool,
): Placed {
  const taken = new Set<number>();
  const ids = new Set<string>();
  const slotOf: number[] = [];
  for (const leaf of leaves) {
    if (ids.has(leaf.leafId)) throw new RangeError(`leaf id ${leaf.leafId} is given twice`);
    ids.add(leaf.leafId);
    let slot = pool.slot(depth);
    while (taken.has(slot)) slot = pool.slot(depth);
    taken.add(slot);
    slotOf.push(slot);
  }
  const order = leaves.map((_, i) => i).sort((a, b) => (slotOf[a] as number) - (slotOf[b] as number));
  const level: Level = { slots: [], hashes: [], sums: [] };
  const positions: number[] = [];
  order.forEach((leafIndex, position) => {
    const leaf = leaves[leafIndex] as ProofLeaf;
    level.slots.push(slotOf[leafIndex] as number);
    level.hashes.push(leafDigest(currency, leaf));
    level.sums.push(leaf.amount);
    positions[leafIndex] = position;
  });
  return { level, slotOf, positions };
}

/**
 * The next height up: each pair of slots with either child occupied becomes a node, an absent
 * child being padding. Also gives each occupied node's sibling and its parent's position.
 */
function climb(level: Level, pool: RandomPool): { level: Level; parentOf: number[]; siblings: SumNode[] } {
  const next: Level = { slots: [], hashes: [], sums: [] };
  const parentOf: number[] = [];
  const siblings: SumNode[] = [];
  let i = 0;
  while (i < level.slots.length) {
    const slot = level.slots[i] as number;
    const pairedWithNext = slot % 2 === 0 && level.slots[i + 1] === slot + 1;
    const here = { hash: level.hashes[i] as Uint8Array, sum: level.sums[i] as bigint };
    const other = pairedWithNext
      ? { hash: level.hashes[i + 1] as Uint8Array, sum: level.sums[i + 1] as bigint }
      : { hash: pool.take(hashBytes).slice(), sum: 0n };
    const [left, right] = slot % 2 === 0 ? [here, other] : [other, here];
    next.slots.push(slot >>> 1);
    next.hashes.push(nodeDigest(left.hash, left.sum, right.hash, right.sum));
    next.sums.push(addSums(left.sum, right.sum));
    siblings[i] = { hash: bytesToHex(other.hash), sum: other.sum };
    parentOf[i] = next.slots.length - 1;
    if (pairedWithNext) {
      siblings[i + 1] = { hash: bytesToHex(here.hash), sum: here.sum };
      parentOf[i + 1] = next.slots.length - 1;
      i += 2;
    } else {
      i += 1;
    }
  }
  return { level: next, parentOf, siblings };
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
