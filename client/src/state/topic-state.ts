/**
 * Which market-topic updates to keep. Market topics carry full state, so the client keeps only
 * the newest state of each topic by (epoch, seq):
 *
 * - within one epoch, a state whose seq is not above the held one is stale and dropped (the
 *   gateway may conflate, so gaps are normal);
 * - an update from a different epoch means the feed restarted and history may be lost: the new
 *   epoch becomes current, every held position is forgotten, and the caller re-subscribes every
 *   topic it holds to take fresh snapshots;
 * - an update from an epoch already left behind (a late answer to a subscribe sent before the
 *   change) is dropped, never allowed to roll the screen back.
 *
 * Pure: no sockets, no atoms, no clock. The socket module drives it.
 */

/** How many past epochs are remembered to recognise late stragglers; more is never needed in one page life. */
export const retiredEpochsMax = 8;

export interface UpdateStamp {
  topic: string;
  epoch: string;
  seq: number;
}

export type Verdict =
  /** Newer than anything held: show it. */
  | "accept"
  /** Not newer than what is held in this epoch: drop it. */
  | "stale"
  /** From an epoch already replaced: drop it. */
  | "retired";

export interface Judgement {
  verdict: Verdict;
  /** The epoch changed: re-subscribe every held topic and take the snapshots. */
  resync: boolean;
}

export class TopicStates {
  #epoch: string | undefined;
  #retired: string[] = [];
  #seqByTopic = new Map<string, number>();

  get epoch(): string | undefined {
    return this.#epoch;
  }

  /** The newest seq held for `topic` in the current epoch. */
  seqOf(topic: string): number | undefined {
    return this.#seqByTopic.get(topic);
  }

  /**
   * A `hello` from the server. Returns true when the epoch changed and held topics need fresh
   * snapshots. A gateway that has relayed nothing yet says hello with an empty epoch: that says
   * nothing about the feed, and must not retire the epoch the held states belong to (their later
   * updates would all be dropped as stragglers).
   */
  hello(epoch: string): boolean {
    if (epoch === "") return false;
    return this.#enterEpoch(epoch);
  }

  judge(update: UpdateStamp): Judgement {
    if (this.#retired.includes(update.epoch)) return { verdict: "retired", resync: false };
    const resync = this.#enterEpoch(update.epoch);
    const held = this.#seqByTopic.get(update.topic);
    if (held !== undefined && update.seq <= held) return { verdict: "stale", resync };
    this.#seqByTopic.set(update.topic, update.seq);
    return { verdict: "accept", resync };
  }

  /** The topic was unsubscribed: its next snapshot, whatever its seq, is news. */
  forget(topic: string): void {
    this.#seqByTopic.delete(topic);
  }

  #enterEpoch(epoch: string): boolean {
    if (this.#epoch === epoch) return false;
    const previous = this.#epoch;
    this.#epoch = epoch;
    this.#retired = this.#retired.filter((old) => old !== epoch);
    if (previous === undefined) return false;
    this.#retired.push(previous);
    if (this.#retired.length > retiredEpochsMax) this.#retired.shift();
    this.#seqByTopic.clear();
    return true;
  }
}
