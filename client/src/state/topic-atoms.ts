import { atom, type PrimitiveAtom, store } from "./store.ts";

/**
 * One atom per subscribed topic, holding the topic's latest state. An atom exists from the
 * topic's first subscription until its last unsubscription; components find it through
 * `peekTopicAtom` and hear about creations and removals through `subscribeTopicAtoms`.
 */
const atoms = new Map<string, PrimitiveAtom<unknown>>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
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
