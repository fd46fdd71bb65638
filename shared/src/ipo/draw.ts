import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The lottery of a new share, as a pure function anyone can re-run: the server runs it at the
 * draw, and a member's browser runs the same code on the published seed and entries and gets
 * the same answer. SHA-256 is @noble/hashes' pure-JS one, synchronous and the same in Node and
 * every browser (WebCrypto's digest is async only and absent from plain-HTTP pages).
 *
 * Equal chances (Monex and Rakuten's rule): one right per eligible member, whatever the size
 * asked. If there are more members than units, winners get one unit each, drawn at random. If
 * not, every member gets one unit, and the units left go round by lottery among the units asked
 * beyond the first (each such unit one ticket), so a member gets at most what they asked. Members
 * who won nothing make the waitlist, in drawn order, to which lapsed units are released.
 */

/** One eligible entry: a salted hash its member can recognise, and the units asked (at least 1). */
export interface DrawEntry {
  hash: string;
  units: number;
}

/** What the draw reads of an offering: how many units it offers. */
export interface DrawOffering {
  unitsOffered: number;
}

export interface DrawResult {
  /** The entries in the draw's canonical order (by hash), as published. */
  entries: readonly DrawEntry[];
  /** Units won by each entry's hash; entries that won nothing are absent. */
  won: ReadonlyMap<string, number>;
  /**
   * Members who won nothing, in the order lapsed units go to them, one unit each (at most as many
   * as there are units). Empty when every member won a unit.
   */
  waitlist: readonly string[];
  /** Whether there were more members than units (winners then get one unit each). */
  oversubscribed: boolean;
}

/** A seed's public commitment, published when book-building opens: SHA-256 of its bytes, hex. */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** Whether a text is a 32-byte seed in lower-case hex. */
export function isSeedHex(text: string): boolean {
  return /^[0-9a-f]{64}$/.test(text);
}

/**
 * The hash a subscription enters the draw under: SHA-256 of the offering's code, the
 * subscription's number and its secret salt, which only the member is shown, so only they can tell
 * the published hash is theirs.
 */
export function entryHashOf(offeringCode: string, subscriptionId: string, salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${offeringCode}|${subscriptionId}|${salt}`)));
}

/**
 * A stream of unbiased random integers from a seed: 32-byte blocks SHA-256(seed ‖ counter), read
 * as big-endian 32-bit words. Anyone can reproduce it from the seed.
 */
export class SeedStream {
  readonly #seed: Uint8Array;
  #counter = 0;
  #block = new Uint8Array(0);
  #offset = 0;
  readonly #input: Uint8Array;

  constructor(seedHex: string) {
    if (!isSeedHex(seedHex)) throw new Error("a seed is 32 bytes of lower-case hex");
    this.#seed = hexToBytes(seedHex);
    this.#input = new Uint8Array(this.#seed.length + 4);
    this.#input.set(this.#seed);
  }

  #word(): number {
    if (this.#offset >= this.#block.length) {
      const view = new DataView(this.#input.buffer);
      view.setUint32(this.#seed.length, this.#counter);
      this.#counter += 1;
      this.#block = sha256(this.#input);
      this.#offset = 0;
    }
    const b = this.#block;
    const o = this.#offset;
    this.#offset += 4;
    return (
      ((b[o] ?? 0) * 0x1000000 + ((b[o + 1] ?? 0) << 16) + ((b[o + 2] ?? 0) << 8) + (b[o + 3] ?? 0)) >>> 0
    );
  }

  /** A uniform integer in [0, n), by rejection so no value is favoured; n at most 2^32. */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new Error(`no uniform draw below ${n}`);
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const word = this.#word();
      if (word < limit) return word % n;
    }
  }
}

/**
 * The first `take` places of a uniform random permutation of 0..n-1 (Fisher–Yates run from the
 * front, with the swapped places kept in a map so a long list costs only what is taken).
 */
export function partialShuffle(stream: SeedStream, n: number, take: number): number[] {
  const swapped = new Map<number, number>();
  const out: number[] = [];
  const count = Math.min(n, take);
  for (let i = 0; i < count; i++) {
    const j = i + stream.below(n - i);
    const atJ = swapped.get(j) ?? j;
    const atI = swapped.get(i) ?? i;
    swapped.set(j, atI);
    out.push(atJ);
  }
  return out;
}

function validEntries(entries: readonly DrawEntry[]): DrawEntry[] {
  const sorted = [...entries].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  for (let i = 0; i < sorted.length; i++) {
    const entry = sorted[i] as DrawEntry;
    if (!Number.isSafeInteger(entry.units) || entry.units < 1)
      throw new Error(`entry ${entry.hash} asks ${entry.units}`);
    if (i > 0 && (sorted[i - 1] as DrawEntry).hash === entry.hash)
      throw new Error(`entry ${entry.hash} twice`);
  }
  return sorted;
}

/** The draw: a pure function of the seed, the eligible entries (in any order) and the offering. */
export function runDraw(seedHex: string, entries: readonly DrawEntry[], offering: DrawOffering): DrawResult {
  const { unitsOffered } = offering;
  if (!Number.isSafeInteger(unitsOffered) || unitsOffered < 1)
    throw new Error(`units offered: ${unitsOffered}`);
  const ordered = validEntries(entries);
  const stream = new SeedStream(seedHex);
  const won = new Map<string, number>();
  const members = ordered.length;

  if (members > unitsOffered) {
    // One unit each to `unitsOffered` members; the next as many (at most) wait in drawn order.
    const order = partialShuffle(stream, members, Math.min(members, 2 * unitsOffered));
    const waitlist: string[] = [];
    order.forEach((index, place) => {
      const hash = (ordered[index] as DrawEntry).hash;
      if (place < unitsOffered) won.set(hash, 1);
      else waitlist.push(hash);
    });
    return { entries: ordered, won, waitlist, oversubscribed: true };
  }

  // Every member gets one unit; the rest go by tickets, one per unit asked beyond the first.
  for (const entry of ordered) won.set(entry.hash, 1);
  const remainder = unitsOffered - members;
  const starts: number[] = [];
  let tickets = 0;
  for (const entry of ordered) {
    starts.push(tickets);
    tickets += entry.units - 1;
  }
  const ownerOf = (ticket: number): DrawEntry => {
    let lo = 0;
    let hi = ordered.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= ticket) lo = mid;
      else hi = mid - 1;
    }
    return ordered[lo] as DrawEntry;
  };
  if (tickets <= remainder) {
    for (const entry of ordered) won.set(entry.hash, entry.units);
  } else {
    for (const ticket of partialShuffle(stream, tickets, remainder)) {
      const hash = ownerOf(ticket).hash;
      won.set(hash, (won.get(hash) ?? 0) + 1);
    }
  }
  // Every member won a unit: there is no one left to wait, and lapsed units stay unallotted.
  return { entries: ordered, won, waitlist: [], oversubscribed: false };
}

/** A member's chance of winning at least one unit, as "1 in N" (N ≥ 1), from the draw's inputs. */
export function chanceOneIn(members: number, unitsOffered: number): number {
  if (members <= unitsOffered) return 1;
  return members / unitsOffered;
}
