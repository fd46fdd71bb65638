/**
 * Reference counts for socket topics. Each screen part that shows a topic acquires it and
 * releases it when it goes away; the socket subscribes on the first acquire and unsubscribes
 * only after the topic has been unused for `lingerMs`, so scrolling a row out and back, or
 * going from the list to a stock and back, does not churn subscriptions.
 *
 * Pure: time is passed in. The socket module drives it.
 */
export class TopicRegistry {
  readonly #lingerMs: number;
  readonly #refs = new Map<string, number>();
  /** Topics nobody uses any more, with when they were last released. */
  readonly #idleSinceMs = new Map<string, number>();

  constructor(lingerMs: number) {
    this.#lingerMs = lingerMs;
  }

  /** Returns true when the topic was not held: the caller subscribes it. */
  acquire(topic: string): boolean {
    const refs = this.#refs.get(topic);
    if (refs !== undefined) {
      this.#refs.set(topic, refs + 1);
      this.#idleSinceMs.delete(topic);
      return false;
    }
    this.#refs.set(topic, 1);
    return true;
  }

  release(topic: string, nowMs: number): void {
    const refs = this.#refs.get(topic);
    if (refs === undefined || refs === 0) throw new Error(`release of a topic not acquired: ${topic}`);
    this.#refs.set(topic, refs - 1);
    if (refs === 1) this.#idleSinceMs.set(topic, nowMs);
  }

  /** Drops topics idle for at least the linger time and returns them: the caller unsubscribes them. */
  sweep(nowMs: number): string[] {
    const dropped: string[] = [];
    for (const [topic, since] of this.#idleSinceMs) {
      if (nowMs - since < this.#lingerMs) continue;
      this.#idleSinceMs.delete(topic);
      this.#refs.delete(topic);
      dropped.push(topic);
    }
    return dropped;
  }

  /** When the next idle topic is due to be swept, or undefined if none is idle. */
  nextSweepMs(): number | undefined {
    let next: number | undefined;
    for (const since of this.#idleSinceMs.values()) {
      const due = since + this.#lingerMs;
      if (next === undefined || due < next) next = due;
    }
    return next;
  }

  /** Every topic subscribed now, used or lingering: what a resync re-subscribes. */
  held(): string[] {
    return [...this.#refs.keys()];
  }

  has(topic: string): boolean {
    return this.#refs.has(topic);
  }

  refCount(topic: string): number {
    return this.#refs.get(topic) ?? 0;
  }
}
