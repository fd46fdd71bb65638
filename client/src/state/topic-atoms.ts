import { atom, type Getter, type PrimitiveAtom, store } from "./store.ts";

/**
 * One atom per subscribed topic, holding the topic's latest state. An atom exists from the
 * topic's first subscription until its last unsubscription; components find it through
 * `peekTopicAtom` and hear about creations and removals through `subscribeTopicAtoms`.
 */
const atoms = new Map<string, PrimitiveAtom<unknown>>();
const listeners = new Set<() => void>();
/** Bumped whenever an atom is created or dropped, so derived atoms re-read the map. */
const atomsVersion = atom(0);

function notify(): void {
  store.set(atomsVersion, (version) => version + 1);
  for (const listener of listeners) listener();
}

/**
 * A topic's latest state read inside a derived atom: the derived atom then follows the topic's
 * changes, and its creation and removal (undefined while the topic is not held).
 */
export function readTopic(get: Getter, topic: string): unknown {
  get(atomsVersion);
  const source = atoms.get(topic);
  return source ? get(source) : undefined;
}

export function peekTopicAtom(topic: string): PrimitiveAtom<unknown> | undefined {
  return atoms.get(topic);
}

export function subscribeTopicAtoms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function createTopicAtom(topic: string): void {
  if (atoms.has(topic)) return;
  const created = atom<unknown>(undefined);
  created.debugLabel = topic;
  atoms.set(topic, created);
  notify();
}

export function dropTopicAtom(topic: string): void {
  if (atoms.delete(topic)) notify();
}

export function writeTopic(topic: string, data: unknown): void {
  const target = atoms.get(topic);
  if (target) store.set(target, data);
}
